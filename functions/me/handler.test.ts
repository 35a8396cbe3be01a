import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { proxyEvent, lambdaContext } from '../../tests/support/events';
import { resetConfig } from '../lib/config';
import { resetClients } from '../lib/aws';
import { db, resetDb } from '../lib/db';

const ddb = mockClient(DynamoDBDocumentClient);

beforeAll(() => {
  process.env.TABLE_NAME = 'wellbeing-test';
  process.env.LOG_LEVEL = 'SILENT';
  resetConfig();
  resetClients();
  resetDb();
});

beforeEach(() => ddb.reset());

async function call(sub?: string, headers?: Record<string, string>) {
  const { handler } = await import('./handler');
  return handler(proxyEvent({ method: 'GET', path: '/v1/me', sub, headers }), lambdaContext);
}

function storedItems(userId: string) {
  const user = db().entities.user.create({ userId, firstName: 'Camille', locale: 'fr' }).params().Item;
  const email = db()
    .entities.userEmail.create({ userId, email: 'camille@example.be', primary: true, isVerified: true })
    .params().Item;
  return [user, email];
}

describe('GET /v1/me', () => {
  it('answers the profile, emails and ability of the caller in one query on their account', async () => {
    ddb.on(QueryCommand).resolves({ Items: storedItems('user-1') });
    const response = await call('user-1');
    expect(response.statusCode).toBe(200);
    const me = JSON.parse(response.body);
    expect(me.userId).toBe('user-1');
    expect(me.profile).toMatchObject({ firstName: 'Camille', locale: 'fr', isGuest: false, unit: 'metric' });
    expect(me.emails).toEqual([{ email: 'camille@example.be', primary: true, isVerified: true }]);
    expect(me.ability.subscription).toBe('starter');
    expect(me.ability.rules).toContainEqual({
      action: ['get', 'put'],
      subject: 'profile',
      conditions: { userId: 'user-1' },
    });
    expect(me).toMatchObject({ spheres: [], galaxies: [], members: [], sessions: [], legalConsents: [] });
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(1);
    const input = ddb.commandCalls(QueryCommand)[0]?.args[0].input;
    expect(input?.TableName).toBe('wellbeing-test');
    expect(JSON.stringify(input?.ExpressionAttributeValues)).toContain('user-1');
  });

  it('is 401 without a caller and never queries', async () => {
    const response = await call(undefined);
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body).key).toBe('unauthorized');
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('is 404 not-found when the account does not exist', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    const response = await call('ghost');
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body)).toMatchObject({ key: 'not-found' });
  });

  it('hides a database failure behind internal-server-error', async () => {
    ddb.on(QueryCommand).rejects(new Error('connection reset by peer at 10.0.0.1'));
    const response = await call('user-1');
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('10.0.0.1');
    expect(JSON.parse(response.body)).toMatchObject({ key: 'internal-server-error', requestId: 'req-test' });
  });

  it('ignores an unknown route with not-found', async () => {
    const { handler } = await import('./handler');
    const response = await handler(proxyEvent({ method: 'GET', path: '/v1/nope', sub: 'u' }), lambdaContext);
    expect(response.statusCode).toBe(404);
  });
});

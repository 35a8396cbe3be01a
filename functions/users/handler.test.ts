import { configureHandlers } from '../lib/environment';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { proxyEvent, lambdaContext, acceptCaller } from '../../tests/support/events';
import { db } from '../../tests/support/db';
import { forgetLegalDocuments } from '../legal/repository';

const ddb = mockClient(DynamoDBDocumentClient);

beforeAll(() => configureHandlers({ TABLE_NAME: 'wellbeing-test', LOG_LEVEL: 'SILENT' }));

beforeEach(() => {
  ddb.reset();
  forgetLegalDocuments();
});

async function call(
  sub?: string,
  headers?: Record<string, string>,
  request: { method: string; path: string; body?: unknown } = { method: 'GET', path: '/v1/me' },
) {
  const { handler } = await import('./handler');
  if (sub) acceptCaller(ddb, sub);
  return handler(proxyEvent({ ...request, sub, headers }), lambdaContext);
}

function storedItems(userId: string) {
  const user = db().entities.user.create({ userId, firstName: 'Camille', locale: 'fr' }).params().Item;
  const email = db()
    .entities.userEmail.create({ userId, email: 'camille@example.be', primary: true, isVerified: true })
    .params().Item;
  return [user, email];
}

function documentItems(versions: { 'terms-of-use': number; 'privacy-policy': number }) {
  return (['terms-of-use', 'privacy-policy'] as const).flatMap((documentType) =>
    (['fr', 'en', 'nl'] as const).map(
      (lang) =>
        db()
          .entities.legalDocument.create({
            documentType,
            version: versions[documentType],
            lang,
            path: `/legal/${documentType}-${versions[documentType]}-${lang}.html`,
            publishedOn: '2026-01-01T00:00:00.000Z',
          })
          .params().Item,
    ),
  );
}

function acceptanceItem(userId: string, documentType: 'terms-of-use' | 'privacy-policy', version: number) {
  return db()
    .entities.legalAcceptance.create({
      userId,
      documentType,
      version,
      lang: 'fr',
      acceptedAt: '2026-02-01T10:00:00.000Z',
    })
    .params().Item;
}

/** Answers the account query of `userId` with `account`, and the documents query with `documents`. */
function storedTable(userId: string, account: unknown[], documents: unknown[]) {
  ddb.on(QueryCommand).callsFake((input: QueryCommandInput) => ({
    Items: JSON.stringify(input.ExpressionAttributeValues).includes(userId) ? account : documents,
  }));
  // The person's membership summary, built and holding no membership (decision 0055).
  ddb
    .on(GetCommand)
    .resolves({ Item: { userId, revision: 0, builtAt: '2026-01-01T00:00:00.000Z', shape: 2 } });
}

describe('GET /v1/me', () => {
  it('answers the profile, emails and ability of the caller in one query on their account, one GetItem of their membership summary, and the documents in one more query', async () => {
    storedTable('user-1', storedItems('user-1'), documentItems({ 'terms-of-use': 1, 'privacy-policy': 1 }));
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
    expect(me).toMatchObject({ spheres: [], galaxies: [], members: [] });
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(2);
    // The token check's read of the account, and the summary.
    expect(ddb.commandCalls(GetCommand)).toHaveLength(2);
    const input = ddb.commandCalls(QueryCommand)[0]?.args[0].input;
    expect(input?.TableName).toBe('wellbeing-test');
    expect(JSON.stringify(input?.ExpressionAttributeValues)).toContain('user-1');
  });

  it('shows each latest document accepted when the caller accepted that version, else pending', async () => {
    storedTable(
      'user-1',
      [
        ...storedItems('user-1'),
        acceptanceItem('user-1', 'terms-of-use', 2),
        acceptanceItem('user-1', 'privacy-policy', 1),
      ],
      [
        ...documentItems({ 'terms-of-use': 1, 'privacy-policy': 1 }),
        ...documentItems({ 'terms-of-use': 2, 'privacy-policy': 2 }),
      ],
    );
    const me = JSON.parse((await call('user-1', { 'x-language': 'en' })).body);
    expect(me.legalConsents).toEqual([
      {
        documentType: 'terms-of-use',
        version: '2',
        lang: 'fr',
        path: '/legal/terms-of-use-2-fr.html',
        publishedOn: '2026-01-01T00:00:00.000Z',
        status: 'accepted',
        timestamp: '2026-02-01T10:00:00.000Z',
      },
      {
        documentType: 'privacy-policy',
        version: '2',
        lang: 'en',
        path: '/legal/privacy-policy-2-en.html',
        publishedOn: '2026-01-01T00:00:00.000Z',
        status: 'pending',
      },
    ]);
  });

  it('publishes version 1 of each document when none was ever published', async () => {
    storedTable('user-1', storedItems('user-1'), []);
    ddb.on(PutCommand).resolves({});
    const response = await call('user-1');
    expect(response.statusCode).toBe(200);
    const published = ddb.commandCalls(PutCommand).map((c) => c.args[0].input.Item);
    expect(published).toHaveLength(6);
    expect(published).toContainEqual(
      expect.objectContaining({
        documentType: 'privacy-policy',
        version: 1,
        lang: 'nl',
        path: '/legal/privacy-policy-1-nl.html',
      }),
    );
    expect(ddb.commandCalls(PutCommand)[0]?.args[0].input.ConditionExpression).toContain(
      'attribute_not_exists',
    );
  });

  it('a warm Lambda reads the documents once a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      storedTable('user-1', storedItems('user-1'), documentItems({ 'terms-of-use': 1, 'privacy-policy': 1 }));
      // Each call: the account (and the membership summary, a GetItem); the documents on the first
      // call of a minute.
      await call('user-1');
      await call('user-1');
      expect(ddb.commandCalls(QueryCommand)).toHaveLength(3);
      vi.advanceTimersByTime(60_001);
      await call('user-1');
      expect(ddb.commandCalls(QueryCommand)).toHaveLength(5);
    } finally {
      vi.useRealTimers();
    }
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

describe('PUT /v1/profile', () => {
  const put = (body: unknown, sub = 'user-1') => call(sub, {}, { method: 'PUT', path: '/v1/profile', body });
  const valid = { firstName: ' Camille ', lastName: 'Dubois', birthYear: 1990, unit: 'metric', locale: 'en' };

  it('patches the existing user of the token, clears left-out optional fields and answers the profile', async () => {
    ddb.on(UpdateCommand).resolves({
      Attributes: db()
        .entities.user.create({
          userId: 'user-1',
          firstName: 'Camille',
          lastName: 'Dubois',
          birthYear: 1990,
          locale: 'en',
        })
        .params().Item,
    });
    // The person's memberships, whose tags follow age and gender: none here.
    ddb.on(QueryCommand).resolves({ Items: [] });
    const response = await put(valid);
    expect(response.statusCode).toBe(200);
    // The rules' memberships, then the person's memberships to retag: by key on gsi1, never a Scan.
    expect(ddb.commandCalls(QueryCommand).map((c) => c.args[0].input.IndexName)).toEqual(['gsi1', 'gsi1']);
    expect(JSON.parse(response.body)).toMatchObject({
      firstName: 'Camille',
      lastName: 'Dubois',
      birthYear: 1990,
      locale: 'en',
    });
    const input = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(JSON.stringify(input?.Key)).toContain('user-1');
    expect(input?.ConditionExpression).toContain('attribute_exists');
    expect(input?.UpdateExpression).toMatch(/REMOVE .*#birthdate/);
    expect(JSON.stringify(input?.ExpressionAttributeValues)).toContain('"Camille"');
  });

  it('is 404 when the account does not exist, never creating one', async () => {
    ddb
      .on(UpdateCommand)
      .rejects(
        new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }),
      );
    const response = await put(valid, 'ghost');
    expect(response.statusCode).toBe(404);
  });

  it('refuses bad values with the spec keys', async () => {
    const response = await put({
      firstName: '',
      birthYear: 1800,
      birthdate: '2999-01-01',
      gender: 'robot',
      unit: 'metric',
      locale: 'de',
      favoriteSphereIds: Array.from({ length: 201 }, (_, i) => `s${i}`),
      userId: 'someone-else',
    });
    expect(response.statusCode).toBe(400);
    const fields = Object.fromEntries(
      (JSON.parse(response.body).errors as { key: string; field: string }[]).map((e) => [e.field, e.key]),
    );
    expect(fields).toEqual({
      'body.firstName': 'required',
      'body.birthYear': 'value-out-of-range-error',
      'body.birthdate': 'value-out-of-range-error',
      'body.gender': 'unexpected-value-error',
      'body.locale': 'unexpected-value-error',
      'body.favoriteSphereIds': 'too-many',
      'body.userId': 'unexpected-value-error',
    });
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});

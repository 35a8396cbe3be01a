import { configureHandlers } from '../lib/environment';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import {
  AdminDeleteUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { strFromU8, unzipSync } from 'fflate';
import { proxyEvent, lambdaContext } from '../../tests/support/events';
import { db } from '../../tests/support/db';

const ddb = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);
const realtime = mockClient(ApiGatewayManagementApiClient);

type Item = Record<string, unknown>;
const USER = 'user-1';
const PRIMARY = 'camille@example.be';
const SECOND = 'cam@work.example';

beforeAll(() =>
  configureHandlers({
    TABLE_NAME: 'wellbeing-test',
    USER_POOL_ID: 'eu-west-1_test',
    LOG_LEVEL: 'SILENT',
    WS_MANAGEMENT_ENDPOINT: 'http://127.0.0.1:1/local',
  }),
);

function storedItems(): Item[] {
  const e = db().entities;
  return [
    e.user.create({ userId: USER, firstName: 'Camille', locale: 'en' }).params().Item,
    e.userEmail.create({ userId: USER, email: PRIMARY, primary: true, isVerified: true }).params().Item,
    e.userEmail.create({ userId: USER, email: SECOND, primary: false, isVerified: true }).params().Item,
    e.emailOwner.create({ email: PRIMARY, userId: USER, isVerified: true }).params().Item,
    e.emailOwner.create({ email: SECOND, userId: USER, isVerified: true }).params().Item,
    e.loginCode
      .create({
        email: PRIMARY,
        codeId: 'c1',
        userId: USER,
        codeHash: 'HASH-SECRET',
        salt: 'SALT-SECRET',
        validUntil: Date.UTC(2026, 10, 21, 10, 15),
        expiresAt: 1_900_000_000,
        createdAt: Date.UTC(2026, 10, 21, 10),
      })
      .params().Item,
    e.codeSend
      .create({
        purpose: 'sign-in',
        address: PRIMARY,
        slot: 0,
        sentAt: Date.UTC(2026, 10, 21, 10),
        expiresAt: 1,
      })
      .params().Item,
    e.connection
      .create({
        connectionId: 'conn-1',
        userId: USER,
        connectedAt: '2026-11-21T10:00:00.000Z',
        authTime: Date.UTC(2026, 10, 21, 9, 30) / 1000,
        originJti: 'origin-1',
        expiresAt: 1,
      })
      .params().Item,
    e.connection
      .create({
        connectionId: 'conn-2',
        userId: USER,
        connectedAt: '2026-11-21T10:05:00.000Z',
        authTime: Date.UTC(2026, 10, 21, 9, 45) / 1000,
        originJti: 'origin-2',
        expiresAt: 1,
      })
      .params().Item,
    e.legalAcceptance
      .create({
        userId: USER,
        documentType: 'terms-of-use',
        version: 2,
        lang: 'en',
        acceptedAt: '2026-11-20T09:00:00.000Z',
      })
      .params().Item,
    e.emailCode
      .create({
        userId: USER,
        email: SECOND,
        codeHash: 'HASH-SECRET',
        salt: 'SALT-SECRET',
        validUntil: Date.UTC(2026, 10, 21, 11),
        revision: 1,
        expiresAt: 1,
      })
      .params().Item,
    e.phoneVerification
      .create({
        userId: USER,
        pendingPhone: '+32470000000',
        codeHash: 'HASH-SECRET',
        salt: 'SALT-SECRET',
        validUntil: Date.UTC(2026, 10, 21, 11),
        requests: [Date.UTC(2026, 10, 21, 10, 50)],
        revision: 1,
        expiresAt: 1,
      })
      .params().Item,
  ] as Item[];
}

let items: Item[];

/** A tiny table: Queries on pk (or gsi1pk) with an optional sort-key prefix, GetItems by key. */
beforeEach(() => {
  ddb.reset();
  cognito.reset();
  realtime.reset();
  realtime.on(DeleteConnectionCommand).resolves({});
  items = storedItems();
  ddb.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const [pkField, skField] = input.IndexName === 'gsi1' ? ['gsi1pk', 'gsi1sk'] : ['pk', 'sk'];
    const values = input.ExpressionAttributeValues ?? {};
    const prefix = values[':sk1'] as string | undefined;
    return {
      Items: items.filter(
        (i) =>
          i[pkField] === values[':pk'] && (prefix === undefined || String(i[skField]).startsWith(prefix)),
      ),
    };
  });
  ddb.on(GetCommand).callsFake((input: { Key: Item }) => ({
    Item: items.find((i) => i.pk === input.Key.pk && i.sk === input.Key.sk),
  }));
  ddb.on(BatchWriteCommand).resolves({ UnprocessedItems: {} });
  cognito.on(AdminDeleteUserCommand).resolves({});
});

async function call(
  method: string,
  path: string,
  options: { sub?: string; body?: unknown; claims?: Record<string, string> } = {},
) {
  const { handler } = await import('./handler');
  return handler(
    proxyEvent({ method, path, sub: options.sub, body: options.body, claims: options.claims }),
    lambdaContext,
  );
}

function deletedKeys(): string[] {
  return ddb
    .commandCalls(BatchWriteCommand)
    .flatMap((c) => Object.values(c.args[0].input.RequestItems ?? {}).flat())
    .map((r) => {
      const key = (r as { DeleteRequest: { Key: Item } }).DeleteRequest.Key;
      return `${String(key.pk)}|${String(key.sk)}`;
    });
}

/** Connections closed through the @connections API (DeleteConnection). */
const closedConnections = () =>
  realtime
    .commandCalls(DeleteConnectionCommand)
    .map((c) => c.args[0].input.ConnectionId)
    .sort();

const connectionKey = (connectionId: string) => {
  const key = db().entities.connection.get({ connectionId }).params().Key as Item;
  return `${String(key.pk)}|${String(key.sk)}`;
};

describe('GET /v1/me/export', () => {
  it('answers a base64 zip attachment with data.json, the CSVs and README.txt', async () => {
    const response = await call('GET', '/v1/me/export', { sub: USER });
    expect(response.statusCode).toBe(200);
    expect(response.isBase64Encoded).toBe(true);
    expect(response.headers?.['content-type']).toBe('application/zip');
    expect(response.headers?.['content-disposition']).toMatch(
      /^attachment; filename="wellbeing-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(Buffer.from(response.body, 'base64'));
    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'access-code-sign-ins.csv',
      'access-codes.csv',
      'assistant-chats.csv',
      'assistant-daily-messages.csv',
      'campaign-participations.csv',
      'card-payments.csv',
      'connections.csv',
      'created-spheres.csv',
      'data.json',
      'email-verification-codes.csv',
      'emails.csv',
      'feeling-days.csv',
      'feelings.csv',
      'form-surveys.csv',
      'galaxy-memberships.csv',
      'galaxy-quota-requests.csv',
      'global-role-changes.csv',
      'known-devices.csv',
      'legal-consents.csv',
      'life-compass.csv',
      'membership-summary.csv',
      'memberships.csv',
      'phone-code-sends.csv',
      'promotion-code-redemptions.csv',
      'promotion-codes.csv',
      'session-memberships.csv',
      'sign-in-code-sends.csv',
      'sign-in-codes.csv',
      'strategy-assessments.csv',
      'terminals.csv',
      'thinkings.csv',
    ]);
    const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array)) as Record<string, unknown>;
    expect(data).toMatchObject({
      userId: USER,
      profile: { userId: USER, firstName: 'Camille', locale: 'en' },
      emails: [
        { email: PRIMARY, primary: true },
        { email: SECOND, primary: false },
      ],
      signInCodes: [
        { email: PRIMARY, sentAt: '2026-11-21T10:00:00.000Z', validUntil: '2026-11-21T10:15:00.000Z' },
      ],
      signInCodeSends: [{ email: PRIMARY, sentAt: '2026-11-21T10:00:00.000Z' }],
      connections: [
        { connectionId: 'conn-1', signedInAt: '2026-11-21T09:30:00.000Z' },
        { connectionId: 'conn-2', signedInAt: '2026-11-21T09:45:00.000Z' },
      ],
      legalConsents: [
        { documentType: 'terms-of-use', version: 2, lang: 'en', acceptedAt: '2026-11-20T09:00:00.000Z' },
      ],
      emailVerificationCodes: [{ email: SECOND, validUntil: '2026-11-21T11:00:00.000Z' }],
      phoneVerification: { pendingPhone: '+32470000000', requestedAt: ['2026-11-21T10:50:00.000Z'] },
    });
    expect(strFromU8(files['README.txt'] as Uint8Array)).toMatch(/^Your data/);
  });

  it('never puts a sign-in code’s hash or salt in the archive', async () => {
    const response = await call('GET', '/v1/me/export', { sub: USER });
    const files = unzipSync(Buffer.from(response.body, 'base64'));
    const all = Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n');
    expect(all).not.toContain('HASH-SECRET');
    expect(all).not.toContain('SALT-SECRET');
    expect(all).not.toMatch(/codeHash|salt/);
  });

  it('reads by key only: Queries and GetItems, never a Scan', async () => {
    await call('GET', '/v1/me/export', { sub: USER });
    expect(ddb.commandCalls(ScanCommand)).toHaveLength(0);
    expect(ddb.commandCalls(QueryCommand).length).toBeGreaterThan(0);
  });

  it('is 401 for a token whose account does not exist (erased or never proved)', async () => {
    const response = await call('GET', '/v1/me/export', { sub: 'ghost' });
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /v1/me', () => {
  it('refuses a confirmation that is not the primary email with not-valid, and erases nothing', async () => {
    const response = await call('DELETE', '/v1/me', { sub: USER, body: { confirmation: SECOND } });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({
      key: 'error',
      errors: [{ key: 'not-valid', field: 'body.confirmation' }],
    });
    expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(0);
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(0);
  });

  it('requires the confirmation', async () => {
    const response = await call('DELETE', '/v1/me', { sub: USER, body: {} });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).errors).toEqual([{ key: 'required', field: 'body.confirmation' }]);
  });

  it('erases every item of the user, removes the Cognito user by username, and answers 204', async () => {
    const response = await call('DELETE', '/v1/me', {
      sub: USER,
      body: { confirmation: ` ${PRIMARY.toUpperCase()} ` },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const deleteCalls = cognito.commandCalls(AdminDeleteUserCommand);
    expect(deleteCalls).toHaveLength(1);
    expect(deleteCalls[0]?.args[0].input).toEqual({ UserPoolId: 'eu-west-1_test', Username: USER });
    expect(new Set(deletedKeys())).toEqual(new Set(items.map((i) => `${String(i.pk)}|${String(i.sk)}`)));
    expect(ddb.commandCalls(ScanCommand)).toHaveLength(0);
  });

  it('closes the realtime connections of the account, not only forgets them', async () => {
    const response = await call('DELETE', '/v1/me', { sub: USER, body: { confirmation: PRIMARY } });
    expect(response.statusCode).toBe(204);
    expect(closedConnections()).toEqual(expect.arrayContaining(['conn-1', 'conn-2']));
    expect(deletedKeys()).toEqual(expect.arrayContaining([connectionKey('conn-1'), connectionKey('conn-2')]));
  });

  it('keeps the profile and emails until the Cognito user is gone, so a failure can be retried', async () => {
    cognito.on(AdminDeleteUserCommand).rejects(new Error('throttled'));
    const response = await call('DELETE', '/v1/me', { sub: USER, body: { confirmation: PRIMARY } });
    expect(response.statusCode).toBe(500);
    const kept = items
      .filter((i) => /^\$account#user(email)?_/.test(String(i.sk)))
      .map((i) => `${String(i.pk)}|${String(i.sk)}`);
    expect(kept).toHaveLength(3);
    expect(deletedKeys().filter((k) => kept.includes(k))).toEqual([]);
  });

  it('treats a Cognito user already gone as removed', async () => {
    cognito.on(AdminDeleteUserCommand).rejects(new UserNotFoundException({ message: 'gone', $metadata: {} }));
    const response = await call('DELETE', '/v1/me', { sub: USER, body: { confirmation: PRIMARY } });
    expect(response.statusCode).toBe(204);
  });

  it('is 401 without a caller', async () => {
    const response = await call('DELETE', '/v1/me', { body: { confirmation: PRIMARY } });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /v1/me/sign-out', () => {
  const SESSION = { origin_jti: 'origin-1' };

  it('everywhere: refuses every token authenticated until now and revokes every refresh token', async () => {
    ddb.on(UpdateCommand).resolves({});
    cognito.on(AdminUserGlobalSignOutCommand).resolves({});
    const now = Math.floor(Date.now() / 1000);
    const response = await call('POST', '/v1/me/sign-out', {
      sub: USER,
      claims: SESSION,
      body: { everywhere: true },
    });
    expect(response.statusCode).toBe(204);
    const update = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    const validAfter = Object.values(update?.ExpressionAttributeValues ?? {}).find(
      (value) => typeof value === 'number' && value > now && value <= now + 2,
    );
    expect(validAfter).toBeDefined();
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)[0]?.args[0].input).toMatchObject({
      Username: USER,
    });
  });

  it('everywhere: closes and forgets every realtime connection of the account', async () => {
    ddb.on(UpdateCommand).resolves({});
    cognito.on(AdminUserGlobalSignOutCommand).resolves({});
    const response = await call('POST', '/v1/me/sign-out', {
      sub: USER,
      claims: SESSION,
      body: { everywhere: true },
    });
    expect(response.statusCode).toBe(204);
    expect(closedConnections()).toEqual(['conn-1', 'conn-2']);
    expect(deletedKeys().sort()).toEqual([connectionKey('conn-1'), connectionKey('conn-2')].sort());
    const query = ddb.commandCalls(QueryCommand).find((c) => c.args[0].input.IndexName === 'gsi1');
    expect(query).toBeDefined();
    expect(ddb.commandCalls(ScanCommand)).toHaveLength(0);
  });

  it('on this device: closes and forgets the realtime connections of this sign-in only', async () => {
    ddb.on(UpdateCommand).resolves({});
    const response = await call('POST', '/v1/me/sign-out', {
      sub: USER,
      claims: SESSION,
      body: { everywhere: false },
    });
    expect(response.statusCode).toBe(204);
    expect(closedConnections()).toEqual(['conn-1']);
    expect(deletedKeys()).toEqual([connectionKey('conn-1')]);
  });

  it('on this device: refuses the tokens of this sign-in only, conditionally on the revision read', async () => {
    ddb.on(UpdateCommand).resolves({});
    const response = await call('POST', '/v1/me/sign-out', {
      sub: USER,
      claims: SESSION,
      body: { everywhere: false },
    });
    expect(response.statusCode).toBe(204);
    const update = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(JSON.stringify(update?.ExpressionAttributeValues)).toContain('origin-1');
    expect(update?.ConditionExpression).toContain('sessionsRevision');
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)).toHaveLength(0);
  });

  it('is 400 without the everywhere flag, and changes nothing', async () => {
    const response = await call('POST', '/v1/me/sign-out', { sub: USER, claims: SESSION, body: {} });
    expect(response.statusCode).toBe(400);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(closedConnections()).toEqual([]);
  });

  it('refuses a token whose sign-in was ended with 401', async () => {
    items[0] = db()
      .entities.user.create({
        userId: USER,
        firstName: 'Camille',
        tokensValidAfter: 0,
        revokedSessions: [{ originJti: 'origin-1', until: Math.floor(Date.now() / 1000) + 60 }],
      })
      .params().Item as Item;
    const ended = await call('GET', '/v1/me/export', { sub: USER, claims: SESSION });
    expect(ended.statusCode).toBe(401);
    const other = await call('GET', '/v1/me/export', { sub: USER, claims: { origin_jti: 'origin-2' } });
    expect(other.statusCode).toBe(200);
  });
});

import { configureHandlers } from '../lib/environment';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { db } from '../../tests/support/db';
import { UnauthorizedError } from '../lib/errors';
import { CONNECTION_TTL_SECONDS } from './repository';
import { handler, type WebSocketEvent } from './handler';

vi.mock('../lib/tokens', () => ({
  resetTokenVerifiers: vi.fn(),
  verifyIdToken: vi.fn(async (token: string) => {
    if (token === 'valid-id-token') {
      return { sub: 'user-1', token_use: 'id', auth_time: 2_000_000_000, origin_jti: 'origin-1' };
    }
    if (token === 'old-id-token') return { sub: 'user-1', token_use: 'id', auth_time: 1_000_000_000 };
    throw new UnauthorizedError();
  }),
}));

const ddb = mockClient(DynamoDBDocumentClient);
const api = mockClient(ApiGatewayManagementApiClient);

beforeAll(() =>
  configureHandlers({
    TABLE_NAME: 'wellbeing-test',
    LOG_LEVEL: 'SILENT',
    WS_MANAGEMENT_ENDPOINT: 'http://127.0.0.1:1/local',
  }),
);

const userKey = () => db().entities.user.get({ userId: 'user-1' }).params().Key;
const connectionKey = () => db().entities.connection.get({ connectionId: 'conn-1' }).params().Key;

function userItem(extra: {
  tokensValidAfter?: number;
  revokedSessions?: { originJti: string; until: number }[];
}) {
  return db()
    .entities.user.create({
      userId: 'user-1',
      firstName: 'Camille',
      tokensValidAfter: 1_500_000_000,
      ...extra,
    })
    .params().Item;
}

/**
 * The stored connection conn-1 of user-1, opened by a token of `authTime` and `originJti`;
 * `legacy` drops what connections saved before this version did not keep.
 */
function connectionItem(origin: { authTime?: number; originJti?: string; legacy?: boolean } = {}) {
  const item = db()
    .entities.connection.create({
      connectionId: 'conn-1',
      userId: 'user-1',
      connectedAt: '2026-01-01T00:00:00.000Z',
      authTime: origin.authTime ?? 2_000_000_000,
      originJti: origin.originJti ?? 'origin-1',
      expiresAt: 1,
    })
    .params().Item as Record<string, unknown>;
  if (origin.legacy) {
    delete item.authTime;
    delete item.originJti;
  }
  return item;
}

beforeEach(() => {
  ddb.reset();
  api.reset();
  ddb.on(PutCommand).resolves({});
  ddb.on(DeleteCommand).resolves({});
  ddb.on(UpdateCommand).resolves({});
  ddb.on(BatchWriteCommand).resolves({ UnprocessedItems: {} });
  ddb.on(GetCommand).resolves({});
  ddb.on(GetCommand, { Key: userKey() }).resolves({ Item: userItem({}) });
  ddb.on(GetCommand, { Key: connectionKey() }).resolves({ Item: connectionItem() });
  api.on(DeleteConnectionCommand).resolves({});
});

/** Keys of the connection items deleted in batches. */
function batchDeleted(): unknown[] {
  return ddb
    .commandCalls(BatchWriteCommand)
    .flatMap((c) => Object.values(c.args[0].input.RequestItems ?? {}).flat())
    .map((r) => (r as { DeleteRequest: { Key: unknown } }).DeleteRequest.Key);
}

const closed = () => api.commandCalls(DeleteConnectionCommand).map((c) => c.args[0].input.ConnectionId);

function event(routeKey: string, extra: Partial<WebSocketEvent> = {}): WebSocketEvent {
  return {
    requestContext: {
      routeKey,
      eventType: routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE',
      messageId: 'm',
      extendedRequestId: 'e',
      requestTime: '',
      messageDirection: 'IN',
      stage: 'test',
      connectedAt: 0,
      requestTimeEpoch: 0,
      requestId: 'r',
      domainName: 'localhost',
      connectionId: 'conn-1',
      apiId: 'local',
    },
    isBase64Encoded: false,
    ...extra,
  };
}

describe('realtime $connect', () => {
  it('refuses the id token of an account that does not exist (erased, or never proved its address)', async () => {
    ddb.on(GetCommand, { Key: userKey() }).resolves({});
    const result = await handler(event('$connect', { queryStringParameters: { token: 'valid-id-token' } }));
    expect(result.statusCode).toBe(401);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('refuses an id token authenticated before the account signed out everywhere', async () => {
    const result = await handler(event('$connect', { queryStringParameters: { token: 'old-id-token' } }));
    expect(result.statusCode).toBe(401);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it("stores the connection for the id token's user with its sign-in, expiring after two hours", async () => {
    const before = Math.floor(Date.now() / 1000);
    const result = await handler(event('$connect', { queryStringParameters: { token: 'valid-id-token' } }));
    expect(result.statusCode).toBe(200);
    const item = ddb.commandCalls(PutCommand)[0]?.args[0].input.Item;
    expect(item).toMatchObject({
      ...connectionKey(),
      connectionId: 'conn-1',
      userId: 'user-1',
      authTime: 2_000_000_000,
      originJti: 'origin-1',
      gsi1pk: expect.stringContaining('user-1'),
    });
    expect(item?.expiresAt).toBeGreaterThanOrEqual(before + CONNECTION_TTL_SECONDS);
    expect(item?.expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + CONNECTION_TTL_SECONDS);
  });

  it('refuses a connection without a token or with a refused token, storing nothing', async () => {
    expect((await handler(event('$connect'))).statusCode).toBe(401);
    expect(
      (await handler(event('$connect', { queryStringParameters: { token: 'forged' } }))).statusCode,
    ).toBe(401);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });
});

describe('realtime $disconnect', () => {
  it('forgets the connection', async () => {
    expect((await handler(event('$disconnect'))).statusCode).toBe(200);
    expect(ddb.commandCalls(DeleteCommand)[0]?.args[0].input.Key).toEqual(connectionKey());
  });
});

describe('realtime $default', () => {
  const myself = () => handler(event('$default', { body: JSON.stringify({ action: 'myself' }) }));

  it('accepts the myself action of a current sign-in and keeps the connection for another two hours', async () => {
    const result = await myself();
    expect(result.statusCode).toBe(200);
    const reads = ddb.commandCalls(GetCommand).map((c) => c.args[0].input);
    expect(reads.map((r) => r.Key)).toEqual(expect.arrayContaining([connectionKey(), userKey()]));
    expect(reads.every((r) => r.ConsistentRead === true)).toBe(true);
    const update = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(update?.Key).toEqual(connectionKey());
    expect(update?.ConditionExpression).toContain('attribute_exists');
    expect(closed()).toEqual([]);
    expect(batchDeleted()).toEqual([]);
  });

  it('answers 400 and changes nothing for any other message', async () => {
    for (const body of [
      'not json',
      '{"action":"other"}',
      '{"action":"myself","userId":"someone-else"}',
      '',
    ]) {
      expect((await handler(event('$default', { body }))).statusCode).toBe(400);
    }
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(0);
    expect(closed()).toEqual([]);
  });

  it.each([
    [
      'every sign-in of the account ended after it began (sign out everywhere)',
      {},
      { tokensValidAfter: 2_000_000_001 },
    ],
    [
      'its own sign-in was ended (sign out on one device)',
      {},
      { revokedSessions: [{ originJti: 'origin-1', until: Math.floor(Date.now() / 1000) + 60 }] },
    ],
    ['it was saved before connections kept their sign-in', { legacy: true }, {}],
  ])('refuses the keep-alive when %s: closes the connection and forgets it', async (_, origin, account) => {
    ddb.on(GetCommand, { Key: connectionKey() }).resolves({ Item: connectionItem(origin) });
    ddb.on(GetCommand, { Key: userKey() }).resolves({ Item: userItem(account) });
    const result = await myself();
    expect(result.statusCode).toBe(401);
    expect(batchDeleted()).toEqual([connectionKey()]);
    expect(closed()).toEqual(['conn-1']);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('refuses the keep-alive of an account that left, and closes the connection', async () => {
    ddb.on(GetCommand, { Key: userKey() }).resolves({});
    expect((await myself()).statusCode).toBe(401);
    expect(closed()).toEqual(['conn-1']);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('still passes the keep-alive of another sign-in when one sign-in was ended', async () => {
    ddb.on(GetCommand, { Key: userKey() }).resolves({
      Item: userItem({
        revokedSessions: [{ originJti: 'origin-2', until: Math.floor(Date.now() / 1000) + 60 }],
      }),
    });
    expect((await myself()).statusCode).toBe(200);
    expect(closed()).toEqual([]);
  });

  it('answers 410 and closes a connection it does not know', async () => {
    ddb.on(GetCommand, { Key: connectionKey() }).resolves({});
    const result = await myself();
    expect(result.statusCode).toBe(410);
    expect(closed()).toEqual(['conn-1']);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('answers 410 and closes a connection ended while the keep-alive ran', async () => {
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'failed', $metadata: {} }));
    const result = await myself();
    expect(result.statusCode).toBe(410);
    expect(closed()).toEqual(['conn-1']);
  });

  it('still refuses when API Gateway says the connection is gone already or fails to close it', async () => {
    ddb.on(GetCommand, { Key: userKey() }).resolves({ Item: userItem({ tokensValidAfter: 2_000_000_001 }) });
    api.on(DeleteConnectionCommand).rejects(new GoneException({ message: 'gone', $metadata: {} }));
    expect((await myself()).statusCode).toBe(401);
    api.on(DeleteConnectionCommand).rejects(new Error('network'));
    expect((await myself()).statusCode).toBe(401);
    expect(batchDeleted()).toEqual([connectionKey(), connectionKey()]);
  });
});

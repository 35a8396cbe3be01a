import { configureHandlers } from '../lib/environment';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { db } from '../../tests/support/db';
import { UnauthorizedError } from '../lib/errors';
import { CONNECTION_TTL_SECONDS } from './repository';
import { handler, type WebSocketEvent } from './handler';

vi.mock('../lib/tokens', () => ({
  resetTokenVerifiers: vi.fn(),
  verifyIdToken: vi.fn(async (token: string) => {
    if (token === 'valid-id-token') return { sub: 'user-1', token_use: 'id', auth_time: 2_000_000_000 };
    if (token === 'old-id-token') return { sub: 'user-1', token_use: 'id', auth_time: 1_000_000_000 };
    throw new UnauthorizedError();
  }),
}));

const ddb = mockClient(DynamoDBDocumentClient);

beforeAll(() => configureHandlers({ TABLE_NAME: 'wellbeing-test', LOG_LEVEL: 'SILENT' }));

beforeEach(() => {
  ddb.reset();
  ddb.on(PutCommand).resolves({});
  ddb.on(DeleteCommand).resolves({});
  ddb.on(UpdateCommand).resolves({});
  ddb.on(GetCommand).resolves({
    Item: db()
      .entities.user.create({ userId: 'user-1', firstName: 'Camille', tokensValidAfter: 1_500_000_000 })
      .params().Item,
  });
});

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

const connectionKey = () => db().entities.connection.get({ connectionId: 'conn-1' }).params().Key;

describe('realtime $connect', () => {
  it('refuses the id token of an account that does not exist (erased, or never proved its address)', async () => {
    ddb.on(GetCommand).resolves({});
    const result = await handler(event('$connect', { queryStringParameters: { token: 'valid-id-token' } }));
    expect(result.statusCode).toBe(401);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('refuses an id token authenticated before the account signed out everywhere', async () => {
    const result = await handler(event('$connect', { queryStringParameters: { token: 'old-id-token' } }));
    expect(result.statusCode).toBe(401);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it("stores the connection for the id token's user, expiring after two hours", async () => {
    const before = Math.floor(Date.now() / 1000);
    const result = await handler(event('$connect', { queryStringParameters: { token: 'valid-id-token' } }));
    expect(result.statusCode).toBe(200);
    const item = ddb.commandCalls(PutCommand)[0]?.args[0].input.Item;
    expect(item).toMatchObject({
      ...connectionKey(),
      connectionId: 'conn-1',
      userId: 'user-1',
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
  it('accepts the myself action and keeps the connection for another two hours', async () => {
    const result = await handler(event('$default', { body: JSON.stringify({ action: 'myself' }) }));
    expect(result.statusCode).toBe(200);
    const update = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(update?.Key).toEqual(connectionKey());
    expect(update?.ConditionExpression).toContain('attribute_exists');
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
  });

  it('answers 410 for the myself action of a connection it does not know', async () => {
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'failed', $metadata: {} }));
    const result = await handler(event('$default', { body: JSON.stringify({ action: 'myself' }) }));
    expect(result.statusCode).toBe(410);
  });
});

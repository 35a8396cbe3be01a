import { configureHandlers } from '../lib/environment';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { realtimeDb as db } from './store';
import { endConnectionsOf } from './end';
import { realtimeDomain } from './domain';

const ddb = mockClient(DynamoDBDocumentClient);
const api = mockClient(ApiGatewayManagementApiClient);

beforeAll(() =>
  configureHandlers({
    TABLE_NAME: 'wellbeing-test',
    LOG_LEVEL: 'SILENT',
    WS_MANAGEMENT_ENDPOINT: 'http://127.0.0.1:1/local',
  }),
);

/** user-1's connections: c1 and c2 of sign-in origin-1, c3 of origin-2. */
const stored = () =>
  (
    [
      ['c1', 'origin-1'],
      ['c2', 'origin-1'],
      ['c3', 'origin-2'],
    ] as const
  ).map(
    ([connectionId, originJti]) =>
      db()
        .entities.connection.put({
          connectionId,
          userId: 'user-1',
          connectedAt: '2026-01-01T00:00:00.000Z',
          authTime: 1_800_000_000,
          originJti,
          expiresAt: 1,
        })
        .params().Item,
  );

beforeEach(() => {
  ddb.reset();
  api.reset();
  ddb.on(QueryCommand).resolves({ Items: stored() });
  ddb.on(BatchWriteCommand).resolves({ UnprocessedItems: {} });
  api.on(DeleteConnectionCommand).resolves({});
});

const keyOf = (connectionId: string) => db().entities.connection.get({ connectionId }).params().Key;

function batchDeleted(): unknown[] {
  return ddb
    .commandCalls(BatchWriteCommand)
    .flatMap((c) => Object.values(c.args[0].input.RequestItems ?? {}).flat())
    .map((r) => (r as { DeleteRequest: { Key: unknown } }).DeleteRequest.Key);
}

const closed = () =>
  api
    .commandCalls(DeleteConnectionCommand)
    .map((c) => c.args[0].input.ConnectionId)
    .sort();

describe('endConnectionsOf', () => {
  it('forgets and closes every connection of the user, found by one Query on gsi1', async () => {
    const order: string[] = [];
    ddb.on(BatchWriteCommand).callsFake(() => {
      order.push('forget');
      return { UnprocessedItems: {} };
    });
    api.on(DeleteConnectionCommand).callsFake(() => {
      order.push('close');
      return {};
    });
    expect(await endConnectionsOf('user-1')).toBe(3);
    // Forgotten first: no event reaches them while they close.
    expect(order).toEqual(['forget', 'close', 'close', 'close']);
    const queries = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(queries).toHaveLength(1);
    expect(queries[0]?.IndexName).toBe('gsi1');
    expect(JSON.stringify(queries[0]?.ExpressionAttributeValues)).toContain('user-1');
    expect(ddb.commandCalls(ScanCommand)).toHaveLength(0);
    expect(batchDeleted()).toEqual(['c1', 'c2', 'c3'].map(keyOf));
    expect(closed()).toEqual(['c1', 'c2', 'c3']);
  });

  it('with a sign-in, ends only the connections its tokens opened', async () => {
    expect(await endConnectionsOf('user-1', { originJti: 'origin-1' })).toBe(2);
    expect(batchDeleted()).toEqual(['c1', 'c2'].map(keyOf));
    expect(closed()).toEqual(['c1', 'c2']);
  });

  it('counts a connection already gone as closed, and one failing to close fails nothing', async () => {
    api
      .on(DeleteConnectionCommand, { ConnectionId: 'c1' })
      .rejects(new GoneException({ message: 'gone', $metadata: { httpStatusCode: 410 } }));
    api.on(DeleteConnectionCommand, { ConnectionId: 'c2' }).rejects(new Error('network'));
    await expect(endConnectionsOf('user-1')).resolves.toBe(3);
    expect(closed()).toEqual(['c1', 'c2', 'c3']);
    expect(batchDeleted()).toHaveLength(3);
  });

  it('fails, closing nothing, when the connections cannot be forgotten', async () => {
    ddb.on(BatchWriteCommand).rejects(new Error('throttled'));
    await expect(endConnectionsOf('user-1')).rejects.toThrow();
    expect(closed()).toEqual([]);
  });

  it('does nothing for a user without connections', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    expect(await endConnectionsOf('user-2')).toBe(0);
    expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(0);
    expect(api.commandCalls(DeleteConnectionCommand)).toHaveLength(0);
  });
});

describe('the connections belonging', () => {
  it('exports each connection with the start of its sign-in, and on leaving forgets and closes them', async () => {
    const belonging = realtimeDomain.belongings[0];
    if (!belonging) throw new Error('no belonging');
    const holding = await belonging.gather({ userId: 'user-1', emails: [], ownedEmails: [] });
    expect(holding.records).toEqual(
      ['c1', 'c2', 'c3'].map((connectionId) => ({
        connectionId,
        connectedAt: '2026-01-01T00:00:00.000Z',
        signedInAt: new Date(1_800_000_000_000).toISOString(),
      })),
    );
    await holding.leave();
    expect(batchDeleted()).toEqual(['c1', 'c2', 'c3'].map(keyOf));
    expect(closed()).toEqual(['c1', 'c2', 'c3']);
  });
});

import { configureHandlers } from '../lib/environment';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DeleteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { realtimeDb as db } from './store';
import { publish, type RealtimeEvent } from './publish';

const ddb = mockClient(DynamoDBDocumentClient);
const api = mockClient(ApiGatewayManagementApiClient);

beforeAll(() =>
  configureHandlers({
    TABLE_NAME: 'wellbeing-test',
    LOG_LEVEL: 'SILENT',
    WS_MANAGEMENT_ENDPOINT: 'http://127.0.0.1:1/local',
  }),
);

beforeEach(() => {
  ddb.reset();
  api.reset();
  ddb.on(DeleteCommand).resolves({});
});

function connectionItems(userId: string, ids: string[]) {
  return ids.map(
    (connectionId) =>
      db()
        .entities.connection.put({
          connectionId,
          userId,
          connectedAt: '2026-01-01T00:00:00.000Z',
          authTime: 1_800_000_000,
          expiresAt: 1,
        })
        .params().Item,
  );
}

const event: RealtimeEvent = { type: 'feelings', action: 'created' };

describe('publish', () => {
  it("posts the event as JSON to each of the user's connections, found on gsi1", async () => {
    ddb.on(QueryCommand).resolves({ Items: connectionItems('user-1', ['c1', 'c2']) });
    api.on(PostToConnectionCommand).resolves({});
    const result = await publish('user-1', event);
    expect(result).toEqual({ delivered: 2, gone: 0, failed: 0 });
    const query = ddb.commandCalls(QueryCommand)[0]?.args[0].input;
    expect(query?.IndexName).toBe('gsi1');
    expect(JSON.stringify(query?.ExpressionAttributeValues)).toContain('user-1');
    const posts = api.commandCalls(PostToConnectionCommand).map((c) => c.args[0].input);
    expect(posts.map((p) => p.ConnectionId).sort()).toEqual(['c1', 'c2']);
    expect(JSON.parse(Buffer.from(posts[0]?.Data as Uint8Array).toString())).toEqual(event);
  });

  it('deletes the connections API Gateway reports gone, and only those', async () => {
    ddb.on(QueryCommand).resolves({ Items: connectionItems('user-1', ['alive', 'gone', 'broken']) });
    api.on(PostToConnectionCommand).resolves({});
    api
      .on(PostToConnectionCommand, { ConnectionId: 'gone' })
      .rejects(new GoneException({ message: 'gone', $metadata: { httpStatusCode: 410 } }));
    api.on(PostToConnectionCommand, { ConnectionId: 'broken' }).rejects(new Error('network'));
    const result = await publish('user-1', event);
    expect(result).toEqual({ delivered: 1, gone: 1, failed: 1 });
    const deleted = ddb.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key);
    expect(deleted).toEqual([db().entities.connection.get({ connectionId: 'gone' }).params().Key]);
  });

  it('does nothing for a user without connections', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    expect(await publish('user-2', event)).toEqual({ delivered: 0, gone: 0, failed: 0 });
    expect(api.commandCalls(PostToConnectionCommand)).toHaveLength(0);
  });

  it('refuses an event outside the spec’s types and actions', async () => {
    await expect(
      publish('user-1', { type: 'weather', action: 'created' } as unknown as RealtimeEvent),
    ).rejects.toThrow();
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GetConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { WebSocketEvent } from '../../functions/realtime/seeding';
import { startWebSocketGateway, type LocalWebSocketGateway } from './websocket';

/** Waits for a condition checked every 20 ms, at most 250 times. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 250 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  if (!check()) throw new Error('condition not reached');
}

function open(url: string): Promise<{ socket?: WebSocket; status?: number }> {
  return new Promise((resolveOpen, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolveOpen({ socket }));
    socket.once('unexpected-response', (_req, res) => {
      resolveOpen({ status: res.statusCode });
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

describe('local WebSocket gateway', () => {
  let gateway: LocalWebSocketGateway;
  let api: ApiGatewayManagementApiClient;
  const events: WebSocketEvent[] = [];

  beforeAll(async () => {
    gateway = await startWebSocketGateway({
      loadHandler: async () => async (event) => {
        events.push(event);
        if (event.requestContext.routeKey === '$connect') {
          return { statusCode: event.queryStringParameters?.token === 'good' ? 200 : 403 };
        }
        return { statusCode: 200 };
      },
    });
    api = new ApiGatewayManagementApiClient({
      endpoint: gateway.managementEndpoint,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  });
  afterAll(async () => {
    api?.destroy();
    await gateway?.stop();
  });

  const ofRoute = (routeKey: string) => events.filter((e) => e.requestContext.routeKey === routeKey);

  it('refuses the upgrade with the status $connect answered', async () => {
    expect((await open(`${gateway.url}?token=bad`)).status).toBe(403);
    expect(gateway.connectionIds()).toEqual([]);
  });

  it('sends $connect with the query string, $default with each message, $disconnect on close', async () => {
    const { socket } = await open(`${gateway.url}?token=good&lang=nl`);
    const ws = socket as WebSocket;
    const connect = ofRoute('$connect').at(-1) as WebSocketEvent;
    expect(connect.requestContext).toMatchObject({ eventType: 'CONNECT', stage: 'local' });
    expect(connect.queryStringParameters).toEqual({ token: 'good', lang: 'nl' });
    const { connectionId } = connect.requestContext;
    expect(gateway.connectionIds()).toEqual([connectionId]);

    ws.send('{"action":"myself"}');
    await until(() => ofRoute('$default').length === 1);
    expect(ofRoute('$default')[0]).toMatchObject({
      body: '{"action":"myself"}',
      requestContext: { eventType: 'MESSAGE', connectionId },
    });

    ws.close();
    await until(() => ofRoute('$disconnect').length === 1);
    expect(ofRoute('$disconnect')[0]?.requestContext).toMatchObject({
      eventType: 'DISCONNECT',
      connectionId,
    });
    expect(gateway.connectionIds()).toEqual([]);
  });

  it('speaks the @connections API of the AWS SDK: post, get, delete, and Gone for an unknown connection', async () => {
    const { socket } = await open(`${gateway.url}?token=good`);
    const ws = socket as WebSocket;
    const connectionId = ofRoute('$connect').at(-1)?.requestContext.connectionId as string;
    const received = new Promise<string>((r) => ws.once('message', (data: Buffer) => r(data.toString())));

    await api.send(
      new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from('{"type":"chat"}') }),
    );
    expect(await received).toBe('{"type":"chat"}');

    const info = await api.send(new GetConnectionCommand({ ConnectionId: connectionId }));
    expect(info.ConnectedAt).toBeInstanceOf(Date);
    expect(info.Identity?.SourceIp).toBe('127.0.0.1');

    const closed = new Promise<void>((r) => ws.once('close', () => r()));
    await api.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
    await closed;
    await until(() => ofRoute('$disconnect').some((e) => e.requestContext.connectionId === connectionId));

    await expect(
      api.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from('late') })),
    ).rejects.toBeInstanceOf(GoneException);
  });
});

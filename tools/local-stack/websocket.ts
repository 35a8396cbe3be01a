import { randomBytes, randomUUID } from 'node:crypto';
import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';
import type { WebSocketEvent, WebSocketResult } from '../../functions/realtime/seeding';
import { closeServer } from './gateway';
import { handlerCache, lambdaContext } from './lambda';
import type { Context } from 'aws-lambda';

export type WebSocketHandler = (event: WebSocketEvent, context: Context) => Promise<WebSocketResult>;

/** API Gateway's limit on one message posted to a connection. */
export const MAX_POST_BYTES = 128 * 1024;
const HANDLER_TIMEOUT_MS = 29_000;

export interface WebSocketGatewayOptions {
  /** Port of the WebSocket endpoint. @default a free port */
  port?: number;
  /** Port of the @connections management API. @default a free port */
  managementPort?: number;
  stage?: string;
  /** @default `handler` of functions/realtime/handler.ts */
  loadHandler?: () => Promise<WebSocketHandler>;
  log?: (message: string, details: Record<string, unknown>) => void;
}

export interface LocalWebSocketGateway {
  /** What the SPA connects to: `ws://127.0.0.1:<port>/<stage>`. */
  url: string;
  /** What ApiGatewayManagementApiClient takes as `endpoint` (WS_MANAGEMENT_ENDPOINT). */
  managementEndpoint: string;
  port: number;
  managementPort: number;
  /** Ids of the open connections. */
  connectionIds(): string[];
  stop(): Promise<void>;
}

interface Connection {
  socket: WebSocket;
  connectedAt: number;
  lastActiveAt: number;
  sourceIp: string;
  userAgent: string;
}

/** Connection ids shaped like API Gateway's (16 characters ending with `=`). */
function newConnectionId(): string {
  return randomBytes(11).toString('base64').replace(/\+/g, 'P').replace(/\//g, 'S');
}

function grouped(entries: Iterable<[string, string]>) {
  const multi: Record<string, string[]> = {};
  for (const [name, value] of entries) (multi[name] ??= []).push(value);
  const single: Record<string, string> = {};
  for (const [name, values] of Object.entries(multi)) single[name] = values[values.length - 1] as string;
  return Object.keys(multi).length ? { single, multi } : undefined;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolveListen((server.address() as AddressInfo).port);
    });
  });
}

/**
 * The local WebSocket API: `$connect` (the handshake's query string and headers), `$default` (each
 * message) and `$disconnect` reach functions/realtime/handler.ts as API Gateway WebSocket events;
 * a non-2xx answer to `$connect` refuses the upgrade with that status. Beside it, the @connections
 * management API that `@aws-sdk/client-apigatewaymanagementapi` calls: POST (PostToConnection),
 * GET (GetConnection) and DELETE (DeleteConnection) on `/<stage>/@connections/{id}`; an unknown
 * connection answers 410 GoneException.
 */
export async function startWebSocketGateway(
  options: WebSocketGatewayOptions = {},
): Promise<LocalWebSocketGateway> {
  const stage = options.stage ?? 'local';
  const cache = handlerCache<WebSocketHandler>();
  const loadHandler = options.loadHandler ?? (() => cache('functions/realtime/handler.ts'));
  const log = options.log ?? ((message, details) => console.error(`[ws] ${message}`, details));
  const connections = new Map<string, Connection>();
  const wss = new WebSocketServer({ noServer: true });
  let domainName = '127.0.0.1';

  function baseContext(
    routeKey: string,
    eventType: 'CONNECT' | 'MESSAGE' | 'DISCONNECT',
    connectionId: string,
    connectedAt: number,
  ) {
    const now = Date.now();
    return {
      routeKey,
      eventType,
      messageId: randomUUID(),
      extendedRequestId: randomUUID(),
      requestTime: new Date(now).toUTCString(),
      messageDirection: 'IN' as const,
      stage,
      connectedAt,
      requestTimeEpoch: now,
      requestId: randomUUID(),
      domainName,
      connectionId,
      apiId: 'local',
    };
  }

  /** Invocations still running, so that stop() lets the $disconnect ones finish. */
  const running = new Set<Promise<unknown>>();

  function invoke(event: WebSocketEvent): Promise<WebSocketResult> {
    const call = (async () => {
      const handler = await loadHandler();
      const context = lambdaContext(
        'wellbeing-local-realtime',
        HANDLER_TIMEOUT_MS,
        event.requestContext.requestId,
      );
      return handler(event, context);
    })();
    const tracked = call.catch(() => undefined);
    running.add(tracked);
    void tracked.finally(() => running.delete(tracked));
    return call;
  }

  function refuse(socket: Duplex, status: number): void {
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
  }

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://localhost');
    const connectionId = newConnectionId();
    const connectedAt = Date.now();
    const headers = grouped(
      Object.entries(req.headersDistinct).flatMap(([name, values]) =>
        (values ?? []).map((v): [string, string] => [name, v]),
      ),
    );
    const query = grouped(url.searchParams);
    const event: WebSocketEvent = {
      requestContext: {
        ...baseContext('$connect', 'CONNECT', connectionId, connectedAt),
        identity: {
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
          userAgent: req.headers['user-agent'] ?? '',
        },
      } as WebSocketEvent['requestContext'],
      headers: headers?.single ?? {},
      multiValueHeaders: headers?.multi ?? {},
      isBase64Encoded: false,
      ...(query ? { queryStringParameters: query.single, multiValueQueryStringParameters: query.multi } : {}),
    };
    let status: number;
    try {
      status = (await invoke(event)).statusCode;
    } catch (error) {
      log('$connect failed', { connectionId, error });
      status = 500;
    }
    if (status < 200 || status > 299) {
      refuse(socket, status);
      return;
    }
    if (socket.destroyed) {
      // The client went away while $connect ran: API Gateway sends $disconnect then.
      void disconnect(connectionId, connectedAt, 1006, 'Going away');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection: Connection = {
        socket: ws,
        connectedAt,
        lastActiveAt: Date.now(),
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: req.headers['user-agent'] ?? '',
      };
      connections.set(connectionId, connection);
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        connection.lastActiveAt = Date.now();
        const message: WebSocketEvent = {
          requestContext: baseContext('$default', 'MESSAGE', connectionId, connectedAt),
          body: isBinary ? data.toString('base64') : data.toString('utf8'),
          isBase64Encoded: isBinary,
        };
        invoke(message).catch((error: unknown) => log('$default failed', { connectionId, error }));
      });
      ws.on('close', (code: number, reason: Buffer) => {
        connections.delete(connectionId);
        void disconnect(connectionId, connectedAt, code, reason.toString());
      });
      ws.on('error', () => ws.terminate());
    });
  }

  async function disconnect(
    connectionId: string,
    connectedAt: number,
    code: number,
    reason: string,
  ): Promise<void> {
    const event: WebSocketEvent = {
      requestContext: {
        ...baseContext('$disconnect', 'DISCONNECT', connectionId, connectedAt),
        disconnectStatusCode: code,
        disconnectReason: reason,
      } as WebSocketEvent['requestContext'],
      isBase64Encoded: false,
    };
    await invoke(event).catch((error: unknown) => log('$disconnect failed', { connectionId, error }));
  }

  const server = createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain' });
    res.end('Upgrade Required');
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgrade(req, socket, head).catch((error: unknown) => {
      log('Upgrade failed', { error });
      socket.destroy();
    });
  });

  function gone(res: ServerResponse): void {
    const body = JSON.stringify({ message: null });
    res.writeHead(410, {
      'content-type': 'application/json',
      'x-amzn-errortype': 'GoneException',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  }

  function readBody(req: IncomingMessage): Promise<Buffer> {
    return new Promise((resolveBody, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolveBody(Buffer.concat(chunks)));
      req.on('error', reject);
    });
  }

  async function manage(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // The SDK appends `/@connections/{id}` to the endpoint, which carries the stage in AWS.
    const match = new RegExp(`^(?:/${stage})?/@connections/([^/]+)$`).exec(url.pathname);
    const body = await readBody(req);
    if (!match) {
      res.writeHead(404, { 'content-type': 'application/json', 'x-amzn-errortype': 'NotFoundException' });
      res.end(JSON.stringify({ message: 'Not Found' }));
      return;
    }
    const connectionId = decodeURIComponent(match[1] as string);
    const connection = connections.get(connectionId);
    if (!connection || connection.socket.readyState !== WebSocket.OPEN) {
      gone(res);
      return;
    }
    switch (req.method) {
      case 'POST': {
        if (body.length > MAX_POST_BYTES) {
          res.writeHead(413, {
            'content-type': 'application/json',
            'x-amzn-errortype': 'PayloadTooLargeException',
          });
          res.end(JSON.stringify({ message: 'Message too long' }));
          return;
        }
        await new Promise<void>((resolveSend, reject) =>
          connection.socket.send(body.toString('utf8'), (error) => (error ? reject(error) : resolveSend())),
        );
        res.writeHead(200, { 'content-length': 0 });
        res.end();
        return;
      }
      case 'GET': {
        const answer = JSON.stringify({
          connectedAt: new Date(connection.connectedAt).toISOString(),
          lastActiveAt: new Date(connection.lastActiveAt).toISOString(),
          identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
        });
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(answer),
        });
        res.end(answer);
        return;
      }
      case 'DELETE':
        connection.socket.close(1000, 'Connection deleted');
        res.writeHead(204);
        res.end();
        return;
      default:
        res.writeHead(405, { allow: 'POST, GET, DELETE' });
        res.end();
    }
  }

  const management = createServer((req, res) => {
    manage(req, res).catch((error: unknown) => {
      log('Management call failed', { error });
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json', 'x-amzn-errortype': 'InternalServerError' });
        res.end(JSON.stringify({ message: 'Internal server error' }));
      }
    });
  });

  const port = await listen(server, options.port ?? 0);
  domainName = `127.0.0.1:${port}`;
  let managementPort: number;
  try {
    managementPort = await listen(management, options.managementPort ?? 0);
  } catch (error) {
    await closeServer(server);
    throw error;
  }

  return {
    url: `ws://127.0.0.1:${port}/${stage}`,
    managementEndpoint: `http://127.0.0.1:${managementPort}/${stage}`,
    port,
    managementPort,
    connectionIds: () => [...connections.keys()],
    async stop() {
      const closed = [...connections.values()].map(
        (c) =>
          new Promise<void>((resolveClose) => {
            c.socket.once('close', () => resolveClose());
            c.socket.close(1001, 'Going away');
            setTimeout(() => {
              c.socket.terminate();
              resolveClose();
            }, 1000).unref();
          }),
      );
      await Promise.all(closed);
      await Promise.all([...running]);
      wss.close();
      await closeServer(management);
      await closeServer(server);
    },
  };
}

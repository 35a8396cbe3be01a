import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import * as z from 'zod';
import { logger } from '../lib/logger';
import { verifyIdToken } from '../lib/tokens';
import { standingOfToken } from '../lib/token-check';
import { accountStanding } from '../users';
import { deleteConnection, saveConnection, touchConnection } from './repository';

/** The WebSocket API's Lambda proxy event; `$connect` also carries the handshake's query and headers. */
export type WebSocketEvent = APIGatewayProxyWebsocketEventV2 & {
  headers?: Record<string, string | undefined>;
  multiValueHeaders?: Record<string, string[] | undefined>;
};

export interface WebSocketResult {
  statusCode: number;
  body?: string;
}

/** Messages a client may send on the channel (spec 01 §7: "the client may send an action named myself"). */
const ClientMessageSchema = z.strictObject({ action: z.literal('myself') });

const ok: WebSocketResult = { statusCode: 200 };

/**
 * `$connect` authenticates the connection with the id token in `?token=` and records it for the
 * user; a refused token refuses the WebSocket upgrade. `$disconnect` forgets the connection.
 * `$default` accepts `{ "action": "myself" }`, which keeps the connection known for another two
 * hours; anything else is answered 400 and changes nothing. Nothing is sent back on the socket:
 * events reach clients only through `publish()` (functions/lib/realtime.ts).
 */
export async function handler(event: WebSocketEvent): Promise<WebSocketResult> {
  const { routeKey, connectionId } = event.requestContext;
  switch (routeKey) {
    case '$connect':
      return connect(connectionId, event.queryStringParameters?.token);
    case '$disconnect':
      await deleteConnection(connectionId);
      return ok;
    default:
      return message(connectionId, event.body);
  }
}

async function connect(connectionId: string, token: string | undefined): Promise<WebSocketResult> {
  if (!token) return { statusCode: 401, body: 'Unauthorized' };
  let userId: string;
  try {
    const claims = await verifyIdToken(token);
    userId = claims.sub;
    // The same check as every REST route: an existing account, and a token that is still current.
    await standingOfToken(accountStanding, userId, {
      authTime: Number(claims.auth_time) || 0,
      originJti: typeof claims.origin_jti === 'string' ? claims.origin_jti : '',
    });
  } catch (error) {
    logger.info('WebSocket connection refused', { connectionId, error: error as Error });
    return { statusCode: 401, body: 'Unauthorized' };
  }
  await saveConnection(connectionId, userId);
  return ok;
}

async function message(connectionId: string, body: string | undefined): Promise<WebSocketResult> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body ?? '');
  } catch {
    return { statusCode: 400, body: 'Bad request' };
  }
  if (!ClientMessageSchema.safeParse(parsed).success) return { statusCode: 400, body: 'Bad request' };
  const known = await touchConnection(connectionId);
  return known ? ok : { statusCode: 410, body: 'Gone' };
}

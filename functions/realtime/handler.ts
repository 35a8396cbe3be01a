import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import * as z from 'zod';
import { UnauthorizedError } from '../lib/errors';
import { logger } from '../lib/logger';
import { verifyIdToken } from '../lib/tokens';
import { standingOfToken, type TokenOrigin } from '../lib/token-check';
import { accountStanding } from '../users';
import { closeConnections, endConnections } from './end';
import { deleteConnection, getConnection, saveConnection, touchConnection } from './repository';

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
const unauthorized: WebSocketResult = { statusCode: 401, body: 'Unauthorized' };
const gone: WebSocketResult = { statusCode: 410, body: 'Gone' };

/**
 * `$connect` authenticates the connection with the id token in `?token=` and records it for the
 * user, with the sign-in the token comes from; a refused token refuses the WebSocket upgrade.
 * `$disconnect` forgets the connection. `$default` accepts `{ "action": "myself" }`: the connection's
 * sign-in passes the token check again (docs/decisions/0006), and the connection is then kept for
 * another two hours; a refused one (the sign-in ended, the account left) or an unknown one is closed
 * and forgotten. Anything else is answered 400 and changes nothing. Nothing is sent back on the
 * socket: events reach clients only through `publish()` (functions/realtime/publish.ts).
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
  if (!token) return unauthorized;
  let userId: string;
  let origin: TokenOrigin;
  try {
    const claims = await verifyIdToken(token);
    userId = claims.sub;
    origin = {
      authTime: Number(claims.auth_time) || 0,
      originJti: typeof claims.origin_jti === 'string' ? claims.origin_jti : '',
    };
    // The same check as every REST route: an existing account, and a token that is still current.
    await standingOfToken(accountStanding, userId, origin);
  } catch (error) {
    logger.info('WebSocket connection refused', { connectionId, error: error as Error });
    return unauthorized;
  }
  await saveConnection(connectionId, userId, origin);
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
  return keepAlive(connectionId);
}

/**
 * The keep-alive: the connection's sign-in must still pass the token check of `$connect` (the
 * account exists, the sign-in began at or after its `tokensValidAfter` and was not ended on its
 * own), else the connection is closed and forgotten. A connection the table does not know (ended
 * by a sign-out, or expired) is closed too: nothing would reach it.
 */
async function keepAlive(connectionId: string): Promise<WebSocketResult> {
  const connection = await getConnection(connectionId);
  if (!connection) {
    await closeConnections([connectionId]);
    return gone;
  }
  try {
    await standingOfToken(accountStanding, connection.userId, connection.origin);
  } catch (error) {
    if (!(error instanceof UnauthorizedError)) throw error;
    logger.info('WebSocket keep-alive refused: its sign-in ended', { connectionId });
    await endConnections([connectionId]);
    return unauthorized;
  }
  if (await touchConnection(connectionId)) return ok;
  // Ended while this ran (a sign-out everywhere): patch() found no item.
  await closeConnections([connectionId]);
  return gone;
}

import { isConditionFailure } from '../lib/conditions';
import { eraseInBatches } from '../lib/domain';
import type { TokenOrigin } from '../lib/token-check';
import { realtimeDb as db } from './store';
/** How long a WebSocket connection item lives: API Gateway closes a connection after 2 hours. */
export const CONNECTION_TTL_SECONDS = 2 * 60 * 60;

function expiry(nowMs: number): number {
  return Math.floor(nowMs / 1000) + CONNECTION_TTL_SECONDS;
}

/** What the table keeps of a connection. */
export interface StoredConnection {
  connectionId: string;
  userId: string;
  /** What the token check needs of the id token that opened it. */
  origin: TokenOrigin;
}

/**
 * Records an open connection of a user with the sign-in of its id token (for the keep-alive's
 * token check); it expires with API Gateway's 2-hour connection limit.
 */
export async function saveConnection(
  connectionId: string,
  userId: string,
  origin: TokenOrigin,
  nowMs = Date.now(),
): Promise<void> {
  await db()
    .entities.connection.put({
      connectionId,
      userId,
      connectedAt: new Date(nowMs).toISOString(),
      authTime: origin.authTime,
      ...(origin.originJti === '' ? {} : { originJti: origin.originJti }),
      expiresAt: expiry(nowMs),
    })
    .go();
}

/** One connection by id (a consistent read), or null when the table does not know it. */
export async function getConnection(connectionId: string): Promise<StoredConnection | null> {
  const { data } = await db().entities.connection.get({ connectionId }).go({ consistent: true });
  if (!data) return null;
  return {
    connectionId: data.connectionId,
    userId: data.userId,
    // A connection saved before these were kept reads as authenticated at 0: refused, so closed.
    origin: { authTime: data.authTime ?? 0, originJti: data.originJti ?? '' },
  };
}

/** The user's connections: one Query on gsi1, never a Scan. */
export async function connectionsOf(userId: string): Promise<StoredConnection[]> {
  const { data } = await db().entities.connection.query.byUser({ userId }).go({ pages: 'all' });
  return data.map((c) => ({
    connectionId: c.connectionId,
    userId: c.userId,
    origin: { authTime: c.authTime ?? 0, originJti: c.originJti ?? '' },
  }));
}

export async function deleteConnection(connectionId: string): Promise<void> {
  await db().entities.connection.delete({ connectionId }).go();
}

/** Forgets connections (batches of deletes, retried while some are left unprocessed). */
export async function deleteConnections(connectionIds: readonly string[]): Promise<void> {
  await eraseInBatches(
    (keys) => db().entities.connection.delete(keys).go(),
    connectionIds.map((connectionId) => ({ connectionId })),
  );
}

/** Pushes the expiry of a connection that is still in use; does nothing for an unknown connection. */
export async function touchConnection(connectionId: string, nowMs = Date.now()): Promise<boolean> {
  try {
    await db()
      .entities.connection.patch({ connectionId })
      .set({ expiresAt: expiry(nowMs) })
      .go();
    return true;
  } catch (error) {
    // patch() carries an exists condition: an unknown connection fails it.
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

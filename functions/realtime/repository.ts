import { isConditionFailure } from '../lib/conditions';
import { realtimeDb as db } from './store';
/** How long a WebSocket connection item lives: API Gateway closes a connection after 2 hours. */
export const CONNECTION_TTL_SECONDS = 2 * 60 * 60;

function expiry(nowMs: number): number {
  return Math.floor(nowMs / 1000) + CONNECTION_TTL_SECONDS;
}

/** Records an open connection of a user; it expires with API Gateway's 2-hour connection limit. */
export async function saveConnection(
  connectionId: string,
  userId: string,
  nowMs = Date.now(),
): Promise<void> {
  await db()
    .entities.connection.put({
      connectionId,
      userId,
      connectedAt: new Date(nowMs).toISOString(),
      expiresAt: expiry(nowMs),
    })
    .go();
}

export async function deleteConnection(connectionId: string): Promise<void> {
  await db().entities.connection.delete({ connectionId }).go();
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

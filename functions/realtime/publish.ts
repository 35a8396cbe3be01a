import { RealtimeEventSchema, type RealtimeEvent } from '@shared/contracts/realtime';
import { isGone, managementApi } from './management';
import { realtimeDb as db } from './store';
import { logger } from '../lib/logger';

export { REALTIME_ACTIONS, REALTIME_TYPES, RealtimeEventSchema } from '@shared/contracts/realtime';
export type { RealtimeEvent } from '@shared/contracts/realtime';

export interface PublishResult {
  /** Connections the event reached. */
  delivered: number;
  /** Connections that were gone and have been forgotten. */
  gone: number;
  /** Connections that failed for another reason (logged; the event is not retried). */
  failed: number;
}

/**
 * Tells the user's open tabs to refresh after a write: the write has happened, so a failure here
 * (the channel is only a hint, everything it says can be fetched) is logged and never fails it.
 */
export async function publishAfterWrite(userId: string, event: RealtimeEvent): Promise<void> {
  try {
    await publish(userId, event);
  } catch (error) {
    logger.warn('Realtime event not published', { userId, error: error as Error });
  }
}

/**
 * A publisher for one user's many events in a row (a streamed chat reply, decision 0054): their
 * connections are read once, at the first event, and each event goes to those; a connection gone
 * meanwhile is dropped. Failures are logged, never thrown: the HTTP answer holds the whole reply.
 */
export function publisherFor(userId: string): (event: RealtimeEvent) => Promise<void> {
  let connections: Promise<string[]> | undefined;
  return async (event) => {
    try {
      connections ??= db()
        .entities.connection.query.byUser({ userId })
        .go({ pages: 'all' })
        .then(({ data }) => data.map((c) => c.connectionId));
      const ids = await connections;
      if (ids.length === 0) return;
      const payload = Buffer.from(JSON.stringify(RealtimeEventSchema.parse(event)));
      const { api, sdk } = await managementApi();
      await Promise.all(
        ids.map(async (connectionId) => {
          try {
            await api.send(new sdk.PostToConnectionCommand({ ConnectionId: connectionId, Data: payload }));
          } catch (error) {
            if (isGone(error)) {
              ids.splice(ids.indexOf(connectionId), 1);
              await db().entities.connection.delete({ connectionId }).go();
              return;
            }
            logger.warn('Realtime event not delivered', { userId, connectionId, error: error as Error });
          }
        }),
      );
    } catch (error) {
      logger.warn('Realtime event not published', { userId, error: error as Error });
    }
  };
}

/**
 * Sends an event to every open connection of a user. Connections that API Gateway reports gone
 * are deleted; other failures are logged and do not fail the caller's write, because the
 * realtime channel only tells the SPA to refresh what it already can fetch.
 */
export async function publish(userId: string, event: RealtimeEvent): Promise<PublishResult> {
  const payload = Buffer.from(JSON.stringify(RealtimeEventSchema.parse(event)));
  const { data: connections } = await db().entities.connection.query.byUser({ userId }).go({ pages: 'all' });
  const result: PublishResult = { delivered: 0, gone: 0, failed: 0 };
  if (connections.length === 0) return result;
  const { api, sdk } = await managementApi();
  await Promise.all(
    connections.map(async ({ connectionId }) => {
      try {
        await api.send(new sdk.PostToConnectionCommand({ ConnectionId: connectionId, Data: payload }));
        result.delivered++;
      } catch (error) {
        if (isGone(error)) {
          result.gone++;
          await db().entities.connection.delete({ connectionId }).go();
          return;
        }
        result.failed++;
        logger.warn('Realtime event not delivered', { userId, connectionId, error: error as Error });
      }
    }),
  );
  return result;
}

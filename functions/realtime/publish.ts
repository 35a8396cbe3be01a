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

/** The ids of a user's open connections: one Query of index gsi1. */
async function connectionIdsOf(userId: string): Promise<string[]> {
  const { data } = await db().entities.connection.query.byUser({ userId }).go({ pages: 'all' });
  return data.map((c) => c.connectionId);
}

/**
 * Sends one event to the given connections. Connections that API Gateway reports gone are deleted
 * (and taken out of `connectionIds`, so a publisher does not try them again); other failures are
 * logged and do not fail the caller's write, because the realtime channel only tells the SPA what
 * it can fetch.
 */
async function sendTo(userId: string, connectionIds: string[], event: RealtimeEvent): Promise<PublishResult> {
  // Checked first: an event outside the spec's types is refused even when nobody listens.
  const payload = Buffer.from(JSON.stringify(RealtimeEventSchema.parse(event)));
  const result: PublishResult = { delivered: 0, gone: 0, failed: 0 };
  if (connectionIds.length === 0) return result;
  const { api, sdk } = await managementApi();
  await Promise.all(
    [...connectionIds].map(async (connectionId) => {
      try {
        await api.send(new sdk.PostToConnectionCommand({ ConnectionId: connectionId, Data: payload }));
        result.delivered++;
      } catch (error) {
        if (isGone(error)) {
          result.gone++;
          connectionIds.splice(connectionIds.indexOf(connectionId), 1);
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

/**
 * A publisher for one user's many events in a row (a streamed chat reply, decision 0054): their
 * connections are read once, at the first event, and each event goes to those; a connection gone
 * meanwhile is dropped. Failures are logged, never thrown: the HTTP answer holds the whole reply.
 */
export function publisherFor(userId: string): (event: RealtimeEvent) => Promise<void> {
  let connections: Promise<string[]> | undefined;
  return async (event) => {
    try {
      connections ??= connectionIdsOf(userId);
      await sendTo(userId, await connections, event);
    } catch (error) {
      logger.warn('Realtime event not published', { userId, error: error as Error });
    }
  };
}

/** Sends an event to every open connection of a user (see `sendTo` for what a failure does). */
export async function publish(userId: string, event: RealtimeEvent): Promise<PublishResult> {
  RealtimeEventSchema.parse(event);
  return sendTo(userId, await connectionIdsOf(userId), event);
}

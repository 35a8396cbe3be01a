import { logger } from '../lib/logger';
import { closeConnection } from './management';
import { connectionsOf, deleteConnections } from './repository';

/**
 * Ends connections: forgets them first (from then on no event reaches them and their keep-alive is
 * refused), then asks API Gateway to close each one (DeleteConnection). A connection that will not
 * close is logged, not retried: it is forgotten already, and its next keep-alive closes it.
 */
export async function endConnections(connectionIds: readonly string[]): Promise<void> {
  if (connectionIds.length === 0) return;
  await deleteConnections(connectionIds);
  await closeConnections(connectionIds);
}

/** Asks API Gateway to close connections; one that does not close is logged. */
export async function closeConnections(connectionIds: readonly string[]): Promise<void> {
  await Promise.all(
    connectionIds.map(async (connectionId) => {
      try {
        await closeConnection(connectionId);
      } catch (error) {
        logger.warn('Realtime connection not closed', { connectionId, error: error as Error });
      }
    }),
  );
}

/**
 * Ends the realtime connections of a user whose sign-in ended (docs/decisions/0006): every one of
 * them (sign out everywhere, leaving), or, with `originJti`, those opened by the tokens of that one
 * sign-in (sign out on one device). One Query on the user's connections (gsi1). Answers how many
 * were ended.
 */
export async function endConnectionsOf(
  userId: string,
  options: { originJti?: string } = {},
): Promise<number> {
  const ended = (await connectionsOf(userId))
    .filter((c) => options.originJti === undefined || c.origin.originJti === options.originJti)
    .map((c) => c.connectionId);
  await endConnections(ended);
  return ended.length;
}

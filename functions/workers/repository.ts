import { isConditionFailure } from '../lib/conditions';
import { workersDb as db } from './store';

/** How long a worker owns a message it has started (longer than the worker's Lambda timeout). */
export const LOCK_MS = 2 * 60 * 1000;
/** How long a finished message is remembered: beyond SQS's longest retention (14 days). */
export const DONE_TTL_SECONDS = 15 * 24 * 60 * 60;

/**
 * - `claimed`: this worker owns the message and must process it;
 * - `done`: the message was already processed, there is nothing to do;
 * - `busy`: another worker is processing it right now; try again later.
 */
export type Claim = 'claimed' | 'done' | 'busy';

/**
 * Takes a message with one conditional write: it succeeds when nobody has seen the message, or
 * when the worker that took it let its lock expire without finishing.
 */
export async function claimMessage(messageId: string, nowMs = Date.now()): Promise<Claim> {
  try {
    await db()
      .entities.processedMessage.put({
        messageId,
        status: 'inProgress',
        lockedUntil: nowMs + LOCK_MS,
        expiresAt: Math.floor(nowMs / 1000) + DONE_TTL_SECONDS,
      })
      .where(
        ({ messageId: id, status, lockedUntil }, { notExists, eq, lt }) =>
          `${notExists(id)} OR (${eq(status, 'inProgress')} AND ${lt(lockedUntil, nowMs)})`,
      )
      .go();
    return 'claimed';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const { data } = await db().entities.processedMessage.get({ messageId }).go({ consistent: true });
  return data?.status === 'done' ? 'done' : 'busy';
}

export async function completeMessage(messageId: string, nowMs = Date.now()): Promise<void> {
  await db()
    .entities.processedMessage.patch({ messageId })
    .set({ status: 'done', expiresAt: Math.floor(nowMs / 1000) + DONE_TTL_SECONDS })
    .go();
}

/** Gives a message back after a failure, so that its redelivery is processed. */
export async function releaseMessage(messageId: string): Promise<void> {
  await db()
    .entities.processedMessage.delete({ messageId })
    .where(({ status }, { eq }) => eq(status, 'inProgress'))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

import type { EntityItem } from 'electrodb';
import { CHAT_DAILY_MESSAGES } from '@shared/domain/chat';
import { isConditionFailure } from '../lib/conditions';
import { eraseInBatches } from '../lib/domain';
import { withinLimit } from '../lib/quotas';
import type { ChatThreadEntity } from './entities/chat-thread';
import { chatDb as db } from './store';

export type ChatThreadItem = EntityItem<typeof ChatThreadEntity>;
export type StoredChatMessage = ChatThreadItem['messages'][number];

/** One of the person's threads: one consistent GetItem in their partition; null when not theirs. */
export async function findThread(userId: string, threadId: string): Promise<ChatThreadItem | null> {
  const { data } = await db().entities.chatThread.get({ userId, threadId }).go({ consistent: true });
  return data;
}

/** The person's threads: one Query of their partition (newest first: ids begin with the time). */
export async function threadsOf(userId: string): Promise<ChatThreadItem[]> {
  const { data } = await db()
    .entities.chatThread.query.byUser({ userId })
    .go({ pages: 'all', order: 'desc' });
  return data;
}

/** Writes a new thread; false when its id exists (never, but never overwritten either). */
export async function insertThread(item: ChatThreadItem): Promise<boolean> {
  try {
    await db().entities.chatThread.create(item).go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Replaces what changes of a thread on the condition that it is still the version read: false when
 * another write came first (the caller reads again).
 */
export async function saveThread(
  read: Pick<ChatThreadItem, 'userId' | 'threadId' | 'version'>,
  next: Pick<ChatThreadItem, 'status' | 'messages' | 'risks' | 'deniedRisk' | 'updatedAt' | 'expiresAt'> & {
    summary?: string | undefined;
  },
): Promise<boolean> {
  try {
    await db()
      .entities.chatThread.patch({ userId: read.userId, threadId: read.threadId })
      .set({
        status: next.status,
        messages: next.messages,
        risks: next.risks,
        deniedRisk: next.deniedRisk,
        updatedAt: next.updatedAt,
        expiresAt: next.expiresAt,
        version: read.version + 1,
        ...(next.summary !== undefined ? { summary: next.summary } : {}),
      })
      .where(({ version }, { eq }) => eq(version, read.version))
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Takes one message of the person's day under the budget (one conditional `ADD`): false when the
 * day's messages are used.
 */
export async function takeBudget(
  userId: string,
  day: string,
  expiresAt: number,
  limit = CHAT_DAILY_MESSAGES,
) {
  try {
    await db()
      .entities.chatBudget.update({ userId, day })
      .add({ used: 1 })
      .set({ expiresAt })
      .where(({ used }, op) => withinLimit(used, limit, op))
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The person's budget days: one Query of their partition ("my data"). */
export async function budgetsOf(userId: string) {
  const { data } = await db().entities.chatBudget.query.byUser({ userId }).go({ pages: 'all' });
  return data;
}

export async function deleteThread(userId: string, threadId: string): Promise<void> {
  await db().entities.chatThread.delete({ userId, threadId }).go({ response: 'none' });
}

/** Erases a person's threads and budget days (they leave). */
export async function eraseChat(
  threads: readonly Pick<ChatThreadItem, 'userId' | 'threadId'>[],
  budgets: readonly { userId: string; day: string }[],
): Promise<void> {
  await eraseInBatches(
    (keys) => db().entities.chatThread.delete(keys).go(),
    threads.map(({ userId, threadId }) => ({ userId, threadId })),
  );
  await eraseInBatches(
    (keys) => db().entities.chatBudget.delete(keys).go(),
    budgets.map(({ userId, day }) => ({ userId, day })),
  );
}

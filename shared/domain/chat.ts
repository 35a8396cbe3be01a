/**
 * The assistant chat (spec 01 §1, §2, §4; spec 02 §1, §3, §4, §9; decision 0054), without I/O: its
 * modes, a thread's states, its limits and the rules that move a thread from one state to another.
 */

/** The two chat buttons of a feeling: explore it further, or regain control. */
export const CHAT_MODES = ['explore', 'regain-control'] as const;
export type ChatMode = (typeof CHAT_MODES)[number];

/**
 * - `open`: the assistant answers;
 * - `safety`: a message suggested risk to the person's life; the assistant stopped coaching and
 *   asks them to confirm, then shows who to call (decision 0054);
 * - `completed`: ended by the person, with its summary; further messages are ignored.
 */
export const CHAT_THREAD_STATUSES = ['open', 'safety', 'completed'] as const;
export type ChatThreadStatus = (typeof CHAT_THREAD_STATUSES)[number];

export const CHAT_MESSAGE_STATUSES = ['in-progress', 'completed'] as const;
export type ChatMessageStatus = (typeof CHAT_MESSAGE_STATUSES)[number];

/** What a person may type in one message. */
export const CHAT_TEXT_MAX_LENGTH = 2000;
/** The closing summary (spec 02 §9): fewer than 500 characters. */
export const CHAT_SUMMARY_MAX_LENGTH = 499;
/** The messages a person may send in one day, all threads together (the model's cost, ASVS 2.4.1). */
export const CHAT_DAILY_MESSAGES = 60;
/** The person's messages in one thread: a conversation longer than this starts a new one. */
export const CHAT_THREAD_MAX_MESSAGES = 20;
/** How long a thread is kept after its last message, in days; then it is erased. */
export const CHAT_RETENTION_DAYS = 90;
/** Budget days are Brussels days, like the product's other daily limits. */
export const CHAT_BUDGET_TIME_ZONE = 'Europe/Brussels';

/**
 * Cuts a summary to fewer than 500 characters, at the last sentence or word that fits, with an
 * ellipsis when something was cut. A summary already short enough is kept as it is.
 */
export function clampSummary(text: string, max = CHAT_SUMMARY_MAX_LENGTH): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1);
  const sentence = room.lastIndexOf('. ');
  if (sentence > max / 2) return room.slice(0, sentence + 1);
  const word = room.lastIndexOf(' ');
  return `${(word > max / 2 ? room.slice(0, word) : room).replace(/[\s,;:.]+$/, '')}…`;
}

/** What a new message of the person does to the thread, as it stands. */
export type ChatSendOutcome = 'answer' | 'ignored' | 'too-long';

/**
 * A completed thread ignores further messages (spec 01 §4); a thread at its length cap refuses
 * them; otherwise the assistant answers (or, in the safety step, the safety step answers).
 */
export function sendOutcome(thread: { status: ChatThreadStatus; userMessages: number }): ChatSendOutcome {
  if (thread.status === 'completed') return 'ignored';
  if (thread.userMessages >= CHAT_THREAD_MAX_MESSAGES) return 'too-long';
  return 'answer';
}

/** The epoch second a thread whose last message was at `lastAt` is erased (its TTL). */
export function chatExpiresAt(lastAt: Date): number {
  return Math.floor(lastAt.getTime() / 1000) + CHAT_RETENTION_DAYS * 24 * 60 * 60;
}

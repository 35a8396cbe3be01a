import { randomBytes } from 'node:crypto';
import {
  CHAT_BUDGET_KEY,
  CHAT_FEELING_KEY,
  CHAT_NOT_IN_SAFETY_KEY,
  CHAT_THREAD_TOO_LONG_KEY,
  type ChatMessage,
  type ChatThread,
  type ChatThreadCreateSchema,
  type ChatThreadSummary,
} from '@shared/contracts/chat';
import type { Language } from '@shared/contracts/headers';
import {
  CHAT_BUDGET_TIME_ZONE,
  CHAT_DAILY_MESSAGES,
  CHAT_THREAD_MAX_MESSAGES,
  chatExpiresAt,
  clampSummary,
  sendOutcome,
} from '@shared/domain/chat';
import { needsSafetyStep, riskOf, type RiskLevel } from '@shared/domain/crisis';
import { dayOf } from '@shared/domain/time-zones';
import type * as z from 'zod';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../lib/errors';
import { feelingChatContext, type FeelingChatContext } from '../feelings';
import { publishAfterWrite, publisherFor } from '../realtime';
import type { Assistant, ReplyInput } from './assistant/assistant';
import { localAssistant } from './assistant/local';
import { modelAssistant } from './assistant/model';
import {
  deleteThread,
  findThread,
  insertThread,
  saveThread,
  takeBudget,
  threadsOf,
  type ChatThreadItem,
  type StoredChatMessage,
} from './repository';
import { SAFETY_DENIED, SAFETY_QUESTION, SAFETY_REMINDER, SAFETY_RESOURCES, SAFETY_SUMMARY } from './texts';

/**
 * The assistant chat (decision 0054). Each message of the person takes one of their day's budget,
 * is checked for signs of risk (shared/domain/crisis.ts) and answered: by the assistant while the
 * conversation is open, by the safety step once a sign asks for it. The reply is written into the
 * thread as it streams (the person's open tabs hear it as realtime `chat` events when they asked
 * for them), and the HTTP answer holds the whole thread once it is complete.
 */

/** The model with its guardrail in AWS; the scripted local assistant without a model. */
export function currentAssistant(): Assistant {
  const { BEDROCK_MODEL_ID, BEDROCK_GUARDRAIL_ID, BEDROCK_GUARDRAIL_VERSION } = config();
  if (!BEDROCK_MODEL_ID) return localAssistant;
  if (!BEDROCK_GUARDRAIL_ID || !BEDROCK_GUARDRAIL_VERSION)
    throw new Error('The assistant answers through the model only with its guardrail (decision 0054)');
  return modelAssistant(BEDROCK_MODEL_ID, { id: BEDROCK_GUARDRAIL_ID, version: BEDROCK_GUARDRAIL_VERSION });
}

/** The least time between two streamed events of one reply, in ms. */
const STREAM_EVENT_MS = 120;
/** Attempts at writing a reply when another write of the thread came first. */
const SAVE_ATTEMPTS = 4;

const compact = (iso: string) => iso.replace(/[-:.]/g, '');
const newId = (at: string) => `${compact(at)}-${randomBytes(4).toString('hex')}`;

function toMessage(m: StoredChatMessage): ChatMessage {
  return {
    id: m.id,
    text: m.text,
    user: m.user,
    kind: m.kind,
    status: m.status,
    inError: m.inError,
    isWriting: m.user === 'assistant' && m.status === 'in-progress',
    ...(m.contextId !== undefined ? { contextId: m.contextId } : {}),
    ...(m.cardId !== undefined ? { cardId: m.cardId } : {}),
    timestamp: m.timestamp,
  };
}

export function toThread(item: ChatThreadItem): ChatThread {
  return {
    id: item.threadId,
    mode: item.mode,
    status: item.status,
    assistant: item.assistant,
    ...(item.feelingId !== undefined ? { feelingId: item.feelingId } : {}),
    ...(item.summary !== undefined ? { summary: item.summary } : {}),
    messages: item.messages.map(toMessage),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

function toSummary(item: ChatThreadItem): ChatThreadSummary {
  const { messages: _, ...rest } = toThread(item);
  const first = item.messages.find((m) => m.user === 'me')?.text ?? '';
  return {
    ...rest,
    title: first.length > 80 ? `${first.slice(0, 79)}…` : first,
    messageCount: item.messages.length,
  };
}

/** Takes one message of the person's day, or answers 429 with the key and the limit. */
async function spend(userId: string, now: Date): Promise<void> {
  const day = dayOf(now.toISOString(), CHAT_BUDGET_TIME_ZONE);
  const expiresAt = Math.floor(now.getTime() / 1000) + 2 * 24 * 60 * 60;
  if (!(await takeBudget(userId, day, expiresAt)))
    throw new DomainError(CHAT_BUDGET_KEY, 429, {
      details: [{ key: CHAT_BUDGET_KEY, values: { limit: CHAT_DAILY_MESSAGES } }],
    });
}

const userMessagesOf = (item: Pick<ChatThreadItem, 'messages'>) =>
  item.messages.filter((m) => m.user === 'me').length;

/** What the assistant reads of a thread: its turns, its mode, the feeling. */
function replyInput(item: ChatThreadItem, feeling: FeelingChatContext | undefined): ReplyInput {
  return {
    mode: item.mode,
    language: item.language,
    userName: item.userName,
    feeling,
    turns: item.messages
      .filter((m) => m.kind === 'text' && !(m.user === 'assistant' && m.status === 'in-progress'))
      .map((m) => ({ user: m.user, text: m.text, contextId: m.contextId, cardId: m.cardId })),
  };
}

async function feelingOf(item: Pick<ChatThreadItem, 'userId' | 'feelingId'>) {
  if (item.feelingId === undefined) return undefined;
  return (await feelingChatContext(item.userId, item.feelingId)) ?? undefined;
}

/**
 * Writes the reply's final state into the thread: the message replaced by its id, on the condition
 * that the thread is the version read; when another write came first, read again and retry.
 */
async function settle(
  item: ChatThreadItem,
  message: StoredChatMessage,
  change: Partial<Pick<ChatThreadItem, 'status'>>,
  now: Date,
): Promise<ChatThreadItem> {
  let current = item;
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    const next = {
      status: change.status ?? current.status,
      messages: current.messages.map((m) => (m.id === message.id ? message : m)),
      risks: current.risks,
      deniedRisk: current.deniedRisk,
      updatedAt: now.toISOString(),
      expiresAt: chatExpiresAt(now),
    };
    if (await saveThread(current, next)) return { ...current, ...next, version: current.version + 1 };
    const again = await findThread(current.userId, current.threadId);
    if (!again) throw new NotFoundError();
    current = again;
  }
  throw new ConflictError('conflict');
}

/**
 * Answers the person's last message, whose thread (with that message and the assistant's message
 * being written, `pending`) is stored as `item`: the safety step when the thread is in it, else
 * the assistant, streamed.
 */
async function answer(
  item: ChatThreadItem,
  pending: StoredChatMessage,
  now: () => Date,
): Promise<ChatThreadItem> {
  const publish = item.enableWebsocket ? publisherFor(item.userId) : undefined;
  const event = (message: StoredChatMessage, action: 'created' | 'updated') =>
    publish?.({ type: 'chat', action, chat: { threadId: item.threadId, message: toMessage(message) } });
  await event(pending, 'created');

  if (item.status === 'safety') {
    const done: StoredChatMessage = {
      ...pending,
      text: SAFETY_REMINDER[item.language],
      kind: 'safety-resources',
      status: 'completed',
    };
    const settled = await settle(item, done, {}, now());
    await event(done, 'updated');
    return settled;
  }

  const feeling = await feelingOf(item);
  const assistant = currentAssistant();
  let last = 0;
  let written = '';
  const reply = await assistant
    .reply(replyInput(item, feeling), async (soFar) => {
      written = soFar;
      const at = Date.now();
      if (at - last < STREAM_EVENT_MS) return;
      last = at;
      await event({ ...pending, text: soFar }, 'updated');
    })
    .catch((error: unknown) => {
      // The call failed before or while writing: what was written is kept and marked in error.
      // The log names the failure, never the conversation.
      logger.warn('The assistant could not answer', { error: error as Error, written: written.length });
      return { text: written, end: 'interrupted' as const, contextId: undefined, cardId: undefined };
    });

  let done: StoredChatMessage;
  let status: ChatThreadItem['status'] | undefined;
  if (reply.end === 'risk') {
    // The guardrail stopped the model on a self-harm topic: the safety step takes over.
    done = { ...pending, text: SAFETY_QUESTION[item.language], kind: 'safety-question', status: 'completed' };
    status = 'safety';
  } else {
    done = {
      ...pending,
      text: reply.text,
      status: 'completed',
      inError: reply.end === 'interrupted',
      ...(reply.contextId !== undefined ? { contextId: reply.contextId } : {}),
      ...(reply.cardId !== undefined ? { cardId: reply.cardId } : {}),
    };
  }
  const settled = await settle(item, done, status ? { status } : {}, now());
  await event(done, 'updated');
  return settled;
}

/** The person's message and the assistant's message to write, and what the message's risk makes of the thread. */
function turnOf(
  item: Pick<ChatThreadItem, 'status' | 'risks' | 'deniedRisk'>,
  text: string,
  at: string,
): {
  mine: StoredChatMessage;
  pending: StoredChatMessage;
  risks: RiskLevel[];
  status: ChatThreadItem['status'];
} {
  const risks = [...(item.risks as RiskLevel[]), riskOf(text)];
  const safetyNow = item.status === 'open' && needsSafetyStep(risks, item.deniedRisk);
  const mine: StoredChatMessage = {
    id: newId(at),
    text,
    user: 'me',
    kind: 'text',
    status: 'completed',
    inError: false,
    timestamp: at,
  };
  const pending: StoredChatMessage = {
    id: newId(at),
    text: '',
    user: 'assistant',
    kind: 'text',
    status: 'in-progress',
    inError: false,
    timestamp: at,
  };
  return { mine, pending, risks, status: safetyNow ? 'safety' : item.status };
}

/** The safety question, written at once in place of a reply. */
function safetyQuestion(pending: StoredChatMessage, language: Language): StoredChatMessage {
  return { ...pending, text: SAFETY_QUESTION[language], kind: 'safety-question', status: 'completed' };
}

/** POST /v1/ai/chat-threads: opens a thread with the person's first message, answered. */
export async function createThread(
  userId: string,
  body: z.infer<typeof ChatThreadCreateSchema>,
  language: Language,
  now: () => Date = () => new Date(),
): Promise<ChatThread> {
  const feelingId = body.feelingContext?.feelingId;
  if (feelingId !== undefined && !(await feelingChatContext(userId, feelingId)))
    throw new ValidationError([{ key: CHAT_FEELING_KEY, field: 'body.feelingContext.feelingId' }]);
  const at = now();
  await spend(userId, at);
  const iso = at.toISOString();
  const assistant = currentAssistant();
  const turn = turnOf({ status: 'open', risks: [], deniedRisk: false }, body.text, iso);
  const first = turn.status === 'safety' ? safetyQuestion(turn.pending, language) : turn.pending;
  const item: ChatThreadItem = {
    userId,
    threadId: newId(iso),
    mode: body.mode,
    status: turn.status,
    assistant: assistant.kind,
    language,
    ...(feelingId !== undefined ? { feelingId } : {}),
    ...(body.userName ? { userName: body.userName } : {}),
    enableWebsocket: body.enableWebsocket,
    messages: [turn.mine, first],
    risks: turn.risks,
    deniedRisk: false,
    version: 1,
    createdAt: iso,
    updatedAt: iso,
    expiresAt: chatExpiresAt(at),
  };
  if (!(await insertThread(item))) throw new ConflictError('conflict');
  await publishAfterWrite(userId, { type: 'chat', action: 'created' });
  if (turn.status === 'safety') {
    if (item.enableWebsocket)
      await publisherFor(userId)({
        type: 'chat',
        action: 'created',
        chat: { threadId: item.threadId, message: toMessage(first) },
      });
    return toThread(item);
  }
  return toThread(await answer(item, turn.pending, now));
}

/**
 * POST /v1/ai/chat-threads/{id}/messages: the next message. A completed thread ignores it (the
 * thread is answered as it is); a thread at its length answers 409 with the limit.
 */
export async function sendMessage(
  userId: string,
  threadId: string,
  text: string,
  now: () => Date = () => new Date(),
): Promise<ChatThread> {
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    const item = await findThread(userId, threadId);
    if (!item) throw new NotFoundError();
    const outcome = sendOutcome({ status: item.status, userMessages: userMessagesOf(item) });
    if (outcome === 'ignored') return toThread(item);
    if (outcome === 'too-long')
      throw new ConflictError(CHAT_THREAD_TOO_LONG_KEY, {
        details: [{ key: CHAT_THREAD_TOO_LONG_KEY, values: { limit: CHAT_THREAD_MAX_MESSAGES } }],
      });
    if (attempt === 0) await spend(userId, now());
    const at = now();
    const iso = at.toISOString();
    const turn = turnOf(item, text, iso);
    const enteringSafety = turn.status === 'safety' && item.status === 'open';
    const assistantMessage = enteringSafety ? safetyQuestion(turn.pending, item.language) : turn.pending;
    const next = {
      status: turn.status,
      messages: [...item.messages, turn.mine, assistantMessage],
      risks: turn.risks,
      deniedRisk: item.deniedRisk,
      updatedAt: iso,
      expiresAt: chatExpiresAt(at),
    };
    if (!(await saveThread(item, next))) continue;
    const saved: ChatThreadItem = { ...item, ...next, version: item.version + 1 };
    if (enteringSafety) {
      if (item.enableWebsocket)
        await publisherFor(userId)({
          type: 'chat',
          action: 'created',
          chat: { threadId, message: toMessage(assistantMessage) },
        });
      return toThread(saved);
    }
    return toThread(await answer(saved, turn.pending, now));
  }
  throw new ConflictError('conflict');
}

export async function getThread(userId: string, threadId: string): Promise<ChatThread> {
  const item = await findThread(userId, threadId);
  if (!item) throw new NotFoundError();
  return toThread(item);
}

export async function listThreads(userId: string, page: { max: number; offset: number }) {
  const items = await threadsOf(userId);
  return {
    count: items.length,
    items: items.slice(page.offset, page.offset + page.max).map(toSummary),
    max: page.max,
    offset: page.offset,
  };
}

/**
 * POST /v1/ai/chat-threads/{id}/end: the summary (fewer than 500 characters) and the end. A thread
 * in the safety step gets the safety step's own summary, never a model's. Ending twice answers it.
 */
export async function endThread(userId: string, threadId: string, now: () => Date = () => new Date()) {
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    const item = await findThread(userId, threadId);
    if (!item) throw new NotFoundError();
    if (item.status === 'completed') return toThread(item);
    const summary =
      item.status === 'safety'
        ? SAFETY_SUMMARY[item.language]
        : clampSummary(await currentAssistant().summarise(replyInput(item, await feelingOf(item))));
    const at = now();
    const next = {
      status: 'completed' as const,
      messages: item.messages.map((m) =>
        m.status === 'in-progress' ? { ...m, status: 'completed' as const, inError: true } : m,
      ),
      risks: item.risks,
      deniedRisk: item.deniedRisk,
      updatedAt: at.toISOString(),
      expiresAt: chatExpiresAt(at),
      summary,
    };
    if (await saveThread(item, next)) {
      await publishAfterWrite(userId, { type: 'chat', action: 'updated' });
      return toThread({ ...item, ...next, version: item.version + 1 });
    }
  }
  throw new ConflictError('conflict');
}

/**
 * POST /v1/ai/chat-threads/{id}/safety: the person's answer to the safety question. Yes: the safety
 * step, and no more coaching here. No: the chat goes on, and the next sign asks again at once.
 */
export async function answerSafety(
  userId: string,
  threadId: string,
  atRisk: boolean,
  now: () => Date = () => new Date(),
): Promise<ChatThread> {
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    const item = await findThread(userId, threadId);
    if (!item) throw new NotFoundError();
    const last = item.messages.at(-1);
    if (item.status !== 'safety' || last?.kind !== 'safety-question')
      throw new ConflictError(CHAT_NOT_IN_SAFETY_KEY);
    const at = now();
    const iso = at.toISOString();
    const reply: StoredChatMessage = {
      id: newId(iso),
      text: atRisk ? SAFETY_RESOURCES[item.language] : SAFETY_DENIED[item.language],
      user: 'assistant',
      kind: atRisk ? 'safety-resources' : 'text',
      status: 'completed',
      inError: false,
      timestamp: iso,
    };
    const next = {
      status: atRisk ? ('safety' as const) : ('open' as const),
      messages: [...item.messages, reply],
      risks: item.risks,
      deniedRisk: item.deniedRisk || !atRisk,
      updatedAt: iso,
      expiresAt: chatExpiresAt(at),
    };
    if (await saveThread(item, next)) {
      await publishAfterWrite(userId, { type: 'chat', action: 'updated' });
      return toThread({ ...item, ...next, version: item.version + 1 });
    }
  }
  throw new ConflictError('conflict');
}

export async function removeThread(userId: string, threadId: string): Promise<undefined> {
  const item = await findThread(userId, threadId);
  if (!item) throw new NotFoundError();
  await deleteThread(userId, threadId);
  await publishAfterWrite(userId, { type: 'chat', action: 'deleted' });
  return undefined;
}

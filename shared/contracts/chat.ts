import * as z from 'zod';
import { defineRoute, type RouteContract } from './route';
import { listOf } from './list';
import { ChatMessageSchema } from './chat-messages';
import { CHAT_MODES, CHAT_TEXT_MAX_LENGTH, CHAT_THREAD_STATUSES } from '../domain/chat';
import type { ClientLimit } from '../domain/client-limits';

/**
 * The assistant chat (spec 01 §1, §2, §6, §7; spec 02 §3, §7, §9; decision 0054), served by the
 * chat domain. A thread is the person's alone: it is read by its key in their own partition, so
 * anyone else's id answers 404. Opening a thread and writing to it is `post` on `chat-thread`
 * (Essentials: the model's cost is a plan's); reading, ending, answering the safety question and
 * deleting one's own threads stay open to every registered person (their own data).
 *
 * With `enableWebsocket`, the assistant's reply also streams to the person's open tabs as realtime
 * `chat` events (created, then updated as it is written, the message in `chat`); the HTTP answer
 * always holds the whole thread once the reply is complete.
 */

/** 429: the person's messages of the day are used (`values.limit`). */
export const CHAT_BUDGET_KEY = 'chat-budget-exceeded';
/** 409: the thread reached its length; a new conversation starts a new thread (`values.limit`). */
export const CHAT_THREAD_TOO_LONG_KEY = 'chat-thread-too-long';
/** 400 on `body.feelingContext.feelingId`: not a feeling of the caller. */
export const CHAT_FEELING_KEY = 'chat-feeling-not-valid';
export {
  CHAT_MESSAGE_KINDS,
  ChatEventSchema,
  ChatMessageSchema,
  type ChatEvent,
  type ChatMessage,
} from './chat-messages';

/** 409: the safety question was already answered, or the thread is not in the safety step. */
export const CHAT_NOT_IN_SAFETY_KEY = 'chat-not-in-safety-step';

export const ChatThreadSchema = z.object({
  id: z.string(),
  mode: z.enum(CHAT_MODES),
  status: z.enum(CHAT_THREAD_STATUSES),
  /** Who answers: the model (in AWS) or the local assistant (scripted, `npm start`), shown as such. */
  assistant: z.enum(['model', 'local']),
  feelingId: z.string().optional(),
  /** Written when the person ends the chat: fewer than 500 characters. */
  summary: z.string().optional(),
  messages: z.array(ChatMessageSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatThread = z.infer<typeof ChatThreadSchema>;

export const ChatThreadSummarySchema = ChatThreadSchema.omit({ messages: true }).extend({
  /** The person's first message, as a title. */
  title: z.string(),
  messageCount: z.number().int(),
});
export type ChatThreadSummary = z.infer<typeof ChatThreadSummarySchema>;

const text = z.string().trim().min(1, 'required').max(CHAT_TEXT_MAX_LENGTH, 'length-out-of-range-error');
const ThreadParams = z.strictObject({ id: z.string().min(1).max(64) });

export const ChatThreadCreateSchema = z.strictObject({
  mode: z.enum(CHAT_MODES, 'not-valid'),
  text,
  /** How the assistant addresses the person (their first name by default). */
  userName: z.string().trim().max(60, 'length-out-of-range-error').optional(),
  /** The feeling the chat is about: the server reads it (never its notes). */
  feelingContext: z.strictObject({ feelingId: z.string().min(1).max(64) }).optional(),
  enableWebsocket: z.boolean().default(false),
});
export type ChatThreadCreateInput = z.input<typeof ChatThreadCreateSchema>;

const CHAT_LIMIT: ClientLimit = { limit: 60, windowSeconds: 300 };

/** POST /v1/ai/chat-threads (spec 01 §7): a thread opened by the first message, answered. */
export const createChatThread = defineRoute({
  name: 'createChatThread',
  domain: 'chat',
  method: 'POST',
  path: '/v1/ai/chat-threads',
  auth: 'registered',
  ability: { action: 'post', subject: 'chat-thread' },
  body: ChatThreadCreateSchema,
  response: ChatThreadSchema,
  status: 201,
  clientLimit: CHAT_LIMIT,
  throttle: { rateLimit: 20, burstLimit: 40 },
});

/** POST /v1/ai/chat-threads/{id}/messages: the next message; a completed thread ignores it. */
export const sendChatMessage = defineRoute({
  name: 'sendChatMessage',
  domain: 'chat',
  method: 'POST',
  path: '/v1/ai/chat-threads/{id}/messages',
  auth: 'registered',
  ability: { action: 'post', subject: 'chat-thread' },
  params: ThreadParams,
  body: z.strictObject({ text }),
  response: ChatThreadSchema,
  clientLimit: CHAT_LIMIT,
  throttle: { rateLimit: 20, burstLimit: 40 },
});

/** GET /v1/ai/chat-threads/{id}: one of the caller's threads, whole. */
export const getChatThread = defineRoute({
  name: 'getChatThread',
  domain: 'chat',
  method: 'GET',
  path: '/v1/ai/chat-threads/{id}',
  auth: 'registered',
  params: ThreadParams,
  response: ChatThreadSchema,
});

/** GET /v1/ai/chat-threads: the caller's threads, newest first. */
export const listChatThreads = defineRoute({
  name: 'listChatThreads',
  domain: 'chat',
  method: 'GET',
  path: '/v1/ai/chat-threads',
  auth: 'registered',
  query: z.strictObject({
    _max: z.coerce.number().int().min(1).max(200).default(50),
    _offset: z.coerce.number().int().min(0).default(0),
  }),
  response: listOf(ChatThreadSummarySchema),
});

/**
 * POST /v1/ai/chat-threads/{id}/end: the person ends the chat; the assistant writes its summary
 * (fewer than 500 characters), which they may save into the feeling's notes. Ending twice answers
 * the thread as it is.
 */
export const endChatThread = defineRoute({
  name: 'endChatThread',
  domain: 'chat',
  method: 'POST',
  path: '/v1/ai/chat-threads/{id}/end',
  auth: 'registered',
  params: ThreadParams,
  response: ChatThreadSchema,
  clientLimit: CHAT_LIMIT,
});

/**
 * POST /v1/ai/chat-threads/{id}/safety {atRisk}: the person's answer to the safety question. Yes:
 * the safety step (who to call, grounding, a safety plan) and no more coaching in this thread. No:
 * the chat goes on, and a later sign is asked about again rather than dismissed (decision 0054).
 */
export const answerChatSafety = defineRoute({
  name: 'answerChatSafety',
  domain: 'chat',
  method: 'POST',
  path: '/v1/ai/chat-threads/{id}/safety',
  auth: 'registered',
  params: ThreadParams,
  body: z.strictObject({ atRisk: z.boolean() }),
  response: ChatThreadSchema,
});

/** DELETE /v1/ai/chat-threads/{id}: erases one thread of the caller's. */
export const deleteChatThread = defineRoute({
  name: 'deleteChatThread',
  domain: 'chat',
  method: 'DELETE',
  path: '/v1/ai/chat-threads/{id}',
  auth: 'registered',
  params: ThreadParams,
  response: z.undefined(),
  status: 204,
});

export const chatRoutes: readonly RouteContract[] = [
  createChatThread,
  sendChatMessage,
  getChatThread,
  listChatThreads,
  endChatThread,
  answerChatSafety,
  deleteChatThread,
];

import * as z from 'zod';
import { CHAT_MESSAGE_STATUSES } from '../domain/chat';

/**
 * A message of an assistant conversation (decision 0054), apart from the chat routes: the realtime
 * channel carries it too (shared/contracts/realtime.ts), and its Lambdas need no route of the chat.
 */

/**
 * What a message is: plain text, the assistant's question after a sign of risk (the person answers
 * it with the safety route), or the safety step itself (who to call; the SPA shows it in full).
 */
export const CHAT_MESSAGE_KINDS = ['text', 'safety-question', 'safety-resources'] as const;

export const ChatMessageSchema = z.object({
  id: z.string(),
  text: z.string(),
  user: z.enum(['me', 'assistant']),
  kind: z.enum(CHAT_MESSAGE_KINDS),
  status: z.enum(CHAT_MESSAGE_STATUSES),
  /** The reply failed or was cut; what was written so far is kept. */
  inError: z.boolean(),
  /** The assistant is writing it (the writing indicator). */
  isWriting: z.boolean(),
  /** The scripted question it asks (the local assistant's context questions). */
  contextId: z.string().optional(),
  /** The regulation technique it offers (shared/domain/regulation.ts). */
  cardId: z.string().optional(),
  timestamp: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** The realtime `chat` event's message: which thread, and the message as it stands. */
export const ChatEventSchema = z.object({ threadId: z.string(), message: ChatMessageSchema });
export type ChatEvent = z.infer<typeof ChatEventSchema>;

import * as z from 'zod';
import { ChatEventSchema } from './chat-messages';

/**
 * The realtime channel (spec 01 §4 and §7, spec 02 §7): the server tells a user's open
 * connections what changed, and the SPA refreshes what it already can fetch.
 */

/** What changed. */
export const REALTIME_TYPES = [
  'profile',
  'emails',
  'member',
  'spheres',
  'sessions',
  'ability',
  'feelings',
  'formSurveys',
  'strategyAssessments',
  'thinkings',
  'chat',
  'reportRenders',
  /** A galaxy, its members, spheres, quotas or change requests (decision 0045). */
  'galaxies',
] as const;
export type RealtimeType = (typeof REALTIME_TYPES)[number];

export const REALTIME_ACTIONS = ['created', 'updated', 'deleted'] as const;
export type RealtimeAction = (typeof REALTIME_ACTIONS)[number];

/**
 * One event sent over the WebSocket, as JSON. Events say what changed, not what it is, with one
 * exception: a `chat` event carries the assistant's message as it is written (decision 0054), so a
 * reply streams to its owner's tabs without a read per word.
 */
export const RealtimeEventSchema = z.strictObject({
  type: z.enum(REALTIME_TYPES),
  action: z.enum(REALTIME_ACTIONS),
  chat: ChatEventSchema.optional(),
});
export type RealtimeEvent = z.infer<typeof RealtimeEventSchema>;

/** The one message a client may send: keeps its connection known (functions/realtime/handler.ts). */
export const REALTIME_CLIENT_MESSAGE = { action: 'myself' } as const;

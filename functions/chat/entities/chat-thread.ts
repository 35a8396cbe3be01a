import { Entity, SERVICE } from '../../lib/entity';
import { CHAT_MESSAGE_STATUSES, CHAT_MODES, CHAT_THREAD_STATUSES } from '@shared/domain/chat';
import { CHAT_MESSAGE_KINDS } from '@shared/contracts/chat';

/**
 * One assistant conversation (decision 0054), in the person's own partition: its mode, its state,
 * its messages (a conversation is capped at 20 of the person's messages, so it fits one item and
 * is read whole with one GetItem), the risk each of the person's messages showed, and whether they
 * already said there was no danger. `version` conditions every write: two messages at once never
 * both extend the same conversation. Kept 90 days after its last message (`expiresAt`, the TTL).
 */
export const ChatThreadEntity = new Entity({
  model: { entity: 'chatThread', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    threadId: { type: 'string', required: true, readOnly: true },
    mode: { type: CHAT_MODES, required: true, readOnly: true },
    status: { type: CHAT_THREAD_STATUSES, required: true },
    /** `model` in AWS, `local` for the scripted local assistant: shown to the person as such. */
    assistant: { type: ['model', 'local'] as const, required: true, readOnly: true },
    language: { type: ['fr', 'en', 'nl'] as const, required: true, readOnly: true },
    feelingId: { type: 'string', readOnly: true },
    /** How the assistant addresses the person, as they gave it. */
    userName: { type: 'string', readOnly: true },
    enableWebsocket: { type: 'boolean', required: true, readOnly: true },
    messages: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          id: { type: 'string', required: true },
          text: { type: 'string', required: true },
          user: { type: ['me', 'assistant'] as const, required: true },
          kind: { type: CHAT_MESSAGE_KINDS, required: true },
          status: { type: CHAT_MESSAGE_STATUSES, required: true },
          inError: { type: 'boolean', required: true },
          contextId: { type: 'string' },
          cardId: { type: 'string' },
          timestamp: { type: 'string', required: true },
        },
      },
    },
    /** The risk of each of the person's messages, in order (shared/domain/crisis.ts). */
    risks: { type: 'list', required: true, items: { type: 'string' } },
    /** The person answered the safety question with no: a later sign asks again at once. */
    deniedRisk: { type: 'boolean', required: true },
    summary: { type: 'string' },
    version: { type: 'number', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['threadId'] },
    },
  },
});

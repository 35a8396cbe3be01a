import { Entity, SERVICE } from '../../lib/entity';

/**
 * Marker of a queue message a worker has taken or finished, keyed by the message's own id, so a
 * message delivered twice (SQS is at-least-once) has one effect. `inProgress` markers carry a lock
 * that expires, so a worker that died mid-way does not block the message for ever.
 */
export const ProcessedMessageEntity = new Entity({
  model: { entity: 'processedMessage', version: '1', service: SERVICE },
  attributes: {
    messageId: { type: 'string', required: true, readOnly: true },
    status: { type: ['inProgress', 'done'] as const, required: true },
    /** Epoch milliseconds until which an `inProgress` marker belongs to the worker that set it. */
    lockedUntil: { type: 'number', required: true },
    /** Epoch seconds (table TTL attribute). */
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byMessage: {
      pk: { field: 'pk', composite: ['messageId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

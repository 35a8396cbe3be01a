import { Entity, SERVICE } from '../../lib/entity';

/**
 * A webhook event of the card provider, taken once (decision 0051): created on the condition that
 * none exists with its id, so an event delivered twice is applied once. It holds no userId; the
 * TTL (`expiresAt`, epoch seconds) removes it after the provider's retry window.
 */
export const PaymentEventEntity = new Entity({
  model: { entity: 'paymentEvent', version: '1', service: SERVICE },
  attributes: {
    eventId: { type: 'string', required: true, readOnly: true },
    type: { type: 'string', required: true, readOnly: true },
    /** `taken` while it is applied, `done` once applied. */
    state: { type: ['taken', 'done'] as const, required: true },
    receivedAt: { type: 'string', required: true, readOnly: true },
    expiresAt: { type: 'number', required: true, readOnly: true },
  },
  indexes: {
    byEvent: {
      pk: { field: 'pk', composite: ['eventId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

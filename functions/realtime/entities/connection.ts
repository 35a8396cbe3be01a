import { Entity, SERVICE } from '../../lib/entity';

/**
 * One open WebSocket connection of a user. Found by connection id on `$disconnect` and by user
 * (gsi1) when an event is published to that user; DynamoDB's TTL removes connections that were
 * never closed cleanly.
 */
export const ConnectionEntity = new Entity({
  model: { entity: 'connection', version: '1', service: SERVICE },
  attributes: {
    connectionId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    connectedAt: { type: 'string', required: true, readOnly: true },
    /** Epoch seconds (table TTL attribute). */
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byConnection: {
      pk: { field: 'pk', composite: ['connectionId'] },
      sk: { field: 'sk', composite: [] },
    },
    byUser: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId'] },
      sk: { field: 'gsi1sk', composite: ['connectionId'] },
    },
  },
});

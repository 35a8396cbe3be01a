import { Entity, SERVICE } from '../../lib/entity';

/**
 * One open WebSocket connection of a user. Found by connection id on `$disconnect` and on each
 * keep-alive, and by user (gsi1) when an event is published to that user or when the user's sign-in
 * ends (sign out, leaving: their connections are closed). It keeps what the token check needs of
 * the id token that opened it (`authTime`, `originJti`), so that a keep-alive passes the same check
 * as `$connect` without a token. DynamoDB's TTL removes connections that were never closed cleanly.
 */
export const ConnectionEntity = new Entity({
  model: { entity: 'connection', version: '1', service: SERVICE },
  attributes: {
    connectionId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    connectedAt: { type: 'string', required: true, readOnly: true },
    /** `auth_time` of the id token that opened it, epoch seconds (the sign-in it belongs to). */
    authTime: { type: 'number', required: true, readOnly: true },
    /** `origin_jti` of that token; absent when the token had none. */
    originJti: { type: 'string', readOnly: true },
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

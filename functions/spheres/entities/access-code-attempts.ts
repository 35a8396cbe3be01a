import { Entity, SERVICE } from '../../lib/entity';

/**
 * Wrong access codes given for one address in one sphere within the window (spec: rate-limited
 * like sign-in codes): keyed by the sphere and the address, so no client, token or route resets
 * it; it expires with its window (TTL).
 */
export const AccessCodeAttemptsEntity = new Entity({
  model: { entity: 'accessCodeAttempts', version: '1', service: SERVICE },
  attributes: {
    sphereId: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true, readOnly: true },
    failures: { type: 'number', required: true },
    /** Epoch ms of the first failure of the window. */
    windowStart: { type: 'number', required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byAddress: {
      pk: { field: 'pk', composite: ['sphereId', 'email'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

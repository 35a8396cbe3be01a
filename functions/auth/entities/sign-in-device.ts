import { Entity, SERVICE } from '../../lib/entity';

/**
 * A browser that signed in as a person before (docs/decisions/0006, "Known devices"): it holds a
 * random key, of which only the SHA-256 is kept here. A sign-in or an access-code attempt that
 * carries a live key of the person has guesses of its own, which strangers without it can never
 * spend. `expiresAt` (TTL, epoch seconds) ends it; signing out everywhere and leaving delete it.
 */
export const SignInDeviceEntity = new Entity({
  model: { entity: 'signInDevice', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    keyHash: { type: 'string', required: true, readOnly: true },
    /** The address it signed in with by a sphere's access code, when it did (an account's is on it). */
    email: { type: 'string' },
    /** The sphere whose access code earned it, when one did. */
    sphereId: { type: 'string' },
    /** Epoch ms. */
    createdAt: { type: 'number', required: true, readOnly: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['keyHash'] },
    },
  },
});

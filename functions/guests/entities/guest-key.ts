import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/**
 * The guest's sign-in secret: only its SHA-256 (base64url) is stored. The guest challenge of the
 * custom-auth triggers compares against it; converting the guest deletes it, so the secret stops
 * working the moment the account signs in with email codes.
 */
export const GuestKeyEntity = new Entity({
  model: { entity: 'guestKey', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    secretHash: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

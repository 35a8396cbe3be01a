import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/**
 * Which user proved an email address: one item per address, written only when the address is
 * verified (email verification code, or the first sign-in code of a new account) with a condition
 * that no verified owner exists, so a verified address belongs to one account at most and sign-in
 * finds the account in one GetItem. Unverified claims are only the claimant's `userEmail` item:
 * they block nobody. `isVerified` is always true (older unverified items are ignored).
 */
export const EmailOwnerEntity = new Entity({
  model: { entity: 'emailOwner', version: '1', service: SERVICE },
  attributes: {
    email: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true },
    isVerified: { type: 'boolean', required: true, default: false },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
  },
  indexes: {
    byEmail: {
      pk: { field: 'pk', composite: ['email'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

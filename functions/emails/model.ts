import { Entity } from '../lib/entity';

const SERVICE = 'wellbeing';

/**
 * The verification code of one of a user's addresses: one item per (user, address), replaced by
 * each new code. Only a salted HMAC of the code is stored. The flood limit is not here but in the
 * address's `codeSend` slots (functions/auth/model.ts), which deleting the address does not erase;
 * `revision` makes replacing the item conditional. `expiresAt` (TTL, epoch s).
 */
export const EmailCodeEntity = new Entity({
  model: { entity: 'emailCode', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true, readOnly: true },
    codeHash: { type: 'string', required: true },
    salt: { type: 'string', required: true },
    validUntil: { type: 'number', required: true },
    attempts: { type: 'number', required: true, default: 0 },
    revision: { type: 'number', required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byUserEmail: {
      pk: { field: 'pk', composite: ['userId', 'email'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

/**
 * The phone change of a user (spec 01 §8 Phone): the number waiting for its SMS code, the code's
 * hash, the change requests of the last 24 hours, the wrong codes, and a lock with its reason.
 */
export const PhoneVerificationEntity = new Entity({
  model: { entity: 'phoneVerification', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    pendingPhone: { type: 'string' },
    codeHash: { type: 'string' },
    salt: { type: 'string' },
    validUntil: { type: 'number' },
    /** Epoch ms of the change requests (codes sent) of the last 24 hours. */
    requests: { type: 'list', items: { type: 'number' }, required: true, default: () => [] },
    /** Wrong codes since the last lock or success. */
    failures: { type: 'number', required: true, default: 0 },
    lockedUntil: { type: 'number' },
    lockReason: { type: ['too-many-phone-attempts', 'too-many-phone-code-attempts'] as const },
    revision: { type: 'number', required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

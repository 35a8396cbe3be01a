import { Entity, SERVICE } from '../../lib/entity';

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

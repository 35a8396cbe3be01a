import { Entity, SERVICE } from '../../lib/entity';

/**
 * The verification code of one of a user's addresses: one item per (user, address), replaced by
 * each new code. Only a salted HMAC of the code is stored. The flood limit is not here but in the
 * address's `codeSend` slots (functions/auth/entities/code-send.ts), which deleting the address does not erase;
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

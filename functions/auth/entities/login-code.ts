import { Entity, SERVICE } from '../../lib/entity';

/**
 * A sign-in code sent by email. Only a salted HMAC of the code is stored. One item per code, keyed
 * by the address it was sent to; `expiresAt` (TTL, epoch seconds) lets DynamoDB delete it, while
 * `validUntil` (epoch ms) is what decides whether the code is still accepted.
 */
export const LoginCodeEntity = new Entity({
  model: { entity: 'loginCode', version: '1', service: SERVICE },
  attributes: {
    email: { type: 'string', required: true, readOnly: true },
    codeId: { type: 'string', required: true, readOnly: true },
    /** Cognito `sub` of the user the code was sent for. */
    userId: { type: 'string', required: true, readOnly: true },
    codeHash: { type: 'string', required: true, readOnly: true },
    salt: { type: 'string', required: true, readOnly: true },
    validUntil: { type: 'number', required: true, readOnly: true },
    attempts: { type: 'number', required: true, default: 0 },
    used: { type: 'boolean', required: true, default: false },
    expiresAt: { type: 'number', required: true, readOnly: true },
    createdAt: { type: 'number', required: true, readOnly: true },
  },
  indexes: {
    byEmail: {
      pk: { field: 'pk', composite: ['email'] },
      sk: { field: 'sk', composite: ['codeId'] },
    },
  },
});

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
    /** Wrong answers in the sign-in that mailed the code. */
    attempts: { type: 'number', required: true, default: 0 },
    /**
     * Wrong answers given for the code by sign-ins that could send nothing, from browsers that are
     * not a known device of the person (docs/decisions/0006). Absent on codes stored before: none.
     */
    strangerAttempts: { type: 'number' },
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

import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/**
 * How a guest arrived (spec 01 §4 guest states, §7 POST /users/guests), in the user's own
 * partition: the link they came by; and, during registration, the address waiting for its code. An
 * entry by a campaign's delegation is not a guest of this kind: it signs in as the code's member
 * (decision 0029), and the code is never kept in clear.
 */
export const GuestEntity = new Entity({
  model: { entity: 'guest', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    link: { type: 'string', required: true, readOnly: true },
    /** The address given at registration, until the guest converts with its code. */
    pendingEmail: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    convertedAt: { type: 'string' },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

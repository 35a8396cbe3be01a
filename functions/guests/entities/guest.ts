import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/**
 * How a guest arrived (spec 01 §4 guest states, §7 POST /users/guests), in the user's own
 * partition: the link they came by and the campaign delegation they presented, kept for the
 * campaigns capability after the guest registers; and, during registration, the address waiting
 * for its code. The delegation is recorded, not checked, until campaigns exist.
 */
export const GuestEntity = new Entity({
  model: { entity: 'guest', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    link: { type: 'string', required: true, readOnly: true },
    delegation: {
      type: 'map',
      properties: {
        accessCode: { type: 'string', required: true },
        campaignId: { type: 'string', required: true },
      },
    },
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

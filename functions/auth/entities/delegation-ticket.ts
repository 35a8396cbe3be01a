import { Entity, SERVICE } from '../../lib/entity';

/**
 * A sign-in ticket a person earned by giving a sphere's access code with their address (spec 01
 * §2 sign-in with delegation): one per user, short-lived, used once. The custom-auth triggers ask
 * for it instead of mailing a code while it is live (decision 0014). Only its SHA-256 is kept.
 */
export const DelegationTicketEntity = new Entity({
  model: { entity: 'delegationTicket', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    ticketHash: { type: 'string', required: true },
    /** The sphere whose access code earned it. */
    sphereId: { type: 'string', required: true },
    /** Epoch ms. */
    validUntil: { type: 'number', required: true },
    used: { type: 'boolean', required: true, default: false },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

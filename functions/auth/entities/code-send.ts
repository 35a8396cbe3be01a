import { Entity, SERVICE } from '../../lib/entity';

/**
 * The flood limit on mailed codes, per target address and purpose: an address has
 * LOGIN_MAX_CODES_PER_WINDOW send slots for sign-in codes and as many for verification codes
 * (adding an address, guest registration), whoever asks and by whatever route. Sending a code claims
 * a slot that is free or whose last send has left the window, with a conditional put, so two
 * concurrent sends can never both take the last slot. Keyed by the address, not by a user or an
 * address record, so deleting the address and adding it again does not reset the count.
 */
export const CodeSendEntity = new Entity({
  model: { entity: 'codeSend', version: '1', service: SERVICE },
  attributes: {
    purpose: { type: ['sign-in', 'verification'] as const, required: true, readOnly: true },
    address: { type: 'string', required: true, readOnly: true },
    slot: { type: 'number', required: true, readOnly: true },
    /** Epoch ms of the send that holds the slot. */
    sentAt: { type: 'number', required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byAddress: {
      pk: { field: 'pk', composite: ['purpose', 'address'] },
      sk: { field: 'sk', composite: ['slot'] },
    },
  },
});

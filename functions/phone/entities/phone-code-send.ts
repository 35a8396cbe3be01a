import { Entity, SERVICE } from '../../lib/entity';

/**
 * The flood limit on verification texts, per destination number (decision 0006): a number has
 * PHONE_MAX_TEXTS_PER_NUMBER send slots per PHONE_NUMBER_WINDOW_MS, whoever asks. Sending a code
 * claims a slot that is free or whose last send has left the window, with a conditional put, so two
 * racing requests can never both take the last slot. Keyed by the number alone, not by a user, so
 * neither another account nor a new phone change resets or multiplies the count.
 */
export const PhoneCodeSendEntity = new Entity({
  model: { entity: 'phoneCodeSend', version: '1', service: SERVICE },
  attributes: {
    /** The number in international format, as texted. */
    phone: { type: 'string', required: true, readOnly: true },
    slot: { type: 'number', required: true, readOnly: true },
    /** Epoch ms of the send that holds the slot. */
    sentAt: { type: 'number', required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byPhone: {
      pk: { field: 'pk', composite: ['phone'] },
      sk: { field: 'sk', composite: ['slot'] },
    },
  },
});

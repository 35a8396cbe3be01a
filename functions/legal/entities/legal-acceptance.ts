import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/** A user's acceptance of one version of a legal document, in the user's `account` collection. */
export const LegalAcceptanceEntity = new Entity({
  model: { entity: 'legalAcceptance', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    documentType: { type: ['terms-of-use', 'privacy-policy'] as const, required: true, readOnly: true },
    version: { type: 'number', required: true, readOnly: true },
    lang: { type: ['fr', 'en', 'nl'] as const, required: true },
    acceptedAt: { type: 'string', required: true, default: now },
  },
  indexes: {
    byUser: {
      collection: 'account',
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['documentType', 'version'] },
    },
  },
});

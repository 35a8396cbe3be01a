import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/**
 * One published legal document in one language. Every document sits under one partition, so the
 * latest version of each type comes out of a single Query (documents are few: a handful a year).
 */
export const LegalDocumentEntity = new Entity({
  model: { entity: 'legalDocument', version: '1', service: SERVICE },
  attributes: {
    documentType: { type: ['terms-of-use', 'privacy-policy'] as const, required: true, readOnly: true },
    /** Positive integer; versions of a type only grow. */
    version: { type: 'number', required: true, readOnly: true },
    lang: { type: ['fr', 'en', 'nl'] as const, required: true, readOnly: true },
    /** URL path of the document's text, served by the SPA: /legal/<type>-<version>-<lang>.html. */
    path: { type: 'string', required: true },
    publishedOn: { type: 'string', required: true, default: now },
  },
  indexes: {
    all: {
      pk: { field: 'pk', composite: [] },
      sk: { field: 'sk', composite: ['documentType', 'version', 'lang'] },
    },
  },
});

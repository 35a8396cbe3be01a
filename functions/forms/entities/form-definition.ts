import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import { FORM_AVAILABILITIES } from '@shared/domain/forms';

/** A text in the product's languages. */
export const TEXT = {
  type: 'map',
  properties: { fr: { type: 'string' }, en: { type: 'string' }, nl: { type: 'string' } },
} as const;

/**
 * A form of the catalogue (spec 01 §3 Form definition) as lists show it: its title, languages,
 * flags and what its answers use. Collection `form` (pk = the form) with its document
 * (`formContent`), so a form is one Query; on index gsi1 every form sits under one partition sorted
 * by id, so the catalogue (a few hundred forms) is one Query that does not read the documents.
 * `updateDate` moves with every write: the editor's save names the one it read.
 */
export const FormDefinitionEntity = new Entity({
  model: { entity: 'formDefinition', version: '1', service: SERVICE },
  attributes: {
    formId: { type: 'string', required: true, readOnly: true },
    title: { ...TEXT, required: true },
    description: { ...TEXT, required: true, default: () => ({}) },
    languages: { type: 'list', items: { type: 'string' }, required: true },
    editorFormatVersion: { type: 'number', required: true },
    availability: { type: FORM_AVAILABILITIES, required: true, default: 'none' },
    isPrivate: { type: 'boolean', required: true, default: false },
    archived: { type: 'boolean', required: true, default: false },
    /** Questions of all its steps. */
    answersCount: { type: 'number', required: true, default: 0 },
    /** The measure types its answers use, each once (each counts this form in its `usedBy`). */
    measureTypes: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updateDate: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    byId: {
      collection: 'form',
      pk: { field: 'pk', composite: ['formId'] },
      sk: { field: 'sk', composite: [] },
    },
    catalogue: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [] },
      sk: { field: 'gsi1sk', composite: ['formId'] },
    },
  },
});

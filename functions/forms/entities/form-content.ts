import { Entity, SERVICE } from '../../lib/entity';

/**
 * A form's document: its steps, answers, conditions, additional results and completed page, as
 * JSON (the model of shared/contracts/forms.ts, checked when it was saved). Beside its summary in
 * collection `form`; never on an index, so lists never read it. Its `logo` (a key of the assets
 * bucket) is an attribute of its own, written by the logo routes alone (decision 0023): a save
 * replaces the document and leaves it as it is.
 */
export const FormContentEntity = new Entity({
  model: { entity: 'formContent', version: '1', service: SERVICE },
  attributes: {
    formId: { type: 'string', required: true, readOnly: true },
    document: { type: 'string', required: true },
    logo: { type: 'string' },
  },
  indexes: {
    byId: {
      collection: 'form',
      pk: { field: 'pk', composite: ['formId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

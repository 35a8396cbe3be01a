import { Entity, SERVICE } from '../../lib/entity';

/**
 * A form's document: its steps, answers, conditions, additional results, completed page and logo,
 * as JSON (the model of shared/contracts/forms.ts, checked when it was saved). Beside its summary
 * in collection `form`; never on an index, so lists never read it.
 */
export const FormContentEntity = new Entity({
  model: { entity: 'formContent', version: '1', service: SERVICE },
  attributes: {
    formId: { type: 'string', required: true, readOnly: true },
    document: { type: 'string', required: true },
  },
  indexes: {
    byId: {
      collection: 'form',
      pk: { field: 'pk', composite: ['formId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

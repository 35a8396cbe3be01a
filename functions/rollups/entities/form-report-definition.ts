import { Entity, SERVICE } from '../../lib/entity';

/**
 * A questionnaire's report definition (decision 0038): what its reports are drawn from, as the form
 * was last saved (shared/contracts/report-definitions.ts), put whole by the forms domain after each
 * save and by the rollups' rebuild. One item per form; it holds no person's id.
 */
export const FormReportDefinitionEntity = new Entity({
  model: { entity: 'formReportDefinition', version: '1', service: SERVICE },
  attributes: {
    formId: { type: 'string', required: true, readOnly: true },
    // The definition as the contract's schema describes it, read back through that schema.
    definition: { type: 'any', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byForm: {
      pk: { field: 'pk', composite: ['formId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

import { ROLLUP_ENTITIES } from './rollup-store';
import { FormReportDefinitionEntity } from './entities/form-report-definition';

/** The rollups' entities: the counts answers write in their own transactions, and what forms kept. */
export const ROLLUPS_ENTITIES = {
  ...ROLLUP_ENTITIES,
  formReportDefinition: FormReportDefinitionEntity,
};

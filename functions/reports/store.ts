import { defineStore } from '../lib/db';
import { CustomReportEntity } from './entities/custom-report';
import { FormReportDefinitionEntity } from './entities/form-report-definition';
import { ReportCardEntity } from './entities/report-card';
import { ReportPartEntity } from './entities/report-part';
import { ReportRenderEntity } from './entities/report-render';
import { ROLLUP_ENTITIES } from './rollup-store';

export const REPORTS_ENTITIES = {
  ...ROLLUP_ENTITIES,
  customReport: CustomReportEntity,
  reportPart: ReportPartEntity,
  reportCard: ReportCardEntity,
  reportRender: ReportRenderEntity,
  formReportDefinition: FormReportDefinitionEntity,
};

export const reportsDb = defineStore(REPORTS_ENTITIES);

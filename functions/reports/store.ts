import { defineStore } from '../lib/db';
import { CustomReportEntity } from './entities/custom-report';
import { ReportCardEntity } from './entities/report-card';
import { ReportKeyEntity } from './entities/report-key';
import { ReportPartEntity } from './entities/report-part';
import { ReportPersonEntity } from './entities/report-person';
import { ReportRenderEntity } from './entities/report-render';
import { ReportRollupEntity } from './entities/report-rollup';

export const REPORTS_ENTITIES = {
  reportRollup: ReportRollupEntity,
  reportKey: ReportKeyEntity,
  reportPerson: ReportPersonEntity,
  customReport: CustomReportEntity,
  reportPart: ReportPartEntity,
  reportCard: ReportCardEntity,
  reportRender: ReportRenderEntity,
};

export const reportsDb = defineStore(REPORTS_ENTITIES);

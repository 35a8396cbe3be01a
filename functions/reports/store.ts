import { defineStore } from '../lib/db';
import { CustomReportEntity } from './entities/custom-report';
import { ReportCardEntity } from './entities/report-card';
import { ReportPartEntity } from './entities/report-part';
import { ReportRenderEntity } from './entities/report-render';

export const REPORTS_ENTITIES = {
  customReport: CustomReportEntity,
  reportPart: ReportPartEntity,
  reportCard: ReportCardEntity,
  reportRender: ReportRenderEntity,
};

export const reportsDb = defineStore(REPORTS_ENTITIES);

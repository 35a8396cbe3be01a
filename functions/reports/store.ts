import { defineStore } from '../lib/db';
import { ReportKeyEntity } from './entities/report-key';
import { ReportPersonEntity } from './entities/report-person';
import { ReportRollupEntity } from './entities/report-rollup';

export const REPORTS_ENTITIES = {
  reportRollup: ReportRollupEntity,
  reportKey: ReportKeyEntity,
  reportPerson: ReportPersonEntity,
};

export const reportsDb = defineStore(REPORTS_ENTITIES);

import { defineStore } from '../lib/db';
import { ReportKeyEntity } from './entities/report-key';
import { ReportRollupEntity } from './entities/report-rollup';

export const REPORTS_ENTITIES = {
  reportRollup: ReportRollupEntity,
  reportKey: ReportKeyEntity,
};

export const reportsDb = defineStore(REPORTS_ENTITIES);

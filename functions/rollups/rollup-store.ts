import { defineStore } from '../lib/db';
import { ReportKeyEntity } from './entities/report-key';
import { ReportPersonEntity } from './entities/report-person';
import { ReportRollupEntity } from './entities/report-rollup';

/**
 * The rollup entities alone: what the answers' own writes touch (feelings, thinkings, surveys), so
 * that the Lambdas writing answers do not carry the custom reports' entities and contracts.
 */
export const ROLLUP_ENTITIES = {
  reportRollup: ReportRollupEntity,
  reportKey: ReportKeyEntity,
  reportPerson: ReportPersonEntity,
};

export const rollupsDb = defineStore(ROLLUP_ENTITIES);

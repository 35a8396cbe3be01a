import { defineStore } from '../lib/db';
import { FeelingEntity } from './entities/feeling';
import { FeelingDayEntity } from './entities/feeling-day';

export const FEELINGS_ENTITIES = {
  feeling: FeelingEntity,
  feelingDay: FeelingDayEntity,
};

export const feelingsDb = defineStore(FEELINGS_ENTITIES);

import { defineStore } from '../lib/db';
import { FeelingEntity } from './entities/feeling';

export const FEELINGS_ENTITIES = {
  feeling: FeelingEntity,
};

export const feelingsDb = defineStore(FEELINGS_ENTITIES);

import { defineStore } from '../lib/db';
import { AxisEntity } from './entities/axis';
import { ThinkingEntity } from './entities/thinking';

export const THINKINGS_ENTITIES = {
  thinkingAxis: AxisEntity,
  thinking: ThinkingEntity,
};

export const thinkingsDb = defineStore(THINKINGS_ENTITIES);

import { defineStore } from '../lib/db';
import { AxisEntity } from './entities/axis';
import { ContextAxesEntity } from './entities/context-axes';
import { ThinkingEntity } from './entities/thinking';

export const THINKINGS_ENTITIES = {
  thinkingAxis: AxisEntity,
  thinking: ThinkingEntity,
  contextAxes: ContextAxesEntity,
};

export const thinkingsDb = defineStore(THINKINGS_ENTITIES);

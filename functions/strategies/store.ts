import { defineStore } from '../lib/db';
import { StrategyAssessmentEntity } from './entities/strategy-assessment';
import { StrategyEntity } from './entities/strategy';
import { StrategyOutlineEntity } from './entities/strategy-outline';

export const STRATEGIES_ENTITIES = {
  strategy: StrategyEntity,
  strategyOutline: StrategyOutlineEntity,
  strategyAssessment: StrategyAssessmentEntity,
};

export const strategiesDb = defineStore(STRATEGIES_ENTITIES);

import { defineStore } from '../lib/db';
import { ProcessedMessageEntity } from './entities/processed-message';

export const WORKERS_ENTITIES = {
  processedMessage: ProcessedMessageEntity,
};

export const workersDb = defineStore(WORKERS_ENTITIES);

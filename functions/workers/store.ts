import { RemovalEntity } from '../lib/cascades';
import { defineStore } from '../lib/db';
import { ProcessedMessageEntity } from './entities/processed-message';

export const WORKERS_ENTITIES = {
  processedMessage: ProcessedMessageEntity,
  /** Written in an owner's transaction (functions/lib/cascades.ts); the worker completes it. */
  removal: RemovalEntity,
};

export const workersDb = defineStore(WORKERS_ENTITIES);

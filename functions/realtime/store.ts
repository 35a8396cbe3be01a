import { defineStore } from '../lib/db';
import { ConnectionEntity } from './entities/connection';

export const REALTIME_ENTITIES = {
  connection: ConnectionEntity,
};

export const realtimeDb = defineStore(REALTIME_ENTITIES);

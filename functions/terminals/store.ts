import { defineStore } from '../lib/db';
import { TerminalEntity } from './entities/terminal';

export const TERMINALS_ENTITIES = {
  terminal: TerminalEntity,
};

export const terminalsDb = defineStore(TERMINALS_ENTITIES);

import { defineStore } from '../lib/db';
import { FeelingEntity } from './entities/feeling';
import { FeelingDayEntity } from './entities/feeling-day';
import { SessionFeelingDayEntity } from './entities/session-feeling-day';
import { TerminalFeelingEntity } from './entities/terminal-feeling';

export const FEELINGS_ENTITIES = {
  feeling: FeelingEntity,
  feelingDay: FeelingDayEntity,
  terminalFeeling: TerminalFeelingEntity,
  sessionFeelingDay: SessionFeelingDayEntity,
};

export const feelingsDb = defineStore(FEELINGS_ENTITIES);

import { defineStore } from '../lib/db';
import { SessionEntity } from './entities/session';
import { SessionMemberEntity } from './entities/session-member';

export const SESSIONS_ENTITIES = {
  session: SessionEntity,
  sessionMember: SessionMemberEntity,
};

export const sessionsDb = defineStore(SESSIONS_ENTITIES);

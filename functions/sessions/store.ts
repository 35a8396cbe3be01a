import { RemovalEntity } from '../lib/cascades';
import { defineStore } from '../lib/db';
import { QuotaTallyEntity } from '../lib/quotas';
import { LicenceDayEntity } from '../lib/licence-days';
import { SessionEntity } from './entities/session';
import { SessionMemberEntity } from './entities/session-member';

export const SESSIONS_ENTITIES = {
  session: SessionEntity,
  sessionMember: SessionMemberEntity,
};

/**
 * The removal record (a session's deletion), the sphere's quota tallies (its group count and
 * licences) and the licences' days join the store's Service to be written in the session's own
 * transactions; the spheres domain lists the tallies and the days.
 */
export const sessionsDb = defineStore({
  ...SESSIONS_ENTITIES,
  removal: RemovalEntity,
  quotaTally: QuotaTallyEntity,
  licenceDay: LicenceDayEntity,
});

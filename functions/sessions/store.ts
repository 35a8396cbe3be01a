import { RemovalEntity } from '../lib/cascades';
import { defineStore } from '../lib/db';
import { QuotaTallyEntity } from '../lib/quotas';
import { SessionEntity } from './entities/session';
import { SessionMemberEntity } from './entities/session-member';

export const SESSIONS_ENTITIES = {
  session: SessionEntity,
  sessionMember: SessionMemberEntity,
};

/**
 * The removal record (a session's deletion) and the sphere's quota tally (its group count) join the
 * store's Service to be written in the session's own transactions; the spheres domain lists the tally.
 */
export const sessionsDb = defineStore({
  ...SESSIONS_ENTITIES,
  removal: RemovalEntity,
  quotaTally: QuotaTallyEntity,
});

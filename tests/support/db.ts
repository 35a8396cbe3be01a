import { defineStore } from '../../functions/lib/db';
import { AUTH_ENTITIES } from '../../functions/auth/store';
import { EMAILS_ENTITIES } from '../../functions/emails/store';
import { GUESTS_ENTITIES } from '../../functions/guests/store';
import { LEGAL_ENTITIES } from '../../functions/legal/store';
import { PHONE_ENTITIES } from '../../functions/phone/store';
import { REALTIME_ENTITIES } from '../../functions/realtime/store';
import { STRATEGIES_ENTITIES } from '../../functions/strategies/store';
import { USERS_ENTITIES } from '../../functions/users/store';
import { WORKERS_ENTITIES } from '../../functions/workers/store';

/**
 * Every entity in one ElectroDB Service, for tests that build the exact items and keys a handler
 * reads or writes (the product's code reaches other domains' items only through their faces).
 */
export const db = defineStore({
  ...AUTH_ENTITIES,
  ...EMAILS_ENTITIES,
  ...GUESTS_ENTITIES,
  ...LEGAL_ENTITIES,
  ...PHONE_ENTITIES,
  ...REALTIME_ENTITIES,
  ...STRATEGIES_ENTITIES,
  ...USERS_ENTITIES,
  ...WORKERS_ENTITIES,
});

/** The users domain as the registry (functions/domains.ts) reads it. */
import { globalMemberRoutes } from '@shared/contracts/global-members';
import { getMe, listMySessions } from '@shared/contracts/me';
import { profileRoutes } from '@shared/contracts/profile';
import { defineDomain } from '../lib/domain';
import { USERS_BELONGINGS } from './belongings';
import { USERS_ENTITIES } from './store';

export const usersDomain = defineDomain({
  name: 'users',
  routes: [getMe, listMySessions, ...profileRoutes, ...globalMemberRoutes],
  entities: USERS_ENTITIES,
  belongings: USERS_BELONGINGS,
  grants: { events: true },
});

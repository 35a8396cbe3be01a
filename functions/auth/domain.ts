/** The auth domain as the registry (functions/domains.ts) reads it. */
import { authRoutes } from '@shared/contracts/auth';
import { defineDomain } from '../lib/domain';
import { AUTH_BELONGINGS } from './belongings';
import { AUTH_ENTITIES } from './store';

export const authDomain = defineDomain({
  name: 'auth',
  routes: authRoutes,
  entities: AUTH_ENTITIES,
  belongings: AUTH_BELONGINGS,
  grants: {},
});

/** The reports domain as the registry (functions/domains.ts) reads it. */
import { reportRoutes } from '../../shared/contracts/reports';
import { defineDomain } from '../lib/domain';
import { REPORTS_ENTITIES } from './store';

export const reportsDomain = defineDomain({
  name: 'reports',
  routes: reportRoutes,
  entities: REPORTS_ENTITIES,
  // Rollups count people by a pseudonymous key, never a user id: the answers they come from are
  // the person's belongings, and taking those away takes their share of the rollups with them.
  belongings: [],
  grants: {},
});

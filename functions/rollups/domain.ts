/** The rollups domain as the registry (functions/domains.ts) reads it. */
import { defineDomain } from '../lib/domain';
import { ROLLUPS_ENTITIES } from './store';

export const rollupsDomain = defineDomain({
  name: 'rollups',
  routes: [],
  entities: ROLLUPS_ENTITIES,
  // Rollups count people by a pseudonymous key, never a user id: the answers they come from are
  // the person's belongings, and taking those away takes their share of the rollups with them.
  belongings: [],
  grants: {},
});

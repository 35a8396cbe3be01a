/** The links domain as the registry (functions/domains.ts) reads it. */
import { linkRoutes } from '../../shared/contracts/links';
import { defineDomain } from '../lib/domain';
import { LINKS_ENTITIES } from './store';

export const linksDomain = defineDomain({
  name: 'links',
  routes: linkRoutes,
  entities: LINKS_ENTITIES,
  // A link names nobody: not who made it, not who opens it (decision 0027).
  belongings: [],
  grants: {},
});

/** The links domain as the registry (functions/domains.ts) reads it. */
import { linkRoutes } from '@shared/contracts/links';
import { defineDomain } from '../lib/domain';
import { LINK_ASSET_PREFIXES } from './assets';
import { LINKS_ENTITIES } from './store';

export const linksDomain = defineDomain({
  name: 'links',
  routes: linkRoutes,
  entities: LINKS_ENTITIES,
  // A link names nobody: not who made it, not who opens it (decision 0027).
  belongings: [],
  // Logos: the uploads it signs for those who change a link, checked, copied to where browsers
  // load them, and deleted with the logo or the link (./logo.ts, ./assets.ts).
  grants: { assets: { prefixes: LINK_ASSET_PREFIXES, actions: ['read', 'write', 'delete'] } },
});

/** The reports domain as the registry (functions/domains.ts) reads it. */
import { customReportRoutes } from '@shared/contracts/custom-reports';
import { reportRoutes } from '@shared/contracts/reports';
import { RENDERS_PREFIX } from '../lib/assets';
import { defineDomain } from '../lib/domain';
import { REPORTS_ENTITIES } from './store';

export const reportsDomain = defineDomain({
  name: 'reports',
  routes: [...reportRoutes, ...customReportRoutes],
  entities: REPORTS_ENTITIES,
  // Rollups count people by a pseudonymous key, never a user id: the answers they come from are
  // the person's belongings, and taking those away takes their share of the rollups with them.
  belongings: [],
  grants: {
    // The card prompt's writer (decision 0032).
    bedrock: true,
    // Renders are queued for the render worker; their files are downloaded by signed URL and
    // deleted with their report (decision 0031).
    renders: true,
    assets: { prefixes: [RENDERS_PREFIX], actions: ['read', 'delete'] },
  },
});

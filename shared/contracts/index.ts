import type { RouteContract } from './route';
import { meRoutes } from './me';
import { userRoutes } from './users';
import { profileRoutes } from './profile';
import { emailRoutes } from './emails';
import { accountRoutes } from './account';
import { guestRoutes } from './guests';

/** Every route of the REST API. CDK, the local gateway, the SPA client and the route matrix read this list. */
export const routes: readonly RouteContract[] = [
  ...userRoutes,
  ...meRoutes,
  ...profileRoutes,
  ...emailRoutes,
  ...accountRoutes,
  ...guestRoutes,
];

/** Domains that have at least one route: one Lambda each. */
export function routeDomains(): string[] {
  return [...new Set(routes.map((r) => r.domain))].sort();
}

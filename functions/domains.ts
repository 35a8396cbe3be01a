import type { RouteContract } from '@shared/contracts/route';
import type { Belonging, DomainFace } from './lib/domain';
import { accountDomain } from './account/domain';
import { authDomain } from './auth/domain';
import { campaignsDomain } from './campaigns/domain';
import { chatDomain } from './chat/domain';
import { emailsDomain } from './emails/domain';
import { feelingsDomain } from './feelings/domain';
import { formsDomain } from './forms/domain';
import { galaxiesDomain } from './galaxies/domain';
import { guestsDomain } from './guests/domain';
import { legalDomain } from './legal/domain';
import { linksDomain } from './links/domain';
import { paymentsDomain } from './payments/domain';
import { phoneDomain } from './phone/domain';
import { realtimeDomain } from './realtime/domain';
import { reportsDomain } from './reports/domain';
import { rollupsDomain } from './rollups/domain';
import { sessionsDomain } from './sessions/domain';
import { spheresDomain } from './spheres/domain';
import { strategiesDomain } from './strategies/domain';
import { subscriptionsDomain } from './subscriptions/domain';
import { terminalsDomain } from './terminals/domain';
import { thinkingsDomain } from './thinkings/domain';
import { translationsDomain } from './translations/domain';
import { usersDomain } from './users/domain';
import { workersDomain } from './workers/domain';

/**
 * Every domain of the product, once. CDK (one Lambda per domain with routes, its grants), the local
 * gateway, "my data" (export and erasure), the entity checks and the route matrix read this list:
 * a new domain adds its line here and nothing else outside its folder (docs/adding-a-domain.md).
 * The order is the order of the export's sections.
 */
export const DOMAINS: readonly DomainFace[] = [
  authDomain,
  realtimeDomain,
  legalDomain,
  emailsDomain,
  phoneDomain,
  usersDomain,
  guestsDomain,
  feelingsDomain,
  thinkingsDomain,
  chatDomain,
  strategiesDomain,
  formsDomain,
  campaignsDomain,
  linksDomain,
  spheresDomain,
  galaxiesDomain,
  sessionsDomain,
  rollupsDomain,
  reportsDomain,
  terminalsDomain,
  translationsDomain,
  subscriptionsDomain,
  paymentsDomain,
  accountDomain,
  workersDomain,
];

/** Every REST route of the API. */
export const ROUTES: readonly RouteContract[] = DOMAINS.flatMap((d) => d.routes);

/** The domains that serve REST routes: one Lambda each, `functions/<name>/handler.ts`. */
export const REST_DOMAINS: readonly DomainFace[] = DOMAINS.filter((d) => d.routes.length > 0);

/** Everything the product holds about a user, in the order it is taken away when they leave. */
export const BELONGINGS: readonly Belonging[] = (['first', 'last', 'final'] as const).flatMap((stage) =>
  DOMAINS.flatMap((d) => d.belongings).filter((b) => (b.stage ?? 'first') === stage),
);

/** Every entity of the product, by a name unique across domains. */
export function allEntities(): Record<string, DomainFace['entities'][string]> {
  const all: Record<string, DomainFace['entities'][string]> = {};
  for (const domain of DOMAINS) {
    for (const [name, entity] of Object.entries(domain.entities)) {
      if (name in all) throw new Error(`Entity name ${name} is used by two domains`);
      all[name] = entity;
    }
  }
  return all;
}

import { subject as forSubject } from '@casl/ability';
import type { RouteAbility } from '@shared/contracts/route';
import type { RequestHeaders } from '@shared/contracts/headers';
import {
  buildAbility,
  defineRules,
  reservedForEssentials,
  type AbilityFacts,
  type AccountFacts,
  type AppAbility,
} from '@shared/domain/ability';
import type { Caller } from './caller';
import { ForbiddenError, UnauthorizedError } from './errors';

/**
 * What the rules need of the caller's account and memberships (null: no account). `account`: the
 * account's facts when this request has read them already (the token check's read).
 */
export type AbilityFactsReader = (
  userId: string,
  account?: AccountFacts,
) => Promise<Omit<AbilityFacts, 'userId' | 'superAdminMode'> | null>;

/**
 * Completes the resource a path names with where it lives, for rules on its container: a session's
 * sphere (the sphere's admins hold their rights on `{ sphereId }`). Unknown resources come back as
 * they are, so only a right on every resource (a super-admin's) lets the call reach the service,
 * which answers 404.
 */
export type ResourcePlacer = (resource: Record<string, unknown>) => Promise<Record<string, unknown>>;

/**
 * The check of the contract's `ability`. Without `on`, the caller must hold the action on the
 * subject type at all; with `on`, on the resource the path names (`{ sphereId: 'id' }`: the sphere
 * whose id is the `id` parameter) or the body names (`{ sphereId: 'body.sphereId' }`), so a right on one sphere never opens another. Finer checks on
 * the items a service loads stay with the service.
 */
export async function checkAbility(
  readFacts: AbilityFactsReader,
  caller: Caller,
  required: RouteAbility,
  context: {
    headers: RequestHeaders;
    params?: unknown;
    body?: unknown;
    place?: ResourcePlacer | undefined;
  },
): Promise<AppAbility> {
  const facts = await readFacts(caller.userId, caller.account);
  if (!facts) throw new UnauthorizedError();
  const all = { ...facts, userId: caller.userId, superAdminMode: context.headers.superAdmin };
  const ability = buildAbility(defineRules(all));
  if (required.on) {
    const params = (context.params ?? {}) as Record<string, unknown>;
    const body = (typeof context.body === 'object' && context.body !== null ? context.body : {}) as Record<
      string,
      unknown
    >;
    // `id` names a path parameter; `body.sphereId` a field of the (validated) body.
    const named = Object.fromEntries(
      Object.entries(required.on).map(([field, param]) => [
        field,
        param.startsWith('body.') ? body[param.slice('body.'.length)] : params[param],
      ]),
    );
    const resource = context.place ? await context.place(named) : named;
    const target = forSubject(required.subject, resource);
    if (ability.can(required.action, target)) return ability;
    // A member refused only for their subscription hears so (the reserved features of spec 02 §1).
    if (reservedForEssentials(all, required.action, target)) throw new ForbiddenError('essentials-required');
    throw new ForbiddenError();
  }
  if (ability.can(required.action, required.subject)) return ability;
  if (reservedForEssentials(all, required.action, required.subject))
    throw new ForbiddenError('essentials-required');
  throw new ForbiddenError();
}

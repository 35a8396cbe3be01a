import {
  buildAbility,
  defineRules,
  type AbilityFacts,
  type AccountFacts,
  type AppAbility,
} from '@shared/domain/ability';
import { rightsFacts } from '../lib/rights';
import { UnauthorizedError } from '../lib/errors';
import { findEntitlements } from './repository';
import { placesOf, type Place } from './rules';

/** The caller as the forms domain sees them: their account's facts, memberships and rules. */
export interface FormCaller {
  userId: string;
  facts: Omit<AbilityFacts, 'userId' | 'superAdminMode'>;
  ability: AppAbility;
  /** The caller holds Essentials (not a guest, not starter): the centre is theirs everywhere. */
  essentials: boolean;
}

/**
 * Reads the caller's facts once (the account, the sphere and the session memberships): what a form
 * is available through is their memberships, so routes whose right is a form's availability read
 * them here rather than in the middleware too. `account`: the account's facts this request's token
 * check read (the caller's), so that the account is not read twice.
 */
export async function formCaller(
  userId: string,
  superAdminHeader = false,
  account?: AccountFacts,
): Promise<FormCaller> {
  const facts = await rightsFacts(userId, account);
  if (!facts) throw new UnauthorizedError();
  return {
    userId,
    facts,
    ability: buildAbility(defineRules({ ...facts, userId, superAdminMode: superAdminHeader })),
    essentials: !facts.isGuest && facts.subscription !== 'starter',
  };
}

/** The spheres whose entitlements may reach the caller: theirs, and those of their sessions. */
export function spheresOf(caller: FormCaller): string[] {
  return [
    ...new Set([
      ...caller.facts.spheres.map((s) => s.sphereId),
      ...caller.facts.sessions.map((s) => s.sphereId),
    ]),
  ];
}

/** Where one form is available to the caller: its entitlements in their spheres (one BatchGetItem). */
export async function placesOfForm(caller: FormCaller, formId: string): Promise<Place[]> {
  const entitlements = await findEntitlements(spheresOf(caller).map((sphereId) => ({ sphereId, formId })));
  return entitlements.flatMap((e) => placesOf(e, caller.facts));
}

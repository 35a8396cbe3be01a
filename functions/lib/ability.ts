import type { Action, Subject } from '../../shared/contracts/route';
import type { RequestHeaders } from '../../shared/contracts/headers';
import { buildAbility, defineRules, type AbilityFacts } from '../../shared/domain/ability';
import type { AbilityRule } from '../../shared/contracts/me';
import { getAccount } from '../me/repository';
import type { Caller } from './caller';
import { ForbiddenError, UnauthorizedError } from './errors';

/** Facts the rules are computed from, read from the caller's account. */
export async function abilityFacts(caller: Caller, headers: RequestHeaders): Promise<AbilityFacts> {
  const account = await getAccount(caller.userId);
  if (!account) throw new UnauthorizedError();
  return {
    userId: caller.userId,
    isGuest: account.user.isGuest,
    subscription: account.user.subscription,
    globalRoles: account.user.globalRoles,
    superAdminMode: headers.superAdmin,
  };
}

export async function rulesFor(caller: Caller, headers: RequestHeaders): Promise<AbilityRule[]> {
  return defineRules(await abilityFacts(caller, headers));
}

/**
 * Route-level check of the contract's `ability`: the caller must hold the action on the subject
 * type at all. Item-level checks (conditions such as `sphereId`) are done by the services on the
 * item they load.
 */
export async function checkAbility(
  caller: Caller,
  required: { action: Action; subject: Subject },
  context: { headers: RequestHeaders; params?: unknown },
): Promise<void> {
  const ability = buildAbility(await rulesFor(caller, context.headers));
  if (!ability.can(required.action, required.subject)) throw new ForbiddenError();
}

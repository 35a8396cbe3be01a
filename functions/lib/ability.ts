import type { Action, Subject } from '../../shared/contracts/route';
import type { RequestHeaders } from '../../shared/contracts/headers';
import {
  buildAbility,
  defineRules,
  reservedForEssentials,
  type AbilityFacts,
} from '../../shared/domain/ability';
import type { Caller } from './caller';
import { ForbiddenError, UnauthorizedError } from './errors';

/** What the rules need of the caller's account; the users domain reads it (null: no account). */
export type AbilityFactsReader = (
  userId: string,
) => Promise<Omit<AbilityFacts, 'userId' | 'superAdminMode'> | null>;

/**
 * Route-level check of the contract's `ability`: the caller must hold the action on the subject
 * type at all. Item-level checks (conditions such as `sphereId`) are done by the services on the
 * item they load.
 */
export async function checkAbility(
  readFacts: AbilityFactsReader,
  caller: Caller,
  required: { action: Action; subject: Subject },
  context: { headers: RequestHeaders; params?: unknown },
): Promise<void> {
  const facts = await readFacts(caller.userId);
  if (!facts) throw new UnauthorizedError();
  const all = { ...facts, userId: caller.userId, superAdminMode: context.headers.superAdmin };
  if (buildAbility(defineRules(all)).can(required.action, required.subject)) return;
  if (reservedForEssentials(all, required.action, required.subject))
    throw new ForbiddenError('essentials-required');
  throw new ForbiddenError();
}

import { createMongoAbility, type ForcedSubject, type MongoAbility } from '@casl/ability';
import type { Action, Subject } from '../contracts/route';
import type { AbilityArea } from './abilities/context';
import { galaxyRules } from './abilities/galaxies';
import { linkRules } from './abilities/links';
import { personalRules } from './abilities/personal';
import { promotionCodeRules } from './abilities/promotion-codes';
import { sessionRules } from './abilities/sessions';
import { sphereRules } from './abilities/spheres';
import { strategyRules } from './abilities/strategies';
import { translationRules } from './abilities/translations';
import type { AbilityRule } from '../contracts/me';
import type { AbilityFacts } from './abilities/context';

export type {
  AbilityFacts,
  AccountFacts,
  GalaxyAdminFacts,
  SessionMembership,
  SphereMembership,
} from './abilities/context';

/**
 * The areas of the rules, one line each (a domain's rules live in shared/domain/abilities/<area>.ts,
 * read by the server and the SPA alike), merged in this order: a later rule wins over an earlier
 * one in CASL, so the sessions area, which gives a group's report back to its members, comes after
 * the spheres area, which takes it from the sphere's admins.
 */
export const ABILITY_AREAS: readonly AbilityArea[] = [
  personalRules,
  sphereRules,
  galaxyRules,
  sessionRules,
  linkRules,
  strategyRules,
  translationRules,
  promotionCodeRules,
];

/**
 * The rules the server enforces and `GET /v1/me` returns (spec 01 §6). Personal data carries the
 * owner's `userId` as a condition, so a rule never opens another user's items.
 */
export function defineRules(facts: AbilityFacts): AbilityRule[] {
  if (facts.superAdminMode && facts.globalRoles.includes('super-admin')) {
    return [{ action: 'manage', subject: 'all' }];
  }
  const context = {
    facts,
    own: { userId: facts.userId },
    essentials: !facts.isGuest && facts.subscription !== 'starter',
  };
  return ABILITY_AREAS.flatMap((area) => area(context));
}

/**
 * Whether a refusal is only the subscription's: the same person on Essentials would be allowed
 * (the reserved features of spec 02 §1). Their refusal says so (`essentials-required`).
 */
export function reservedForEssentials(
  facts: AbilityFacts,
  action: Action,
  subject: Subject | ForcedSubject<Subject>,
): boolean {
  const upgraded = buildAbility(defineRules({ ...facts, isGuest: false, subscription: 'essentials' }));
  return upgraded.can(action, subject);
}

/** Subjects are a type name, or an item tagged with `subject(type, item)` from `@casl/ability`. */
export type AppAbility = MongoAbility<[Action, Subject | ForcedSubject<Subject>]>;

export function buildAbility(rules: AbilityRule[]): AppAbility {
  return createMongoAbility(rules as never) as AppAbility;
}

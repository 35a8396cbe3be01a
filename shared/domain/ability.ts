import { createMongoAbility, type ForcedSubject, type MongoAbility } from '@casl/ability';
import type { Action, Subject } from '../contracts/route';
import type { AbilityArea } from './abilities/context';
import { linkRules } from './abilities/links';
import { personalRules } from './abilities/personal';
import { promotionCodeRules } from './abilities/promotion-codes';
import { sessionRules } from './abilities/sessions';
import { sphereRules } from './abilities/spheres';
import { strategyRules } from './abilities/strategies';
import { translationRules } from './abilities/translations';
import type { AbilityRule } from '../contracts/me';
import type { SphereRole } from './spheres';
import type { SessionCategory, SessionRole } from './sessions';

/** An active membership of a sphere and the roles held there. */
export interface SphereMembership {
  sphereId: string;
  roles: readonly SphereRole[];
}

/**
 * A membership of a session that counts: of a contributor session, while the person is an active
 * member of its sphere; of a consumer session, as long as it lasts.
 */
export interface SessionMembership {
  sessionId: string;
  sphereId: string;
  category: SessionCategory;
  roles: readonly SessionRole[];
  /**
   * The person gave themselves the `member` role through their own admin or referent right
   * (decision 0012): it opens no report of the session. Absent (memberships written before the rule
   * among them): the role was given by someone else, or taken by the link without such a right.
   */
  selfGranted?: boolean;
}

/** What the rules are computed from. Memberships and global roles join as their capabilities land. */
export interface AbilityFacts {
  userId: string;
  isGuest: boolean;
  subscription: 'starter' | 'essentials' | 'premium';
  /** Global roles of spec 01 §6 (super-admin, ambassador, preview-access). */
  globalRoles: readonly string[];
  /** Super-admin header sent and honoured. */
  superAdminMode: boolean;
  /** Active memberships (an inactive member holds no right in the sphere). */
  spheres: readonly SphereMembership[];
  /** Session memberships that count (see SessionMembership). */
  sessions: readonly SessionMembership[];
}

/** What the rules need of the account itself (the rest is memberships). */
export type AccountFacts = Pick<AbilityFacts, 'isGuest' | 'subscription' | 'globalRoles'>;

/**
 * The areas of the rules, one line each (a domain's rules live in shared/domain/abilities/<area>.ts,
 * read by the server and the SPA alike), merged in this order: a later rule wins over an earlier
 * one in CASL, so the sessions area, which gives a group's report back to its members, comes after
 * the spheres area, which takes it from the sphere's admins.
 */
export const ABILITY_AREAS: readonly AbilityArea[] = [
  personalRules,
  sphereRules,
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

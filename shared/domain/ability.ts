import { createMongoAbility, type ForcedSubject, type MongoAbility } from '@casl/ability';
import type { Action, Subject } from '../contracts/route';
import type { AbilityRule } from '../contracts/me';

/** What the rules are computed from. Memberships and global roles join as their capabilities land. */
export interface AbilityFacts {
  userId: string;
  isGuest: boolean;
  subscription: 'starter' | 'essentials' | 'premium';
  /** Global roles of spec 01 §6 (super-admin, ambassador, preview-access). */
  globalRoles: readonly string[];
  /** Super-admin header sent and honoured. */
  superAdminMode: boolean;
}

/**
 * The rules the server enforces and `GET /v1/me` returns (spec 01 §6). Personal data carries the
 * owner's `userId` as a condition, so a rule never opens another user's items.
 */
export function defineRules(facts: AbilityFacts): AbilityRule[] {
  if (facts.superAdminMode && facts.globalRoles.includes('super-admin')) {
    return [{ action: 'manage', subject: 'all' }];
  }
  const own = { userId: facts.userId };
  const rules: AbilityRule[] = [
    { action: ['get', 'put'], subject: 'profile', conditions: own },
    { action: ['get', 'post', 'put'], subject: ['feeling', 'thinking', 'form-survey'], conditions: own },
  ];
  if (!facts.isGuest) {
    rules.push(
      { action: 'get', subject: 'subscription', conditions: own },
      { action: 'post', subject: 'sphere' },
      { action: 'post', subject: 'chat-thread' },
    );
    if (facts.subscription !== 'starter') {
      rules.push(
        {
          action: ['get', 'post', 'put', 'delete'],
          subject: ['strategy', 'strategy-assessment'],
          conditions: own,
        },
        { action: 'put', subject: 'feeling-goal', conditions: own },
      );
    }
  }
  if (facts.globalRoles.includes('ambassador')) {
    rules.push({
      action: ['get', 'post'],
      subject: 'subscription-promotion-code',
      conditions: { ownerId: facts.userId },
    });
  }
  return rules;
}

/** Subjects are a type name, or an item tagged with `subject(type, item)` from `@casl/ability`. */
export type AppAbility = MongoAbility<[Action, Subject | ForcedSubject<Subject>]>;

export function buildAbility(rules: AbilityRule[]): AppAbility {
  return createMongoAbility(rules as never) as AppAbility;
}

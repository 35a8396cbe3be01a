import type { AbilityRule } from '../../contracts/me';
import type { AbilityContext } from './context';

/**
 * Ambassadors create promotion codes and read their own (spec 01 §6, spec 02 §6; decision 0048).
 * `post` holds without condition: a code created is always the caller's (the server writes its
 * `ownerId`), and the ambassador page's menu entry needs the right on any code (spec 02 §6,
 * "Ambassador page needs post on subscription-promotion-code"). `get` holds on their own codes only.
 */
export function promotionCodeRules({ facts }: AbilityContext): AbilityRule[] {
  if (!facts.globalRoles.includes('ambassador')) return [];
  return [
    { action: 'post', subject: 'subscription-promotion-code' },
    { action: 'get', subject: 'subscription-promotion-code', conditions: { ownerId: facts.userId } },
  ];
}

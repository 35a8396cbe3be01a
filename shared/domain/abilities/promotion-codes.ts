import type { AbilityRule } from '../../contracts/me';
import type { AbilityContext } from './context';

/** Ambassadors read and ask for their own promotion codes (spec 01 §6). */
export function promotionCodeRules({ facts }: AbilityContext): AbilityRule[] {
  if (!facts.globalRoles.includes('ambassador')) return [];
  return [
    {
      action: ['get', 'post'],
      subject: 'subscription-promotion-code',
      conditions: { ownerId: facts.userId },
    },
  ];
}

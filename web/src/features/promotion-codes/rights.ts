import { useAbility } from '../../lib/ability';

/** Whether the caller creates promotion codes: `post` on `subscription-promotion-code` (ambassadors). */
export function useCreatesPromotionCodes(): boolean {
  return useAbility().can('post', 'subscription-promotion-code');
}

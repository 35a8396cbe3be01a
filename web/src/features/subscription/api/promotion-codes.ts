import { useMutation, useQueryClient } from '@tanstack/react-query';
import { redeemPromotionCode } from '@shared/contracts/subscriptions';
import { callApi } from '../../../lib/api';
import { refreshMe, setMe } from '../../../lib/me';

/**
 * Redeems a promotion code: the answer's plan goes into the start call at once, then the start call
 * is fetched again for the rules it opens (the realtime `ability` event says the same to other tabs).
 */
export function useRedeemPromotionCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callApi(redeemPromotionCode, { body: { code } }),
    meta: { errorsShownInline: true },
    onSuccess: async (plan) => {
      setMe(queryClient, (me) => ({
        ...me,
        ability: {
          ...me.ability,
          subscription: plan.subscription,
          ...(plan.planUntil !== undefined ? { planUntil: plan.planUntil } : {}),
        },
      }));
      await refreshMe(queryClient);
    },
  });
}

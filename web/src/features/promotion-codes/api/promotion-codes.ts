import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createPromotionCode,
  listPromotionCodes,
  type PromotionCodeCreateInput,
} from '@shared/contracts/subscriptions';
import { callApi } from '../../../lib/api';

export const promotionCodesKey = ['promotion-codes'] as const;

/** The caller's own codes, newest first. */
export function usePromotionCodes(enabled = true) {
  return useQuery({
    queryKey: [...promotionCodesKey, 'list'],
    queryFn: ({ signal }) => callApi(listPromotionCodes, { query: { _max: 200, _offset: 0 }, signal }),
    enabled,
  });
}

export function useCreatePromotionCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PromotionCodeCreateInput) => callApi(createPromotionCode, { body }),
    meta: { errorsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionCodesKey }),
  });
}

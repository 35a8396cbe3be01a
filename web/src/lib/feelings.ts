import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getFeeling as getFeelingRoute,
  updateFeeling as updateFeelingRoute,
  type FeelingUpdate,
} from '@shared/contracts/feelings';
import { callApi } from './api';

/**
 * One feeling, read and changed: the feelings feature's detail and the assistant chat (which saves
 * its summary into the feeling's notes) both use these, so they live here rather than in either.
 */

/** Every cached read of feelings starts with this key, so one write refreshes them all. */
export const feelingsKey = ['feelings'] as const;

export const feelingKey = (id: string) => [...feelingsKey, 'one', id] as const;

export function useFeeling(id: string, enabled = true) {
  return useQuery({
    queryKey: feelingKey(id),
    queryFn: ({ signal }) => callApi(getFeelingRoute, { params: { id }, signal }),
    enabled,
  });
}

export function useUpdateFeeling(id: string, options: { errorsShownInline?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeelingUpdate) => callApi(updateFeelingRoute, { params: { id }, body }),
    ...(options.errorsShownInline ? { meta: { errorsShownInline: true } } : {}),
    onSuccess: async (feeling) => {
      queryClient.setQueryData(feelingKey(id), feeling);
      await queryClient.invalidateQueries({ queryKey: feelingsKey });
    },
  });
}

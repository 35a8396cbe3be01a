import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createThinking as createThinkingRoute,
  createThinkingAxis as createAxisRoute,
  deleteThinkingAxis as deleteAxisRoute,
  getThinking as getThinkingRoute,
  getThinkingAxis as getAxisRoute,
  getSessionAxes,
  getSphereAxes,
  listThinkingAxes,
  listThinkings as listThinkingsRoute,
  updateThinking as updateThinkingRoute,
  updateThinkingAxis as updateAxisRoute,
  type AxisCreateInput,
  type AxisUpdateInput,
  type ThinkingCreateInput,
  type ThinkingUpdate,
} from '@shared/contracts/thinkings';
import { DEFAULT_THINKING_GROUP, type AxisModule } from '@shared/domain/thinkings';
import type { ContributionContext } from '../../../lib/contexts';
import { callApi } from '../../../lib/api';
import { ApiError } from '../../../lib/errors';

/** Every cached read of thinkings and axes starts with these keys, so a write refreshes them. */
export const thinkingsKey = ['thinkings'] as const;
export const axesKey = ['thinking-axes'] as const;

/** Polling of a thinking not readable yet (spec 01 §4, §9): 15 tries, 1 s apart. */
export const THINKING_FETCH_TRIES = 15;
export const THINKING_FETCH_DELAY_MS = 1000;

export function useAxes(filter: { module?: AxisModule | undefined; q?: string | undefined } = {}) {
  return useQuery({
    queryKey: [...axesKey, 'list', filter],
    queryFn: ({ signal }) =>
      callApi(listThinkingAxes, {
        query: {
          ...(filter.module ? { module: filter.module } : {}),
          ...(filter.q ? { q: filter.q } : {}),
        },
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}

export function useAxis(id: string) {
  return useQuery({
    queryKey: [...axesKey, 'one', id],
    queryFn: ({ signal }) => callApi(getAxisRoute, { params: { id }, signal }),
  });
}

export function useCreateAxis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AxisCreateInput) => callApi(createAxisRoute, { body }),
    meta: { errorsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: axesKey }),
  });
}

export function useUpdateAxis(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AxisUpdateInput) => callApi(updateAxisRoute, { params: { id }, body }),
    meta: { errorsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: axesKey }),
  });
}

export function useDeleteAxis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(deleteAxisRoute, { params: { id } }),
    meta: { errorsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: axesKey }),
  });
}

/**
 * The axes a thinking asks where it is given: the catalogue's `myself` axes for a personal one, a
 * sphere's contributor axes, or a session's (its own list, else its sphere's).
 */
export function useAxesAsked(context: ContributionContext, groupId = DEFAULT_THINKING_GROUP) {
  const personal = useAxes({ module: 'myself' });
  const inContext = useQuery({
    queryKey: [...axesKey, 'context', context, groupId],
    queryFn: async ({ signal }) => {
      if (context === null) return [];
      const answer =
        'sessionId' in context
          ? await callApi(getSessionAxes, { params: { sessionId: context.sessionId, groupId }, signal })
          : await callApi(getSphereAxes, {
              params: { sphereId: context.sphereId, category: 'contributor' },
              signal,
            });
      return answer.axes;
    },
    enabled: context !== null,
  });
  if (context === null)
    return {
      isPending: personal.isPending,
      isError: personal.isError,
      error: personal.error,
      refetch: personal.refetch,
      data: personal.data?.items,
    };
  return {
    isPending: inContext.isPending,
    isError: inContext.isError,
    error: inContext.error,
    refetch: inContext.refetch,
    data: inContext.data,
  };
}

/** One thinking, asked again up to 15 times, 1 s apart, before the error shows. */
export function useThinking(id: string) {
  return useQuery({
    queryKey: [...thinkingsKey, 'one', id],
    queryFn: ({ signal }) => callApi(getThinkingRoute, { params: { id }, signal }),
    // Not found yet is worth asking again (a thinking may be written a moment later); a refusal is not.
    retry: (failures, error) =>
      failures < THINKING_FETCH_TRIES - 1 && !(error instanceof ApiError && error.status === 403),
    retryDelay: THINKING_FETCH_DELAY_MS,
  });
}

export function useCreateThinking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ThinkingCreateInput) => callApi(createThinkingRoute, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: thinkingsKey }),
  });
}

export function useUpdateThinking(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ThinkingUpdate) => callApi(updateThinkingRoute, { params: { id }, body }),
    onSuccess: async (thinking) => {
      queryClient.setQueryData([...thinkingsKey, 'one', id], thinking);
      await queryClient.invalidateQueries({ queryKey: thinkingsKey });
    },
  });
}

/** The caller's thinkings of a range, newest first. */
export function useThinkingList(filter: { start?: string; end?: string }, max = 50, enabled = true) {
  return useQuery({
    queryKey: [...thinkingsKey, 'list', filter, max],
    queryFn: ({ signal }) =>
      callApi(listThinkingsRoute, {
        query: {
          ...(filter.start ? { start: filter.start } : {}),
          ...(filter.end ? { end: filter.end } : {}),
          _max: max,
        },
        signal,
      }),
    enabled,
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createFeeling as createFeelingRoute,
  createMyselfReport as createMyselfReportRoute,
  getFeelingFacets,
  listFeelings as listFeelingsRoute,
  type FeelingCreateInput,
  type MyselfReportRequest,
} from '@shared/contracts/feelings';
import { callApi } from '../../../lib/api';
import { feelingsKey } from '../../../lib/feelings';

/** One feeling's read and change (shared with the assistant chat, which saves into its notes). */
export { feelingsKey, useFeeling, useUpdateFeeling } from '../../../lib/feelings';

/** The emotion words (shared with the campaign steps' word choice). */
export { useEmotionWords } from '../../../lib/feeling-words';

export function useCreateFeeling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeelingCreateInput) => callApi(createFeelingRoute, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feelingsKey }),
  });
}

export interface FeelingListFilter {
  start?: string | undefined;
  end?: string | undefined;
  color?: string | undefined;
  personalNotes?: string | undefined;
  sphereId?: string | undefined;
  sessionId?: string | undefined;
  goalIds?: string | undefined;
  goalLevels?: string | undefined;
}

/** What a period's feelings can be filtered by (colours, spheres, sessions, goals), with counts. */
export function useFeelingFacets(start: string, end: string) {
  return useQuery({
    queryKey: [...feelingsKey, 'facets', start, end],
    queryFn: ({ signal }) => callApi(getFeelingFacets, { query: { start, end }, signal }),
    placeholderData: (previous) => previous,
  });
}

/** A page of the caller's feelings in a filter, newest first. */
export function useFeelingList(filter: FeelingListFilter, page: { max: number; offset: number }) {
  return useQuery({
    queryKey: [...feelingsKey, 'list', filter, page],
    queryFn: ({ signal }) =>
      callApi(listFeelingsRoute, {
        query: {
          ...(filter.start ? { start: filter.start } : {}),
          ...(filter.end ? { end: filter.end } : {}),
          ...(filter.color ? { color: filter.color } : {}),
          ...(filter.personalNotes ? { personalNotes: filter.personalNotes } : {}),
          ...(filter.sphereId ? { sphereId: filter.sphereId } : {}),
          ...(filter.sessionId ? { sessionId: filter.sessionId } : {}),
          ...(filter.goalIds ? { goalIds: filter.goalIds } : {}),
          ...(filter.goalLevels ? { goalLevels: filter.goalLevels } : {}),
          _max: page.max,
          _offset: page.offset,
        },
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}

/** My report of a period (also the home calendar). */
export function useMyselfReport(request: MyselfReportRequest, enabled = true) {
  return useQuery({
    queryKey: [...feelingsKey, 'report', request],
    queryFn: () => callApi(createMyselfReportRoute, { body: request }),
    enabled,
  });
}

import { useQuery } from '@tanstack/react-query';
import { getGoalRankings } from '@shared/contracts/forms';
import { callApi } from '../../../lib/api';

/**
 * The caller's goal rankings (GET /v1/forms/goal-rankings, decision 0020): from their latest
 * goal-ranking survey, 20 for a goal it does not rank. The key starts with the realtime type
 * `formSurveys`, so a ranking saved in another tab refreshes it (lib/realtime.ts).
 */
export const goalRankingsKey = ['formSurveys', 'goal-rankings'] as const;

export function useGoalRankings(enabled: boolean) {
  return useQuery({
    queryKey: goalRankingsKey,
    queryFn: ({ signal }) => callApi(getGoalRankings, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

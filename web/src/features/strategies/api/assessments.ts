import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addSessionStrategyAssessment,
  addSphereStrategyAssessment,
  getStrategyAssessment,
  listSessionStrategyAssessments,
  listSphereStrategyAssessments,
  updateStrategyAssessment,
  type StrategyAssessment,
} from '@shared/contracts/strategies';
import { callApi } from '../../../lib/api';

/** Where a strategy is assessed: a sphere's own strategy, or a session's. */
export type AssessedPlace = { sphereId: string } | { sessionId: string };

/**
 * Every cached read of assessments starts with the realtime event's type, so an assessment saved in
 * another tab or on another device refreshes them (`strategyAssessments`, lib/realtime.ts).
 */
export const assessmentsKey = ['strategyAssessments'] as const;

/** How many of one's own assessments a strategy card lists, newest first. */
export const MY_ASSESSMENTS_SHOWN = 10;

const placeKey = (place: AssessedPlace) =>
  'sessionId' in place ? ['session', place.sessionId] : ['sphere', place.sphereId];

/** Answers as the form keeps them: a level's value per strategy id, null for none. */
export type AssessmentValues = Record<string, number | null>;

/** The caller's own assessments of a sphere's or a session's strategy, newest first. */
export function useMyAssessments(place: AssessedPlace, enabled = true) {
  return useQuery({
    queryKey: [...assessmentsKey, 'mine', ...placeKey(place)],
    queryFn: ({ signal }) => {
      const query = { _max: MY_ASSESSMENTS_SHOWN };
      return 'sessionId' in place
        ? callApi(listSessionStrategyAssessments, { params: { sessionId: place.sessionId }, query, signal })
        : callApi(listSphereStrategyAssessments, { params: { sphereId: place.sphereId }, query, signal });
    },
    enabled,
  });
}

export function useAssessment(assessmentId: string) {
  return useQuery({
    queryKey: [...assessmentsKey, 'one', assessmentId],
    queryFn: ({ signal }) => callApi(getStrategyAssessment, { params: { assessmentId }, signal }),
  });
}

/** The person's time zone, recorded with a new assessment. */
function timeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** A new assessment: at least one answer (empty ones are dropped by the server too), maybe through a link. */
export function useAddAssessment(place: AssessedPlace, linkId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AssessmentValues) => {
      const zone = timeZone();
      // Through a campaign link: the link, whose tags the assessment takes.
      const body = { values, ...(zone ? { locale: zone } : {}), ...(linkId ? { linkId } : {}) };
      return 'sessionId' in place
        ? callApi(addSessionStrategyAssessment, { params: { sessionId: place.sessionId }, body })
        : callApi(addSphereStrategyAssessment, { params: { sphereId: place.sphereId }, body });
    },
    meta: { errorsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assessmentsKey }),
  });
}

/** Every answer again, while the assessment is not frozen (409 `strategy-assessment-frozen` after). */
export function useUpdateAssessment(assessmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AssessmentValues) =>
      callApi(updateStrategyAssessment, { params: { assessmentId }, body: { values } }),
    meta: { errorsShownInline: true },
    onSuccess: async (saved: StrategyAssessment) => {
      queryClient.setQueryData([...assessmentsKey, 'one', assessmentId], saved);
      await queryClient.invalidateQueries({ queryKey: [...assessmentsKey, 'mine'] });
    },
  });
}

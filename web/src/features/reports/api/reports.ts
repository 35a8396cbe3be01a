import { useQuery } from '@tanstack/react-query';
import {
  createSessionFormReport,
  createSphereFormReport,
  listSessionFormReports,
  listSphereFormReports,
  type SessionFormReportRequest,
  type SphereFormReportRequest,
} from '@shared/contracts/form-reports';
import { listAvailableForms, listSphereFormEntitlements } from '@shared/contracts/forms';
import {
  createSessionFeelingReport,
  createSphereFeelingReport,
  createSphereThinkingReport,
  type SessionReportRequest,
  type SphereReportRequest,
} from '@shared/contracts/reports';
import { getSession } from '@shared/contracts/sessions';
import { getSphere } from '@shared/contracts/spheres';
import {
  createSessionStrategyReport,
  createSphereStrategyReport,
  type SessionStrategyReportRequest,
  type SphereStrategyReportRequest,
} from '@shared/contracts/strategy-reports';
import { listSphereTags, sphereReportGroups } from '@shared/contracts/tags';
import { listThinkingAxes } from '@shared/contracts/thinkings';
import { callApi } from '../../../lib/api';

/** Every cached read of the reports starts with this key. */
const reportsKey = ['reports'] as const;

/** The sphere a report is about: its name, its languages and whether it is a study programme. */
export function useReportSphere(sphereId: string, enabled = true) {
  return useQuery({
    // The same key as the sphere's own page: one read serves both.
    queryKey: ['spheres', 'one', sphereId],
    queryFn: ({ signal }) => callApi(getSphere, { params: { id: sphereId }, signal }),
    retry: false,
    enabled,
  });
}

/** The group (session) a report is about: its name as the reader may see it, and its sphere. */
export function useReportSession(sessionId: string, enabled = true) {
  return useQuery({
    // The same key as the session's own page: one read serves both.
    queryKey: ['sessions', 'one', sessionId],
    queryFn: ({ signal }) => callApi(getSession, { params: { id: sessionId }, signal }),
    retry: false,
    enabled,
  });
}

/** The sphere's active tags, the groups a report may be narrowed to. */
export function useReportTags(sphereId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...reportsKey, 'tags', sphereId],
    queryFn: ({ signal }) =>
      callApi(listSphereTags, { params: { id: sphereId }, query: { archived: 'false' }, signal }),
    enabled,
  });
}

/**
 * The groups a sphere's report may be narrowed to (`GET /v1/spheres/{id}/report-groups`, its
 * report's readers): each active tag and whether enough people hold it today; with `withTagId`
 * (the first tag chosen), whether enough hold both. The previous answer stays while the next loads,
 * so the choice is never emptied under the reader's hand.
 */
export function useReportGroups(sphereId: string, withTagId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...reportsKey, 'groups', sphereId, withTagId ?? null],
    queryFn: ({ signal }) =>
      callApi(sphereReportGroups, {
        params: { id: sphereId },
        query: withTagId === undefined ? {} : { with: withTagId },
        signal,
      }),
    placeholderData: (previous) => previous,
    enabled,
  });
}

/** What a report is asked about: a whole sphere, or one of its groups (sessions). */
export type FeelingsReportRequest =
  { kind: 'sphere'; body: SphereReportRequest } | { kind: 'session'; body: SessionReportRequest };

/**
 * The feelings report of a sphere or of a group, narrowed or not to one or two tags, over a period
 * (spec 02 §2, §5); a group's is its members' alone (§6 group-report exception).
 */
export function useFeelingsReport(request: FeelingsReportRequest, enabled: boolean) {
  return useQuery({
    queryKey: [...reportsKey, request.kind, request.body],
    queryFn: ({ signal }) =>
      request.kind === 'session'
        ? callApi(createSessionFeelingReport, { body: request.body, signal })
        : callApi(createSphereFeelingReport, { body: request.body, signal }),
    enabled,
  });
}

/**
 * The thinkings report of a sphere (spec 01 §7 `POST /thinkings/sphere-reports`): the same filters
 * as its feelings report, axis by axis. Asked only while the reader looks at it.
 */
export function useThinkingReport(body: SphereReportRequest, enabled: boolean) {
  return useQuery({
    queryKey: [...reportsKey, 'sphere-thinking', body],
    queryFn: ({ signal }) => callApi(createSphereThinkingReport, { body, signal }),
    enabled,
  });
}

/** The catalogue of thinking axes, for their names in the reader's language. */
export function useReportAxes(enabled: boolean) {
  return useQuery({
    queryKey: [...reportsKey, 'axes'],
    queryFn: ({ signal }) => callApi(listThinkingAxes, { query: {}, signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** What a questionnaires report is asked about: a form in a whole sphere, or in one of its groups. */
export type FormReportRequest =
  { kind: 'sphere'; body: SphereFormReportRequest } | { kind: 'session'; body: SessionFormReportRequest };

/**
 * The forms entitled to a sphere (`GET /v1/forms/spheres/{sphereId}/entitlements`), the ones its
 * admins may report on; asked only while the reader looks at the questionnaires.
 */
export function useReportSphereForms(sphereId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...reportsKey, 'sphere-forms', sphereId],
    queryFn: ({ signal }) => callApi(listSphereFormEntitlements, { params: { sphereId }, signal }),
    enabled,
  });
}

/**
 * The forms available to the reader (`GET /v1/forms/available`), of which a group's report offers
 * those available through that group.
 */
export function useReportAvailableForms(enabled: boolean) {
  return useQuery({
    queryKey: [...reportsKey, 'available-forms'],
    queryFn: ({ signal }) => callApi(listAvailableForms, { signal }),
    enabled,
  });
}

/**
 * The questionnaires report of a sphere (its admins) or of a group (its members alone): one form's
 * surveys with the filters of the feelings report, question by question and result by result.
 */
export function useFormReport(request: FormReportRequest, enabled: boolean) {
  return useQuery({
    queryKey: [...reportsKey, 'form', request.kind, request.body],
    queryFn: ({ signal }) =>
      request.kind === 'session'
        ? callApi(createSessionFormReport, { body: request.body, signal })
        : callApi(createSphereFormReport, { body: request.body, signal }),
    enabled,
  });
}

/**
 * The questionnaires a place's custom reports may show as data shots (decision 0038): a sphere's
 * (its entitled forms with a report definition, for its admins) or a group's (the forms available
 * in it, for its members alone).
 */
export function useReportFormList(
  place: { sphereId: string; sessionId?: string | undefined },
  enabled: boolean,
) {
  const { sphereId, sessionId } = place;
  return useQuery({
    queryKey:
      sessionId === undefined
        ? [...reportsKey, 'form-list', 'sphere', sphereId]
        : [...reportsKey, 'form-list', 'session', sessionId],
    queryFn: ({ signal }) =>
      sessionId === undefined
        ? callApi(listSphereFormReports, { params: { sphereId }, signal })
        : callApi(listSessionFormReports, { params: { sessionId }, signal }),
    enabled: enabled && (sessionId === undefined ? sphereId !== '' : sessionId !== ''),
  });
}

/** What a strategy report is asked about: the strategy of a whole sphere, or of one of its groups. */
export type StrategyReportRequest =
  | { kind: 'sphere'; body: SphereStrategyReportRequest }
  | { kind: 'session'; body: SessionStrategyReportRequest };

/**
 * The strategy assessments of a sphere (its admins) or of a group (its members alone), with the
 * filters of the feelings report, item by item (spec 02 §2 "strategy assessment"). A sphere that
 * keeps no strategy answers 403 `strategy-not-enabled`.
 */
export function useStrategyReport(request: StrategyReportRequest, enabled: boolean) {
  return useQuery({
    queryKey: [...reportsKey, 'strategy', request.kind, request.body],
    queryFn: ({ signal }) =>
      request.kind === 'session'
        ? callApi(createSessionStrategyReport, { body: request.body, signal })
        : callApi(createSphereStrategyReport, { body: request.body, signal }),
    enabled,
  });
}

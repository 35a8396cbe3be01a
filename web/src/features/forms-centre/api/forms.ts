import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FORM_DEFINITIONS_MAX,
  addSphereFormEntitlement,
  createFormMyselfReport,
  createSurvey,
  deleteSphereFormEntitlement,
  getFormDefinition,
  getSurvey,
  listAvailableForms,
  listFormDefinitions,
  listSessionFormEntitlements,
  listSphereFormEntitlements,
  listSurveys,
  updateSphereFormEntitlement,
  updateSurvey,
  type Form,
  type FormAvailability,
  type FormEntitlement,
  type FormMyselfReportRequest,
  type SurveyValues,
} from '@shared/contracts/forms';
import { listSphereSessions } from '@shared/contracts/sessions';
import { callApi } from '../../../lib/api';

/**
 * Every cached read of surveys starts with the realtime event's type, so an answer saved in another
 * tab or on another device refreshes them (`formSurveys`, lib/realtime.ts).
 */
export const surveysKey = ['formSurveys'] as const;
/** The forms available to the caller (they change with entitlements, not with surveys). */
export const availableKey = ['forms-centre', 'available'] as const;
export const definitionsKey = ['forms-centre', 'definition'] as const;
export const entitlementsKey = ['forms-centre', 'entitlements'] as const;
/** The forms entitled to sessions, which change with their sphere's entitlements. */
const sessionEntitlementsKey = ['forms-centre', 'session-entitlements'] as const;

/** How many of one's recent answers the centre lists. */
export const RECENT_SURVEYS_SHOWN = 20;

/** The person's time zone, recorded with a survey (spec 01 §3 locale). */
function timeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function useAvailableForms(enabled = true) {
  return useQuery({
    queryKey: availableKey,
    queryFn: ({ signal }) => callApi(listAvailableForms, { signal }),
    enabled,
  });
}

/** A form document, as the runner reads it. */
export function useFormDefinition(formId: string | undefined) {
  return useQuery({
    queryKey: [...definitionsKey, formId],
    queryFn: ({ signal }): Promise<Form> =>
      callApi(getFormDefinition, { params: { formId: formId ?? '' }, signal }),
    enabled: formId !== undefined && formId !== '',
  });
}

/** The caller's surveys saved since `start`, newest first. */
export function useRecentSurveys(start: string, enabled = true) {
  return useQuery({
    queryKey: [...surveysKey, 'recent', start],
    queryFn: ({ signal }) => callApi(listSurveys, { query: { start, _max: RECENT_SURVEYS_SHOWN }, signal }),
    enabled,
  });
}

export function useSurvey(surveyId: string) {
  return useQuery({
    queryKey: [...surveysKey, 'one', surveyId],
    queryFn: ({ signal }) => callApi(getSurvey, { params: { surveyId }, signal }),
    enabled: surveyId !== '',
  });
}

export interface NewSurvey {
  formId: string;
  values: SurveyValues;
  sphereId?: string | undefined;
  sessionId?: string | undefined;
  /** Answered from a shared link to the form (spec 01 §3 Form survey `fromDirectLink`). */
  fromDirectLink?: boolean | undefined;
  /** The campaign link it was answered through, whose tags the survey takes. */
  linkId?: string | undefined;
}

export function useCreateSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ formId, values, sphereId, sessionId, fromDirectLink = false, linkId }: NewSurvey) => {
      const zone = timeZone();
      return callApi(createSurvey, {
        body: {
          formId,
          values,
          fromDirectLink,
          ...(zone ? { locale: zone } : {}),
          ...(sphereId ? { sphereId } : {}),
          ...(sessionId ? { sessionId } : {}),
          ...(linkId ? { linkId } : {}),
        },
      });
    },
    meta: { errorsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveysKey }),
  });
}

export function useUpdateSurvey(surveyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SurveyValues) => callApi(updateSurvey, { params: { surveyId }, body: { values } }),
    meta: { errorsShownInline: true },
    onSuccess: async (survey) => {
      queryClient.setQueryData([...surveysKey, 'one', surveyId], survey);
      await queryClient.invalidateQueries({ queryKey: [...surveysKey, 'recent'] });
    },
  });
}

export function useMyFormsReport(request: FormMyselfReportRequest | undefined) {
  return useQuery({
    queryKey: [...surveysKey, 'myself-report', request],
    queryFn: ({ signal }) => callApi(createFormMyselfReport, { body: request ?? { formId: '' }, signal }),
    enabled: request !== undefined && request.formId !== '',
  });
}

// ---------------------------------------------------------------------------------------------
// Entitlements of a sphere
// ---------------------------------------------------------------------------------------------

const entitlementsOf = (sphereId: string) => [...entitlementsKey, sphereId] as const;

export function useSphereEntitlements(sphereId: string, enabled = true) {
  return useQuery({
    queryKey: entitlementsOf(sphereId),
    queryFn: ({ signal }) => callApi(listSphereFormEntitlements, { params: { sphereId }, signal }),
    enabled,
  });
}

/**
 * The forms entitled to a session: those of its sphere offered to every member, and those offered
 * to the members of chosen groups that name it. Read by the sphere's admins (the route's ability).
 */
export function useSessionEntitlements(sessionId: string, enabled = true) {
  return useQuery({
    queryKey: [...sessionEntitlementsKey, sessionId],
    queryFn: ({ signal }) => callApi(listSessionFormEntitlements, { params: { sessionId }, signal }),
    enabled,
  });
}

/** The forms a sphere may be entitled to: not private, at most a page of 200. */
export function useEntitleableForms(enabled = true) {
  return useQuery({
    queryKey: ['forms-centre', 'entitleable'],
    queryFn: ({ signal }) =>
      callApi(listFormDefinitions, {
        query: { _max: FORM_DEFINITIONS_MAX, _filters: 'private=false' },
        signal,
      }),
    enabled,
  });
}

/** The sphere's sessions, which an entitlement through session membership names. */
export function useSphereSessionChoices(sphereId: string, enabled = true) {
  return useQuery({
    queryKey: ['forms-centre', 'sessions', sphereId],
    queryFn: ({ signal }) => callApi(listSphereSessions, { params: { id: sphereId }, signal }),
    enabled,
  });
}

/** A list answer of the API. */
interface ListResult<T> {
  count: number;
  items: T[];
  max: number;
  offset: number;
}

/** The answer replaces the entitlement in the cached list (spec 01 §7). */
function replaceEntitlement(
  list: ListResult<FormEntitlement> | undefined,
  saved: FormEntitlement,
): ListResult<FormEntitlement> | undefined {
  if (!list) return list;
  const exists = list.items.some((e) => e.formId === saved.formId);
  return exists
    ? { ...list, items: list.items.map((e) => (e.formId === saved.formId ? saved : e)) }
    : { ...list, items: [...list.items, saved], count: list.count + 1 };
}

export interface EntitlementChoice {
  formId: string;
  availabilitiesThrough: FormAvailability;
  sessionIds: string[];
}

/**
 * Saves an entitlement: a new one is created (POST), then given its sessions (PUT) when it is
 * through session membership; an existing one is replaced (PUT).
 */
export function useSaveEntitlement(sphereId: string, isNew: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ formId, availabilitiesThrough, sessionIds }: EntitlementChoice) => {
      const sessions = availabilitiesThrough === 'sessionMember' ? sessionIds : [];
      if (isNew) {
        const created = await callApi(addSphereFormEntitlement, {
          params: { sphereId },
          body: { formId, availabilitiesThrough },
        });
        if (sessions.length === 0) return created;
      }
      return callApi(updateSphereFormEntitlement, {
        params: { sphereId, formId },
        body: { sphereId, formId, availabilitiesThrough, sessionIds: sessions },
      });
    },
    meta: { errorsShownInline: true },
    onSuccess: async (saved) => {
      queryClient.setQueryData<ListResult<FormEntitlement>>(entitlementsOf(sphereId), (list) =>
        replaceEntitlement(list, saved),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: availableKey }),
        queryClient.invalidateQueries({ queryKey: sessionEntitlementsKey }),
      ]);
    },
  });
}

export function useDeleteEntitlement(sphereId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (formId: string) => callApi(deleteSphereFormEntitlement, { params: { sphereId, formId } }),
    meta: { errorsShownInline: true },
    onSuccess: async (_, formId) => {
      queryClient.setQueryData<ListResult<FormEntitlement>>(entitlementsOf(sphereId), (list) =>
        list
          ? { ...list, items: list.items.filter((e) => e.formId !== formId), count: list.count - 1 }
          : list,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: availableKey }),
        queryClient.invalidateQueries({ queryKey: sessionEntitlementsKey }),
      ]);
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  sessionReportRoutes,
  sphereReportRoutes,
  type CampaignCustomReportCreate,
  type CustomReportCreate,
  type CustomReportUpdate,
  type RenderCreate,
  type ReportCardCreate,
  type ReportCardUpdate,
  type ReportLanguage,
} from '@shared/contracts/custom-reports';
import { createCampaignCustomReport, listCampaignCustomReports } from '@shared/contracts/campaign-reports';
import { listCycles } from '@shared/contracts/campaigns';
import type { RouteContract, RouteResponse } from '@shared/contracts/route';
import { callApi } from '../../../lib/api';

/**
 * Whose custom reports: a sphere's, or one of its groups' (`sessionId`, decision 0037). A group's
 * reports are read and written through the group's routes, its members' alone.
 */
export interface ReportScope {
  sphereId: string;
  sessionId?: string | undefined;
}

/** What names one report: its scope (a report's own `sphereId` and `sessionId`) and its id. */
export interface ReportRef extends ReportScope {
  reportId: string;
}

/** What names a report, from the report itself (its own `sphereId`, and `sessionId` for a group's). */
export const refOf = (report: ReportRef): ReportRef => ({
  sphereId: report.sphereId,
  sessionId: report.sessionId,
  reportId: report.reportId,
});

/**
 * A scope's place in the cache keys: a group's reports never share a key with their sphere's, so
 * the sphere's list never shows a group's report.
 */
const scopeKey = ({ sphereId, sessionId }: ReportScope) =>
  sessionId === undefined ? (['sphere', sphereId] as const) : (['session', sessionId] as const);
/** Every cached read of a scope's custom reports starts with this key: a change reads them again. */
const customKey = (scope: ReportScope) => ['reports', 'custom', ...scopeKey(scope)] as const;
const reportKey = (ref: ReportRef) => [...customKey(ref), ref.reportId] as const;
/**
 * Every cached list of a campaign's custom reports starts with this key: they are reports of the
 * campaign's sphere, so a change in any sphere's reports reads them again too.
 */
const campaignListsKey = ['reports', 'campaignCustom'] as const;
const campaignListKey = (campaignId: string) => [...campaignListsKey, campaignId] as const;
/** The same key as the campaigns' own list of a campaign's cycles: one read serves both. */
const cyclesKey = (campaignId: string) => ['campaigns', 'cycles', campaignId] as const;
const partKey = (ref: ReportRef, partId: string) => [...reportKey(ref), 'parts', partId] as const;
/**
 * A report's renders: the key starts with the realtime type, so a `reportRenders` event reads them
 * again (lib/realtime.ts).
 */
export const rendersKey = (ref: ReportRef) => ['reportRenders', ...scopeKey(ref), ref.reportId] as const;

/** How often the renders are read again while one is in progress (the realtime channel may be off). */
export const RENDER_POLL_MS = 3000;

/** Every 3 s while a render is in progress, else not at all. */
export function rendersPoll(data: { renders: readonly { status: string }[] } | undefined): number | false {
  return data?.renders.some((r) => r.status === 'inProgress') ? RENDER_POLL_MS : false;
}

type Routes = typeof sphereReportRoutes;
type RouteName = keyof Routes;
/** A route's parameters past its scope: `reportId`, `partId`, `cardId`, `renderId`. */
type InnerParams<K extends RouteName> = Omit<z.input<Routes[K]['params']>, 'sphereId'>;

/**
 * Calls one route of the scope's set: the group's with `{ sessionId, … }`, else the sphere's with
 * `{ sphereId, … }`. Both sets take the same bodies and give the same answers
 * (shared/contracts/custom-reports.ts), so the call is typed by the sphere's route.
 */
function callReports<K extends RouteName>(
  name: K,
  scope: ReportScope,
  params: InnerParams<K>,
  options: { body?: z.input<Routes[K]['body']>; signal?: AbortSignal } = {},
): Promise<RouteResponse<Routes[K]>> {
  const { sphereId, sessionId } = scope;
  const route: RouteContract = sessionId === undefined ? sphereReportRoutes[name] : sessionReportRoutes[name];
  const scoped = sessionId === undefined ? { sphereId, ...params } : { sessionId, ...params };
  const send = callApi as (
    route: RouteContract,
    options: { params: object; body?: unknown; signal?: AbortSignal },
  ) => Promise<unknown>;
  return send(route, { ...options, params: scoped }) as Promise<RouteResponse<Routes[K]>>;
}

/** A scope can be asked once its ids are known. */
const ready = ({ sphereId, sessionId }: ReportScope) =>
  sessionId === undefined ? sphereId !== '' : sessionId !== '';

/** The custom reports of a sphere, or of one of its groups. */
export function useCustomReports(scope: ReportScope, enabled = true) {
  return useQuery({
    queryKey: customKey(scope),
    queryFn: ({ signal }) => callReports('list', scope, {}, { signal }),
    enabled: enabled && ready(scope),
  });
}

/** The campaign's custom reports (decision 0036): the sphere's reports that name the campaign. */
export function useCampaignCustomReports(campaignId: string, enabled = true) {
  return useQuery({
    queryKey: campaignListKey(campaignId),
    queryFn: ({ signal }) => callApi(listCampaignCustomReports, { params: { campaignId }, signal }),
    retry: false,
    enabled: enabled && campaignId !== '',
  });
}

/** The campaign's cycles, one of which a new campaign report may be about. */
export function useCampaignCycles(campaignId: string, enabled = true) {
  return useQuery({
    queryKey: cyclesKey(campaignId),
    queryFn: ({ signal }) => callApi(listCycles, { params: { campaignId }, signal }),
    enabled: enabled && campaignId !== '',
  });
}

/** One report with its parts and its cards' definitions. */
export function useCustomReport(ref: ReportRef, enabled = true) {
  const { reportId } = ref;
  return useQuery({
    queryKey: reportKey(ref),
    queryFn: ({ signal }) => callReports('get', ref, { reportId }, { signal }),
    enabled: enabled && ready(ref) && reportId !== '',
  });
}

/** One part with its cards and each data shot's figures. */
export function useReportPart(ref: ReportRef, partId: string, enabled = true) {
  const { reportId } = ref;
  return useQuery({
    queryKey: partKey(ref, partId),
    queryFn: ({ signal }) => callReports('getPart', ref, { reportId, partId }, { signal }),
    enabled: enabled && ready(ref) && partId !== '',
  });
}

/**
 * A change anywhere in a scope's reports: its list, the report and its parts are read again.
 * The errors of a card's or a part's creation, change and deletion are toasts (spec 02 §8).
 */
function useChanged(scope: ReportScope) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: customKey(scope) }),
      // A campaign's list shows its sphere's reports' names, statuses and card counts (a group's
      // report is never a campaign's).
      scope.sessionId === undefined && queryClient.invalidateQueries({ queryKey: campaignListsKey }),
    ]);
}

/** A new report of the sphere, or of the group when the scope names one. */
export function useCreateCustomReport(scope: ReportScope) {
  const changed = useChanged(scope);
  return useMutation({
    mutationFn: (body: CustomReportCreate) => callReports('create', scope, {}, { body }),
    meta: { errorsShownInline: true },
    onSuccess: changed,
  });
}

/** A new report of the campaign: the campaign's list and its sphere's are read again. */
export function useCreateCampaignCustomReport(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignCustomReportCreate) =>
      callApi(createCampaignCustomReport, { params: { campaignId }, body }),
    meta: { errorsShownInline: true },
    onSuccess: (report) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: campaignListKey(campaignId) }),
        queryClient.invalidateQueries({ queryKey: customKey({ sphereId: report.sphereId }) }),
      ]),
  });
}

export function useUpdateCustomReport(ref: ReportRef) {
  const changed = useChanged(ref);
  const { reportId } = ref;
  return useMutation({
    mutationFn: (body: CustomReportUpdate) => callReports('update', ref, { reportId }, { body }),
    onSuccess: changed,
  });
}

export function useDeleteCustomReport(scope: ReportScope) {
  const changed = useChanged(scope);
  return useMutation({
    mutationFn: (reportId: string) => callReports('delete', scope, { reportId }),
    meta: { errorsShownInline: true },
    onSuccess: changed,
  });
}

export function useCreateReportPart(ref: ReportRef) {
  const changed = useChanged(ref);
  const { reportId } = ref;
  return useMutation({
    mutationFn: (name: string) => callReports('createPart', ref, { reportId }, { body: { name } }),
    onSuccess: changed,
  });
}

export function useUpdateReportPart(ref: ReportRef) {
  const changed = useChanged(ref);
  const { reportId } = ref;
  return useMutation({
    mutationFn: ({ partId, name }: { partId: string; name: string }) =>
      callReports('updatePart', ref, { reportId, partId }, { body: { name } }),
    meta: { errorsShownInline: true },
    onSuccess: changed,
  });
}

export function useDeleteReportPart(ref: ReportRef) {
  const changed = useChanged(ref);
  const { reportId } = ref;
  return useMutation({
    mutationFn: (partId: string) => callReports('deletePart', ref, { reportId, partId }),
    onSuccess: changed,
  });
}

/**
 * A new card. Its form says the errors itself: a questionnaire the place's reports may not show on
 * its field (decision 0038), every other refusal as a toast.
 */
export function useCreateReportCard(ref: ReportRef) {
  const changed = useChanged(ref);
  const { reportId } = ref;
  return useMutation({
    mutationFn: (body: ReportCardCreate) => callReports('createCard', ref, { reportId }, { body }),
    meta: { errorsShownInline: true },
    onSuccess: changed,
  });
}

/** Changes a card. */
export function useUpdateReportCard(ref: ReportRef) {
  const changed = useChanged(ref);
  const { reportId } = ref;
  return useMutation({
    mutationFn: ({ cardId, body }: { cardId: string; body: ReportCardUpdate }) =>
      callReports('updateCard', ref, { reportId, cardId }, { body }),
    onSuccess: changed,
  });
}

/** One write of a move in a report's structure: a part's position, or a card's position or part. */
export type StructureWrite =
  | { kind: 'part'; partId: string; body: { position: number } }
  | { kind: 'card'; cardId: string; body: { position: number } | { partId: string } };

/**
 * A move in the structure tree: its writes one after the other, then the report read again once
 * (after a failure too, so the tree shows what was saved). A failure is a toast.
 */
export function useMoveInStructure(ref: ReportRef) {
  const changed = useChanged(ref);
  const { reportId } = ref;
  return useMutation({
    mutationFn: async (writes: readonly StructureWrite[]) => {
      for (const write of writes) {
        if (write.kind === 'part')
          await callReports('updatePart', ref, { reportId, partId: write.partId }, { body: write.body });
        else await callReports('updateCard', ref, { reportId, cardId: write.cardId }, { body: write.body });
      }
    },
    onSettled: changed,
  });
}

export function useDeleteReportCard(ref: ReportRef) {
  const changed = useChanged(ref);
  const { reportId } = ref;
  return useMutation({
    mutationFn: (cardId: string) => callReports('deleteCard', ref, { reportId, cardId }),
    onSuccess: changed,
  });
}

/** The card prompt: a text written from the card's figures (nothing is saved by it). */
export function usePromptReportCard(ref: ReportRef) {
  const { reportId } = ref;
  return useMutation({
    mutationFn: ({ cardId, lang }: { cardId: string; lang: ReportLanguage }) =>
      callReports('promptCard', ref, { reportId, cardId }, { body: { lang } }),
  });
}

/**
 * The report's rendered documents, newest first; read again every 3 s while one is in progress,
 * and on each `reportRenders` event.
 */
export function useReportRenders(ref: ReportRef, enabled = true) {
  const { reportId } = ref;
  return useQuery({
    queryKey: rendersKey(ref),
    queryFn: ({ signal }) => callReports('listRenders', ref, { reportId }, { signal }),
    enabled: enabled && ready(ref) && reportId !== '',
    refetchInterval: (query) => rendersPoll(query.state.data),
  });
}

export function useCreateReportRender(ref: ReportRef) {
  const queryClient = useQueryClient();
  const { reportId } = ref;
  return useMutation({
    mutationFn: (body: RenderCreate) => callReports('createRender', ref, { reportId }, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rendersKey(ref) }),
  });
}

/** Cancels a render in progress, or removes a finished one with its file. */
export function useDeleteReportRender(ref: ReportRef) {
  const queryClient = useQueryClient();
  const { reportId } = ref;
  return useMutation({
    mutationFn: (renderId: string) => callReports('deleteRender', ref, { reportId, renderId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rendersKey(ref) }),
  });
}

/** A finished render's short-lived address, opened at once: the browser downloads the file. */
export function useDownloadReportRender(ref: ReportRef) {
  const { reportId } = ref;
  return useMutation({
    mutationFn: (renderId: string) => callReports('downloadRender', ref, { reportId, renderId }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

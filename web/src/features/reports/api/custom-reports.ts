import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createCustomReport,
  createReportCard,
  createReportPart,
  createReportRender,
  deleteCustomReport,
  deleteReportCard,
  deleteReportPart,
  deleteReportRender,
  downloadReportRender,
  getCustomReport,
  getReportPart,
  listCustomReports,
  listReportRenders,
  promptReportCard,
  updateCustomReport,
  updateReportCard,
  updateReportPart,
  type CampaignCustomReportCreate,
  type CustomReportCreate,
  type CustomReportUpdate,
  type RenderCreate,
  type ReportCardCreate,
  type ReportCardUpdate,
  type ReportLanguage,
} from '../../../../../shared/contracts/custom-reports';
import {
  createCampaignCustomReport,
  listCampaignCustomReports,
} from '../../../../../shared/contracts/campaign-reports';
import { listCycles } from '../../../../../shared/contracts/campaigns';
import { callApi } from '../../../lib/api';

/** Every cached read of a sphere's custom reports starts with this key: a change reads them again. */
const customKey = (sphereId: string) => ['reports', 'custom', sphereId] as const;
const reportKey = (sphereId: string, reportId: string) => [...customKey(sphereId), reportId] as const;
/**
 * Every cached list of a campaign's custom reports starts with this key: they are reports of the
 * campaign's sphere, so a change in any sphere's reports reads them again too.
 */
const campaignListsKey = ['reports', 'campaignCustom'] as const;
const campaignListKey = (campaignId: string) => [...campaignListsKey, campaignId] as const;
/** The same key as the campaigns' own list of a campaign's cycles: one read serves both. */
const cyclesKey = (campaignId: string) => ['campaigns', 'cycles', campaignId] as const;
const partKey = (sphereId: string, reportId: string, partId: string) =>
  [...reportKey(sphereId, reportId), 'parts', partId] as const;
/**
 * A report's renders: the key starts with the realtime type, so a `reportRenders` event reads them
 * again (lib/realtime.ts).
 */
export const rendersKey = (sphereId: string, reportId: string) =>
  ['reportRenders', sphereId, reportId] as const;

/** How often the renders are read again while one is in progress (the realtime channel may be off). */
export const RENDER_POLL_MS = 3000;

/** Every 3 s while a render is in progress, else not at all. */
export function rendersPoll(data: { renders: readonly { status: string }[] } | undefined): number | false {
  return data?.renders.some((r) => r.status === 'inProgress') ? RENDER_POLL_MS : false;
}

/** What names one report. */
export interface ReportRef {
  sphereId: string;
  reportId: string;
}

/** The sphere's custom reports. */
export function useCustomReports(sphereId: string, enabled = true) {
  return useQuery({
    queryKey: customKey(sphereId),
    queryFn: ({ signal }) => callApi(listCustomReports, { params: { sphereId }, signal }),
    enabled: enabled && sphereId !== '',
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
export function useCustomReport({ sphereId, reportId }: ReportRef, enabled = true) {
  return useQuery({
    queryKey: reportKey(sphereId, reportId),
    queryFn: ({ signal }) => callApi(getCustomReport, { params: { sphereId, reportId }, signal }),
    enabled: enabled && sphereId !== '' && reportId !== '',
  });
}

/** One part with its cards and each data shot's figures. */
export function useReportPart({ sphereId, reportId }: ReportRef, partId: string, enabled = true) {
  return useQuery({
    queryKey: partKey(sphereId, reportId, partId),
    queryFn: ({ signal }) => callApi(getReportPart, { params: { sphereId, reportId, partId }, signal }),
    enabled: enabled && sphereId !== '' && partId !== '',
  });
}

/**
 * A change anywhere in a sphere's reports: its list, the report and its parts are read again.
 * The errors of a card's or a part's creation, change and deletion are toasts (spec 02 §8).
 */
function useChanged(sphereId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: customKey(sphereId) }),
      // A campaign's list shows its reports' names, statuses and card counts.
      queryClient.invalidateQueries({ queryKey: campaignListsKey }),
    ]);
}

export function useCreateCustomReport(sphereId: string) {
  const changed = useChanged(sphereId);
  return useMutation({
    mutationFn: (body: CustomReportCreate) => callApi(createCustomReport, { params: { sphereId }, body }),
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
        queryClient.invalidateQueries({ queryKey: customKey(report.sphereId) }),
      ]),
  });
}

export function useUpdateCustomReport({ sphereId, reportId }: ReportRef) {
  const changed = useChanged(sphereId);
  return useMutation({
    mutationFn: (body: CustomReportUpdate) =>
      callApi(updateCustomReport, { params: { sphereId, reportId }, body }),
    onSuccess: changed,
  });
}

export function useDeleteCustomReport(sphereId: string) {
  const changed = useChanged(sphereId);
  return useMutation({
    mutationFn: (reportId: string) => callApi(deleteCustomReport, { params: { sphereId, reportId } }),
    meta: { errorsShownInline: true },
    onSuccess: changed,
  });
}

export function useCreateReportPart({ sphereId, reportId }: ReportRef) {
  const changed = useChanged(sphereId);
  return useMutation({
    mutationFn: (name: string) =>
      callApi(createReportPart, { params: { sphereId, reportId }, body: { name } }),
    onSuccess: changed,
  });
}

export function useUpdateReportPart({ sphereId, reportId }: ReportRef) {
  const changed = useChanged(sphereId);
  return useMutation({
    mutationFn: ({ partId, name }: { partId: string; name: string }) =>
      callApi(updateReportPart, { params: { sphereId, reportId, partId }, body: { name } }),
    meta: { errorsShownInline: true },
    onSuccess: changed,
  });
}

export function useDeleteReportPart({ sphereId, reportId }: ReportRef) {
  const changed = useChanged(sphereId);
  return useMutation({
    mutationFn: (partId: string) => callApi(deleteReportPart, { params: { sphereId, reportId, partId } }),
    onSuccess: changed,
  });
}

export function useCreateReportCard({ sphereId, reportId }: ReportRef) {
  const changed = useChanged(sphereId);
  return useMutation({
    mutationFn: (body: ReportCardCreate) =>
      callApi(createReportCard, { params: { sphereId, reportId }, body }),
    onSuccess: changed,
  });
}

/** Changes a card. */
export function useUpdateReportCard({ sphereId, reportId }: ReportRef) {
  const changed = useChanged(sphereId);
  return useMutation({
    mutationFn: ({ cardId, body }: { cardId: string; body: ReportCardUpdate }) =>
      callApi(updateReportCard, { params: { sphereId, reportId, cardId }, body }),
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
export function useMoveInStructure({ sphereId, reportId }: ReportRef) {
  const changed = useChanged(sphereId);
  return useMutation({
    mutationFn: async (writes: readonly StructureWrite[]) => {
      for (const write of writes) {
        if (write.kind === 'part')
          await callApi(updateReportPart, {
            params: { sphereId, reportId, partId: write.partId },
            body: write.body,
          });
        else
          await callApi(updateReportCard, {
            params: { sphereId, reportId, cardId: write.cardId },
            body: write.body,
          });
      }
    },
    onSettled: changed,
  });
}

export function useDeleteReportCard({ sphereId, reportId }: ReportRef) {
  const changed = useChanged(sphereId);
  return useMutation({
    mutationFn: (cardId: string) => callApi(deleteReportCard, { params: { sphereId, reportId, cardId } }),
    onSuccess: changed,
  });
}

/** The card prompt: a text written from the card's figures (nothing is saved by it). */
export function usePromptReportCard({ sphereId, reportId }: ReportRef) {
  return useMutation({
    mutationFn: ({ cardId, lang }: { cardId: string; lang: ReportLanguage }) =>
      callApi(promptReportCard, { params: { sphereId, reportId, cardId }, body: { lang } }),
  });
}

/**
 * The report's rendered documents, newest first; read again every 3 s while one is in progress,
 * and on each `reportRenders` event.
 */
export function useReportRenders({ sphereId, reportId }: ReportRef, enabled = true) {
  return useQuery({
    queryKey: rendersKey(sphereId, reportId),
    queryFn: ({ signal }) => callApi(listReportRenders, { params: { sphereId, reportId }, signal }),
    enabled: enabled && sphereId !== '' && reportId !== '',
    refetchInterval: (query) => rendersPoll(query.state.data),
  });
}

export function useCreateReportRender({ sphereId, reportId }: ReportRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RenderCreate) => callApi(createReportRender, { params: { sphereId, reportId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rendersKey(sphereId, reportId) }),
  });
}

/** Cancels a render in progress, or removes a finished one with its file. */
export function useDeleteReportRender({ sphereId, reportId }: ReportRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (renderId: string) =>
      callApi(deleteReportRender, { params: { sphereId, reportId, renderId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rendersKey(sphereId, reportId) }),
  });
}

/** A finished render's short-lived address, opened at once: the browser downloads the file. */
export function useDownloadReportRender({ sphereId, reportId }: ReportRef) {
  return useMutation({
    mutationFn: (renderId: string) =>
      callApi(downloadReportRender, { params: { sphereId, reportId, renderId } }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

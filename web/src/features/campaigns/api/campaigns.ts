import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  commandCampaign,
  commandCycle,
  createCampaign,
  createCycle,
  deleteCycle,
  getCampaign,
  listCycleParticipants,
  listCycles,
  listSphereCampaigns,
  updateCampaign,
  updateCampaignMeasures,
  updateCycle,
  type Campaign,
  type CampaignCreateInput,
  type CampaignUpdateInput,
  type CycleCommand,
  type CycleCreateInput,
  type CycleUpdateInput,
  type MeasureInput,
} from '@shared/contracts/campaigns';
import { listSphereFormEntitlements } from '@shared/contracts/forms';
import { listSphereSessions } from '@shared/contracts/sessions';
import { getSphere } from '@shared/contracts/spheres';
import { listSphereTags } from '@shared/contracts/tags';
import { listThinkingAxes } from '@shared/contracts/thinkings';
import type { CampaignAction } from '@shared/domain/campaigns';
import { callApi } from '../../../lib/api';

/** Every cached read of campaigns starts with this key, so a change refreshes them together. */
export const campaignsKey = ['campaigns'] as const;
const sphereCampaignsKey = (sphereId: string) => [...campaignsKey, 'sphere', sphereId] as const;
const campaignKey = (campaignId: string) => [...campaignsKey, 'one', campaignId] as const;
const cyclesKey = (campaignId: string) => [...campaignsKey, 'cycles', campaignId] as const;
const participantsKey = (campaignId: string, cycleId: string) =>
  [...campaignsKey, 'participants', campaignId, cycleId] as const;

/** A sphere's campaigns (one Query on the server). */
export function useSphereCampaigns(sphereId: string, enabled = true) {
  return useQuery({
    queryKey: sphereCampaignsKey(sphereId),
    queryFn: ({ signal }) => callApi(listSphereCampaigns, { params: { sphereId }, signal }),
    enabled: enabled && sphereId !== '',
  });
}

export function useCampaign(campaignId: string) {
  return useQuery({
    queryKey: campaignKey(campaignId),
    queryFn: ({ signal }) => callApi(getCampaign, { params: { campaignId }, signal }),
    enabled: campaignId !== '',
  });
}

export function useCreateCampaign(sphereId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignCreateInput) => callApi(createCampaign, { params: { sphereId }, body }),
    meta: { errorsShownInline: true },
    onSuccess: async (campaign) => {
      queryClient.setQueryData(campaignKey(campaign.campaignId), campaign);
      await queryClient.invalidateQueries({ queryKey: sphereCampaignsKey(sphereId) });
    },
  });
}

/** After a change the campaign's answer replaces the cached one; lists read it again. */
export function useCampaignSaved() {
  const queryClient = useQueryClient();
  return async (campaign: Campaign) => {
    queryClient.setQueryData(campaignKey(campaign.campaignId), campaign);
    await queryClient.invalidateQueries({ queryKey: sphereCampaignsKey(campaign.sphereId) });
  };
}

export function useUpdateCampaign(campaignId: string) {
  const saved = useCampaignSaved();
  return useMutation({
    mutationFn: (body: CampaignUpdateInput) => callApi(updateCampaign, { params: { campaignId }, body }),
    meta: { errorsShownInline: true },
    onSuccess: saved,
  });
}

export function useUpdateMeasures(campaignId: string) {
  const saved = useCampaignSaved();
  return useMutation({
    mutationFn: (body: { measures: MeasureInput[]; updateDate: string }) =>
      callApi(updateCampaignMeasures, { params: { campaignId }, body }),
    meta: { errorsShownInline: true },
    onSuccess: saved,
  });
}

export function useCommandCampaign(campaignId: string) {
  const saved = useCampaignSaved();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: CampaignAction) =>
      callApi(commandCampaign, { params: { campaignId }, body: { action } }),
    meta: { errorsShownInline: true },
    onSuccess: async (campaign) => {
      await saved(campaign);
      await queryClient.invalidateQueries({ queryKey: cyclesKey(campaignId) });
    },
  });
}

/** Reads the campaign again: after a 409 `conflict`, or when its cycles change its statuses. */
export function useReloadCampaign(campaignId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: campaignKey(campaignId) });
}

export function useCycles(campaignId: string, enabled = true) {
  return useQuery({
    queryKey: cyclesKey(campaignId),
    queryFn: ({ signal }) => callApi(listCycles, { params: { campaignId }, signal }),
    enabled: enabled && campaignId !== '',
  });
}

/** A cycle changed: its list, the campaign's statuses and the sphere's list are read again. */
function useCyclesChanged(campaignId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: cyclesKey(campaignId) }),
      queryClient.invalidateQueries({ queryKey: campaignKey(campaignId) }),
      queryClient.invalidateQueries({ queryKey: [...campaignsKey, 'sphere'] }),
    ]);
}

export type CycleSave = { cycleId?: string | undefined } & CycleCreateInput & {
    updateDate?: string | undefined;
  };

/** Creates a cycle (no `cycleId`) or replaces one (with its `updateDate`). */
export function useSaveCycle(campaignId: string) {
  const changed = useCyclesChanged(campaignId);
  return useMutation({
    mutationFn: ({ cycleId, updateDate, ...fields }: CycleSave) =>
      cycleId && updateDate
        ? callApi(updateCycle, {
            params: { campaignId, cycleId },
            body: { ...fields, updateDate } satisfies CycleUpdateInput,
          })
        : callApi(createCycle, { params: { campaignId }, body: fields }),
    meta: { errorsShownInline: true },
    onSuccess: changed,
  });
}

export function useDeleteCycle(campaignId: string) {
  const changed = useCyclesChanged(campaignId);
  return useMutation({
    mutationFn: (cycleId: string) => callApi(deleteCycle, { params: { campaignId, cycleId } }),
    meta: { errorsShownInline: true },
    onSuccess: changed,
  });
}

export function useCommandCycle(campaignId: string) {
  const changed = useCyclesChanged(campaignId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cycleId, action }: { cycleId: string; action: CycleCommand['action'] }) =>
      callApi(commandCycle, { params: { campaignId, cycleId }, body: { action } }),
    meta: { errorsShownInline: true },
    onSuccess: async (_, { cycleId }) => {
      await Promise.all([
        changed(),
        queryClient.invalidateQueries({ queryKey: participantsKey(campaignId, cycleId) }),
      ]);
    },
  });
}

/** Who takes part in a cycle: counts and statuses, never answers. */
export function useCycleParticipants(campaignId: string, cycleId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: participantsKey(campaignId, cycleId ?? ''),
    queryFn: ({ signal }) =>
      callApi(listCycleParticipants, { params: { campaignId, cycleId: cycleId ?? '' }, signal }),
    enabled: enabled && cycleId !== undefined && cycleId !== '',
  });
}

/** Reads a cycle's participants now (the stop confirmation's count), through the cache. */
export function useFetchCycleParticipants(campaignId: string) {
  const queryClient = useQueryClient();
  return (cycleId: string) =>
    queryClient.fetchQuery({
      queryKey: participantsKey(campaignId, cycleId),
      queryFn: ({ signal }) => callApi(listCycleParticipants, { params: { campaignId, cycleId }, signal }),
      staleTime: 0,
    });
}

// ---------------------------------------------------------------------------------------------
// What the campaign's editors choose from, read from the sphere

export function useCampaignSphere(sphereId: string | undefined) {
  return useQuery({
    queryKey: [...campaignsKey, 'sphere-data', sphereId],
    queryFn: ({ signal }) => callApi(getSphere, { params: { id: sphereId ?? '' }, signal }),
    enabled: sphereId !== undefined && sphereId !== '',
  });
}

export function useSphereTagChoices(sphereId: string, enabled = true) {
  return useQuery({
    queryKey: [...campaignsKey, 'tags', sphereId],
    queryFn: ({ signal }) =>
      callApi(listSphereTags, { params: { id: sphereId }, query: { archived: 'false' }, signal }),
    enabled: enabled && sphereId !== '',
  });
}

export function useSphereGroupChoices(sphereId: string, enabled = true) {
  return useQuery({
    queryKey: [...campaignsKey, 'sessions', sphereId],
    queryFn: ({ signal }) => callApi(listSphereSessions, { params: { id: sphereId }, signal }),
    enabled: enabled && sphereId !== '',
  });
}

/** The forms entitled to the sphere: those a form measure may ask. */
export function useSphereFormChoices(sphereId: string, enabled = true) {
  return useQuery({
    queryKey: [...campaignsKey, 'forms', sphereId],
    queryFn: ({ signal }) => callApi(listSphereFormEntitlements, { params: { sphereId }, signal }),
    enabled: enabled && sphereId !== '',
  });
}

/** The catalogue of thinking axes a thinking measure picks from. */
export function useAxisChoices(enabled = true) {
  return useQuery({
    queryKey: [...campaignsKey, 'axes'],
    queryFn: ({ signal }) => callApi(listThinkingAxes, { signal }),
    enabled,
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addGalaxyMember,
  attachGalaxySphere,
  createGalaxy,
  decideQuotaRequest,
  deleteGalaxy,
  deleteQuotaRequest,
  detachGalaxySphere,
  getGalaxy,
  getGalaxyReport,
  getGalaxyContext,
  putGalaxyContext,
  deleteGalaxyContext,
  type GalaxyContextWriteInput,
  listGalaxies,
  listGalaxyMembers,
  listGalaxyQuotaRequests,
  listGalaxyQuotas,
  listGalaxySpheres,
  listPendingQuotaRequests,
  removeGalaxyMember,
  requestQuotaChange,
  setGalaxyQuota,
  updateGalaxy,
  updateGalaxyMember,
  type GalaxyMemberCreateInput,
  type GalaxyMemberUpdateInput,
  type GalaxyWriteInput,
  type QuotaRequestCreateInput,
  type QuotaRequestDecisionInput,
} from '@shared/contracts/galaxies';
import { listSpheres } from '@shared/contracts/spheres';
import type { QuotaKind } from '@shared/domain/galaxies';
import { callApi } from '../../../lib/api';
import { refreshMe } from '../../../lib/me';

export const galaxiesKey = ['galaxies'] as const;

export function useAllGalaxies(q: string, enabled = true) {
  return useQuery({
    queryKey: [...galaxiesKey, 'all', q],
    queryFn: ({ signal }) => callApi(listGalaxies, { query: q ? { q } : {}, signal }),
    enabled,
  });
}

export function useGalaxy(galaxyId: string) {
  return useQuery({
    queryKey: [...galaxiesKey, 'one', galaxyId],
    queryFn: ({ signal }) => callApi(getGalaxy, { params: { id: galaxyId }, signal }),
    retry: false,
  });
}

export function useGalaxyQuotas(galaxyId: string) {
  return useQuery({
    queryKey: [...galaxiesKey, 'quotas', galaxyId],
    queryFn: ({ signal }) => callApi(listGalaxyQuotas, { params: { id: galaxyId }, signal }),
  });
}

export function useGalaxyQuotaRequests(galaxyId: string) {
  return useQuery({
    queryKey: [...galaxiesKey, 'requests', galaxyId],
    queryFn: ({ signal }) => callApi(listGalaxyQuotaRequests, { params: { id: galaxyId }, signal }),
  });
}

export function usePendingQuotaRequests(enabled = true) {
  return useQuery({
    queryKey: [...galaxiesKey, 'pending'],
    queryFn: ({ signal }) => callApi(listPendingQuotaRequests, { signal }),
    enabled,
  });
}

export function useGalaxyMembers(galaxyId: string) {
  return useQuery({
    queryKey: [...galaxiesKey, 'members', galaxyId],
    queryFn: ({ signal }) => callApi(listGalaxyMembers, { params: { id: galaxyId }, signal }),
  });
}

export function useGalaxySpheres(galaxyId: string) {
  return useQuery({
    queryKey: [...galaxiesKey, 'spheres', galaxyId],
    queryFn: ({ signal }) => callApi(listGalaxySpheres, { params: { id: galaxyId }, signal }),
  });
}

export function useGalaxyReport(galaxyId: string) {
  return useQuery({
    queryKey: [...galaxiesKey, 'report', galaxyId],
    queryFn: ({ signal }) => callApi(getGalaxyReport, { params: { id: galaxyId }, signal }),
  });
}

function useGalaxyMutation<V, R>(fn: (vars: V) => Promise<R>, inline = true) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { errorsShownInline: inline },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: galaxiesKey }),
  });
}

export function useCreateGalaxy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GalaxyWriteInput) => callApi(createGalaxy, { body }),
    meta: { errorsShownInline: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: galaxiesKey });
      await refreshMe(queryClient);
    },
  });
}

export const useUpdateGalaxy = (galaxyId: string) =>
  useGalaxyMutation((body: GalaxyWriteInput & { updateDate: string }) =>
    callApi(updateGalaxy, { params: { id: galaxyId }, body }),
  );

export const useDeleteGalaxy = () =>
  useGalaxyMutation((galaxyId: string) => callApi(deleteGalaxy, { params: { id: galaxyId } }));

export const useAddGalaxyMember = (galaxyId: string) =>
  useGalaxyMutation((body: GalaxyMemberCreateInput) =>
    callApi(addGalaxyMember, { params: { id: galaxyId }, body }),
  );

export const useUpdateGalaxyMember = (galaxyId: string) =>
  useGalaxyMutation(({ memberId, body }: { memberId: string; body: GalaxyMemberUpdateInput }) =>
    callApi(updateGalaxyMember, { params: { id: galaxyId, memberId }, body }),
  );

export const useRemoveGalaxyMember = (galaxyId: string) =>
  useGalaxyMutation((memberId: string) =>
    callApi(removeGalaxyMember, { params: { id: galaxyId, memberId } }),
  );

export const useAttachSphere = (galaxyId: string) =>
  useGalaxyMutation((sphereId: string) =>
    callApi(attachGalaxySphere, { params: { id: galaxyId, sphereId } }),
  );

export const useDetachSphere = (galaxyId: string) =>
  useGalaxyMutation((sphereId: string) =>
    callApi(detachGalaxySphere, { params: { id: galaxyId, sphereId } }),
  );

export const useRequestQuotaChange = (galaxyId: string) =>
  useGalaxyMutation((body: QuotaRequestCreateInput) =>
    callApi(requestQuotaChange, { params: { id: galaxyId }, body }),
  );

export const useDeleteQuotaRequest = (galaxyId: string) =>
  useGalaxyMutation((requestId: string) =>
    callApi(deleteQuotaRequest, { params: { id: galaxyId, requestId } }),
  );

export const useDecideQuotaRequest = () =>
  useGalaxyMutation(
    ({
      galaxyId,
      requestId,
      body,
    }: {
      galaxyId: string;
      requestId: string;
      body: QuotaRequestDecisionInput;
    }) => callApi(decideQuotaRequest, { params: { id: galaxyId, requestId }, body }),
  );

export const useSetGalaxyQuota = (galaxyId: string) =>
  useGalaxyMutation(({ kind, value }: { kind: QuotaKind; value: number | null }) =>
    callApi(setGalaxyQuota, { params: { id: galaxyId, kind }, body: { value } }),
  );

export function useGalaxyContext(galaxyId: string) {
  return useQuery({
    queryKey: [...galaxiesKey, 'context', galaxyId],
    queryFn: ({ signal }) => callApi(getGalaxyContext, { params: { id: galaxyId }, signal }),
  });
}

export const usePutGalaxyContext = (galaxyId: string) =>
  useGalaxyMutation((body: GalaxyContextWriteInput) =>
    callApi(putGalaxyContext, { params: { id: galaxyId }, body }),
  );

export const useDeleteGalaxyContext = (galaxyId: string) =>
  useGalaxyMutation(() => callApi(deleteGalaxyContext, { params: { id: galaxyId } }));

/** Every sphere of the product, for the super-admin's attach choice (spheres' `scope: all`). */
export function useAllSpheres(enabled: boolean) {
  return useQuery({
    queryKey: [...galaxiesKey, 'all-spheres'],
    queryFn: ({ signal }) => callApi(listSpheres, { query: { scope: 'all' }, signal }),
    enabled,
  });
}

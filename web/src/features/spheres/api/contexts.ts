import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createSphereContext,
  deleteSphereContext,
  getSphereContext,
  listSphereContexts,
  updateSphereContext,
  type SphereContext,
  type SphereContextCreateInput,
  type SphereContextUpdateInput,
} from '@shared/contracts/sphere-contexts';
import { callApi } from '../../../lib/api';
import { currentLanguage } from '../../../i18n';
import { sayIn, type Say } from '../sphere-wording';
import { spheresKey } from './spheres';

/** Every cached read of one sphere's contexts starts with this key. */
const contextsKey = (sphereId: string) => [...spheresKey, 'contexts', sphereId] as const;

/** A sphere's contexts, for its admins (the settings' Context tab). */
export function useSphereContexts(sphereId: string) {
  return useQuery({
    queryKey: [...contextsKey(sphereId), 'list'],
    queryFn: ({ signal }) => callApi(listSphereContexts, { params: { id: sphereId }, signal }),
  });
}

/**
 * The context the sphere's members read (the active one), or undefined when it has none. A failed
 * read leaves the product's own texts: nobody is kept from the page by it.
 */
export function useActiveSphereContext(sphereId: string) {
  return useQuery({
    queryKey: [...contextsKey(sphereId), 'active'],
    queryFn: async ({ signal }) =>
      (await callApi(listSphereContexts, { params: { id: sphereId }, query: { active: 'true' }, signal }))
        .items[0] ?? null,
    retry: false,
    staleTime: 60_000,
  });
}

/**
 * The sphere's active context for the texts its members read (spec 01 §3 Sphere context): `say`
 * puts a product text in the sphere's words; `context` is the active context, if any.
 */
export function useSphereWording(sphereId: string): { say: Say; context: SphereContext | undefined } {
  const active = useActiveSphereContext(sphereId);
  const context = active.data ?? undefined;
  return { say: sayIn(context, currentLanguage()), context };
}

export function useSphereContext(sphereId: string, contextId: string | undefined) {
  return useQuery({
    queryKey: [...contextsKey(sphereId), 'one', contextId],
    queryFn: ({ signal }) =>
      callApi(getSphereContext, { params: { id: sphereId, contextId: contextId ?? '' }, signal }),
    enabled: !!contextId,
    retry: false,
  });
}

export function useCreateSphereContext(sphereId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SphereContextCreateInput) =>
      callApi(createSphereContext, { params: { id: sphereId }, body }),
    meta: { errorsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contextsKey(sphereId) }),
  });
}

export function useUpdateSphereContext(sphereId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contextId, body }: { contextId: string; body: SphereContextUpdateInput }) =>
      callApi(updateSphereContext, { params: { id: sphereId, contextId }, body }),
    meta: { errorsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contextsKey(sphereId) }),
  });
}

export function useDeleteSphereContext(sphereId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contextId: string) => callApi(deleteSphereContext, { params: { id: sphereId, contextId } }),
    meta: { errorsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contextsKey(sphereId) }),
  });
}

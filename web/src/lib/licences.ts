import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getSphereLicences, type Licence, type SphereLicences } from '@shared/contracts/licences';
import type { LicenceTier } from '@shared/domain/licences';
import { callApi } from './api';

/**
 * A sphere's licences (spec 01 §3, spec 02 §4, §7; decision 0046), read by the licences tab of its
 * settings and by the spheres feature's member form (whether Essentials can still be given): one
 * hook and one key, so a count saved in one place is what the other shows.
 */
export const sphereLicencesKey = (sphereId: string) => ['licences', sphereId] as const;

/** GET /v1/spheres/{id}/subscriptions: counts per tier and the mode (its admins only). */
export function useSphereLicences(sphereId: string, enabled = true) {
  return useQuery({
    queryKey: sphereLicencesKey(sphereId),
    queryFn: ({ signal }) => callApi(getSphereLicences, { params: { id: sphereId }, signal }),
    enabled,
  });
}

/** Writes an answer that holds the new licences (a count or the mode saved) into the cache. */
export function setSphereLicencesData(queryClient: QueryClient, data: SphereLicences): void {
  queryClient.setQueryData(sphereLicencesKey(data.sphereId), data);
}

/** Reads them again after a change whose answer does not hold them (a member given Essentials). */
export function refreshSphereLicences(queryClient: QueryClient, sphereId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: sphereLicencesKey(sphereId) });
}

/** The licences of one tier, when the answer has them. */
export function licenceOf(data: SphereLicences | undefined, tier: LicenceTier): Licence | undefined {
  return data?.licences.find((licence) => licence.tier === tier);
}

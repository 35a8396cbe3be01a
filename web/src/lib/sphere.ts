import { useQuery } from '@tanstack/react-query';
import { getSphere } from '@shared/contracts/spheres';
import { callApi } from './api';

/**
 * One sphere as GET /v1/spheres/{id} answers it, under the key the spheres feature's pages read it
 * by: a write that answers the sphere (settings, logo, entitlements) sets it once for every page.
 */
export const sphereKey = (sphereId: string) => ['spheres', 'one', sphereId] as const;

/**
 * A page's read of one sphere (its Sales-Up and Engagement-Up pages, a report's header): no retry
 * of a refusal, and its errors shown by the page itself rather than as a toast.
 */
export function useSphere(sphereId: string, enabled = true) {
  return useQuery({
    queryKey: sphereKey(sphereId),
    queryFn: ({ signal }) => callApi(getSphere, { params: { id: sphereId }, signal }),
    retry: false,
    meta: { errorsShownInline: true },
    enabled,
  });
}

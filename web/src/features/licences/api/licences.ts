import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSphereLicenceReport, setSphereLicence, setSphereLicenceMode } from '@shared/contracts/licences';
import type { LicenceReportInterval } from '@shared/domain/licence-history';
import type { LicenceMode, LicenceTier } from '@shared/domain/licences';
import { callApi } from '../../../lib/api';
import { refreshSphereLicences, setSphereLicencesData, sphereLicencesKey } from '../../../lib/licences';

export { useSphereLicences } from '../../../lib/licences';

/**
 * PUT /v1/spheres/{id}/subscriptions/{tier}/license: one tier's count. The answer holds every
 * count, written into the shared cache; a refusal (`licenses-min`, `quota-blocked`) shows in the
 * row, and the counts are read again, since someone else may have changed them.
 */
export function useSetSphereLicence(sphereId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tier, quantity }: { tier: LicenceTier; quantity: number }) =>
      callApi(setSphereLicence, { params: { id: sphereId, subscription: tier }, body: { quantity } }),
    meta: { errorsShownInline: true },
    onSuccess: (data) => setSphereLicencesData(queryClient, data),
    onError: () => refreshSphereLicences(queryClient, sphereId),
  });
}

/**
 * PUT /v1/spheres/{id}/subscriptions/mode: bill or auto chosen once, legacy by a super-admin. A
 * refusal (409 `licence-mode-fixed`) shows in the confirmation; the mode is read again.
 */
export function useSetSphereLicenceMode(sphereId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: LicenceMode) =>
      callApi(setSphereLicenceMode, { params: { id: sphereId }, body: { mode } }),
    meta: { errorsShownInline: true },
    onSuccess: (data) => setSphereLicencesData(queryClient, data),
    onError: () => refreshSphereLicences(queryClient, sphereId),
  });
}

/**
 * GET /v1/spheres/{id}/subscriptions/report: the licences over time. Under the licences' key, so a
 * count saved or a member given Essentials reads it again too.
 */
export function useSphereLicenceReport(
  sphereId: string,
  query: { from?: string; interval: LicenceReportInterval },
) {
  return useQuery({
    queryKey: [...sphereLicencesKey(sphereId), 'report', query] as const,
    queryFn: ({ signal }) => callApi(getSphereLicenceReport, { params: { id: sphereId }, query, signal }),
  });
}

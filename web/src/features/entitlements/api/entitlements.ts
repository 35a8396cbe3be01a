import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateSphereEntitlements, type SphereEntitlementsBody } from '@shared/contracts/entitlements';
import { callApi } from '../../../lib/api';
import { refreshMe } from '../../../lib/me';
import { sphereKey } from '../../../lib/sphere';

/**
 * PUT /v1/spheres/{id}/entitlements (super-admin mode, decision 0047). The answer is the sphere:
 * it replaces the cached one (`sphereKey`, the spheres feature's key), the other reads
 * of spheres and the start call (the caller's rules) are read again.
 */
export function useUpdateEntitlements(sphereId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SphereEntitlementsBody) =>
      callApi(updateSphereEntitlements, { params: { id: sphereId }, body }),
    meta: { errorsShownInline: true },
    onSuccess: async (sphere) => {
      queryClient.setQueryData(sphereKey(sphereId), sphere);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['spheres', 'list'] }),
        refreshMe(queryClient),
      ]);
    },
  });
}

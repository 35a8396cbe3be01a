import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, Profile } from '../../../../../shared/contracts/me';
import {
  updateProfile as updateProfileRoute,
  type ProfileUpdateInput,
} from '../../../../../shared/contracts/profile';
import { callApi } from '../../../lib/api';

/** Query key of GET /v1/me, whose profile this call changes. */
const meQueryKey = ['me'] as const;

/** PUT /v1/profile: the answer replaces the cached profile at once, then the start call is refreshed. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: ProfileUpdateInput) => callApi(updateProfileRoute, { body: profile }),
    onSuccess: async (profile: Profile) => {
      queryClient.setQueryData<Me>(meQueryKey, (me) => (me ? { ...me, profile } : me));
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

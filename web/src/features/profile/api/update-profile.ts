import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@shared/contracts/me';
import { updateProfile as updateProfileRoute, type ProfileUpdateInput } from '@shared/contracts/profile';
import { callApi } from '../../../lib/api';
import { setMe } from '../../../lib/me';

/** PUT /v1/profile: the answer is the saved profile; it replaces the cached one, nothing is fetched again. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: ProfileUpdateInput) => callApi(updateProfileRoute, { body: profile }),
    onSuccess: (profile: Profile) => setMe(queryClient, (me) => ({ ...me, profile })),
  });
}

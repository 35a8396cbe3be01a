import { useMutation, useQueryClient } from '@tanstack/react-query';
import { amplifyAuth } from '../../../lib/amplify-auth';
import { setPassword as setPasswordRoute } from '@shared/contracts/account';
import { callApi } from '../../../lib/api';
import { setMe } from '../../../lib/me';

/** PUT /v1/me/password: the account's first password; the cached profile then says it has one. */
export function useSetFirstPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => callApi(setPasswordRoute, { body: { password } }),
    onSuccess: () => setMe(queryClient, (me) => ({ ...me, profile: { ...me.profile, hasPassword: true } })),
  });
}

/** Changes an existing password in the user pool (Cognito ChangePassword checks the old one). */
export function useChangePassword() {
  return useMutation({
    mutationFn: async ({ oldPassword, newPassword }: { oldPassword: string; newPassword: string }) =>
      (await amplifyAuth()).updatePassword({ oldPassword, newPassword }),
  });
}

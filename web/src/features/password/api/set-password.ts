import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updatePassword } from 'aws-amplify/auth';
import type { Me } from '../../../../../shared/contracts/me';
import { setPassword as setPasswordRoute } from '../../../../../shared/contracts/account';
import { callApi } from '../../../lib/api';
import { meQueryKey } from '../../home/api/get-me';

/** PUT /v1/me/password: the account's first password; the cached profile then says it has one. */
export function useSetFirstPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => callApi(setPasswordRoute, { body: { password } }),
    onSuccess: async () => {
      queryClient.setQueryData<Me>(meQueryKey, (me) =>
        me ? { ...me, profile: { ...me.profile, hasPassword: true } } : me,
      );
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

/** Changes an existing password in the user pool (Cognito ChangePassword checks the old one). */
export function useChangePassword() {
  return useMutation({
    mutationFn: ({ oldPassword, newPassword }: { oldPassword: string; newPassword: string }) =>
      updatePassword({ oldPassword, newPassword }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addEmail,
  deleteEmail,
  makeEmailPrimary,
  sendEmailVerification,
  verifyEmail,
  type EmailList,
} from '../../../../../shared/contracts/emails';
import { verifyPhone } from '../../../../../shared/contracts/phone';
import type { Me } from '../../../../../shared/contracts/me';
import { callApi } from '../../../lib/api';

/** Query key of GET /v1/me, whose email list these calls change. */
const meQueryKey = ['me'] as const;

/** Every email call answers the caller's list: it replaces the cached one at once, then /v1/me is refreshed. */
function useEmailMutation<V>(call: (variables: V) => Promise<EmailList>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async ({ emails }: EmailList) => {
      queryClient.setQueryData<Me>(meQueryKey, (me) => (me ? { ...me, emails } : me));
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export const useAddEmail = () =>
  useEmailMutation((email: string) => callApi(addEmail, { params: { email } }));

export const useResendEmailCode = () =>
  useEmailMutation((email: string) => callApi(sendEmailVerification, { params: { email } }));

export const useVerifyEmail = () =>
  useEmailMutation((v: { userId: string; email: string; code: string }) =>
    callApi(verifyEmail, { params: v }),
  );

export const useMakePrimary = () =>
  useEmailMutation((v: { userId: string; email: string }) => callApi(makeEmailPrimary, { params: v }));

export const useDeleteEmail = () =>
  useEmailMutation((email: string) => callApi(deleteEmail, { params: { email } }));

/** POST /v1/phone/verification: `{ phone }` sends a code by SMS, `{ phone, code }` verifies it. */
export function useVerifyPhone() {
  return useMutation({
    mutationFn: (body: { phone: string; code?: string }) => callApi(verifyPhone, { body }),
  });
}

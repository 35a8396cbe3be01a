import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addEmail,
  deleteEmail,
  makeEmailPrimary,
  sendEmailVerification,
  verifyEmail,
  type EmailList,
} from '@shared/contracts/emails';
import { verifyPhone } from '@shared/contracts/phone';
import { callApi } from '../../../lib/api';
import { setMe } from '../../../lib/me';

/** Every email call answers the caller's whole list: it replaces the cached one, nothing is fetched again. */
function useEmailMutation<V>(call: (variables: V) => Promise<EmailList>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ emails }: EmailList) => setMe(queryClient, (me) => ({ ...me, emails })),
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { phone: string; code?: string }) => callApi(verifyPhone, { body }),
    onSuccess: ({ phone, verified }) => {
      if (verified && phone !== undefined) setMe(queryClient, (me) => ({ ...me, phone }));
    },
  });
}

import { amplifyAuth } from '../../../lib/amplify-auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { convertGuest, registerGuest, type ConvertGuestRequest } from '@shared/contracts/guests';
import type { FieldError } from '@shared/contracts/errors';
import { callApi } from '../../../lib/api';
import { refreshMe } from '../../../lib/me';
import { ApiError } from '../../../lib/errors';
import { forgetGuestCredentials } from '../guest-credentials';

/** POST /users/guests/register: the address to verify; a code is mailed to it (again on resend). */
export function useRegisterGuest() {
  return useMutation({ mutationFn: (email: string) => callApi(registerGuest, { body: { email } }) });
}

/**
 * POST /users/guests/convert: the guest becomes a full account with the same userId. The tokens are
 * refreshed (they still say guest), the start call reloaded (banner and menu change), and the guest
 * credentials kept on this device forgotten: this account now signs in with its email. The server
 * records the acceptance of the pending legal documents the form made the user tick.
 */
export function useConvertGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ConvertGuestRequest) => {
      const answer = await callApi(convertGuest, { body });
      forgetGuestCredentials();
      try {
        await (await amplifyAuth()).fetchAuthSession({ forceRefresh: true });
      } catch {
        // The next call refreshes the tokens anyway; the account is created either way.
      }
      return answer;
    },
    // Not awaited: the overlay closes at once, the banner and menu change when the answer comes.
    onSuccess: () => void refreshMe(queryClient),
  });
}

/** Field errors of a 400 answer by field name (`body.email` → `email`); the rest apart. */
export function splitFieldErrors(
  error: unknown,
  fields: readonly string[],
): { byField: Record<string, FieldError[]>; other: FieldError[] } {
  const byField: Record<string, FieldError[]> = {};
  const other: FieldError[] = [];
  const items = error instanceof ApiError ? error.errors : [];
  for (const item of items) {
    const field = item.field?.replace(/^body\./, '');
    if (field && fields.includes(field)) (byField[field] ??= []).push(item);
    else other.push(item);
  }
  return { byField, other };
}

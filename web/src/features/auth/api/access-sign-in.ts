import { useMutation, useQuery } from '@tanstack/react-query';
import { accessSignIn, getAccessSignIn, type AccessSignIn } from '@shared/contracts/access-codes';
import { callApi } from '../../../lib/api';
import { signInWithTicket } from '../../../lib/auth';
import { deviceKeyForAddress, rememberDeviceKey } from '../../../lib/known-device';

/** The sign-in page in access-code mode: the sphere's name and what it calls its codes. */
export function useAccessSignInPage(sphereId: string) {
  return useQuery({
    queryKey: ['access-sign-in', sphereId],
    queryFn: ({ signal }) => callApi(getAccessSignIn, { params: { id: sphereId }, signal }),
    retry: false,
  });
}

/** Cognito refused the ticket (used, expired): the person starts again. */
export class TicketRefusedError extends Error {
  constructor() {
    super('invalid-delegation');
    this.name = 'TicketRefusedError';
  }
}

/**
 * Signs in with an address and a sphere's access code (decision 0014): the API checks them and
 * answers a one-time ticket, which answers the custom-auth challenge in place of a mailed code.
 */
export function useAccessSignIn(sphereId: string, onSignedIn: () => Promise<void>) {
  return useMutation({
    mutationFn: async (body: AccessSignIn) => {
      // A browser that signed in before gives its key: its attempts are then its own (decision 0006).
      const deviceKey = deviceKeyForAddress(body.email);
      const { username, ticket, ...answer } = await callApi(accessSignIn, {
        params: { id: sphereId },
        body: { ...body, ...(deviceKey ? { deviceKey } : {}) },
      });
      rememberDeviceKey({ email: body.email }, answer.deviceKey);
      if (!(await signInWithTicket(username, ticket))) throw new TicketRefusedError();
      await onSignedIn();
    },
    meta: { errorsShownInline: true },
  });
}

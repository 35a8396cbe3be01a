import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getCampaignDelegation } from '@shared/contracts/campaigns';
import { createGuest } from '@shared/contracts/guests';
import { callApi } from '../../../lib/api';
import { authSessionQueryKey, signInWithTicket } from '../../../lib/auth';
import { deviceKeyForCampaign, rememberDeviceKey } from '../../../lib/known-device';

/** Cognito did not take the ticket (used or expired): the person enters the code again. */
export class DelegationTicketRefusedError extends Error {
  constructor() {
    super('invalid-delegation');
    this.name = 'DelegationTicketRefusedError';
  }
}

/**
 * Whether the campaign lets its sphere's members enter with an access code, and what the sphere
 * calls its codes (no token). A campaign that does not is answered `campaign-forbidden`: the page
 * then offers only the usual ways in.
 */
export function useCampaignDelegation(campaignId: string) {
  return useQuery({
    queryKey: ['campaign-delegation', campaignId],
    queryFn: ({ signal }) => callApi(getCampaignDelegation, { params: { campaignId }, signal }),
    retry: false,
  });
}

/**
 * Enters the campaign with an access code (decision 0029): POST /users/guests with the delegation
 * answers a one-time ticket, which signs the code's member in at once. The browser keeps only its
 * known-device key, which opens nothing without the code.
 */
export function useEnterByDelegation(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (accessCode: string) => {
      // A browser that entered before gives its key: its attempts are then its own (decision 0006).
      const deviceKey = deviceKeyForCampaign(campaignId);
      const entry = await callApi(createGuest, {
        body: {
          link: window.location.href,
          delegation: { accessCode, campaignId, ...(deviceKey ? { deviceKey } : {}) },
        },
      });
      if (entry.deviceKey) rememberDeviceKey({ campaignId }, entry.deviceKey);
      if (!(await signInWithTicket(entry.username, entry.secret))) throw new DelegationTicketRefusedError();
      queryClient.setQueryData(authSessionQueryKey, true);
    },
    meta: { errorsShownInline: true },
  });
}

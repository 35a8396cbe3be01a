import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getCampaignDelegation } from '../../../../../shared/contracts/campaigns';
import { createGuest } from '../../../../../shared/contracts/guests';
import { callApi } from '../../../lib/api';
import { authSessionQueryKey, signInWithTicket } from '../../../lib/auth';

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
 * answers a one-time ticket, which signs the code's member in at once; nothing is kept on the device.
 */
export function useEnterByDelegation(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (accessCode: string) => {
      const entry = await callApi(createGuest, {
        body: { link: window.location.href, delegation: { accessCode, campaignId } },
      });
      if (!(await signInWithTicket(entry.username, entry.secret))) throw new DelegationTicketRefusedError();
      queryClient.setQueryData(authSessionQueryKey, true);
    },
    meta: { errorsShownInline: true },
  });
}

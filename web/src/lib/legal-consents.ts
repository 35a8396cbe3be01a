import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LegalConsent } from '@shared/contracts/me';
import {
  acceptLegalConsents as acceptRoute,
  getLegalConsents as getRoute,
  type LegalAcceptance,
} from '@shared/contracts/legal';
import { callApi } from './api';
import { meQueryKey, refreshMe } from './me';

/**
 * GET /v1/legal-consents: the caller's consent to the latest version of each legal document. The key
 * sits under the start call's ['me'], so whatever refreshes the start call (a realtime `profile`
 * event after an acceptance in another tab) refreshes the consents too.
 */
export const legalConsentsQueryKey = [...meQueryKey, 'legal-consents'] as const;

export function useLegalConsents(enabled: boolean) {
  return useQuery({
    queryKey: legalConsentsQueryKey,
    queryFn: ({ signal }) => callApi(getRoute, { signal }),
    enabled,
  });
}

/** The documents still waiting for the user's acceptance. */
export function pendingConsents(consents: readonly LegalConsent[] | undefined): LegalConsent[] {
  return (consents ?? []).filter((c) => c.status === 'pending');
}

/** POST /v1/me/legal-consents; the answer replaces the cached list, and the start call is refreshed. */
export function useAcceptLegalConsents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: LegalAcceptance[]) => callApi(acceptRoute, { body: items }),
    onSuccess: async (consents) => {
      queryClient.setQueryData(legalConsentsQueryKey, consents);
      await refreshMe(queryClient);
    },
  });
}

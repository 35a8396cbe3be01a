import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getBilling, listInvoices, openBillingPortal, startCheckout } from '@shared/contracts/payments';
import type { PaidPlan } from '@shared/domain/payments';
import { callApi } from '../../../lib/api';
import { refreshMe } from '../../../lib/me';

/**
 * Card payments (decision 0051). The checkout and the portal answer a page of the card provider:
 * the browser goes there (a full-page navigation) and comes back to the plans overlay.
 */
export const billingQueryKey = ['payments', 'billing'] as const;
export const invoicesQueryKey = ['payments', 'invoices'] as const;

function goTo(url: string) {
  window.location.assign(url);
}

export function useStartCheckout() {
  return useMutation({
    mutationFn: (plan: PaidPlan) => callApi(startCheckout, { body: { plan } }),
    meta: { errorsShownInline: true },
    onSuccess: ({ url }) => goTo(url),
  });
}

export function useOpenPortal() {
  return useMutation({
    mutationFn: () => callApi(openBillingPortal),
    meta: { errorsShownInline: true },
    onSuccess: ({ url }) => goTo(url),
  });
}

/**
 * The caller's card subscription, read from the provider by the server, which sets the plan from
 * it: when they have one, the start call is fetched again if the plan answered differs from the
 * one shown.
 */
export function useBilling(currentPlan: {
  subscription?: string | undefined;
  planUntil?: string | undefined;
}) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: billingQueryKey,
    queryFn: async ({ signal }) => {
      const billing = await callApi(getBilling, { signal });
      if (
        billing.subscription !== null &&
        (billing.plan.subscription !== currentPlan.subscription ||
          billing.plan.planUntil !== currentPlan.planUntil)
      )
        await refreshMe(queryClient);
      return billing;
    },
  });
}

export function useInvoices(enabled: boolean) {
  return useQuery({
    queryKey: invoicesQueryKey,
    queryFn: ({ signal }) => callApi(listInvoices, { query: { _max: 24 }, signal }),
    enabled,
  });
}

import type { Example } from './example';

/**
 * Card payments (decision 0051): the caller's own checkout, portal, billing and invoices (each on
 * the caller's own key: nobody else's is ever named), and the provider's webhook, public by design:
 * without the provider's signature it is refused (400), whoever calls it.
 */
export const examples: Record<string, Example> = {
  startCheckout: () => ({ body: { plan: 'essentials' } }),
  openBillingPortal: () => ({}),
  getBilling: () => ({}),
  listInvoices: () => ({}),
  receivePaymentEvent: (owner) => ({
    body: {
      id: 'evt_matrix',
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_matrix', metadata: { userId: owner.userId, plan: 'premium' } } },
    },
  }),
};

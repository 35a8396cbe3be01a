import { Entity, SERVICE } from '../../lib/entity';

/**
 * A person's link to the card provider (decision 0051): the provider's ids only (its customer and
 * the subscription the plan follows) and what the product last applied of it. No card, address or
 * amount is kept: invoices are read from the provider when listed. One item per person, in their
 * own partition ("download my data", erasure, which cancels the subscription at the provider).
 */
export const PaymentCustomerEntity = new Entity({
  model: { entity: 'paymentCustomer', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    /** The provider's customer id (`cus_…`). */
    customerId: { type: 'string', required: true, readOnly: true },
    /** The provider's subscription the plan follows (`sub_…`), once one was bought. */
    subscriptionId: { type: 'string' },
    /** The plan bought, and the provider's status and period end last applied. */
    plan: { type: ['essentials', 'premium'] as const },
    status: { type: 'string' },
    periodEnd: { type: 'string' },
    /** The free trial was given once (spec 02 §9): a later checkout has none. */
    trialUsed: { type: 'boolean', required: true, default: false },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

import { Entity, SERVICE } from '../../lib/entity';

/**
 * A person's link to the card provider (decision 0051): the provider's ids only (its customer and
 * the subscription the plan follows) and what the product last applied of it. No card, address or
 * amount is kept: invoices are read from the provider when listed. One item per person, in their
 * own partition ("download my data", erasure, which cancels the subscription at the provider).
 * Once it follows a subscription it is also on gsi1 under one key (`billedKey`, a sparse index), so
 * the super-admins' report counts who holds a plan by card with one Query (decision 0053).
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
    /**
     * `billed` once a subscription is followed: only then is the link on the billed index. Always
     * present (`none` before), as ElectroDB asks of a conditional index's composites on each write.
     */
    billedKey: { type: ['none', 'billed'] as const, required: true, default: 'none' },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: [] },
    },
    billed: {
      index: 'gsi1',
      /** Sparse: a link that never followed a subscription is not written on the index. */
      condition: (attributes: { billedKey?: string }) => attributes.billedKey === 'billed',
      pk: { field: 'gsi1pk', composite: ['billedKey'] },
      sk: { field: 'gsi1sk', composite: ['userId'] },
    },
  },
});

import { defineStore } from '../lib/db';
import { PaymentCustomerEntity } from './entities/payment-customer';
import { PaymentEventEntity } from './entities/payment-event';

/** The payments domain's entities: each person's link to the card provider, and the events taken. */
export const PAYMENTS_ENTITIES = {
  paymentCustomer: PaymentCustomerEntity,
  paymentEvent: PaymentEventEntity,
};

export const paymentsDb = defineStore(PAYMENTS_ENTITIES);

import * as z from 'zod';
import { defineRoute, type RouteContract } from './route';
import { PAID_PLANS } from '../domain/payments';
import { PLANS } from '../domain/plans';

/**
 * Individual plans bought by card (spec 02 §1, §7, §9; decision 0051), served by the payments
 * domain. A registered person starts a checkout of Essentials or Premium at the card provider
 * (Stripe Checkout; the local emulator on the local stack) and manages it in the provider's portal;
 * their invoices are read from the provider, never stored. The provider tells the product what was
 * paid through its signed webhook, which keeps the person's own plan in step. Guests register
 * first (403 `guest-not-allowed`).
 */

/** 400: the webhook's signature is missing, wrong or too old. */
export const PAYMENT_SIGNATURE_NOT_VALID = 'payment-signature-not-valid';
/** 409 on a checkout: the person's card subscription still bills; they change it in the portal. */
export const PAYMENT_SUBSCRIPTION_HELD = 'payment-subscription-held';
/** 404 on the portal: the person never bought by card. */
export const PAYMENT_NO_CUSTOMER = 'payment-no-customer';

/** Where the provider's pages send the person back to (`show=subscription&checkout=…`). */
export const CHECKOUT_RESULTS = ['success', 'cancel'] as const;

const PLAN_PATH = '/users/subscriptions/payments';

export const CheckoutStartSchema = z.strictObject({ plan: z.enum(PAID_PLANS) });

export const RedirectSchema = z.object({
  /** The provider's page to open (full-page navigation). */
  url: z.url(),
});
export type PaymentRedirect = z.infer<typeof RedirectSchema>;

/** POST: a checkout of a plan at the provider; the answer is the page to open. */
export const startCheckout = defineRoute({
  name: 'startCheckout',
  domain: 'payments',
  method: 'POST',
  path: `${PLAN_PATH}/checkout`,
  auth: 'registered',
  body: CheckoutStartSchema,
  response: RedirectSchema,
  status: 201,
  clientLimit: { limit: 30, windowSeconds: 300 },
});

/** POST: a session of the provider's portal (cancel, change card, invoices). */
export const openBillingPortal = defineRoute({
  name: 'openBillingPortal',
  domain: 'payments',
  method: 'POST',
  path: `${PLAN_PATH}/portal`,
  auth: 'registered',
  response: RedirectSchema,
  status: 201,
  clientLimit: { limit: 30, windowSeconds: 300 },
});

export const CardSubscriptionSchema = z.object({
  plan: z.enum(PAID_PLANS),
  /** The provider's status (`trialing`, `active`, `past_due`, `canceled`, …). */
  status: z.string(),
  /** End of the current period (the trial while it runs). */
  periodEnd: z.string(),
  /** The subscription ends at the period's end (cancelled in the portal). */
  cancelAtPeriodEnd: z.boolean(),
});

/** The caller's card billing: whether they have a customer at the provider, and their subscription. */
export const BillingSchema = z.object({
  customer: z.boolean(),
  subscription: CardSubscriptionSchema.nullable(),
  /** The person's own plan after the provider's state was read again (decision 0051). */
  plan: z.object({ subscription: z.enum(PLANS), planUntil: z.string().optional() }),
});
export type Billing = z.infer<typeof BillingSchema>;

/** GET: the caller's card billing, read from the provider (and their plan set from it). */
export const getBilling = defineRoute({
  name: 'getBilling',
  domain: 'payments',
  method: 'GET',
  path: `${PLAN_PATH}/billing`,
  auth: 'registered',
  response: BillingSchema,
});

export const InvoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  /** `draft`, `open`, `paid`, `uncollectible`, `void`. */
  status: z.string(),
  /** In the smallest unit of the currency (cents). */
  amount: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  /** The provider's page of the invoice (its PDF), when it has one. */
  url: z.url().nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** GET: the caller's invoices, newest first, read from the provider (never stored). */
export const listInvoices = defineRoute({
  name: 'listInvoices',
  domain: 'payments',
  method: 'GET',
  path: `${PLAN_PATH}/invoices`,
  auth: 'registered',
  query: z.strictObject({ _max: z.coerce.number().int().min(1).max(100).default(24) }),
  response: z.object({ items: z.array(InvoiceSchema) }),
});

/**
 * POST: the provider's webhook (no token: the provider signs the raw body, `Stripe-Signature`).
 * A missing or wrong signature is 400 `payment-signature-not-valid`; an event delivered again is
 * acknowledged once more and not applied twice; event types the product does not use are
 * acknowledged and ignored.
 */
export const receivePaymentEvent = defineRoute({
  name: 'receivePaymentEvent',
  domain: 'payments',
  method: 'POST',
  path: `${PLAN_PATH}/webhook`,
  auth: 'public',
  body: z.unknown(),
  response: z.object({ received: z.literal(true), duplicate: z.boolean() }),
  throttle: { rateLimit: 50, burstLimit: 100 },
});

export const paymentRoutes: readonly RouteContract[] = [
  startCheckout,
  openBillingPortal,
  getBilling,
  listInvoices,
  receivePaymentEvent,
];

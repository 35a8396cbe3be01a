import type Stripe from 'stripe';
import {
  PAYMENT_NO_CUSTOMER,
  PAYMENT_SIGNATURE_NOT_VALID,
  PAYMENT_SUBSCRIPTION_HELD,
  type Billing,
  type Invoice,
  type PaymentRedirect,
} from '@shared/contracts/payments';
import {
  checkoutTrialEnd,
  isLiveCardSubscription,
  isPaidPlan,
  planFromCardSubscription,
  type CardSubscriptionStatus,
  type PaidPlan,
} from '@shared/domain/payments';
import { cardChangeOf } from '@shared/domain/plan-report';
import { ownPlanAt, PLANS, type OwnPlan } from '@shared/domain/plans';
import { webOrigin } from '../lib/config';
import { ConflictError, DomainError, NotFoundError } from '../lib/errors';
import { logger } from '../lib/logger';
import { publishAfterWrite } from '../realtime';
import { ownPlanRecord } from '../users';
import {
  customerOf,
  eventDone,
  insertCustomer,
  releaseEvent,
  takeEvent,
  writeSubscription,
  type PaymentCustomerItem,
} from './repository';
import { provider } from './provider';

/**
 * Individual plans bought by card (spec 02 §1, §7, §9; decision 0051). The product keeps the
 * provider's ids and the plan; everything else (card, invoices, amounts) stays at the provider.
 * The plan follows the provider's subscription as the provider holds it when an event arrives: the
 * subscription is read again rather than taken from the event, so events late or out of order
 * apply the latest state, and a paid period always has an end (`planUntil`).
 */

/** Where the provider's pages send the person back to: the plans overlay, told how it went. */
const returnUrl = (result?: 'success' | 'cancel') =>
  `${webOrigin()}/?show=subscription${result ? `&checkout=${result}` : ''}`;

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

function planOfPrice(priceId: string | undefined, prices: Record<PaidPlan, string>): PaidPlan | undefined {
  return (Object.keys(prices) as PaidPlan[]).find((plan) => prices[plan] === priceId);
}

const fromSeconds = (seconds: number) => new Date(seconds * 1000);

/** What the product reads of a provider's subscription. */
interface ReadSubscription {
  id: string;
  userId: string | undefined;
  customerId: string;
  plan: PaidPlan | undefined;
  status: CardSubscriptionStatus;
  periodStart: Date;
  periodEnd: Date;
  endedAt: Date | undefined;
  cancelAtPeriodEnd: boolean;
  trial: boolean;
  heldPlan: OwnPlan | undefined;
  heldUntil: Date | undefined;
}

function readSubscription(
  subscription: Stripe.Subscription,
  prices: Record<PaidPlan, string>,
): ReadSubscription {
  const item = subscription.items.data[0];
  const metadata = subscription.metadata;
  const heldPlan = metadata.heldPlan;
  const heldUntil = metadata.heldUntil ? new Date(metadata.heldUntil) : undefined;
  return {
    id: subscription.id,
    userId: metadata.userId,
    customerId: idOf(subscription.customer),
    // The price names the plan (a change in the portal changes the price); the metadata is the
    // plan bought when the price is not one of the product's.
    plan: planOfPrice(item?.price.id, prices) ?? (isPaidPlan(metadata.plan) ? metadata.plan : undefined),
    status: subscription.status as CardSubscriptionStatus,
    periodStart: fromSeconds(item?.current_period_start ?? subscription.start_date),
    periodEnd: fromSeconds(item?.current_period_end ?? subscription.start_date),
    endedAt: subscription.ended_at ? fromSeconds(subscription.ended_at) : undefined,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    trial: metadata.trial === 'yes',
    heldPlan: (PLANS as readonly string[]).includes(heldPlan ?? '') ? (heldPlan as OwnPlan) : undefined,
    heldUntil: heldUntil && !Number.isNaN(heldUntil.getTime()) ? heldUntil : undefined,
  };
}

/** Attempts when the person's plan changed between the read and the write. */
const APPLY_ATTEMPTS = 4;

/**
 * Sets the person's plan from the provider's subscription as it is now. Ignored (logged): a
 * subscription of no known person or of another customer, and an ended subscription that is not the
 * one the plan follows (an older one). While the subscription runs, a later end of the same plan
 * already on the account (a promotion code's month added meanwhile) is never shortened.
 */
async function applySubscription(
  read: ReadSubscription,
  now: Date,
): Promise<{ link: PaymentCustomerItem; plan: { subscription: OwnPlan; planUntil?: string } } | null> {
  const { userId, plan } = read;
  if (userId === undefined || plan === undefined) {
    logger.warn('A card subscription names no person or no plan of the product', { subscriptionId: read.id });
    return null;
  }
  for (let attempt = 0; attempt < APPLY_ATTEMPTS; attempt++) {
    const [link, account] = await Promise.all([customerOf(userId), ownPlanRecord(userId)]);
    if (!link || !account || link.customerId !== read.customerId) {
      logger.warn('A card subscription of no linked person', { subscriptionId: read.id });
      return null;
    }
    const live = isLiveCardSubscription(read.status);
    if (link.subscriptionId !== undefined && link.subscriptionId !== read.id && !live) return null;
    const computed = planFromCardSubscription(
      {
        plan,
        status: read.status,
        periodStart: read.periodStart,
        periodEnd: read.periodEnd,
        endedAt: read.endedAt,
        heldPlan: read.heldPlan,
        heldUntil: read.heldUntil,
      },
      now,
    );
    const keepsLater =
      live &&
      account.subscription === computed.subscription &&
      account.planUntil !== undefined &&
      Date.parse(account.planUntil) >= Date.parse(computed.planUntil);
    const unchanged =
      account.subscription === computed.subscription && account.planUntil === computed.planUntil;
    const next = keepsLater || unchanged ? null : computed;
    const periodEnd = read.periodEnd.toISOString();
    const written = await writeSubscription({
      userId,
      customerId: link.customerId,
      applied: {
        subscriptionId: read.id,
        plan,
        status: read.status,
        periodEnd,
        trialUsed: link.trialUsed || read.trial,
        at: now.toISOString(),
      },
      readLink: link,
      read: account,
      next,
      change: cardChangeOf(link, { subscriptionId: read.id, status: read.status, periodEnd }),
    });
    if (!written) continue;
    // The person's open tabs take their new rules at once (a realtime `ability` event).
    if (next !== null) await publishAfterWrite(userId, { type: 'ability', action: 'updated' });
    const held = next ?? account;
    return {
      link,
      plan: {
        subscription: held.subscription,
        ...(held.planUntil !== undefined ? { planUntil: held.planUntil } : {}),
      },
    };
  }
  throw new ConflictError('conflict');
}

/** Reads the provider's subscription again and applies it (webhooks, and a person's billing view). */
async function syncSubscription(subscriptionId: string, now: Date) {
  const { stripe, keys } = await provider();
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const read = readSubscription(subscription, keys.prices);
  const applied = await applySubscription(read, now);
  return { read, applied };
}

/**
 * POST /users/subscriptions/payments/checkout: a checkout of the plan at the provider. The person's
 * customer is made once (the provider's idempotency key and a conditional put); the subscription
 * starts after the free days they hold, with the trial the first time (decision 0051). 409
 * `payment-subscription-held` while a card subscription still bills: it is changed in the portal.
 */
export async function startCheckout(
  userId: string,
  plan: PaidPlan,
  now = new Date(),
): Promise<PaymentRedirect> {
  const account = await ownPlanRecord(userId);
  if (!account) throw new NotFoundError();
  const { stripe, keys } = await provider();
  let link = await customerOf(userId);
  if (link?.subscriptionId !== undefined) {
    const { read } = await syncSubscription(link.subscriptionId, now);
    if (isLiveCardSubscription(read.status)) throw new ConflictError(PAYMENT_SUBSCRIPTION_HELD);
    link = await customerOf(userId);
  }
  if (!link) {
    const customer = await stripe.customers.create(
      { metadata: { userId } },
      { idempotencyKey: `customer-${userId}` },
    );
    link = await insertCustomer(userId, customer.id, now.toISOString());
  }
  const current = await ownPlanRecord(userId);
  const held = current ?? account;
  const trialEnd = checkoutTrialEnd(held, link.trialUsed, now);
  const heldPlan = ownPlanAt(held, now);
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: link.customerId,
    client_reference_id: userId,
    line_items: [{ price: keys.prices[plan], quantity: 1 }],
    success_url: returnUrl('success'),
    cancel_url: returnUrl('cancel'),
    metadata: { userId, plan },
    subscription_data: {
      metadata: {
        userId,
        plan,
        trial: link.trialUsed ? 'no' : 'yes',
        ...(heldPlan !== 'starter' && held.planUntil !== undefined
          ? { heldPlan, heldUntil: held.planUntil }
          : {}),
      },
      ...(trialEnd !== undefined ? { trial_end: Math.floor(trialEnd.getTime() / 1000) } : {}),
    },
  });
  if (!session.url) throw new Error('The card provider gave no checkout page');
  return { url: session.url };
}

/** POST /users/subscriptions/payments/portal: the provider's portal; 404 for a person who never bought. */
export async function openPortal(userId: string): Promise<PaymentRedirect> {
  const link = await customerOf(userId);
  if (!link) throw new DomainError(PAYMENT_NO_CUSTOMER, 404);
  const { stripe } = await provider();
  const session = await stripe.billingPortal.sessions.create({
    customer: link.customerId,
    return_url: returnUrl(),
  });
  return { url: session.url };
}

/**
 * GET /users/subscriptions/payments/billing: the person's card subscription, read from the
 * provider and applied to their plan (what a lost webhook missed is caught up here).
 */
export async function billingOf(userId: string, now = new Date()): Promise<Billing> {
  const link = await customerOf(userId);
  const planOf = async () => {
    const account = await ownPlanRecord(userId);
    if (!account) throw new NotFoundError();
    return {
      subscription: ownPlanAt(account, now),
      ...(ownPlanAt(account, now) !== 'starter' && account.planUntil !== undefined
        ? { planUntil: account.planUntil }
        : {}),
    };
  };
  if (link?.subscriptionId === undefined)
    return { customer: link !== null, subscription: null, plan: await planOf() };
  const { read } = await syncSubscription(link.subscriptionId, now);
  return {
    customer: true,
    subscription:
      read.plan !== undefined
        ? {
            plan: read.plan,
            status: read.status,
            periodEnd: read.periodEnd.toISOString(),
            cancelAtPeriodEnd: read.cancelAtPeriodEnd,
          }
        : null,
    plan: await planOf(),
  };
}

/** GET /users/subscriptions/payments/invoices: the person's invoices, newest first, from the provider. */
export async function invoicesOf(userId: string, max: number): Promise<{ items: Invoice[] }> {
  const link = await customerOf(userId);
  if (!link) return { items: [] };
  const { stripe } = await provider();
  const list = await stripe.invoices.list({ customer: link.customerId, limit: max });
  return {
    items: list.data.map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      status: invoice.status ?? 'draft',
      amount: invoice.total,
      currency: invoice.currency,
      createdAt: fromSeconds(invoice.created).toISOString(),
      url: invoice.hosted_invoice_url ?? null,
    })),
  };
}

/** The events that move a plan, and where each names its subscription. */
function subscriptionOfEvent(event: Stripe.Event): string | null | undefined {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      return session.mode === 'subscription' && session.subscription ? idOf(session.subscription) : null;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return event.data.object.id;
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscription = event.data.object.parent?.subscription_details?.subscription;
      return subscription ? idOf(subscription) : null;
    }
    default:
      return undefined;
  }
}

/**
 * POST /users/subscriptions/payments/webhook: the provider's signed event. The signature is checked
 * on the raw body (`stripe.webhooks.constructEvent`; 400 `payment-signature-not-valid`); an event is
 * taken once by its id (a conditional put with a TTL) and released when applying it fails, so the
 * provider's retry applies it; types the product does not use are acknowledged and ignored.
 */
export async function receiveEvent(
  rawBody: string,
  signature: string | undefined,
  now = new Date(),
): Promise<{ received: true; duplicate: boolean }> {
  const { stripe, keys } = await provider();
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('No signature');
    event = stripe.webhooks.constructEvent(rawBody, signature, keys.webhookSecret);
  } catch (cause) {
    throw new DomainError(PAYMENT_SIGNATURE_NOT_VALID, 400, { cause });
  }
  const subscriptionId = subscriptionOfEvent(event);
  if (subscriptionId === undefined) return { received: true, duplicate: false };
  if ((await takeEvent(event.id, event.type, now)) === 'seen') return { received: true, duplicate: true };
  try {
    if (subscriptionId !== null) await syncSubscription(subscriptionId, now);
    await eventDone(event.id);
  } catch (error) {
    await releaseEvent(event.id);
    throw error;
  }
  return { received: true, duplicate: false };
}

import type { EntityItem } from 'electrodb';
import { isConditionFailure } from '../lib/conditions';
import type { PlanChangeKind } from '@shared/domain/plan-report';
import { ownPlanItem, planChangeItem, type UserItem } from '../users';
import type { PaymentCustomerEntity } from './entities/payment-customer';
import { paymentsDb as db } from './store';

export type PaymentCustomerItem = EntityItem<typeof PaymentCustomerEntity>;

/** Days an event id is kept: longer than the provider's retries (Stripe retries for 3 days). */
const EVENT_KEPT_DAYS = 30;

/** A person's link to the provider: one GetItem on their key. */
export async function customerOf(userId: string): Promise<PaymentCustomerItem | null> {
  const { data } = await db().entities.paymentCustomer.get({ userId }).go({ consistent: true });
  return data;
}

/**
 * Writes the person's link once: when another request made it first (two checkouts at once), the
 * one written is answered, so a person never has two customers on the product's side.
 */
export async function insertCustomer(
  userId: string,
  customerId: string,
  at: string,
): Promise<PaymentCustomerItem> {
  const item: PaymentCustomerItem = {
    userId,
    customerId,
    trialUsed: false,
    billedKey: 'none',
    createdAt: at,
    updatedAt: at,
  };
  try {
    await db().entities.paymentCustomer.create(item).go({ response: 'none' });
    return item;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const existing = await customerOf(userId);
    if (!existing) throw error;
    return existing;
  }
}

/** What the product applied of the provider's subscription. */
export interface AppliedSubscription {
  subscriptionId: string;
  plan: 'essentials' | 'premium';
  status: string;
  periodEnd: string;
  trialUsed: boolean;
  at: string;
}

function linkPatch(userId: string, customerId: string, applied: AppliedSubscription) {
  return db()
    .entities.paymentCustomer.patch({ userId })
    .set({
      subscriptionId: applied.subscriptionId,
      plan: applied.plan,
      status: applied.status,
      periodEnd: applied.periodEnd,
      trialUsed: applied.trialUsed,
      billedKey: 'billed',
      updatedAt: applied.at,
    })
    .where(({ customerId: stored }, { eq }) => eq(stored, customerId));
}

/**
 * Applies the provider's subscription in one transaction: the person's link; their plan on the
 * condition that it is still the one read (a promotion code redeemed meanwhile, another webhook);
 * and the change the report counts, when there is one (decision 0053). The link is conditioned on
 * what was read of it too, so two events applying at once never both count their change.
 * False when a condition failed: the caller reads again and retries.
 */
export async function writeSubscription(input: {
  userId: string;
  customerId: string;
  applied: AppliedSubscription;
  /** The link as read: its `updatedAt` is the condition of the write. */
  readLink: Pick<PaymentCustomerItem, 'updatedAt'>;
  read: Pick<UserItem, 'subscription' | 'planUntil'>;
  next: { subscription: UserItem['subscription']; planUntil: string } | null;
  change: PlanChangeKind | null;
}): Promise<boolean> {
  const { userId, customerId, applied, readLink, read, next, change } = input;
  try {
    if (next === null && change === null) {
      await linkPatch(userId, customerId, applied).go({ response: 'none' });
      return true;
    }
    const result = await db()
      .transaction.write(({ paymentCustomer }) => [
        paymentCustomer
          .patch({ userId })
          .set({
            subscriptionId: applied.subscriptionId,
            plan: applied.plan,
            status: applied.status,
            periodEnd: applied.periodEnd,
            trialUsed: applied.trialUsed,
            billedKey: 'billed',
            updatedAt: applied.at,
          })
          .where(
            ({ customerId: stored, updatedAt }, { eq }) =>
              `${eq(stored, customerId)} AND ${eq(updatedAt, readLink.updatedAt)}`,
          )
          .commit(),
        ...(next !== null ? [ownPlanItem(userId, read, next)] : []),
        ...(change !== null ? [planChangeItem({ kind: change, plan: applied.plan, at: applied.at })] : []),
      ])
      .go();
    return !result.canceled;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Every link that follows a card subscription, as the report reads them (decision 0053): one Query
 * of the sparse billed index, every page, only what the report counts.
 */
export async function billedCustomers() {
  const { data } = await db()
    .entities.paymentCustomer.query.billed({ billedKey: 'billed' })
    .go({ pages: 'all', attributes: ['userId', 'plan', 'status', 'periodEnd'] });
  return data;
}

/**
 * Takes a webhook event: created on the condition that its id is new. `taken`: this request
 * applies it; `seen`: it was taken before (delivered again, or being applied by another request).
 */
export async function takeEvent(eventId: string, type: string, now: Date): Promise<'taken' | 'seen'> {
  try {
    await db()
      .entities.paymentEvent.create({
        eventId,
        type,
        state: 'taken',
        receivedAt: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + EVENT_KEPT_DAYS * 24 * 60 * 60,
      })
      .go({ response: 'none' });
    return 'taken';
  } catch (error) {
    if (isConditionFailure(error)) return 'seen';
    throw error;
  }
}

export async function eventDone(eventId: string): Promise<void> {
  await db().entities.paymentEvent.patch({ eventId }).set({ state: 'done' }).go({ response: 'none' });
}

/** Lets an event that failed be applied when the provider delivers it again. */
export async function releaseEvent(eventId: string): Promise<void> {
  await db().entities.paymentEvent.delete({ eventId }).go({ response: 'none' });
}

/** Erases a person's link (they leave; the provider's subscription was cancelled first). */
export async function eraseCustomer(userId: string): Promise<void> {
  await db().entities.paymentCustomer.delete({ userId }).go({ response: 'none' });
}

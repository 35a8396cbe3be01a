/**
 * Individual plans bought by card (spec 02 §1, §7, §9; decision 0051), without I/O: what a paid
 * subscription makes of the person's own plan (`subscription` and `planUntil`, decision 0048), the
 * free trial, and how both add up with a promotion code's free month.
 */
import { ownPlanAt, type OwnPlan } from './plans';

/** The plans sold by card. */
export const PAID_PLANS = ['essentials', 'premium'] as const satisfies readonly OwnPlan[];
export type PaidPlan = (typeof PAID_PLANS)[number];

export const isPaidPlan = (value: unknown): value is PaidPlan =>
  typeof value === 'string' && (PAID_PLANS as readonly string[]).includes(value);

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The free trial (spec 02 §9: it exists, its length is not shown): 14 days, once per person, before
 * the first paid period of their first card subscription.
 */
export const TRIAL_DAYS = 14;

/**
 * Days a paid period is honoured after its end: the provider's renewal and its webhook arrive
 * within minutes of the end, and a late webhook (an outage, retries) within this margin must not
 * drop the person to Starter for a night. A renewal never confirmed ends the plan after it.
 */
export const GRACE_DAYS = 3;

/**
 * The card provider refuses a trial end less than 48 hours ahead (Stripe Checkout); a shorter
 * remaining free period is not carried into the subscription.
 */
export const MIN_TRIAL_END_MS = 48 * 60 * 60 * 1000;

/** The end of the plan a paid period gives: the period's end plus the grace. */
export const paidPlanUntil = (periodEnd: Date): Date => new Date(periodEnd.getTime() + GRACE_DAYS * DAY_MS);

/**
 * When the first payment of a new card subscription falls (its trial's end), or undefined when the
 * person pays at once. The free days the person holds already (a promotion code's month, an
 * Essentials period with an end) are kept: the subscription starts after them. The trial, when
 * the person never had one, is added after those days: the free month and the trial add up
 * (spec 02 §9 "cumulative with the trial").
 */
export function checkoutTrialEnd(
  account: { subscription: OwnPlan; planUntil?: string | undefined },
  trialUsed: boolean,
  now: Date,
): Date | undefined {
  const held = ownPlanAt(account, now);
  const freeUntil = held !== 'starter' && account.planUntil !== undefined ? new Date(account.planUntil) : now;
  const end = trialUsed ? freeUntil : new Date(freeUntil.getTime() + TRIAL_DAYS * DAY_MS);
  return end.getTime() - now.getTime() >= MIN_TRIAL_END_MS ? end : undefined;
}

/** The provider's states of a subscription (Stripe's `status`). */
export type CardSubscriptionStatus =
  'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'paused';

/** What the product reads of the provider's subscription, as the provider holds it now. */
export interface CardSubscriptionState {
  plan: PaidPlan;
  status: CardSubscriptionStatus;
  /** Current period (the trial while it runs). */
  periodStart: Date;
  periodEnd: Date;
  /** When it ended (canceled). */
  endedAt?: Date | undefined;
  /** The free days the person held when they bought (kept if the subscription ends before). */
  heldUntil?: Date | undefined;
  heldPlan?: OwnPlan | undefined;
}

/**
 * The person's own plan a card subscription gives, from the provider's current state:
 * - trialing or active: the plan until the current period's end plus the grace; each renewal moves
 *   the period, so `planUntil` moves with it;
 * - past_due, unpaid, paused, incomplete: the period the provider moved to is not paid; the plan
 *   runs until the paid period's end (the current period's start) plus the grace, then lapses;
 * - canceled, incomplete_expired: ended at once (at `endedAt`), except the free days the person
 *   held before buying (a promotion code's month), which were theirs already.
 * A paid plan is never without an end: a lost webhook lets it lapse, never grants it forever.
 */
export function planFromCardSubscription(
  state: CardSubscriptionState,
  now: Date,
): {
  subscription: OwnPlan;
  planUntil: string;
} {
  switch (state.status) {
    case 'trialing':
    case 'active':
      return { subscription: state.plan, planUntil: paidPlanUntil(state.periodEnd).toISOString() };
    case 'past_due':
    case 'unpaid':
    case 'paused':
    case 'incomplete':
      return { subscription: state.plan, planUntil: paidPlanUntil(state.periodStart).toISOString() };
    case 'canceled':
    case 'incomplete_expired': {
      const ended = state.endedAt ?? now;
      if (state.heldUntil !== undefined && state.heldUntil.getTime() > ended.getTime())
        return { subscription: state.heldPlan ?? 'essentials', planUntil: state.heldUntil.toISOString() };
      return { subscription: state.plan, planUntil: ended.toISOString() };
    }
  }
}

/** Whether the subscription still bills: a person with one manages it in the portal, not a new checkout. */
export const isLiveCardSubscription = (status: CardSubscriptionStatus): boolean =>
  status === 'trialing' ||
  status === 'active' ||
  status === 'past_due' ||
  status === 'unpaid' ||
  status === 'paused';

import { describe, expect, it } from 'vitest';
import {
  GRACE_DAYS,
  TRIAL_DAYS,
  checkoutTrialEnd,
  isLiveCardSubscription,
  paidPlanUntil,
  planFromCardSubscription,
  type CardSubscriptionState,
} from './payments';
import { ownPlanAt, withFreeMonth } from './plans';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-12-07T10:00:00.000Z');
const at = (days: number) => new Date(now.getTime() + days * DAY);

describe('a paid period', () => {
  it('gives the plan until its end plus the grace of 3 days', () => {
    expect(GRACE_DAYS).toBe(3);
    expect(paidPlanUntil(at(30)).toISOString()).toBe(at(33).toISOString());
  });

  const state = (over: Partial<CardSubscriptionState>): CardSubscriptionState => ({
    plan: 'essentials',
    status: 'active',
    periodStart: at(-1),
    periodEnd: at(30),
    ...over,
  });

  it('runs while active or trialing, to the current period’s end plus the grace', () => {
    for (const status of ['active', 'trialing'] as const)
      expect(planFromCardSubscription(state({ status, plan: 'premium' }), now)).toEqual({
        subscription: 'premium',
        planUntil: at(33).toISOString(),
      });
  });

  it('is not extended by a period whose payment failed: it lapses after the paid period and the grace', () => {
    for (const status of ['past_due', 'unpaid', 'incomplete', 'paused'] as const) {
      const plan = planFromCardSubscription(state({ status, periodStart: at(-1), periodEnd: at(30) }), now);
      expect(plan).toEqual({ subscription: 'essentials', planUntil: at(2).toISOString() });
      expect(ownPlanAt(plan, at(1))).toBe('essentials');
      expect(ownPlanAt(plan, at(3))).toBe('starter');
    }
  });

  it('ends at once when the subscription is cancelled', () => {
    const plan = planFromCardSubscription(state({ status: 'canceled', endedAt: now }), now);
    expect(plan).toEqual({ subscription: 'essentials', planUntil: now.toISOString() });
    expect(ownPlanAt(plan, now)).toBe('starter');
  });

  it('keeps, when cancelled, the free days the person held before buying', () => {
    expect(
      planFromCardSubscription(
        state({ status: 'canceled', endedAt: now, heldPlan: 'essentials', heldUntil: at(12) }),
        now,
      ),
    ).toEqual({ subscription: 'essentials', planUntil: at(12).toISOString() });
    expect(
      planFromCardSubscription(state({ status: 'canceled', endedAt: now, heldUntil: at(-2) }), now).planUntil,
    ).toBe(now.toISOString());
  });

  it('never has no end: whatever the state, the plan it gives ends', () => {
    for (const status of ['trialing', 'active', 'past_due', 'canceled', 'incomplete_expired'] as const)
      expect(planFromCardSubscription(state({ status }), now).planUntil).toMatch(/^\d{4}-/);
  });

  it('bills while trialing, active, past due, unpaid or paused, not once ended', () => {
    expect(
      ['trialing', 'active', 'past_due', 'unpaid', 'paused'].every((s) =>
        isLiveCardSubscription(s as 'active'),
      ),
    ).toBe(true);
    expect(isLiveCardSubscription('canceled')).toBe(false);
    expect(isLiveCardSubscription('incomplete_expired')).toBe(false);
  });
});

describe('the free trial', () => {
  it('lasts 14 days from now for a Starter person who never had one', () => {
    expect(TRIAL_DAYS).toBe(14);
    expect(checkoutTrialEnd({ subscription: 'starter' }, false, now)).toEqual(at(14));
  });

  it('is given once: a second subscription is paid at once', () => {
    expect(checkoutTrialEnd({ subscription: 'starter' }, true, now)).toBeUndefined();
  });

  it('adds up with a promotion code’s free month: the trial starts after the month', () => {
    const freeMonth = withFreeMonth({ subscription: 'starter' }, now)!;
    const trialEnd = checkoutTrialEnd(freeMonth, false, now)!;
    expect(trialEnd.getTime()).toBe(Date.parse(freeMonth.planUntil) + TRIAL_DAYS * DAY);
  });

  it('keeps the free month when the trial was used: the first payment falls at its end', () => {
    const freeMonth = withFreeMonth({ subscription: 'starter' }, now)!;
    expect(checkoutTrialEnd(freeMonth, true, now)).toEqual(new Date(freeMonth.planUntil));
  });

  it('is not carried when the free days left are fewer than the provider’s 48 hours', () => {
    expect(
      checkoutTrialEnd({ subscription: 'essentials', planUntil: at(1).toISOString() }, true, now),
    ).toBeUndefined();
  });

  it('counts a plan already ended as no free days', () => {
    expect(
      checkoutTrialEnd({ subscription: 'essentials', planUntil: at(-5).toISOString() }, false, now),
    ).toEqual(at(14));
  });
});

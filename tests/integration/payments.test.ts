import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { Billing, Invoice, PaymentRedirect } from '@shared/contracts/payments';
import { GRACE_DAYS, TRIAL_DAYS } from '@shared/domain/payments';
import { usersDb } from '../../functions/users/store';
import { paymentsDb } from '../../functions/payments/store';
import type { Delivery } from '../../tools/local-stack/stripe';
import { openRealtime, startTestStack, type TestStack, type Tokens } from './harness';

/**
 * Individual plans bought by card over HTTP (decision 0051), against the local Stripe: a checkout
 * on the local page sets the plan from the provider's signed webhooks, a renewal moves its end, a
 * failed payment lets it lapse, a cancellation ends it; the webhook refuses a wrong signature and
 * applies an event delivered twice once.
 */
let stack: TestStack;
let buyer: Tokens;
let freeMonth: Tokens;
const DAY_MS = 24 * 60 * 60 * 1000;
const idOf = (tokens: Tokens) => decodeJwt(tokens.accessToken).sub as string;
const WEBHOOK = '/users/subscriptions/payments/webhook';

const call = <T>(who: Tokens, path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, { method, token: who.accessToken, ...(body !== undefined ? { body } : {}) });

interface LocalEvent {
  event: { id: string; type: string; data: { object: { id: string; customer?: string } } };
  deliveries: Delivery[];
}
async function events(): Promise<LocalEvent[]> {
  const response = await fetch(`${stack.endpoints.stripe}/_local/events`);
  return ((await response.json()) as { events: LocalEvent[] }).events;
}
async function stripeLocal<T>(path: string): Promise<T> {
  const response = await fetch(`${stack.endpoints.stripe}${path}`, { method: 'POST' });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Buys a plan as the person would: the checkout route, then "pay" on the local checkout page. */
async function buy(who: Tokens, plan: 'essentials' | 'premium'): Promise<string> {
  const started = await call<PaymentRedirect>(who, '/users/subscriptions/payments/checkout', 'POST', {
    plan,
  });
  expect(started.status).toBe(201);
  const pageAnswer = await fetch(started.body.url);
  expect(await pageAnswer.text()).toContain('Local test checkout — no real payment');
  const paid = await fetch(`${started.body.url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toMatch(/\?show=subscription&checkout=success$/);
  const { customerId } = (
    await paymentsDb()
      .entities.paymentCustomer.get({ userId: idOf(who) })
      .go()
  ).data!;
  const created = (await events()).filter(
    (e) => e.event.type === 'customer.subscription.created' && e.event.data.object.customer === customerId,
  );
  return created[created.length - 1]!.event.data.object.id;
}

const thinkingStatus = async (who: Tokens) => (await call(who, '/v1/thinkings')).status;
const planOf = async (who: Tokens) =>
  (await call<{ ability: { subscription: string; planUntil?: string } }>(who, '/v1/me')).body.ability;

beforeAll(async () => {
  stack = await startTestStack();
  buyer = await stack.signInWithCode('bea.payments@example.be', { firstName: 'Béa' });
  freeMonth = await stack.signInWithCode('fred.payments@example.be', { firstName: 'Fred' });
});
afterAll(async () => {
  await stack?.stop();
});

describe('the webhook', () => {
  it('refuses a body without a signature, or with a wrong one, with 400 payment-signature-not-valid', async () => {
    const body = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'invoice.paid',
      data: { object: {} },
    });
    const unsigned = await stack.api(WEBHOOK, { method: 'POST', body });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body).toMatchObject({ key: 'payment-signature-not-valid' });
    const t = Math.floor(Date.now() / 1000);
    const forged = await stack.api(WEBHOOK, {
      method: 'POST',
      body,
      headers: { 'stripe-signature': `t=${t},v1=${'0'.repeat(64)}` },
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ key: 'payment-signature-not-valid' });
  });

  it('answers a body that is not JSON with 400, never a server error', async () => {
    const answer = await stack.api(WEBHOOK, {
      method: 'POST',
      body: 'not json',
      headers: { 'stripe-signature': 't=1,v1=ab' },
    });
    expect(answer.status).toBe(400);
  });
});

describe('buying by card', () => {
  it('refuses guests, who register first (403 guest-not-allowed)', async () => {
    const guest = await stack.signInAsGuest();
    const answer = await stack.api('/users/subscriptions/payments/checkout', {
      method: 'POST',
      token: guest.accessToken,
      body: { plan: 'essentials' },
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ key: 'guest-not-allowed' });
  });

  it('refuses a plan that is not sold (400 with the field)', async () => {
    const answer = await call<{ errors: { field: string }[] }>(
      buyer,
      '/users/subscriptions/payments/checkout',
      'POST',
      {
        plan: 'starter',
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0]?.field).toBe('body.plan');
  });

  it('a Starter person has no portal (404 payment-no-customer) and no invoices', async () => {
    const portal = await call(buyer, '/users/subscriptions/payments/portal', 'POST');
    expect(portal.status).toBe(404);
    expect(portal.body).toMatchObject({ key: 'payment-no-customer' });
    const invoices = await call<{ items: Invoice[] }>(buyer, '/users/subscriptions/payments/invoices');
    expect(invoices.body.items).toEqual([]);
  });

  let subscriptionId: string;
  it('a paid checkout unlocks the Essentials routes, until the trial and the grace end', async () => {
    expect(await thinkingStatus(buyer)).toBe(403);
    const before = Date.now();
    subscriptionId = await buy(buyer, 'essentials');
    expect(await thinkingStatus(buyer)).toBe(200);
    const plan = await planOf(buyer);
    expect(plan.subscription).toBe('essentials');
    // The first checkout has the 14-day trial; the plan runs to its end plus the grace.
    const until = Date.parse(plan.planUntil!);
    expect(until).toBeGreaterThanOrEqual(before + (TRIAL_DAYS + GRACE_DAYS) * DAY_MS - 5000);
    expect(until).toBeLessThanOrEqual(Date.now() + (TRIAL_DAYS + GRACE_DAYS) * DAY_MS + 5000);
    const billing = await call<Billing>(buyer, '/users/subscriptions/payments/billing');
    expect(billing.body).toMatchObject({
      customer: true,
      subscription: { plan: 'essentials', status: 'trialing', cancelAtPeriodEnd: false },
    });
  });

  it('refuses a second checkout while the subscription bills (409 payment-subscription-held)', async () => {
    const again = await call(buyer, '/users/subscriptions/payments/checkout', 'POST', { plan: 'premium' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ key: 'payment-subscription-held' });
  });

  it('a change of plan in the portal gives the other plan at once, in the same period', async () => {
    const before = await planOf(buyer);
    await stripeLocal(`/_local/subscriptions/${subscriptionId}/switch-premium`);
    expect(await planOf(buyer)).toEqual({ ...before, subscription: 'premium' });
    const billing = await call<Billing>(buyer, '/users/subscriptions/payments/billing');
    expect(billing.body.subscription).toMatchObject({ plan: 'premium', status: 'trialing' });
    await stripeLocal(`/_local/subscriptions/${subscriptionId}/switch-essentials`);
    expect(await planOf(buyer)).toEqual(before);
  });

  it('applies an event delivered twice once: the second delivery is acknowledged as a duplicate', async () => {
    const paid = (await events()).find(
      (e) => e.event.type === 'customer.subscription.created' && e.event.data.object.id === subscriptionId,
    )!;
    expect(paid.deliveries.map((d) => [d.status, JSON.parse(d.answer) as unknown])).toEqual([
      [200, { received: true, duplicate: false }],
    ]);
    const planBefore = await planOf(buyer);
    const { deliveries } = await stripeLocal<{ deliveries: Delivery[] }>(
      `/_local/events/${paid.event.id}/deliver`,
    );
    expect(deliveries).toHaveLength(2);
    expect(deliveries[1]!.status).toBe(200);
    expect(JSON.parse(deliveries[1]!.answer)).toEqual({ received: true, duplicate: true });
    expect(await planOf(buyer)).toEqual(planBefore);
  });

  it('a renewal moves the plan’s end to the new period’s end plus the grace, and tells the person’s tabs', async () => {
    const heard: { type: string; action: string }[] = [];
    const socket = await openRealtime(stack, buyer);
    socket.on('message', (data: Buffer) => heard.push(JSON.parse(data.toString()) as (typeof heard)[number]));
    const before = Date.parse((await planOf(buyer)).planUntil!);
    const renewed = await stripeLocal<{ items: { data: { current_period_end: number }[] } }>(
      `/_local/subscriptions/${subscriptionId}/renew`,
    );
    const periodEnd = renewed.items.data[0]!.current_period_end * 1000;
    const plan = await planOf(buyer);
    expect(Date.parse(plan.planUntil!)).toBe(periodEnd + GRACE_DAYS * DAY_MS);
    expect(Date.parse(plan.planUntil!)).toBeGreaterThan(before);
    await expect.poll(() => heard).toEqual(expect.arrayContaining([{ type: 'ability', action: 'updated' }]));
    socket.close();
    const invoices = await call<{ items: Invoice[] }>(buyer, '/users/subscriptions/payments/invoices');
    expect(invoices.body.items.map((i) => [i.status, i.amount])).toEqual([
      ['paid', 500],
      ['paid', 0],
    ]);
  });

  it('a failed renewal does not extend the plan: it lapses after the paid period and the grace', async () => {
    const before = (await planOf(buyer)).planUntil;
    await stripeLocal(`/_local/subscriptions/${subscriptionId}/renew-failing`);
    expect((await planOf(buyer)).planUntil).toBe(before);
    const billing = await call<Billing>(buyer, '/users/subscriptions/payments/billing');
    expect(billing.body.subscription?.status).toBe('past_due');
    expect(await thinkingStatus(buyer)).toBe(200);
  });

  it('a cancellation ends the plan at once and locks the Essentials routes again', async () => {
    await stripeLocal(`/_local/subscriptions/${subscriptionId}/cancel`);
    expect(await thinkingStatus(buyer)).toBe(403);
    expect((await planOf(buyer)).subscription).toBe('starter');
  });

  it('a second checkout after the cancellation has no trial: the first payment is today', async () => {
    const started = await call<PaymentRedirect>(buyer, '/users/subscriptions/payments/checkout', 'POST', {
      plan: 'premium',
    });
    expect(started.status).toBe(201);
    const page = await (await fetch(started.body.url)).text();
    expect(page).toContain('Charged today');
  });
});

describe('the free trial and a promotion code’s free month', () => {
  it('add up: the subscription starts after the free month, then the trial runs', async () => {
    const userId = idOf(freeMonth);
    const freeUntil = new Date(Date.now() + 20 * DAY_MS).toISOString();
    await usersDb()
      .entities.user.patch({ userId })
      .set({ subscription: 'essentials', planUntil: freeUntil })
      .go();
    await buy(freeMonth, 'essentials');
    const plan = await planOf(freeMonth);
    expect(Date.parse(plan.planUntil!)).toBe(
      Math.floor((Date.parse(freeUntil) + TRIAL_DAYS * DAY_MS) / 1000) * 1000 + GRACE_DAYS * DAY_MS,
    );
  });

  it('a cancellation during the trial keeps the free month the person held before buying', async () => {
    const userId = idOf(freeMonth);
    const link = (await paymentsDb().entities.paymentCustomer.get({ userId }).go()).data!;
    const heldBefore = await usersDb().entities.user.get({ userId }).go();
    expect(heldBefore.data?.subscription).toBe('essentials');
    await stripeLocal(`/_local/subscriptions/${link.subscriptionId!}/cancel`);
    const plan = await planOf(freeMonth);
    expect(plan.subscription).toBe('essentials');
    expect(Date.parse(plan.planUntil!)).toBeGreaterThan(Date.now() + 19 * DAY_MS);
    expect(Date.parse(plan.planUntil!)).toBeLessThan(Date.now() + 21 * DAY_MS);
  });
});

describe('leaving the product', () => {
  it('cancels the card subscription at the provider and erases the link', async () => {
    const leaver = await stack.signInWithCode('lea.payments@example.be', { firstName: 'Léa' });
    const subscriptionId = await buy(leaver, 'premium');
    const exported = await paymentsDb()
      .entities.paymentCustomer.get({ userId: idOf(leaver) })
      .go();
    expect(exported.data?.subscriptionId).toBe(subscriptionId);
    const left = await call(leaver, '/v1/me', 'DELETE', { confirmation: 'lea.payments@example.be' });
    expect(left.status).toBeLessThan(300);
    const deleted = (await events()).find(
      (e) => e.event.type === 'customer.subscription.deleted' && e.event.data.object.id === subscriptionId,
    );
    expect(deleted).toBeDefined();
    expect(
      (
        await paymentsDb()
          .entities.paymentCustomer.get({ userId: idOf(leaver) })
          .go()
      ).data,
    ).toBeNull();
  });
});

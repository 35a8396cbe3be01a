import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { PaymentRedirect } from '@shared/contracts/payments';
import type { PromotionCode, SubscriptionsReport } from '@shared/contracts/subscriptions';
import { planDay } from '@shared/domain/plans';
import { paymentsDb } from '../../functions/payments/store';
import { usersDb } from '../../functions/users/store';
import type { Delivery } from '../../tools/local-stack/stripe';
import { callerOf, startTestStack, type TestStack, type Tokens } from './harness';

/**
 * The super-admins' report of individual plans over HTTP (spec 02 §7; decision 0053): who holds a
 * plan now and how, what each period changed (trials, payments, renewals, failures, ends, codes
 * redeemed) and the codes created, each change counted once however often the provider delivers
 * it; refused to anyone but a super-admin in the super-admin mode, and to bad input with its key.
 */
let stack: TestStack;
let alex: Tokens; // super-admin
let hugo: Tokens; // ambassador
let bea: Tokens; // buys Essentials by card
let fred: Tokens; // redeems a code
let subscriptionId: string;
const idOf = (tokens: Tokens) => decodeJwt(tokens.accessToken).sub as string;
const call = callerOf(() => stack);
const REPORT = '/v1/users/subscriptions/report';
const SUPER = { 'x-super-admin': 'true' };

const report = async (query = '') => {
  const answer = await call<SubscriptionsReport>(alex, `${REPORT}${query}`, 'GET', undefined, SUPER);
  expect(answer.status).toBe(200);
  return answer.body;
};
/** Every period's changes of one kind, added up. */
const total = (r: SubscriptionsReport, kind: keyof SubscriptionsReport['periods'][number]['counts']) =>
  r.periods.reduce((sum, p) => sum + p.counts[kind], 0);

async function stripeLocal<T>(path: string): Promise<T> {
  const response = await fetch(`${stack.endpoints.stripe}${path}`, { method: 'POST' });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  stack = await startTestStack();
  alex = await stack.signInWithCode('alex.plans@example.be', { firstName: 'Alex' });
  hugo = await stack.signInWithCode('hugo.plans@example.be', { firstName: 'Hugo' });
  bea = await stack.signInWithCode('bea.plans@example.be', { firstName: 'Béa' });
  fred = await stack.signInWithCode('fred.plans@example.be', { firstName: 'Fred' });
  await usersDb()
    .entities.user.patch({ userId: idOf(alex) })
    .set({ globalRoles: ['super-admin'] })
    .go();
  await usersDb()
    .entities.user.patch({ userId: idOf(hugo) })
    .set({ globalRoles: ['ambassador'], lastName: 'Lambert' })
    .go();
});
afterAll(async () => {
  await stack?.stop();
});

describe('the subscriptions report: who may read it', () => {
  it('is the super-admins’ in the super-admin mode: 403 without the mode, for an ambassador and anyone else', async () => {
    expect((await call(alex, REPORT)).status).toBe(403);
    expect((await call(hugo, REPORT, 'GET', undefined, SUPER)).status).toBe(403);
    expect((await call(bea, REPORT)).status).toBe(403);
    expect((await stack.api(REPORT)).status).toBe(401);
  });

  it('refuses bad input with its key: a day that is none, `from` after `to`, more than a year, an unknown interval', async () => {
    const bad = async (query: string) => {
      const answer = await call<{ errors: { key: string; field: string }[] }>(
        alex,
        `${REPORT}?${query}`,
        'GET',
        undefined,
        SUPER,
      );
      expect(answer.status).toBe(400);
      return answer.body.errors[0];
    };
    expect(await bad('from=2026-13-01')).toMatchObject({ key: 'not-a-date', field: 'query.from' });
    expect(await bad('from=2026-06-02&to=2026-06-01')).toEqual({ key: 'not-valid', field: 'query.from' });
    expect(await bad('from=2024-01-01&to=2026-06-01')).toEqual({
      key: 'value-out-of-range-error',
      field: 'query.from',
    });
    expect(await bad('interval=year')).toMatchObject({
      key: 'unexpected-value-error',
      field: 'query.interval',
    });
  });
});

describe('the subscriptions report: its figures', () => {
  it('starts empty: nobody holds a plan, nothing changed, no code', async () => {
    const empty = await report('?interval=day');
    expect(empty.holders).toEqual({
      paid: { essentials: 0, premium: 0 },
      trial: { essentials: 0, premium: 0 },
      pastDue: { essentials: 0, premium: 0 },
      freeMonth: 0,
    });
    expect(empty.to).toBe(planDay(new Date()));
    expect(empty.periods.at(-1)?.end).toBe(empty.to);
    expect(empty.periods.every((p) => Object.values(p.counts).every((n) => n === 0))).toBe(true);
    expect(empty.codes).toEqual([]);
  });

  it('counts a checkout as a trial started and held, once, though its events arrive twice', async () => {
    const started = await call<PaymentRedirect>(bea, '/users/subscriptions/payments/checkout', 'POST', {
      plan: 'essentials',
    });
    expect(started.status).toBe(201);
    expect((await fetch(`${started.body.url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    const link = (
      await paymentsDb()
        .entities.paymentCustomer.get({ userId: idOf(bea) })
        .go()
    ).data!;
    subscriptionId = link.subscriptionId!;

    const after = await report('?interval=day');
    expect(after.holders.trial).toEqual({ essentials: 1, premium: 0 });
    expect(total(after, 'trial-started')).toBe(1);
    expect(after.periods.at(-1)?.counts['trial-started']).toBe(1);

    // Every event of the subscription delivered again: acknowledged as duplicates, counted once.
    const { events } = (await (await fetch(`${stack.endpoints.stripe}/_local/events`)).json()) as {
      events: { event: { id: string; data: { object: { id: string } } } }[];
    };
    for (const e of events.filter((x) => x.event.data.object.id === subscriptionId)) {
      const { deliveries } = await stripeLocal<{ deliveries: Delivery[] }>(
        `/_local/events/${e.event.id}/deliver`,
      );
      expect(deliveries.at(-1)?.status).toBe(200);
    }
    expect(total(await report('?interval=day'), 'trial-started')).toBe(1);
  });

  it('counts the trial’s end as a plan paid, a failed renewal as behind, and the cancellation as an end', async () => {
    await stripeLocal(`/_local/subscriptions/${subscriptionId}/renew`);
    const paid = await report();
    expect(paid.holders.paid).toEqual({ essentials: 1, premium: 0 });
    expect(paid.holders.trial).toEqual({ essentials: 0, premium: 0 });
    expect(total(paid, 'paid-started')).toBe(1);

    await stripeLocal(`/_local/subscriptions/${subscriptionId}/renew`);
    expect(total(await report(), 'renewed')).toBe(1);

    await stripeLocal(`/_local/subscriptions/${subscriptionId}/renew-failing`);
    const behind = await report();
    expect(behind.holders.pastDue).toEqual({ essentials: 1, premium: 0 });
    expect(behind.holders.paid).toEqual({ essentials: 0, premium: 0 });
    expect(total(behind, 'payment-failed')).toBe(1);

    await stripeLocal(`/_local/subscriptions/${subscriptionId}/cancel`);
    const ended = await report();
    expect(ended.holders.pastDue).toEqual({ essentials: 0, premium: 0 });
    expect(total(ended, 'ended')).toBe(1);
    // The week report and the day report count the same changes.
    const days = await report('?interval=day');
    expect(total(days, 'renewed') + total(days, 'paid-started')).toBe(2);
  });

  it('counts a code redeemed and the free month it gives, and lists the code with its ambassador', async () => {
    const created = await call<PromotionCode>(hugo, '/users/subscriptions/promotion-codes', 'POST', {
      name: 'Salon',
      count: 2,
    });
    expect(created.status).toBe(201);
    const redeemed = await call(fred, '/users/subscriptions/promotion-codes/redeem', 'POST', {
      code: created.body.code,
    });
    expect(redeemed.status).toBe(200);

    const r = await report('?interval=month');
    expect(r.holders.freeMonth).toBe(1);
    expect(total(r, 'code-redeemed')).toBe(1);
    expect(r.codes).toEqual([
      {
        code: created.body.code,
        number: created.body.number,
        name: 'Salon',
        ambassadorName: 'Hugo Lambert',
        count: 2,
        used: 1,
        validOn: planDay(new Date()),
      },
    ]);
    // A period that ends before today holds none of it.
    const yesterday = planDay(new Date(Date.now() - 86_400_000));
    const before = await report(`?to=${yesterday}&interval=day`);
    expect(before.codes).toEqual([]);
    expect(total(before, 'code-redeemed')).toBe(0);
  });

  it('names nobody who bought or redeemed', async () => {
    const text = JSON.stringify(await report());
    for (const who of [bea, fred]) expect(text).not.toContain(idOf(who));
    expect(text).not.toMatch(/Béa|Fred|bea\.plans|fred\.plans/);
  });
});

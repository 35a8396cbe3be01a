import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStripeForm, signStripePayload, startStripe, type LocalStripe } from './stripe';

/**
 * The local Stripe (decision 0051) speaks what the official client sends and signs what Stripe's
 * verification accepts: the product's code runs unchanged against it.
 */
let local: LocalStripe;
let stripe: Stripe;
/** The client's options for the emulator, as STRIPE_API_URL gives them to the product's client. */
const at = (endpoint: string) => ({
  host: '127.0.0.1',
  port: Number(new URL(endpoint).port),
  protocol: 'http' as const,
  maxNetworkRetries: 0,
});
beforeAll(async () => {
  local = await startStripe({ notice: () => undefined });
  stripe = new Stripe(local.keys.secretKey, at(local.endpoint));
});
afterAll(async () => {
  await local.stop();
});

describe('the local Stripe', () => {
  it('signs payloads so that stripe.webhooks.constructEvent accepts them, and refuses another secret’s', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'invoice.paid',
      data: { object: {} },
    });
    const header = signStripePayload(payload, local.keys.webhookSecret);
    expect(stripe.webhooks.constructEvent(payload, header, local.keys.webhookSecret).id).toBe('evt_1');
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow();
    expect(() => stripe.webhooks.constructEvent(`${payload} `, header, local.keys.webhookSecret)).toThrow();
  });

  it('reads Stripe’s form encoding into nested objects', () => {
    expect(
      parseStripeForm(
        'line_items[0][price]=p&line_items[0][quantity]=1&subscription_data[metadata][plan]=premium',
      ),
    ).toEqual({
      line_items: { '0': { price: 'p', quantity: '1' } },
      subscription_data: { metadata: { plan: 'premium' } },
    });
  });

  it('answers the official client: a customer, a checkout session with its local page, no invoices yet', async () => {
    const customer = await stripe.customers.create({ metadata: { userId: 'u-1' } });
    expect(customer.metadata).toEqual({ userId: 'u-1' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: local.keys.prices.premium, quantity: 1 }],
      success_url: 'http://127.0.0.1:1/?checkout=success',
      cancel_url: 'http://127.0.0.1:1/?checkout=cancel',
    });
    expect(session.url).toBe(`${local.endpoint}/checkout/${session.id}`);
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('Local test checkout — no real payment');
    expect((await stripe.invoices.list({ customer: customer.id })).data).toEqual([]);
  });

  it('refuses a wrong key (401) and an unknown subscription (404 resource_missing), as Stripe does', async () => {
    const wrong = new Stripe('sk_test_wrong', at(local.endpoint));
    await expect(wrong.customers.create({})).rejects.toMatchObject({ statusCode: 401 });
    await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });
});

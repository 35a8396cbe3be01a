import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { addMonths } from '@shared/domain/plans';
import { closeServer } from './gateway';

/**
 * A loopback emulator of the part of Stripe's protocol the product uses (decision 0051), so that
 * `npm start` and the tests buy, renew, fail a payment and cancel without Stripe or a network:
 *
 * - the REST subset the `stripe` client calls (form-encoded bodies, bearer secret key): customers,
 *   Checkout sessions, billing portal sessions, subscriptions (retrieve, update, cancel), invoices;
 * - a local checkout page and portal page, clearly labelled as local (no real payment): pay, pay
 *   with a failing card; switch between Essentials and Premium; cancel at the period's end or at once;
 * - test-clock buttons and endpoints (`/_local/…`): renew a period, renew with a failing card;
 * - webhooks signed with Stripe's scheme (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")`)
 *   sent to the API's webhook route, so the product verifies them with the same
 *   `stripe.webhooks.constructEvent` as in AWS.
 *
 * The emulator's own pages are in English only: they stand for Stripe's hosted pages, which the
 * product does not translate; fr and nl are not required there.
 */

export const LOCAL_PRICES = {
  essentials: { id: 'price_local_essentials', amount: 500, name: 'Essentials' },
  premium: { id: 'price_local_premium', amount: 900, name: 'Premium' },
} as const;
export const LOCAL_CURRENCY = 'eur';

type Metadata = Record<string, string>;

interface Customer {
  id: string;
  object: 'customer';
  created: number;
  metadata: Metadata;
  livemode: false;
}

interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  created: number;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  customer: string;
  client_reference_id: string | null;
  metadata: Metadata;
  success_url: string;
  cancel_url: string;
  url: string | null;
  subscription: string | null;
  livemode: false;
  /** What the session's subscription will be (not a field of Stripe's object). */
  _price: string;
  _subscriptionMetadata: Metadata;
  _trialEnd: number | null;
}

interface Subscription {
  id: string;
  object: 'subscription';
  created: number;
  customer: string;
  status: 'trialing' | 'active' | 'past_due' | 'canceled';
  metadata: Metadata;
  start_date: number;
  ended_at: number | null;
  canceled_at: number | null;
  cancel_at_period_end: boolean;
  trial_end: number | null;
  livemode: false;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      quantity: number;
      current_period_start: number;
      current_period_end: number;
      price: { id: string; object: 'price'; unit_amount: number; currency: string };
    }[];
  };
}

interface Invoice {
  id: string;
  object: 'invoice';
  created: number;
  number: string;
  customer: string;
  status: 'paid' | 'open';
  total: number;
  amount_due: number;
  amount_paid: number;
  currency: string;
  hosted_invoice_url: string;
  livemode: false;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Metadata };
  };
}

interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  data: { object: unknown };
}

/** One delivery of an event to the webhook route, as `GET /_local/events` lists it. */
export interface Delivery {
  at: string;
  /** The webhook route's status (0: not reached). */
  status: number;
  /** Its answer's body, as text. */
  answer: string;
}

interface State {
  customers: Record<string, Customer>;
  sessions: Record<string, CheckoutSession>;
  portals: Record<string, { customer: string; return_url: string }>;
  subscriptions: Record<string, Subscription>;
  invoices: Record<string, Invoice>;
  events: { event: StripeEvent; deliveries: Delivery[] }[];
  invoiceCount: number;
}

export interface LocalStripe {
  /** STRIPE_API_URL of the handlers; also the base of the pages and of `/_local/…`. */
  endpoint: string;
  /** The keys the handlers get through the local secret (functions/payments/provider.ts). */
  keys: {
    secretKey: string;
    webhookSecret: string;
    prices: { essentials: string; premium: string };
  };
  /** Where webhooks go: the API's webhook route, known once the gateway runs. */
  setWebhookUrl(url: string): void;
  stop(): Promise<void>;
}

export interface StripeOptions {
  port?: number;
  /** Keeps customers, subscriptions and invoices across restarts (`npm start`); memory only without it. */
  dataFile?: string;
  /** Where it says a webhook was not delivered. @default console.warn */
  notice?: (message: string) => void;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const API_VERSION = 'local';
const nowSeconds = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) =>
  `${prefix}_local_${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;

/**
 * Stripe's form encoding (`a[b][0][c]=v`) as nested objects and arrays: what the `stripe` client
 * sends in bodies and queries.
 */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let at: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        at[part] = value;
        return;
      }
      const next = at[part];
      if (typeof next === 'object' && next !== null) at = next as Record<string, unknown>;
      else {
        const made: Record<string, unknown> = {};
        at[part] = made;
        at = made;
      }
    });
  }
  return root;
}

/** Stripe's webhook signature header for a payload: `t=<seconds>,v1=<HMAC-SHA256 hex>`. */
export function signStripePayload(payload: string, secret: string, timestamp = nowSeconds()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const money = (cents: number) => `€${(cents / 100).toFixed(2)}`;
const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — local test checkout — no real payment</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #1a1a1a; }
.banner { background: #fff3bf; border: 2px solid #8a6d00; padding: .75rem 1rem; border-radius: .5rem; }
button { font-size: 1rem; padding: .6rem 1rem; margin: .25rem .5rem .25rem 0; border-radius: .4rem; border: 1px solid #1c3d8c; background: #1c3d8c; color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: #1c3d8c; }
button:focus-visible, a:focus-visible { outline: 3px solid #8a6d00; outline-offset: 2px; }
a { color: #1c3d8c; }
.error { color: #a00000; font-weight: 600; }
section { border: 1px solid #bbb; border-radius: .5rem; padding: .75rem 1rem; margin: 1rem 0; }
form { display: inline; }
</style>
</head>
<body>
<main>
<p class="banner" role="note"><strong>Local test checkout — no real payment.</strong> This page stands for the card provider's page on this computer only. No card is asked and no money moves.</p>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const metadataOf = (value: unknown): Metadata =>
  typeof value === 'object' && value !== null
    ? Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};

export async function startStripe(options: StripeOptions = {}): Promise<LocalStripe> {
  const notice = options.notice ?? ((message: string) => console.warn(message));
  const keys = {
    secretKey: `sk_test_local${randomBytes(12).toString('hex')}`,
    webhookSecret: `whsec_local${randomBytes(16).toString('hex')}`,
    prices: { essentials: LOCAL_PRICES.essentials.id, premium: LOCAL_PRICES.premium.id },
  };
  const empty = (): State => ({
    customers: {},
    sessions: {},
    portals: {},
    subscriptions: {},
    invoices: {},
    events: [],
    invoiceCount: 0,
  });
  let state: State = empty();
  if (options.dataFile && existsSync(options.dataFile)) {
    try {
      state = { ...empty(), ...(JSON.parse(readFileSync(options.dataFile, 'utf8')) as Partial<State>) };
      // Keys are drawn again at each start, so past events would not verify: they are not kept.
      state.events = [];
    } catch (error) {
      notice(
        `The local Stripe data in ${options.dataFile} could not be read (${String(error)}): starting empty.`,
      );
    }
  }
  const save = () => {
    if (!options.dataFile) return;
    mkdirSync(dirname(options.dataFile), { recursive: true });
    const temporary = `${options.dataFile}.tmp`;
    writeFileSync(temporary, JSON.stringify({ ...state, events: [] }));
    renameSync(temporary, options.dataFile);
  };
  let webhookUrl: string | undefined;
  let base = '';

  const priceOf = (id: string) => {
    const price = Object.values(LOCAL_PRICES).find((p) => p.id === id);
    if (!price)
      throw new StripeError(400, 'invalid_request_error', `No such price: '${id}'`, 'resource_missing');
    return price;
  };

  async function deliver(entry: State['events'][number]): Promise<void> {
    if (!webhookUrl) {
      notice(`Local Stripe: no webhook URL yet, event ${entry.event.id} not delivered.`);
      return;
    }
    const payload = JSON.stringify(entry.event, null, 2);
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signStripePayload(payload, keys.webhookSecret),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) local',
        },
        body: payload,
      });
      entry.deliveries.push({
        at: new Date().toISOString(),
        status: response.status,
        answer: await response.text(),
      });
      if (response.status >= 300)
        notice(
          `Local Stripe: the webhook answered ${response.status} to ${entry.event.type} ${entry.event.id}.`,
        );
    } catch (error) {
      entry.deliveries.push({ at: new Date().toISOString(), status: 0, answer: String(error) });
      notice(`Local Stripe: webhook ${entry.event.type} not delivered: ${String(error)}`);
    }
  }

  /** Records events and sends them one after another, as Stripe sends them (in no promised order). */
  async function emit(...events: { type: string; object: unknown }[]): Promise<void> {
    const entries = events.map(({ type, object }) => {
      const entry = {
        event: {
          id: newId('evt'),
          object: 'event' as const,
          type,
          created: nowSeconds(),
          api_version: API_VERSION,
          livemode: false as const,
          pending_webhooks: 1,
          // A copy: the event shows the object as it was when it happened.
          data: { object: JSON.parse(JSON.stringify(object)) as unknown },
        },
        deliveries: [],
      };
      state.events.push(entry);
      return entry;
    });
    save();
    for (const entry of entries) await deliver(entry);
  }

  function newInvoice(subscription: Subscription, amount: number, paid: boolean): Invoice {
    state.invoiceCount += 1;
    const id = newId('in');
    const invoice: Invoice = {
      id,
      object: 'invoice',
      created: nowSeconds(),
      number: `LOCAL-${String(state.invoiceCount).padStart(4, '0')}`,
      customer: subscription.customer,
      status: paid ? 'paid' : 'open',
      total: amount,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      currency: LOCAL_CURRENCY,
      hosted_invoice_url: `${base}/invoices/${id}`,
      livemode: false,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
      },
    };
    state.invoices[id] = invoice;
    return invoice;
  }

  function subscriptionOf(id: string): Subscription {
    const subscription = state.subscriptions[id];
    if (!subscription)
      throw new StripeError(
        404,
        'invalid_request_error',
        `No such subscription: '${id}'`,
        'resource_missing',
      );
    return subscription;
  }

  async function pay(session: CheckoutSession): Promise<void> {
    const price = priceOf(session._price);
    const now = nowSeconds();
    const trialing = session._trialEnd !== null && session._trialEnd > now;
    const periodEnd = trialing
      ? (session._trialEnd as number)
      : Math.floor(addMonths(new Date(now * 1000), 1).getTime() / 1000);
    const subscription: Subscription = {
      id: newId('sub'),
      object: 'subscription',
      created: now,
      customer: session.customer,
      status: trialing ? 'trialing' : 'active',
      metadata: session._subscriptionMetadata,
      start_date: now,
      ended_at: null,
      canceled_at: null,
      cancel_at_period_end: false,
      trial_end: trialing ? periodEnd : null,
      livemode: false,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            quantity: 1,
            current_period_start: now,
            current_period_end: periodEnd,
            price: { id: price.id, object: 'price', unit_amount: price.amount, currency: LOCAL_CURRENCY },
          },
        ],
      },
    };
    state.subscriptions[subscription.id] = subscription;
    const invoice = newInvoice(subscription, trialing ? 0 : price.amount, true);
    session.status = 'complete';
    session.payment_status = trialing ? 'no_payment_required' : 'paid';
    session.subscription = subscription.id;
    await emit(
      { type: 'customer.subscription.created', object: subscription },
      { type: 'invoice.paid', object: invoice },
      { type: 'checkout.session.completed', object: session },
    );
  }

  /** The test clock reaches the period's end: the next period is paid (or its payment fails). */
  async function renew(subscription: Subscription, fails: boolean): Promise<void> {
    if (subscription.status === 'canceled')
      throw new StripeError(400, 'invalid_request_error', 'The subscription has ended.');
    const item = subscription.items.data[0]!;
    if (subscription.cancel_at_period_end) {
      subscription.status = 'canceled';
      subscription.ended_at = item.current_period_end;
      await emit({ type: 'customer.subscription.deleted', object: subscription });
      return;
    }
    item.current_period_start = item.current_period_end;
    item.current_period_end = Math.floor(
      addMonths(new Date(item.current_period_start * 1000), 1).getTime() / 1000,
    );
    subscription.status = fails ? 'past_due' : 'active';
    const invoice = newInvoice(subscription, item.price.unit_amount, !fails);
    await emit(
      { type: fails ? 'invoice.payment_failed' : 'invoice.paid', object: invoice },
      { type: 'customer.subscription.updated', object: subscription },
    );
  }

  async function cancelNow(subscription: Subscription): Promise<void> {
    if (subscription.status === 'canceled') return;
    const now = nowSeconds();
    subscription.status = 'canceled';
    subscription.ended_at = now;
    subscription.canceled_at = now;
    await emit({ type: 'customer.subscription.deleted', object: subscription });
  }

  /**
   * A change of plan in the portal: the subscription's price is the other plan's from now on, in the
   * same period (the difference is prorated on the next invoice, Stripe's default).
   */
  async function switchPlan(subscription: Subscription, plan: keyof typeof LOCAL_PRICES): Promise<void> {
    if (subscription.status === 'canceled')
      throw new StripeError(400, 'invalid_request_error', 'The subscription has ended.');
    const price = LOCAL_PRICES[plan];
    const item = subscription.items.data[0]!;
    if (item.price.id === price.id) return;
    item.price = { id: price.id, object: 'price', unit_amount: price.amount, currency: LOCAL_CURRENCY };
    await emit({ type: 'customer.subscription.updated', object: subscription });
  }

  async function cancelAtPeriodEnd(subscription: Subscription, value: boolean): Promise<void> {
    if (subscription.status === 'canceled')
      throw new StripeError(400, 'invalid_request_error', 'The subscription has ended.');
    subscription.cancel_at_period_end = value;
    subscription.canceled_at = value ? nowSeconds() : null;
    await emit({ type: 'customer.subscription.updated', object: subscription });
  }

  // ---- REST ----

  function authorised(request: IncomingMessage): boolean {
    return request.headers.authorization === `Bearer ${keys.secretKey}`;
  }

  async function rest(method: string, path: string, params: Record<string, unknown>): Promise<unknown> {
    const segments = path.split('/').filter(Boolean).slice(1);
    const [resource, id, action] = segments;
    if (method === 'POST' && resource === 'customers' && id === undefined) {
      const customer: Customer = {
        id: newId('cus'),
        object: 'customer',
        created: nowSeconds(),
        metadata: metadataOf(params.metadata),
        livemode: false,
      };
      state.customers[customer.id] = customer;
      save();
      return customer;
    }
    if (method === 'GET' && resource === 'customers' && id !== undefined) {
      const customer = state.customers[id];
      if (!customer)
        throw new StripeError(404, 'invalid_request_error', `No such customer: '${id}'`, 'resource_missing');
      return customer;
    }
    if (resource === 'checkout' && id === 'sessions') {
      const sessionId = action;
      if (method === 'POST' && sessionId === undefined) {
        const customer = text(params.customer);
        if (!customer || !state.customers[customer])
          throw new StripeError(
            400,
            'invalid_request_error',
            `No such customer: '${String(customer)}'`,
            'resource_missing',
          );
        if (params.mode !== 'subscription')
          throw new StripeError(
            400,
            'invalid_request_error',
            'The local emulator makes subscription sessions only.',
          );
        const lineItems = params.line_items as Record<string, Record<string, unknown>> | undefined;
        const price = text(lineItems?.['0']?.price);
        priceOf(price ?? '');
        const successUrl = text(params.success_url);
        const cancelUrl = text(params.cancel_url);
        if (!successUrl || !cancelUrl)
          throw new StripeError(400, 'invalid_request_error', 'success_url and cancel_url are required.');
        const subscriptionData = (params.subscription_data ?? {}) as Record<string, unknown>;
        const trialEnd = text(subscriptionData.trial_end);
        if (trialEnd !== undefined && Number(trialEnd) < nowSeconds() + 48 * 3600)
          throw new StripeError(
            400,
            'invalid_request_error',
            'trial_end must be at least 48 hours in the future.',
          );
        const session: CheckoutSession = {
          id: newId('cs'),
          object: 'checkout.session',
          created: nowSeconds(),
          mode: 'subscription',
          status: 'open',
          payment_status: 'unpaid',
          customer,
          client_reference_id: text(params.client_reference_id) ?? null,
          metadata: metadataOf(params.metadata),
          success_url: successUrl,
          cancel_url: cancelUrl,
          url: null,
          subscription: null,
          livemode: false,
          _price: price as string,
          _subscriptionMetadata: metadataOf(subscriptionData.metadata),
          _trialEnd: trialEnd !== undefined ? Number(trialEnd) : null,
        };
        session.url = `${base}/checkout/${session.id}`;
        state.sessions[session.id] = session;
        save();
        return publicSession(session);
      }
      if (method === 'GET' && sessionId !== undefined) {
        const session = state.sessions[sessionId];
        if (!session)
          throw new StripeError(
            404,
            'invalid_request_error',
            `No such checkout session: '${sessionId}'`,
            'resource_missing',
          );
        return publicSession(session);
      }
    }
    if (method === 'POST' && resource === 'billing_portal' && id === 'sessions') {
      const customer = text(params.customer);
      if (!customer || !state.customers[customer])
        throw new StripeError(
          400,
          'invalid_request_error',
          `No such customer: '${String(customer)}'`,
          'resource_missing',
        );
      const portalId = newId('bps');
      const returnUrl = text(params.return_url) ?? base;
      state.portals[portalId] = { customer, return_url: returnUrl };
      save();
      return {
        id: portalId,
        object: 'billing_portal.session',
        customer,
        return_url: returnUrl,
        url: `${base}/portal/${portalId}`,
        livemode: false,
      };
    }
    if (resource === 'subscriptions' && id !== undefined) {
      const subscription = subscriptionOf(id);
      if (method === 'GET') return subscription;
      if (method === 'DELETE') {
        if (subscription.status === 'canceled')
          throw new StripeError(
            400,
            'invalid_request_error',
            'A canceled subscription can only update its metadata.',
          );
        await cancelNow(subscription);
        return subscription;
      }
      if (method === 'POST' && action === undefined) {
        if (params.cancel_at_period_end !== undefined)
          await cancelAtPeriodEnd(subscription, params.cancel_at_period_end === 'true');
        return subscription;
      }
    }
    if (method === 'GET' && resource === 'invoices' && id === undefined) {
      const customer = text(params.customer);
      const limit = Math.min(Math.max(Number(text(params.limit) ?? 10) || 10, 1), 100);
      const all = Object.values(state.invoices)
        .filter((invoice) => customer === undefined || invoice.customer === customer)
        .sort((a, b) => b.created - a.created || b.number.localeCompare(a.number));
      return { object: 'list', url: '/v1/invoices', has_more: all.length > limit, data: all.slice(0, limit) };
    }
    throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  function publicSession(session: CheckoutSession) {
    const { _price: _p, _subscriptionMetadata: _m, _trialEnd: _t, ...rest } = session;
    return rest;
  }

  // ---- pages ----

  function checkoutPage(session: CheckoutSession, error?: string): string {
    const price = priceOf(session._price);
    const trial =
      session._trialEnd !== null
        ? `<p>Nothing is charged today: the first payment of ${money(price.amount)} is on ${day(session._trialEnd)}.</p>`
        : `<p>Charged today: ${money(price.amount)}.</p>`;
    if (session.status !== 'open')
      return page('Checkout', `<p>This checkout is ${escapeHtml(session.status)}.</p>`);
    return page(
      `Subscribe to ${price.name}`,
      `<p>${price.name}: ${money(price.amount)} a month.</p>
${trial}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay with the local test card</button></form>
<form method="post" action="/checkout/${session.id}/decline"><button type="submit" class="secondary">Pay with a failing card</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Back without paying</a></p>`,
    );
  }

  function subscriptionControls(subscription: Subscription, back: string): string {
    const item = subscription.items.data[0]!;
    const price = Object.values(LOCAL_PRICES).find((p) => p.id === item.price.id);
    const ended = subscription.status === 'canceled';
    const backField = `<input type="hidden" name="back" value="${escapeHtml(back)}">`;
    const button = (action: string, label: string, secondary = false) =>
      `<form method="post" action="/_local/subscriptions/${subscription.id}/${action}">${backField}<button type="submit"${secondary ? ' class="secondary"' : ''}>${label}</button></form>`;
    return `<section aria-label="Subscription ${escapeHtml(subscription.id)}">
<h2>${escapeHtml(price?.name ?? item.price.id)} — ${escapeHtml(subscription.status)}</h2>
<p>Current period: ${day(item.current_period_start)} to ${day(item.current_period_end)}${subscription.cancel_at_period_end && !ended ? ' (ends then)' : ''}.</p>
${
  ended
    ? ''
    : `${price?.id === LOCAL_PRICES.premium.id ? button('switch-essentials', 'Switch to Essentials', true) : button('switch-premium', 'Switch to Premium', true)}
${subscription.cancel_at_period_end ? button('resume', 'Keep my subscription') : button('cancel-at-period-end', 'Cancel at the end of the period')}
${button('cancel', 'Cancel now', true)}
<p>Local test clock:</p>
${button('renew', 'Renew a period')}
${button('renew-failing', 'Renew with a failing card', true)}`
}
</section>`;
  }

  function portalPage(portalId: string): string {
    const portal = state.portals[portalId];
    if (!portal) return page('Billing', '<p>This portal session does not exist.</p>');
    const subscriptions = Object.values(state.subscriptions).filter((s) => s.customer === portal.customer);
    const invoices = Object.values(state.invoices)
      .filter((invoice) => invoice.customer === portal.customer)
      .sort((a, b) => b.created - a.created);
    return page(
      'Your subscription',
      `${subscriptions.length ? subscriptions.map((s) => subscriptionControls(s, `/portal/${portalId}`)).join('\n') : '<p>No subscription.</p>'}
<h2>Invoices</h2>
${invoices.length ? `<ul>${invoices.map((i) => `<li><a href="/invoices/${i.id}">${escapeHtml(i.number)}</a>: ${money(i.total)}, ${escapeHtml(i.status)}</li>`).join('')}</ul>` : '<p>No invoice.</p>'}
<p><a href="${escapeHtml(portal.return_url)}">Back to the product</a></p>`,
    );
  }

  function dashboardPage(): string {
    const subscriptions = Object.values(state.subscriptions);
    return page(
      'Local Stripe',
      `<p>Subscriptions of every local customer, with the local test clock. Webhooks go to ${escapeHtml(webhookUrl ?? 'nowhere yet')}.</p>
${subscriptions.length ? subscriptions.map((s) => subscriptionControls(s, '/')).join('\n') : '<p>No subscription yet.</p>'}`,
    );
  }

  function invoicePage(id: string): string {
    const invoice = state.invoices[id];
    if (!invoice) return page('Invoice', '<p>This invoice does not exist.</p>');
    return page(
      `Invoice ${invoice.number}`,
      `<p>Amount: ${money(invoice.total)} (${escapeHtml(invoice.status)}), on ${day(invoice.created)}.</p>`,
    );
  }

  const sendHtml = (response: ServerResponse, status: number, html: string) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(html);
  };
  const redirect = (response: ServerResponse, location: string) => {
    response.writeHead(303, { location });
    response.end();
  };
  const sendJson = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    response.end(JSON.stringify(body));
  };
  /** A form's `back` field: a page of this emulator only. */
  const backOf = (form: Record<string, unknown>) => {
    const back = text(form.back);
    return back !== undefined && /^\/[A-Za-z0-9_/-]*$/.test(back) ? back : '/';
  };

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', base);
    const method = request.method ?? 'GET';
    const raw = await readBody(request);
    const parts = url.pathname.split('/').filter(Boolean);

    if (parts[0] === 'v1') {
      if (!authorised(request)) {
        sendJson(response, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided (local emulator).' },
        });
        return;
      }
      const params =
        method === 'GET' || method === 'DELETE' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(raw);
      sendJson(response, 200, await rest(method, url.pathname, params));
      return;
    }
    if (method === 'GET' && parts.length === 0) return sendHtml(response, 200, dashboardPage());
    if (parts[0] === 'checkout' && parts[1] !== undefined) {
      const session = state.sessions[parts[1]];
      if (!session) return sendHtml(response, 404, page('Checkout', '<p>This checkout does not exist.</p>'));
      if (method === 'GET' && parts.length === 2) return sendHtml(response, 200, checkoutPage(session));
      if (method === 'POST' && parts[2] === 'pay' && session.status === 'open') {
        await pay(session);
        return redirect(response, session.success_url);
      }
      if (method === 'POST' && parts[2] === 'decline' && session.status === 'open')
        return sendHtml(
          response,
          402,
          checkoutPage(session, 'Your card was declined (local failing test card). Nothing was charged.'),
        );
      return sendHtml(response, 200, checkoutPage(session));
    }
    if (method === 'GET' && parts[0] === 'portal' && parts[1] !== undefined)
      return sendHtml(response, 200, portalPage(parts[1]));
    if (method === 'GET' && parts[0] === 'invoices' && parts[1] !== undefined)
      return sendHtml(response, 200, invoicePage(parts[1]));

    // The local test clock and cancellations, from the pages' buttons (form posts, answered by a
    // redirect back) or from tests (JSON answers).
    if (
      method === 'POST' &&
      parts[0] === '_local' &&
      parts[1] === 'subscriptions' &&
      parts[2] !== undefined
    ) {
      const subscription = subscriptionOf(parts[2]);
      const action = parts[3];
      if (action === 'renew') await renew(subscription, false);
      else if (action === 'renew-failing') await renew(subscription, true);
      else if (action === 'cancel') await cancelNow(subscription);
      else if (action === 'cancel-at-period-end') await cancelAtPeriodEnd(subscription, true);
      else if (action === 'resume') await cancelAtPeriodEnd(subscription, false);
      else if (action === 'switch-essentials') await switchPlan(subscription, 'essentials');
      else if (action === 'switch-premium') await switchPlan(subscription, 'premium');
      else throw new StripeError(404, 'invalid_request_error', `No such action: ${String(action)}`);
      if ((request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
        return redirect(response, backOf(parseStripeForm(raw)));
      return sendJson(response, 200, subscription);
    }
    if (method === 'GET' && parts[0] === '_local' && parts[1] === 'events')
      return sendJson(response, 200, { events: state.events });
    if (method === 'POST' && parts[0] === '_local' && parts[1] === 'events' && parts[3] === 'deliver') {
      const entry = state.events.find((e) => e.event.id === parts[2]);
      if (!entry)
        throw new StripeError(
          404,
          'invalid_request_error',
          `No such event: '${String(parts[2])}'`,
          'resource_missing',
        );
      await deliver(entry);
      return sendJson(response, 200, { deliveries: entry.deliveries });
    }
    throw new StripeError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${url.pathname}).`,
    );
  }

  const server = createServer((request, response) => {
    serve(request, response).catch((error: unknown) => {
      if (error instanceof StripeError)
        sendJson(response, error.status, {
          error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}) },
        });
      else sendJson(response, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolveListen) => server.listen(options.port ?? 0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    endpoint: base,
    keys,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    stop: () => closeServer(server),
  };
}

// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { Billing, Invoice } from '@shared/contracts/payments';
import i18n from '../../i18n';
import { jsonResponse, renderPage } from '../../test/render';
import { meFixture } from '../../test/me';
import SubscriptionOverlay from './subscription-overlay';
import { expectNoAxeViolations } from '../../test/axe';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const BASE = '/users/subscriptions/payments';
const STARTER_PLAN = { subscription: 'starter' as const };

const noCustomer: Billing = { customer: false, subscription: null, plan: STARTER_PLAN };
const invoice: Invoice = {
  id: 'in_1',
  number: 'LOCAL-0001',
  status: 'paid',
  amount: 500,
  currency: 'eur',
  createdAt: '2026-12-01T10:00:00.000Z',
  url: 'http://127.0.0.1:9/invoices/in_1',
};

/** Serves the start call (Starter), the billing and invoices routes, and records what is posted. */
function serve(billing: () => Response, invoices: Invoice[] = []) {
  const posted: { path: string; body: unknown }[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (key === 'GET /v1/me') return jsonResponse(200, meFixture({}));
    if (key === `GET ${BASE}/billing`) return billing();
    if (key === `GET ${BASE}/invoices`) return jsonResponse(200, { items: invoices });
    if (init?.method === 'POST') {
      posted.push({
        path: url.pathname,
        body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      });
      return jsonResponse(201, { url: 'http://127.0.0.1:9/checkout/cs_1' });
    }
    return jsonResponse(404, { key: 'not-found' });
  });
  return posted;
}

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
beforeEach(async () => {
  vi.clearAllMocks();
  vi.stubGlobal('fetch', fetchMock);
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: { accessToken: { toString: () => 'access-1' } },
  } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr');
});

describe('buying a plan by card', () => {
  it('offers Essentials and Premium with 10 features each, and Buy opens the provider’s checkout', async () => {
    const posted = serve(() => jsonResponse(200, noCustomer));
    renderPage(<SubscriptionOverlay />);
    const buy = await screen.findByTestId('buy-essentials');
    expect(screen.getByTestId('buy-premium')).toBeTruthy();
    expect(screen.queryByTestId('buy-starter')).toBeNull();
    for (const tier of ['essentials', 'premium'])
      expect(screen.getByTestId(`tier-${tier}`).querySelectorAll('li')).toHaveLength(10);
    expect(screen.queryByTestId('card-billing')).toBeNull();
    await expectNoAxeViolations();
    fireEvent.click(buy);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:9/checkout/cs_1'));
    expect(posted).toEqual([{ path: `${BASE}/checkout`, body: { plan: 'essentials' } }]);
  });

  it('says a subscription still running is changed in the portal when a checkout is refused', async () => {
    serve(() => jsonResponse(200, noCustomer));
    renderPage(<SubscriptionOverlay />);
    const buy = await screen.findByTestId('buy-premium');
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input));
      if (init?.method === 'POST')
        return jsonResponse(409, { key: 'payment-subscription-held', requestId: 'r' });
      if (url.pathname === '/v1/me') return jsonResponse(200, meFixture({}));
      return jsonResponse(200, noCustomer);
    });
    fireEvent.click(buy);
    expect((await screen.findByTestId('checkout-error')).textContent).toBe(
      'Your card subscription is still running: change it with “Manage my subscription”.',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('thanks the person back from a paid checkout, and says nothing was paid after leaving it', async () => {
    serve(() => jsonResponse(200, noCustomer));
    const { unmount } = renderPage(<SubscriptionOverlay params={new URLSearchParams('checkout=success')} />);
    expect(await screen.findByTestId('checkout-success')).toBeTruthy();
    unmount();
    renderPage(<SubscriptionOverlay params={new URLSearchParams('checkout=cancel')} />);
    expect((await screen.findByTestId('checkout-cancel')).textContent).toBe(
      'You left the checkout: nothing was paid.',
    );
  });
});

describe('my card subscription', () => {
  const active: Billing = {
    customer: true,
    subscription: {
      plan: 'essentials',
      status: 'active',
      periodEnd: '2027-01-07T10:00:00.000Z',
      cancelAtPeriodEnd: false,
    },
    plan: STARTER_PLAN,
  };

  it('shows its state, the invoices and Manage my subscription, which opens the portal; no Buy', async () => {
    const posted = serve(() => jsonResponse(200, active), [invoice]);
    renderPage(<SubscriptionOverlay />);
    expect((await screen.findByTestId('card-billing-state')).textContent).toBe(
      'Essentials: renewed on 07/01/2027.',
    );
    const table = await screen.findByTestId('invoices');
    expect(table.textContent).toContain('LOCAL-0001');
    expect(table.textContent).toContain('Paid');
    expect(screen.queryByTestId('buy-essentials')).toBeNull();
    expect(screen.queryByTestId('buy-premium')).toBeNull();
    await expectNoAxeViolations();
    fireEvent.click(screen.getByTestId('manage-subscription'));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(posted).toEqual([{ path: `${BASE}/portal`, body: undefined }]);
  });

  it('says when there is no invoice yet', async () => {
    serve(() => jsonResponse(200, active), []);
    renderPage(<SubscriptionOverlay />);
    expect((await screen.findByTestId('invoices-empty')).textContent).toBe('No invoice yet.');
  });

  it('shows a named loader while the subscription loads, and no Buy yet', async () => {
    serve(() => jsonResponse(200, noCustomer));
    const served = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      new URL(String(input)).pathname === `${BASE}/billing`
        ? new Promise<Response>(() => undefined)
        : served(input, init),
    );
    renderPage(<SubscriptionOverlay />);
    expect((await screen.findByTestId('card-billing-loading')).getAttribute('aria-label')).toBe(
      'Loading your subscription',
    );
    expect(screen.queryByTestId('buy-essentials')).toBeNull();
    await expectNoAxeViolations();
  });

  it('says when the subscription cannot be loaded', async () => {
    serve(() => jsonResponse(400, { key: 'error', requestId: 'r' }));
    renderPage(<SubscriptionOverlay />);
    expect(await screen.findByTestId('card-billing-error')).toBeTruthy();
  });
});

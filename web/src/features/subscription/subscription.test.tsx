// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { Me } from '@shared/contracts/me';
import i18n from '../../i18n';
import { jsonResponse, renderPage } from '../../test/render';
import { meFixture } from '../../test/me';
import { refusedPromotionCodeState } from '../../lib/refused-promotion-code';
import SubscriptionOverlay from './subscription-overlay';
import { expectNoAxeViolations } from '../../test/axe';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const REDEEM = '/users/subscriptions/promotion-codes/redeem';

/** Serves the start call as `me()` answers it now, and the redemption as `redeem` does. */
function serve(me: () => Partial<Me>, redeem: (init?: RequestInit) => Response) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (key === 'GET /v1/me') return jsonResponse(200, meFixture(me()));
    if (key === `POST ${REDEEM}`) return redeem(init);
    return jsonResponse(404, { key: 'not-found' });
  });
}

beforeEach(async () => {
  vi.clearAllMocks();
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: { accessToken: { toString: () => 'access-1' } },
  } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr');
});

describe('the subscription overlay’s promotion code', () => {
  it('redeems a code and shows Essentials with its new end date, as the start call then says', async () => {
    let redeemed = false;
    let sent: unknown;
    serve(
      () =>
        redeemed
          ? { ability: { subscription: 'essentials', planUntil: '2027-01-07T10:00:00.000Z', rules: [] } }
          : {},
      (init) => {
        sent = JSON.parse(String(init?.body));
        redeemed = true;
        return jsonResponse(200, { subscription: 'essentials', planUntil: '2027-01-07T10:00:00.000Z' });
      },
    );
    renderPage(<SubscriptionOverlay />);
    expect(await screen.findByTestId('tier-current')).toBeTruthy();
    expect(screen.queryByTestId('subscription-until')).toBeNull();
    await expectNoAxeViolations();
    fireEvent.change(screen.getByTestId('promotion-code-input'), { target: { value: ' p0042-k7qfx ' } });
    fireEvent.click(screen.getByTestId('promotion-code-redeem'));
    await waitFor(() => expect(sent).toEqual({ code: 'p0042-k7qfx' }));
    expect((await screen.findByTestId('promotion-code-redeemed')).textContent).toContain('07/01/2027');
    await waitFor(() =>
      expect(screen.getByTestId('subscription-until').textContent).toBe(
        'Your Essentials plan runs until 07/01/2027.',
      ),
    );
    expect(screen.getByTestId('tier-essentials').textContent).toContain('Your plan');
    await expectNoAxeViolations();
  });

  it('says why a code is refused, in words', async () => {
    serve(
      () => ({}),
      () => jsonResponse(409, { key: 'promotion-code-used-up', errors: [{ key: 'promotion-code-used-up' }] }),
    );
    renderPage(<SubscriptionOverlay />);
    fireEvent.change(await screen.findByTestId('promotion-code-input'), { target: { value: 'P0042-K7QFX' } });
    fireEvent.click(screen.getByTestId('promotion-code-redeem'));
    expect((await screen.findByTestId('promotion-code-redeem-error')).textContent).toBe(
      'This promotion code has been used as many times as it allows.',
    );
  });

  it('offers again, with its reason, a code refused when the account was created', async () => {
    let sent: unknown;
    serve(
      () => ({}),
      (init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(200, { subscription: 'essentials', planUntil: '2027-01-07T10:00:00.000Z' });
      },
    );
    renderPage(<SubscriptionOverlay />, {
      state: refusedPromotionCodeState({
        code: 'P0042-K7QFZ',
        errors: [{ key: 'promotion-code-not-found' }],
      }),
    });
    const input = (await screen.findByTestId('promotion-code-input')) as HTMLInputElement;
    expect(input.value).toBe('P0042-K7QFZ');
    await waitFor(() => expect(document.activeElement).toBe(input));
    const refused = screen.getByTestId('promotion-code-redeem-error');
    expect(refused.getAttribute('role')).toBe('alert');
    expect(refused.textContent).toBe(
      'Your account is created, but your promotion code could not be used' +
        'This promotion code does not exist. Check how it is written. ' +
        'You can correct the code below and try again.',
    );
    await expectNoAxeViolations();

    fireEvent.change(input, { target: { value: 'P0042-K7QFX' } });
    fireEvent.click(screen.getByTestId('promotion-code-redeem'));
    await waitFor(() => expect(sent).toEqual({ code: 'P0042-K7QFX' }));
    expect((await screen.findByTestId('promotion-code-redeemed')).textContent).toContain('07/01/2027');
    expect(screen.queryByTestId('promotion-code-redeem-error')).toBeNull();
  });

  it('asks for a code before sending anything', async () => {
    serve(
      () => ({}),
      () => jsonResponse(200, {}),
    );
    renderPage(<SubscriptionOverlay />);
    fireEvent.click(await screen.findByTestId('promotion-code-redeem'));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});

// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { Me } from '@shared/contracts/me';
import type { PromotionCode } from '@shared/contracts/subscriptions';
import i18n from '../../i18n';
import { jsonResponse, renderPage } from '../../test/render';
import { meFixture } from '../../test/me';
import PromotionCodesPage from './promotion-codes-page';
import PromotionCodeOverlay from './promotion-code-overlay';
import { expectNoAxeViolations } from '../../test/axe';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();

const salon: PromotionCode = {
  code: 'P0042-K7QFX',
  number: 42,
  name: 'Salon RH',
  sphereId: 's1',
  sphereName: 'Atelier',
  sessionId: 'g1',
  sessionName: 'Booth',
  count: 20,
  used: 3,
  remaining: 17,
  validOn: '2026-12-07',
  redeemable: true,
  createdAt: '2026-12-07T09:00:00.000Z',
};
const usedUp: PromotionCode = {
  ...salon,
  code: 'P0041-ABCDE',
  number: 41,
  name: 'Conférence',
  sphereId: undefined,
  sphereName: undefined,
  sessionId: undefined,
  sessionName: undefined,
  count: 2,
  used: 2,
  remaining: 0,
  redeemable: false,
};
const expired: PromotionCode = { ...usedUp, code: 'P0040-ABCDE', number: 40, used: 0, remaining: 2 };

const list = <T,>(items: T[]) => ({ count: items.length, items, max: 200, offset: 0 });

/** An ambassador creates promotion codes and reads their own. */
const ambassador = (): Partial<Me> => ({
  ability: {
    subscription: 'starter',
    rules: [
      { action: 'post', subject: 'subscription-promotion-code' },
      { action: 'get', subject: 'subscription-promotion-code', conditions: { ownerId: 'user-1' } },
    ] as Me['ability']['rules'],
  },
  spheres: [{ id: 's1', name: 'Atelier' }],
});

function serve(answers: Record<string, (init?: RequestInit) => Response>, me: Partial<Me> = ambassador()) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (key === 'GET /v1/me') return jsonResponse(200, meFixture(me));
    const answer = answers[key];
    return answer ? answer(init) : jsonResponse(404, { key: 'not-found' });
  });
}

const CODES = '/users/subscriptions/promotion-codes';
const sentWith = (method: string) => fetchMock.mock.calls.filter(([, init]) => init?.method === method);

const overlay = () => <PromotionCodeOverlay params={new URLSearchParams()} done={vi.fn()} close={vi.fn()} />;

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

describe('the promotion codes page', () => {
  it('lists the ambassador’s codes with their uses, the day they are valid and why one no longer is', async () => {
    serve({ [`GET ${CODES}`]: () => jsonResponse(200, list([salon, usedUp, expired])) });
    renderPage(<PromotionCodesPage />, { path: '/apps/global/promotion-codes' });
    const rows = await screen.findAllByTestId('promotion-code-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('P0042-K7QFX')).toBeTruthy();
    expect(within(rows[0]!).getByText('Atelier › Booth')).toBeTruthy();
    expect(within(rows[0]!).getByText('3 of 20')).toBeTruthy();
    expect(within(rows[0]!).getByText('07/12/2026')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('promotion-code-status').textContent).toBe('Valid today');
    expect(within(rows[1]!).getByTestId('promotion-code-status').textContent).toBe('Used up');
    expect(within(rows[2]!).getByTestId('promotion-code-status').textContent).toBe('Expired');
    expect(screen.getByRole('button', { name: 'Copy the code P0042-K7QFX' })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('says when there is no code yet, and when the list cannot be loaded', async () => {
    serve({ [`GET ${CODES}`]: () => jsonResponse(200, list([])) });
    const first = renderPage(<PromotionCodesPage />, { path: '/apps/global/promotion-codes' });
    expect((await screen.findByTestId('promotion-codes-empty')).textContent).toContain('not created any');
    first.unmount();
    serve({ [`GET ${CODES}`]: () => jsonResponse(500, { key: 'internal-server-error' }) });
    renderPage(<PromotionCodesPage />, { path: '/apps/global/promotion-codes' });
    expect(await screen.findByTestId('promotion-codes-error')).toBeTruthy();
  });

  it('is refused to someone without the ambassador’s right, and asks nothing of the server', async () => {
    serve({ [`GET ${CODES}`]: () => jsonResponse(200, list([salon])) }, {});
    renderPage(<PromotionCodesPage />, { path: '/apps/global/promotion-codes' });
    expect(await screen.findByTestId('promotion-codes-forbidden')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes(CODES))).toBe(false);
  });
});

describe('the promotion code overlay', () => {
  it('requires a name and a count before sending, then creates the code and shows it to copy', async () => {
    let sent: unknown;
    serve({
      [`POST ${CODES}`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(201, {
          ...salon,
          sphereId: undefined,
          sphereName: undefined,
          sessionId: undefined,
          sessionName: undefined,
        });
      },
    });
    renderPage(overlay());
    fireEvent.click(await screen.findByTestId('promotion-code-submit'));
    expect((await screen.findAllByText(/required/i)).length).toBeGreaterThan(0);
    expect(screen.getByTestId('promotion-code-name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('promotion-code-count').getAttribute('aria-invalid')).toBe('true');
    expect(sentWith('POST')).toHaveLength(0);
    await expectNoAxeViolations();
    fireEvent.change(screen.getByTestId('promotion-code-name'), { target: { value: ' Salon RH ' } });
    fireEvent.change(screen.getByTestId('promotion-code-count'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('promotion-code-submit'));
    await waitFor(() => expect(sent).toEqual({ name: 'Salon RH', count: 20 }));
    expect((await screen.findByTestId('promotion-code-created-text')).textContent).toBe('P0042-K7QFX');
    expect(screen.getByTestId('promotion-code-created').textContent).toContain('20 people can use it');
    await expectNoAxeViolations();
  });

  it('translates the server’s refusal of a sphere on the sphere field', async () => {
    serve({
      [`POST ${CODES}`]: () =>
        jsonResponse(400, { errors: [{ key: 'promotion-code-sphere-not-valid', field: 'body.sphereId' }] }),
    });
    renderPage(overlay());
    fireEvent.change(await screen.findByTestId('promotion-code-name'), { target: { value: 'Salon' } });
    fireEvent.change(screen.getByTestId('promotion-code-count'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('promotion-code-submit'));
    expect(await screen.findByText('Choose one of your spheres.')).toBeTruthy();
  });

  it('is refused to someone without the ambassador’s right', async () => {
    serve({}, {});
    renderPage(overlay());
    expect(await screen.findByTestId('promotion-code-forbidden')).toBeTruthy();
  });
});

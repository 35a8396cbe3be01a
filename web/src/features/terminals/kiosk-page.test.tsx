// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Kiosk } from '@shared/contracts/terminals';
import i18n from '../../i18n';
import { jsonResponse, renderPage } from '../../test/render';
import KioskPage from './kiosk-page';
import { kioskKeyStorageKey } from './paths';
import { queueStorageKey } from './queue';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const kiosk: Kiosk = {
  id: 't1',
  deviceName: 'Till 1',
  deviceCode: 'ABC234',
  steps: 'mood',
  name: { en: 'Our shop' },
  words: [],
};
let online = true;
const posted: { body: Record<string, unknown>; key: string | null }[] = [];

function serve(kioskAnswer: () => Response = () => jsonResponse(200, kiosk)) {
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    if (url.endsWith('/v1/terminals/t1/kiosk')) return Promise.resolve(kioskAnswer());
    if (url.endsWith('/v1/terminals/t1/feelings')) {
      if (!online) return Promise.reject(new TypeError('Failed to fetch'));
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      const replay = posted.some((p) => p.body.clientId === body.clientId);
      posted.push({ body, key: headers.get('x-terminal-key') });
      return Promise.resolve(
        jsonResponse(replay ? 200 : 201, {
          clientId: body.clientId,
          terminalId: 't1',
          value: body.good ? 0.5 : -0.5,
          energy: 0.5,
          color: body.good ? 'green' : 'blue',
          recordedAt: body.recordedAt,
        }),
      );
    }
    return Promise.reject(new Error(`unexpected ${url}`));
  });
}

const open = () => renderPage(<KioskPage />, { path: '/terminal/:terminalId', entry: '/terminal/t1' });

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  posted.length = 0;
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.localStorage.clear();
  window.localStorage.setItem(kioskKeyStorageKey('t1'), 'the-key');
  await i18n.changeLanguage('en');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the kiosk page', () => {
  it('shows two labelled faces; a tap is sent with the terminal key and a clientId, then thanks with a countdown', async () => {
    serve();
    open();
    expect(await screen.findByText('Our shop')).toBeTruthy();
    const good = screen.getByRole('button', { name: 'Good' });
    expect(screen.getByRole('button', { name: 'Bad' })).toBeTruthy();
    fireEvent.click(good);
    expect(await screen.findByTestId('kiosk-thanks')).toBeTruthy();
    expect(screen.getByTestId('kiosk-countdown').textContent).toBe('Back to the start in 8 seconds');
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.key).toBe('the-key');
    expect(posted[0]?.body).toMatchObject({ good: true });
    expect(String(posted[0]?.body.clientId)).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByTestId('kiosk-pending')).toBeNull();
  });

  it('offline, answers wait (the count shows); back online, they are sent and the count goes', async () => {
    serve();
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Good' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    online = false;
    fireEvent.click(screen.getByTestId('kiosk-next'));
    fireEvent.click(screen.getByRole('button', { name: 'Bad' }));
    fireEvent.click(screen.getByTestId('kiosk-next'));
    fireEvent.click(screen.getByRole('button', { name: 'Good' }));
    expect((await screen.findByTestId('kiosk-pending')).textContent).toBe('2 answers waiting to be sent');
    expect(JSON.parse(window.localStorage.getItem(queueStorageKey('t1')) ?? '[]')).toHaveLength(2);
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByTestId('kiosk-pending')).toBeNull());
    expect(posted.map((p) => p.body.good)).toEqual([true, false, true]);
    expect(new Set(posted.map((p) => p.body.clientId)).size).toBe(3);
  });

  it('the thank-you screen goes back to the start after its countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve();
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Bad' }));
    await screen.findByTestId('kiosk-thanks');
    for (let i = 0; i < 8; i++) {
      expect(screen.getByTestId('kiosk-countdown').textContent).toMatch(String(8 - i));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
    }
    expect(await screen.findByTestId('kiosk-start')).toBeTruthy();
  });

  it('a sphere that takes no terminal answers says so instead of the faces', async () => {
    serve(() => jsonResponse(403, { key: 'unauth-feeling-forbidden', message: 'unauth-feeling-forbidden' }));
    open();
    expect(await screen.findByTestId('kiosk-refused')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Good' })).toBeNull();
  });

  it('without a key, the kiosk asks for its full address', async () => {
    window.localStorage.clear();
    serve();
    open();
    expect(await screen.findByTestId('kiosk-no-key')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import type { Me } from '@shared/contracts/me';
import { AppHeader } from '../../app/app-header';
import i18n from '../../i18n';
import { meFixture } from '../../test/me';
import { LocationProbe, jsonResponse, renderPage } from '../../test/render';
import { readGuestCredentials, storeGuestCredentials } from './guest-credentials';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const guest = meFixture({ profile: { ...meFixture().profile, isGuest: true }, emails: [] });

function serve(me: Me, leave: () => Response = () => new Response(null, { status: 204 })) {
  fetchMock.mockImplementation(async (url, init) => {
    const path = new URL(String(url)).pathname;
    if (path === '/v1/me' && (init?.method ?? 'GET') === 'GET') return jsonResponse(200, me);
    if (path === '/v1/me' && init?.method === 'DELETE') return leave();
    return jsonResponse(404, { key: 'not-found' });
  });
}

const deleteCalls = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');

function renderHeader() {
  return renderPage(
    <>
      <AppHeader />
      <LocationProbe />
    </>,
    { path: '/', entry: '/' },
  );
}

async function openLeaveDialog() {
  fireEvent.click(await screen.findByTestId('account-menu'));
  fireEvent.click(within(await screen.findByTestId('account-menu-dropdown')).getByTestId('menu-logout'));
  return within(await screen.findByRole('dialog', { name: 'Quitter le mode invité' }));
}

describe('a guest leaving', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    window.localStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('__APP_VERSION__', '3.15.3');
    vi.mocked(fetchAuthSession).mockResolvedValue({
      tokens: { accessToken: { toString: () => 'access-1' } },
    } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
    await i18n.changeLanguage('fr');
    storeGuestCredentials({ username: 'guest-1', secret: 's3cret' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is asked to confirm that the guest data will be erased, and may cancel', async () => {
    serve(guest);
    renderHeader();
    const dialog = await openLeaveDialog();
    expect(dialog.getByText(i18n.t('guests.leave.text'))).toBeTruthy();
    fireEvent.click(dialog.getByTestId('guest-leave-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Quitter le mode invité' })).toBeNull());
    expect(deleteCalls()).toHaveLength(0);
    expect(signOut).not.toHaveBeenCalled();
    expect(readGuestCredentials()).not.toBeNull();
  });

  it('confirmed: deletes the guest with the word "leave", signs out, forgets the credentials, shows sign-in', async () => {
    serve(guest);
    renderHeader();
    const dialog = await openLeaveDialog();
    fireEvent.click(dialog.getByTestId('guest-leave-confirm'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    const [url, init] = deleteCalls()[0] ?? [];
    expect(String(url)).toBe('http://127.0.0.1:4010/v1/me');
    expect(JSON.parse(String(init?.body))).toEqual({ confirmation: 'leave' });
    expect(signOut).toHaveBeenCalled();
    expect(readGuestCredentials()).toBeNull();
  });

  it('the header’s leave button asks the same confirmation', async () => {
    serve(guest);
    renderHeader();
    await waitFor(() => expect(screen.getByTestId('signout').textContent).toBe('Quitter'));
    fireEvent.click(screen.getByTestId('signout'));
    expect(await screen.findByTestId('guest-leave-confirm')).toBeTruthy();
    expect(signOut).not.toHaveBeenCalled();
  });

  it('a refusal is shown and the guest stays signed in with its credentials', async () => {
    serve(guest, () => jsonResponse(500, { key: 'internal-server-error' }));
    renderHeader();
    const dialog = await openLeaveDialog();
    fireEvent.click(dialog.getByTestId('guest-leave-confirm'));
    expect((await screen.findByTestId('guest-leave-error')).textContent).toBe(
      i18n.t('errors.internal-server-error'),
    );
    expect(signOut).not.toHaveBeenCalled();
    expect(readGuestCredentials()).not.toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('a registered user signs out at once, without a dialog or a deletion', async () => {
    serve(meFixture());
    renderHeader();
    fireEvent.click(await screen.findByTestId('account-menu'));
    fireEvent.click(within(await screen.findByTestId('account-menu-dropdown')).getByTestId('menu-logout'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(signOut).toHaveBeenCalled();
    expect(deleteCalls()).toHaveLength(0);
    expect(screen.queryByTestId('guest-leave-dialog')).toBeNull();
  });
});

// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { AppHeader } from '../../app/app-header';
import i18n from '../../i18n';
import { meFixture } from '../../test/me';
import { LocationProbe, jsonResponse, renderPage } from '../../test/render';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function serve(signOutAnswer: () => Response = () => new Response(null, { status: 204 })) {
  fetchMock.mockImplementation(async (url, init) => {
    const path = new URL(String(url)).pathname;
    if (path === '/v1/me' && (init?.method ?? 'GET') === 'GET') return jsonResponse(200, meFixture());
    if (path === '/v1/me/sign-out' && init?.method === 'POST') return signOutAnswer();
    return jsonResponse(404, { key: 'not-found' });
  });
}

const signOutCalls = () =>
  fetchMock.mock.calls.filter(([url]) => new URL(String(url)).pathname === '/v1/me/sign-out');

async function openDialog() {
  renderPage(
    <>
      <AppHeader />
      <LocationProbe />
    </>,
  );
  fireEvent.click(await screen.findByTestId('account-menu'));
  fireEvent.click(
    within(await screen.findByTestId('account-menu-dropdown')).getByTestId('menu-signOutEverywhere'),
  );
  return within(await screen.findByRole('dialog', { name: 'Sign out everywhere' }));
}

describe('sign out everywhere', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('__APP_VERSION__', '3.15.3');
    vi.mocked(fetchAuthSession).mockResolvedValue({
      tokens: { accessToken: { toString: () => 'access-1' } },
    } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks first, and cancelling ends nothing', async () => {
    serve();
    const dialog = await openDialog();
    expect(dialog.getByText(/Every device signed in to your account/)).toBeTruthy();
    // The close button and the Cancel button both cancel; the Cancel button is the last one.
    const cancel = dialog.getAllByRole('button', { name: 'Cancel' }).at(-1);
    if (!cancel) throw new Error('No Cancel button');
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(signOutCalls()).toHaveLength(0);
    expect(signOut).not.toHaveBeenCalled();
  });

  it('once confirmed, ends every sign-in through the API, then this browser’s, and opens the sign-in page', async () => {
    serve();
    const dialog = await openDialog();
    fireEvent.click(dialog.getByTestId('sign-out-everywhere-confirm'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(JSON.parse(String(signOutCalls()[0]?.[1]?.body))).toEqual({ everywhere: true });
    expect(signOut).toHaveBeenCalled();
  });

  it('says so when the API could not end the sign-ins, and keeps the user signed in', async () => {
    serve(() => jsonResponse(503, { key: 'error' }));
    const dialog = await openDialog();
    fireEvent.click(dialog.getByTestId('sign-out-everywhere-confirm'));
    expect(await dialog.findByTestId('sign-out-everywhere-error')).toBeTruthy();
    expect(signOut).not.toHaveBeenCalled();
    expect(screen.getByTestId('location').textContent).toBe('/');
  });
});

// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmSignIn, fetchAuthSession, signIn } from 'aws-amplify/auth';
import { GUEST_RETRY_DELAY_MS } from '@shared/contracts/guests';
import i18n from '../../i18n';
import { authError, jsonResponse, renderPage } from '../../test/render';
import { readGuestCredentials, storeGuestCredentials } from './guest-credentials';
import GuestPage from './guest-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(),
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  signOut: vi.fn(),
}));

type SignInOutput = Awaited<ReturnType<typeof signIn>>;
const challenge = {
  isSignedIn: false,
  nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE' },
} as SignInOutput;
const done = { isSignedIn: true, nextStep: { signInStep: 'DONE' } } as SignInOutput;
const credentials = { userId: 'u-1', username: 'guest-1', secret: 's3cret' };

const fetchMock = vi.fn<typeof fetch>();

function renderGuestPage(entry = '/guest', state?: unknown) {
  return renderPage(<GuestPage />, { path: '/guest', entry, state });
}

describe('guest connection page', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    window.localStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(fetchAuthSession).mockResolvedValue({} as Awaited<ReturnType<typeof fetchAuthSession>>);
    vi.mocked(signIn).mockResolvedValue(challenge);
    vi.mocked(confirmSignIn).mockResolvedValue(done);
    await i18n.changeLanguage('fr');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('explains guest mode and links back to the sign-in page', async () => {
    renderGuestPage();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Continuer en invité');
    expect(screen.getByTestId('guest-back-to-sign-in').getAttribute('href')).toBe('/login');
    expect(screen.queryByTestId('guest-resume')).toBeNull();
  });

  it('creates a guest, signs in with its username then its secret, keeps them, and goes home', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, credentials));
    renderGuestPage();
    fireEvent.click(await screen.findByTestId('guest-continue'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('http://127.0.0.1:4010/users/guests');
    expect(JSON.parse(String(init?.body))).toEqual({ link: window.location.href });
    expect(signIn).toHaveBeenCalledWith({
      username: 'guest-1',
      options: { authFlowType: 'CUSTOM_WITHOUT_SRP' },
    });
    expect(confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 's3cret' });
    expect(readGuestCredentials()).toEqual({ username: 'guest-1', secret: 's3cret' });
  });

  it('sends the delegation when the address has an access code and a campaign id', async () => {
    window.history.replaceState(null, '', '/guest?accessCode=AB12&campaignId=c-9');
    fetchMock.mockResolvedValue(jsonResponse(201, credentials));
    renderGuestPage('/guest?accessCode=AB12&campaignId=c-9');
    fireEvent.click(await screen.findByTestId('guest-continue'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      link: window.location.href,
      delegation: { accessCode: 'AB12', campaignId: 'c-9' },
    });
    window.history.replaceState(null, '', '/');
  });

  it('retries a failed creation 2 s then 4 s later, saying which attempt is running', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fetchMock
      .mockResolvedValueOnce(jsonResponse(500, { key: 'internal-server-error' }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(201, credentials));
    renderGuestPage();
    await act(() => vi.advanceTimersByTimeAsync(10));
    fireEvent.click(screen.getByTestId('guest-continue'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('guest-status').textContent).toBe('Création de votre session invité…');

    await act(() => vi.advanceTimersByTimeAsync(GUEST_RETRY_DELAY_MS - 1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('guest-status').textContent).toBe('Nouvel essai (2 sur 3)…');

    await act(() => vi.advanceTimersByTimeAsync(2 * GUEST_RETRY_DELAY_MS - 1));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('shows the translated error once the attempts are spent, and stays', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fetchMock.mockImplementation(async () => jsonResponse(503, { key: 'internal-server-error' }));
    renderGuestPage();
    await act(() => vi.advanceTimersByTimeAsync(10));
    fireEvent.click(screen.getByTestId('guest-continue'));
    await act(() => vi.advanceTimersByTimeAsync(GUEST_RETRY_DELAY_MS * 10));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.getByTestId('guest-error').textContent).toBe(i18n.t('errors.internal-server-error'));
    expect(signIn).not.toHaveBeenCalled();
    expect(screen.getByTestId('guest-continue')).toHaveProperty('disabled', false);
  });

  it('offers to resume the guest session kept on this device, without creating a new guest', async () => {
    storeGuestCredentials({ username: 'guest-7', secret: 'kept' });
    renderGuestPage();
    fireEvent.click(await screen.findByTestId('guest-resume'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(signIn).toHaveBeenCalledWith({
      username: 'guest-7',
      options: { authFlowType: 'CUSTOM_WITHOUT_SRP' },
    });
    expect(confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'kept' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('forgets kept credentials the server refuses, and says so', async () => {
    storeGuestCredentials({ username: 'guest-7', secret: 'kept' });
    vi.mocked(signIn).mockRejectedValue(authError('UserNotFoundException'));
    renderGuestPage();
    fireEvent.click(await screen.findByTestId('guest-resume'));
    expect((await screen.findByTestId('guest-error')).textContent).toBe(i18n.t('guests.page.resumeRefused'));
    expect(readGuestCredentials()).toBeNull();
    expect(screen.queryByTestId('guest-resume')).toBeNull();
  });

  it('a wrong secret (the challenge asked again) is a refusal too', async () => {
    storeGuestCredentials({ username: 'guest-7', secret: 'stale' });
    vi.mocked(confirmSignIn).mockResolvedValue(challenge);
    renderGuestPage();
    fireEvent.click(await screen.findByTestId('guest-resume'));
    await screen.findByTestId('guest-error');
    expect(readGuestCredentials()).toBeNull();
  });

  it('keeps the credentials when the sign-in service cannot be reached', async () => {
    storeGuestCredentials({ username: 'guest-7', secret: 'kept' });
    vi.mocked(signIn).mockRejectedValue(authError('NetworkError', 'Network error'));
    renderGuestPage();
    fireEvent.click(await screen.findByTestId('guest-resume'));
    await screen.findByTestId('guest-error');
    expect(readGuestCredentials()).toEqual({ username: 'guest-7', secret: 'kept' });
    expect(screen.getByTestId('guest-resume')).toBeTruthy();
  });

  it('goes back to the page that sent the visitor here (a shared link), never to another site', async () => {
    storeGuestCredentials({ username: 'guest-7', secret: 'kept' });
    renderGuestPage('/guest', { from: '/l/abcd1234' });
    fireEvent.click(await screen.findByTestId('guest-resume'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/l/abcd1234'));
  });

  it('a return address of another site is ignored: home', async () => {
    storeGuestCredentials({ username: 'guest-7', secret: 'kept' });
    renderGuestPage('/guest', { from: '//evil.example.com/' });
    fireEvent.click(await screen.findByTestId('guest-resume'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('a signed-in visitor goes straight home', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue({
      tokens: { accessToken: { toString: () => 'access-1' } },
    } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
    renderGuestPage();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });
});

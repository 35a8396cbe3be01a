// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import i18n from '../i18n';
import { setConfig } from '../lib/config';
import { meFixture } from '../test/me';
import { jsonResponse, storedSessionKey, testConfig } from '../test/render';
import { App } from './app';

vi.mock('aws-amplify', () => ({ Amplify: { configure: vi.fn() } }));
vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(),
  signOut: vi.fn(),
  signIn: vi.fn(),
  signUp: vi.fn(),
  confirmSignIn: vi.fn(),
}));

type Session = Awaited<ReturnType<typeof fetchAuthSession>>;
const signedIn = { tokens: { accessToken: { toString: () => 'access-1' } } } as unknown as Session;
const signedOut = {} as Session;

const fetchMock = vi.fn<typeof fetch>();

function serve(config: unknown, configStatus = 200) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/config.json') return jsonResponse(configStatus, config);
    if (url.endsWith('/v1/me')) return jsonResponse(200, meFixture());
    if (url.includes('/v1/me/sessions'))
      return jsonResponse(200, { count: 0, items: [], max: 100, offset: 0 });
    if (url.endsWith('/v1/legal-consents')) return jsonResponse(200, []);
    if (url.endsWith('/v1/me/sign-out')) return new Response(null, { status: 204 });
    return jsonResponse(404, { key: 'not-found' });
  });
}

function startAt(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

describe('app start', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    vi.stubGlobal('fetch', fetchMock);
    setConfig(undefined);
    await i18n.changeLanguage('fr');
    window.localStorage.clear();
    storedSessionKey();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows a clear error screen when /config.json is missing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve({}, 404);
    startAt('/');
    const screenError = await screen.findByTestId('config-error');
    expect(screenError.textContent).toContain('L’application ne peut pas démarrer');
    expect(screenError.textContent).toContain('Le fichier de configuration est introuvable ou illisible.');
    expect(Amplify.configure).not.toHaveBeenCalled();
  });

  it('shows a clear error screen when /config.json is not valid', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve({ ...testConfig, apiUrl: 'not a url' });
    startAt('/');
    expect((await screen.findByTestId('config-error')).textContent).toContain(
      'Le fichier de configuration n’est pas valide.',
    );
  });

  it('shows the sign-in page to a browser holding no session without asking Amplify', async () => {
    window.localStorage.clear();
    serve(testConfig);
    startAt('/');
    expect(await screen.findByTestId('signin-email')).toBeTruthy();
    expect(fetchAuthSession).not.toHaveBeenCalled();
  });

  it('configures Amplify with the pool of /config.json, local endpoint included', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(signedOut);
    serve({ ...testConfig, userPoolEndpoint: 'http://127.0.0.1:4020' });
    startAt('/');
    await screen.findByTestId('signin-email');
    expect(Amplify.configure).toHaveBeenCalledWith({
      Auth: {
        Cognito: {
          userPoolId: 'eu-west-1_local',
          userPoolClientId: 'local-client',
          userPoolEndpoint: 'http://127.0.0.1:4020',
        },
      },
    });
  });

  it('sends a signed-out visit of a protected page to the sign-in page', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(signedOut);
    serve(testConfig);
    startAt('/');
    expect(await screen.findByTestId('signin-email')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(screen.queryByTestId('signout')).toBeNull();
  });

  it('opens my space when the stored tokens are valid', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(signedIn);
    serve(testConfig);
    startAt('/');
    expect((await screen.findByTestId('home-greeting')).textContent).toBe('Bonjour Ada');
  });

  it('redirects an unknown path to the home page with a not-found notice', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(signedIn);
    serve(testConfig);
    startAt('/apps/does-not-exist');
    expect(await screen.findByTestId('not-found-notice')).toBeTruthy();
    expect(window.location.pathname).toBe('/');
  });

  it('signs out and goes to the sign-in page', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(signedIn);
    serve(testConfig);
    startAt('/');
    await screen.findByTestId('home-greeting');

    // The pool forgets the tokens once signOut ran.
    vi.mocked(signOut).mockImplementation(async () => {
      vi.mocked(fetchAuthSession).mockResolvedValue(signedOut);
    });
    fireEvent.click(screen.getByTestId('signout'));

    expect(await screen.findByTestId('signin-email')).toBeTruthy();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/login');
    // The API was told first, so this sign-in's tokens are refused from now on.
    const told = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/v1/me/sign-out'));
    expect(told?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(told?.[1]?.body))).toEqual({ everywhere: false });
  });

  it('switches the language from the header at once', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(signedOut);
    serve(testConfig);
    startAt('/login');
    await screen.findByTestId('signin-email');

    const group = screen.getByTestId('language-switch');
    expect(group.getAttribute('aria-label')).toBe('Langue');
    await act(async () => {
      fireEvent.click(screen.getByLabelText('EN'));
    });

    await waitFor(() => expect(screen.getByLabelText(/Email address/)).toBeTruthy());
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('lang')).toBe('en');
  });
});

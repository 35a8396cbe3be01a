// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { getMe } from '@shared/contracts/me';
import { signIn } from '@shared/contracts/auth';
import i18n from '../i18n';
import { jsonResponse, storedSessionKey, testConfig } from '../test/fixtures';
import { SUPER_ADMIN_STORAGE_KEY, callApi, setUnauthorizedHandler } from './api';
import { setConfig } from './config';
import { ApiError } from './errors';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const me = {
  userId: 'u1',
  profile: {
    firstName: 'Ada',
    unit: 'metric',
    locale: 'fr',
    isGuest: false,
    favoriteSessionIds: [],
    favoriteSphereIds: [],
  },
  emails: [{ email: 'ada@example.com', primary: true, isVerified: true }],
  spheres: [],
  galaxies: [],
  ability: { subscription: 'starter', rules: [] },
  members: [],
  sessions: [],
  legalConsents: [],
};

const fetchMock = vi.fn<typeof fetch>();

function signedInWith(token: string | undefined) {
  vi.mocked(fetchAuthSession).mockResolvedValue(
    (token ? { tokens: { accessToken: { toString: () => token } } } : {}) as Awaited<
      ReturnType<typeof fetchAuthSession>
    >,
  );
}

function lastRequest(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> };
}

describe('callApi', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    setConfig(testConfig);
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    vi.mocked(signOut).mockReset().mockResolvedValue(undefined);
    window.localStorage.clear();
    storedSessionKey();
    await i18n.changeLanguage('fr');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the access token, the language and the source, and parses the answer', async () => {
    signedInWith('access-1');
    fetchMock.mockResolvedValue(jsonResponse(200, me));
    await i18n.changeLanguage('nl');

    const answer = await callApi(getMe);

    expect(answer.profile.firstName).toBe('Ada');
    const { url, init, headers } = lastRequest();
    expect(url).toBe('http://127.0.0.1:4010/v1/me');
    expect(init.method).toBe('GET');
    expect(headers).toMatchObject({ authorization: 'access-1', 'x-language': 'nl', 'x-source': 'web' });
    expect(headers).not.toHaveProperty('x-super-admin');
  });

  it('adds the super-admin header only when the local flag is on', async () => {
    signedInWith('access-1');
    fetchMock.mockImplementation(async () => jsonResponse(200, me));
    window.localStorage.setItem(SUPER_ADMIN_STORAGE_KEY, 'false');
    await callApi(getMe);
    expect(lastRequest().headers).not.toHaveProperty('x-super-admin');

    window.localStorage.setItem(SUPER_ADMIN_STORAGE_KEY, 'true');
    await callApi(getMe);
    expect(lastRequest().headers['x-super-admin']).toBe('true');
  });

  it('sends no token on a public route', async () => {
    signedInWith('access-1');
    fetchMock.mockResolvedValue(jsonResponse(200, { email: 'a@b.co', exists: true, methods: ['code'] }));

    await callApi(signIn, { body: { email: 'a@b.co' } });

    const { url, init, headers } = lastRequest();
    expect(url).toBe('http://127.0.0.1:4010/users/sign-in');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.co' }));
    expect(headers).not.toHaveProperty('authorization');
    expect(fetchAuthSession).not.toHaveBeenCalled();
  });

  it('checks the body with the route schema before sending anything', async () => {
    const error = await callApi(signIn, { body: { email: 'nope' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).keys).toEqual(['email-not-valid']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('throws the keys of an error body', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { key: 'error', errors: [{ key: 'email-not-valid', field: 'email' }] }),
    );
    const error = await callApi(signIn, { body: { email: 'a@b.co' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, keys: ['email-not-valid'] });
  });

  it('rejects an answer that does not match the response schema', async () => {
    signedInWith('access-1');
    fetchMock.mockResolvedValue(jsonResponse(200, { userId: 'u1' }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(callApi(getMe)).rejects.toMatchObject({ keys: ['unexpected-value-error'] });
  });

  it('reports an unreachable server as a network error', async () => {
    signedInWith('access-1');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(callApi(getMe)).rejects.toMatchObject({ status: 0, keys: ['network-error'] });
  });

  it('signs out and goes to the sign-in page on a 401 of an authenticated call', async () => {
    signedInWith('expired');
    const toSignIn = vi.fn();
    setUnauthorizedHandler(toSignIn);
    fetchMock.mockResolvedValue(jsonResponse(401, { key: 'unauthorized' }));

    await expect(callApi(getMe)).rejects.toMatchObject({ status: 401 });

    expect(signOut).toHaveBeenCalledTimes(1);
    expect(toSignIn).toHaveBeenCalledTimes(1);
  });

  it('goes to the sign-in page without calling the API when there is no session', async () => {
    signedInWith(undefined);
    const toSignIn = vi.fn();
    setUnauthorizedHandler(toSignIn);

    await expect(callApi(getMe)).rejects.toMatchObject({ status: 401 });

    expect(fetchMock).not.toHaveBeenCalled();
    expect(toSignIn).toHaveBeenCalledTimes(1);
    // Nothing to sign out of: a call that outlived a sign-out does not sign out again.
    expect(signOut).not.toHaveBeenCalled();
  });
});

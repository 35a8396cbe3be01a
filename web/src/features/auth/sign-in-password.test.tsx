// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import type { SignInMethod } from '@shared/domain/sign-in';
import i18n from '../../i18n';
import { authError, jsonResponse, renderPage } from '../../test/render';
import SignInPage from './sign-in-page';
import { passwordErrorKey } from '../../lib/sign-in-errors';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(),
  signIn: vi.fn(),
  signUp: vi.fn(),
  confirmSignIn: vi.fn(),
  signOut: vi.fn(),
}));

type SignInOutput = Awaited<ReturnType<typeof signIn>>;
const done = { isSignedIn: true, nextStep: { signInStep: 'DONE' } } as SignInOutput;
const fetchMock = vi.fn<typeof fetch>();

function recognise(methods: SignInMethod[]) {
  fetchMock.mockImplementation(async (_url, init) => {
    const { email } = JSON.parse(String(init?.body)) as { email: string };
    return jsonResponse(200, { email, exists: true, methods, locale: 'fr' });
  });
}

async function reachSelection(methods: SignInMethod[]) {
  recognise(methods);
  renderPage(<SignInPage />, { path: '/login' });
  fireEvent.change(await screen.findByTestId('signin-email'), { target: { value: 'ada@example.com' } });
  fireEvent.click(screen.getByTestId('signin-continue'));
  return screen.findByTestId('signin-send-code');
}

async function reachPasswordMode() {
  await reachSelection(['code', 'password']);
  fireEvent.click(screen.getByTestId('signin-use-password'));
  return (await screen.findByTestId('signin-password')) as HTMLInputElement;
}

function submitPassword(value: string) {
  fireEvent.change(screen.getByTestId('signin-password'), { target: { value } });
  fireEvent.click(screen.getByTestId('signin-submit-password'));
}

describe('sign-in page: password mode', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(fetchAuthSession).mockResolvedValue({} as Awaited<ReturnType<typeof fetchAuthSession>>);
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers the password only when the account has one', async () => {
    await reachSelection(['code']);
    expect(screen.queryByTestId('signin-use-password')).toBeNull();
  });

  it('offers "use my password" beside the code, and focuses a masked password field', async () => {
    await reachSelection(['code', 'password']);
    expect(screen.getByTestId('signin-use-password').textContent).toBe('Use my password');
    fireEvent.click(screen.getByTestId('signin-use-password'));
    const password = (await screen.findByTestId('signin-password')) as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(document.activeElement).toBe(password);
    expect((screen.getByTestId('signin-email') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByRole('button', { name: 'Show or hide the password' })).toBeTruthy();
  });

  it('signs in with USER_SRP_AUTH and the typed password', async () => {
    await reachPasswordMode();
    vi.mocked(signIn).mockResolvedValue(done);
    submitPassword('Secret-pass1');
    await waitFor(() =>
      expect(signIn).toHaveBeenCalledWith({
        username: 'ada@example.com',
        password: 'Secret-pass1',
        options: { authFlowType: 'USER_SRP_AUTH' },
      }),
    );
    expect(await screen.findByTestId('location')).toBeTruthy();
  });

  it('says the password is wrong on NotAuthorizedException, empties the field and stays in password mode', async () => {
    await reachPasswordMode();
    vi.mocked(signIn).mockRejectedValue(
      authError('NotAuthorizedException', 'Incorrect username or password.'),
    );
    submitPassword('Wrong-pass1');
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect password.');
    expect((screen.getByTestId('signin-password') as HTMLInputElement).value).toBe('');
  });

  it('names the lock after too many wrong passwords, and Cognito’s other refusals', async () => {
    await reachPasswordMode();
    vi.mocked(signIn).mockRejectedValueOnce(
      authError('NotAuthorizedException', 'Password attempts exceeded'),
    );
    submitPassword('Wrong-pass1');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many incorrect passwords. Wait a few minutes or receive a code by email.',
    );
    vi.mocked(signIn).mockRejectedValueOnce(authError('LimitExceededException'));
    submitPassword('Wrong-pass1');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many attempts. Wait a few minutes before trying again.',
      ),
    );
  });

  it('ends a stale session of someone else once, then signs in', async () => {
    await reachPasswordMode();
    vi.mocked(signIn)
      .mockRejectedValueOnce(authError('UserAlreadyAuthenticatedException'))
      .mockResolvedValueOnce(done);
    submitPassword('Secret-pass1');
    await waitFor(() => expect(signIn).toHaveBeenCalledTimes(2));
    expect(signOut).toHaveBeenCalled();
  });

  it('goes back to the choice with "back"', async () => {
    await reachPasswordMode();
    fireEvent.click(screen.getByTestId('signin-password-back'));
    expect(await screen.findByTestId('signin-use-password')).toBeTruthy();
    expect(screen.queryByTestId('signin-password')).toBeNull();
  });

  it('links to the guest page', async () => {
    renderPage(<SignInPage />, { path: '/login' });
    const link = await screen.findByTestId('signin-guest-link');
    expect(link.textContent).toBe('Continue as a guest');
    fireEvent.click(link);
    expect((await screen.findByTestId('location')).textContent).toBe('/guest');
  });
});

describe('password sign-in errors', () => {
  it('maps NotAuthorizedException to a wrong password or to the lock, other errors as for codes', () => {
    expect(passwordErrorKey(authError('NotAuthorizedException', 'Incorrect username or password.'))).toBe(
      'password-incorrect',
    );
    expect(passwordErrorKey(authError('NotAuthorizedException', 'Password attempts exceeded'))).toBe(
      'password-attempts-exceeded',
    );
    expect(passwordErrorKey(authError('UserNotFoundException'))).toBe('UserNotFoundException');
  });
});

// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession, signOut, updatePassword } from 'aws-amplify/auth';
import i18n from '../../i18n';
import { meFixture } from '../../test/me';
import { authError, jsonResponse, renderPage } from '../../test/render';
import { notifySuccess } from '../../components/notify';
import PasswordOverlay from './password-overlay';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(),
  signOut: vi.fn(),
  updatePassword: vi.fn(),
}));
vi.mock('../../components/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const done = vi.fn();
const overlayProps = { params: new URLSearchParams(), done, close: vi.fn() };

/** GET /v1/me answers a profile with or without a password; PUT /v1/me/password the given answer. */
function serve(hasPassword: boolean, putAnswer: () => Response = () => new Response(null, { status: 204 })) {
  fetchMock.mockImplementation(async (url, init) => {
    if ((init?.method ?? 'GET') === 'GET' && String(url).endsWith('/v1/me')) {
      const me = meFixture();
      return jsonResponse(200, {
        ...me,
        profile: { ...me.profile, ...(hasPassword ? { hasPassword } : {}) },
      });
    }
    return putAnswer();
  });
}

function putCalls() {
  return fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

function ruleMet(rule: string) {
  return screen.getByTestId(`password-rule-${rule}`).getAttribute('data-met');
}

describe('password overlay', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(fetchAuthSession).mockResolvedValue({
      tokens: { accessToken: { toString: () => 'access-1' } },
    } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('without a password: new + repeat only, rules shown live, PUT /v1/me/password, toast, done', async () => {
    serve(false);
    renderPage(<PasswordOverlay {...overlayProps} />);
    await screen.findByTestId('password-new');
    expect(screen.queryByTestId('password-old')).toBeNull();

    // The rules are the field's description: a screen reader reads them with the field.
    const described = screen.getByTestId('password-new').getAttribute('aria-describedby') ?? '';
    expect(described).not.toBe('');
    const description = described.split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
    expect(description.join(' ')).toContain('at least 6 characters');
    const toggles = screen.getAllByRole('button', { name: 'Show or hide the password' });
    expect(toggles.every((toggle) => toggle.getAttribute('tabindex') === '0')).toBe(true);

    type('password-new', 'abc');
    expect(ruleMet('password-lowercase')).toBe('true');
    expect(ruleMet('password-uppercase')).toBe('false');
    expect(ruleMet('password-digit')).toBe('false');
    expect(ruleMet('password-too-short')).toBe('false');
    type('password-new', 'Abcdef1');
    for (const rule of ['password-too-short', 'password-lowercase', 'password-uppercase', 'password-digit'])
      expect(ruleMet(rule)).toBe('true');

    type('password-repeat', 'Abcdef1');
    fireEvent.click(screen.getByTestId('password-save'));
    await waitFor(() => expect(done).toHaveBeenCalled());
    const [[url, init]] = putCalls() as [[string, RequestInit]];
    expect(String(url)).toMatch(/\/v1\/me\/password$/);
    expect(JSON.parse(String(init.body))).toEqual({ password: 'Abcdef1' });
    expect(notifySuccess).toHaveBeenCalledWith('password.saved');
    expect(i18n.t('password.saved')).toBe('Your password has been saved.');
    expect(updatePassword).not.toHaveBeenCalled();
  });

  it('refuses to send a password that breaks a rule or differs from its repetition', async () => {
    serve(false);
    renderPage(<PasswordOverlay {...overlayProps} />);
    await screen.findByTestId('password-new');
    type('password-new', 'abcdef1');
    type('password-repeat', 'abcdef1');
    fireEvent.click(screen.getByTestId('password-save'));
    expect(await screen.findByText('The password does not meet all the rules below.')).toBeTruthy();

    type('password-new', 'Abcdef1');
    type('password-repeat', 'Abcdef2');
    fireEvent.click(screen.getByTestId('password-save'));
    expect(await screen.findByText('The passwords are not identical.')).toBeTruthy();
    expect(putCalls()).toHaveLength(0);
    expect(done).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal translated and stays open', async () => {
    serve(false, () => jsonResponse(409, { key: 'password-already-set' }));
    renderPage(<PasswordOverlay {...overlayProps} />);
    await screen.findByTestId('password-new');
    type('password-new', 'Abcdef1');
    type('password-repeat', 'Abcdef1');
    fireEvent.click(screen.getByTestId('password-save'));
    expect((await screen.findByTestId('password-error')).textContent).toBe(
      'Your account already has a password. Reload the page to change it.',
    );
    expect(done).not.toHaveBeenCalled();
  });

  it('with a password: old + new + repeat through the user pool, then every sign-in ends and the sign-in page opens', async () => {
    serve(true);
    vi.mocked(updatePassword).mockResolvedValue(undefined);
    renderPage(<PasswordOverlay {...overlayProps} />);
    await screen.findByTestId('password-old');
    type('password-old', 'Old-pass1');
    type('password-new', 'New-pass1');
    type('password-repeat', 'New-pass1');
    fireEvent.click(screen.getByTestId('password-save'));
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(updatePassword).toHaveBeenCalledWith({ oldPassword: 'Old-pass1', newPassword: 'New-pass1' });
    expect(putCalls()).toHaveLength(0);
    const told = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/v1/me/sign-out'));
    expect(JSON.parse(String(told?.[1]?.body))).toEqual({ everywhere: true });
    expect(signOut).toHaveBeenCalled();
    expect(notifySuccess).toHaveBeenCalledWith('password.changed');
  });

  it('says so when the password changed but the other sign-ins could not be ended, and stays', async () => {
    serve(true, () => jsonResponse(503, { key: 'error' }));
    vi.mocked(updatePassword).mockResolvedValue(undefined);
    renderPage(<PasswordOverlay {...overlayProps} />);
    await screen.findByTestId('password-old');
    type('password-old', 'Old-pass1');
    type('password-new', 'New-pass1');
    type('password-repeat', 'New-pass1');
    fireEvent.click(screen.getByTestId('password-save'));
    expect((await screen.findByTestId('password-error')).textContent).toContain(
      'the other devices could not be signed out',
    );
    expect(signOut).not.toHaveBeenCalled();
    expect(done).not.toHaveBeenCalled();
  });

  it('says the current password is wrong when the user pool answers NotAuthorizedException', async () => {
    serve(true);
    vi.mocked(updatePassword).mockRejectedValue(
      authError('NotAuthorizedException', 'Incorrect username or password.'),
    );
    renderPage(<PasswordOverlay {...overlayProps} />);
    await screen.findByTestId('password-old');
    type('password-old', 'Wrong-pass1');
    type('password-new', 'New-pass1');
    type('password-repeat', 'New-pass1');
    fireEvent.click(screen.getByTestId('password-save'));
    expect((await screen.findByTestId('password-error')).textContent).toBe(
      'The current password is incorrect.',
    );
    expect(done).not.toHaveBeenCalled();
  });

  it('asks for the current password before calling the user pool, and names too many attempts', async () => {
    serve(true);
    vi.mocked(updatePassword).mockRejectedValue(
      authError('LimitExceededException', 'Attempt limit exceeded'),
    );
    renderPage(<PasswordOverlay {...overlayProps} />);
    await screen.findByTestId('password-new');
    type('password-new', 'New-pass1');
    type('password-repeat', 'New-pass1');
    fireEvent.click(screen.getByTestId('password-save'));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(updatePassword).not.toHaveBeenCalled();
    type('password-old', 'Old-pass1');
    fireEvent.click(screen.getByTestId('password-save'));
    expect((await screen.findByTestId('password-error')).textContent).toBe(
      'Too many attempts. Wait a few minutes before trying again.',
    );
  });
});

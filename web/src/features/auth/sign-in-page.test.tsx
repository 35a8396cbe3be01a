// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmSignIn, fetchAuthSession, signIn, signUp } from 'aws-amplify/auth';
import { EMAIL_CHECK_DEBOUNCE_MS } from '@shared/domain/sign-in';
import i18n from '../../i18n';
import { authError, jsonResponse, renderPage } from '../../test/render';
import { meFixture } from '../../test/me';
import SignInPage from './sign-in-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(),
  signIn: vi.fn(),
  signUp: vi.fn(),
  confirmSignIn: vi.fn(),
  signOut: vi.fn(),
}));

type SignInOutput = Awaited<ReturnType<typeof signIn>>;
const challenge = {
  isSignedIn: false,
  nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE' },
} as SignInOutput;
const done = { isSignedIn: true, nextStep: { signInStep: 'DONE' } } as SignInOutput;

const fetchMock = vi.fn<typeof fetch>();

const legalDocuments = [
  {
    documentType: 'terms-of-use',
    version: '3',
    lang: 'fr',
    path: '/legal/terms-of-use-3-fr.html',
    publishedOn: '2026-01-01T00:00:00.000Z',
  },
  {
    documentType: 'privacy-policy',
    version: '1',
    lang: 'fr',
    path: '/legal/privacy-policy-1-fr.html',
    publishedOn: '2026-01-01T00:00:00.000Z',
  },
];

/** Answers GET /legal-documents, POST /v1/me/legal-consents (with `acceptStatus`) and the email recognition. */
function answerRecognition(exists: boolean, acceptStatus = 200) {
  fetchMock.mockImplementation(async (url, init) => {
    const path = new URL(String(url)).pathname;
    if (path.endsWith('/legal-documents')) return jsonResponse(200, legalDocuments);
    if (path.endsWith('/v1/me/legal-consents')) {
      return acceptStatus === 200
        ? jsonResponse(200, [])
        : jsonResponse(acceptStatus, {
            key: 'error',
            errors: [{ key: 'not-valid', field: 'body.0.version' }],
          });
    }
    const { email } = JSON.parse(String(init?.body)) as { email: string };
    return jsonResponse(200, { email, exists, methods: exists ? ['code'] : [], locale: 'fr' });
  });
}

function renderSignIn(state?: unknown) {
  return renderPage(<SignInPage />, { path: '/login', state });
}

async function typeEmailAndContinue(email: string) {
  fireEvent.change(await screen.findByTestId('signin-email'), { target: { value: email } });
  fireEvent.click(screen.getByTestId('signin-continue'));
}

async function reachCodeMode() {
  answerRecognition(true);
  vi.mocked(signIn).mockResolvedValue(challenge);
  renderSignIn();
  await typeEmailAndContinue('ada@example.com');
  fireEvent.click(await screen.findByTestId('signin-send-code'));
  return screen.findByTestId('signin-code');
}

async function tickDocuments() {
  fireEvent.click(await screen.findByTestId('signin-legal-check-terms-of-use'));
  fireEvent.click(screen.getByTestId('signin-legal-check-privacy-policy'));
}

/** Creates an account, ticking both documents, then enters the right code. */
async function createAndConfirm(acceptStatus: number) {
  answerRecognition(false, acceptStatus);
  vi.mocked(signUp).mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
  vi.mocked(signIn).mockResolvedValue(challenge);
  vi.mocked(confirmSignIn).mockResolvedValue(done);
  renderSignIn();
  await typeEmailAndContinue('new@example.com');
  fireEvent.change(await screen.findByTestId('signin-first-name'), { target: { value: 'Grace' } });
  await tickDocuments();
  fireEvent.click(screen.getByTestId('signin-create'));
  await screen.findByTestId('signin-code');
  // Signed in from now on: the acceptance call carries the new access token.
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: { accessToken: { toString: () => 'access-token' } },
  } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
  enterCode('123456');
}

function enterCode(value: string) {
  fireEvent.change(screen.getByTestId('signin-code'), { target: { value } });
  fireEvent.click(screen.getByTestId('signin-submit-code'));
}

describe('sign-in page', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(fetchAuthSession).mockResolvedValue({} as Awaited<ReturnType<typeof fetchAuthSession>>);
    await i18n.changeLanguage('fr');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('recognises a valid email one second after typing stops, normalised', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    answerRecognition(true);
    renderSignIn();
    const flush = () => act(() => vi.advanceTimersByTimeAsync(10));
    await flush();
    const email = screen.getByTestId('signin-email');

    fireEvent.change(email, { target: { value: ' Ada@Example' } });
    await act(() => vi.advanceTimersByTimeAsync(EMAIL_CHECK_DEBOUNCE_MS - 100));
    fireEvent.change(email, { target: { value: ' Ada@Example.com' } });
    await act(() => vi.advanceTimersByTimeAsync(EMAIL_CHECK_DEBOUNCE_MS - 1));
    expect(fetchMock).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('http://127.0.0.1:4010/users/sign-in');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ada@example.com' });

    await flush();
    await flush();
    expect(screen.getByTestId('signin-send-code').textContent).toBe('Recevoir un code par e-mail');
  });

  it('does not ask the server about an email that is not valid', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderSignIn();
    await act(() => vi.advanceTimersByTimeAsync(10));
    fireEvent.change(screen.getByTestId('signin-email'), { target: { value: '@example.com' } });
    await act(() => vi.advanceTimersByTimeAsync(EMAIL_CHECK_DEBOUNCE_MS * 2));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('recognises at once on Enter', async () => {
    answerRecognition(false);
    renderSignIn();
    fireEvent.change(await screen.findByTestId('signin-email'), { target: { value: 'new@example.com' } });
    fireEvent.submit(screen.getByTestId('signin-email').closest('form') as HTMLFormElement);
    expect(await screen.findByTestId('signin-first-name')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/users/sign-in'))).toHaveLength(1);
  });

  it('shows the translated server error when the email is refused', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { errors: [{ key: 'email-not-valid', field: 'email' }] }));
    renderSignIn();
    await typeEmailAndContinue('ada@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe('Cette adresse e-mail n’est pas valide.');
  });

  it('sends a code with the custom flow and moves the focus to the code input', async () => {
    const code = await reachCodeMode();
    expect(signIn).toHaveBeenCalledWith({
      username: 'ada@example.com',
      options: { authFlowType: 'CUSTOM_WITHOUT_SRP' },
    });
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('says, without an error, that no new code was sent when the address got too many lately, and still takes a code', async () => {
    answerRecognition(true);
    vi.mocked(signIn).mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', additionalInfo: { codeSent: 'no' } },
    } as SignInOutput);
    renderSignIn();
    await typeEmailAndContinue('ada@example.com');
    fireEvent.click(await screen.findByTestId('signin-send-code'));
    const notice = await screen.findByTestId('signin-code-not-sent');
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toContain('Saisissez le dernier code reçu');
    expect(screen.getByTestId('signin-code')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives this browser’s known-device key with the code, so its guesses are its own', async () => {
    const deviceKey = `user-ada.${'K'.repeat(43)}`;
    localStorage.setItem('wellbeing.known-devices', JSON.stringify({ 'address:ada@example.com': deviceKey }));
    await reachCodeMode();
    vi.mocked(confirmSignIn).mockResolvedValueOnce(challenge);
    enterCode('111111');
    await waitFor(() =>
      expect(confirmSignIn).toHaveBeenCalledWith({
        challengeResponse: '111111',
        options: { clientMetadata: { deviceKey } },
      }),
    );
    localStorage.clear();
  });

  it('keeps only the last six digits of a pasted code', async () => {
    const code = (await reachCodeMode()) as HTMLInputElement;
    fireEvent.paste(code, { clipboardData: { getData: () => 'Votre code : 12 34 56 78' } });
    expect(code.value).toBe('345678');
    fireEvent.change(code, { target: { value: '12a3' } });
    expect(code.value).toBe('123');
    expect((screen.getByTestId('signin-submit-code') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the translated code error on a wrong code and lets the user retry', async () => {
    await reachCodeMode();
    vi.mocked(confirmSignIn).mockResolvedValueOnce(challenge);
    await act(() => i18n.changeLanguage('en'));

    enterCode('111111');

    expect((await screen.findByRole('alert')).textContent).toBe('Wrong code. Check it and try again.');
    expect(confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '111111' });
    const code = screen.getByTestId('signin-code') as HTMLInputElement;
    expect(code.value).toBe('');
    expect(screen.getByText('You have 4 attempts left.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(code));
  });

  it('returns to selection with its message after too many attempts', async () => {
    await reachCodeMode();
    vi.mocked(confirmSignIn).mockRejectedValueOnce(
      authError(
        'UserLambdaValidationException',
        'VerifyAuthChallengeResponse failed with error too-many-attempts.',
      ),
    );

    enterCode('222222');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Trop de tentatives. Demandez un nouveau code.',
    );
    expect(screen.getByTestId('signin-send-code')).toBeTruthy();
    expect(screen.queryByTestId('signin-code')).toBeNull();
  });

  it('returns to selection when Cognito ends an expired sign-in', async () => {
    await reachCodeMode();
    vi.mocked(confirmSignIn).mockRejectedValueOnce(
      authError('NotAuthorizedException', 'Invalid session for the user.'),
    );
    enterCode('333333');
    expect((await screen.findByRole('alert')).textContent).toBe('Ce code a expiré. Demandez-en un nouveau.');
    expect(screen.getByTestId('signin-send-code')).toBeTruthy();
  });

  it('speaks the language of the profile once signed in', async () => {
    answerRecognition(true);
    const recognise = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (url, init) =>
      new URL(String(url)).pathname.endsWith('/v1/me')
        ? jsonResponse(200, meFixture({ profile: { ...meFixture().profile, locale: 'en' } }))
        : (recognise as typeof fetch)(url, init),
    );
    vi.mocked(signIn).mockResolvedValue(challenge);
    vi.mocked(confirmSignIn).mockResolvedValue(done);
    renderSignIn();
    await typeEmailAndContinue('sam@example.com');
    fireEvent.click(await screen.findByTestId('signin-send-code'));
    await screen.findByTestId('signin-code');
    vi.mocked(fetchAuthSession).mockResolvedValue({
      tokens: { accessToken: { toString: () => 'access-token' } },
    } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
    enterCode('123456');
    await waitFor(() => expect(i18n.language).toBe('en'));
  });

  it('goes back to the page the user wanted once the code is right', async () => {
    answerRecognition(true);
    vi.mocked(signIn).mockResolvedValue(challenge);
    vi.mocked(confirmSignIn).mockResolvedValue(done);
    renderSignIn({ from: '/apps/history?x=1' });
    await typeEmailAndContinue('ada@example.com');
    fireEvent.click(await screen.findByTestId('signin-send-code'));
    await screen.findByTestId('signin-code');

    enterCode('123456');

    expect((await screen.findByTestId('location')).textContent).toBe('/apps/history?x=1');
  });

  it('creates the account with signUp, then signs in with a code', async () => {
    answerRecognition(false);
    vi.mocked(signUp).mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
    vi.mocked(signIn).mockResolvedValue(challenge);
    renderSignIn();
    await typeEmailAndContinue('New@Example.com');

    fireEvent.submit(await screen.findByTestId('signin-create'));
    expect((await screen.findByRole('alert')).textContent).toBe('Ce champ est requis.');
    expect(signUp).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('signin-first-name'), { target: { value: ' Grace ' } });
    await tickDocuments();
    fireEvent.click(screen.getByTestId('signin-create'));

    expect(await screen.findByTestId('signin-code')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Validez votre adresse e-mail');
    const signUpInput = vi.mocked(signUp).mock.calls[0]?.[0];
    expect(signUpInput).toMatchObject({
      username: 'new@example.com',
      options: { userAttributes: { email: 'new@example.com', given_name: 'Grace', locale: 'fr' } },
    });
    expect(signUpInput?.password).toHaveLength(24);
    expect(signIn).toHaveBeenCalledWith({
      username: 'new@example.com',
      options: { authFlowType: 'CUSTOM_WITHOUT_SRP' },
    });
    expect(vi.mocked(signUp).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(signIn).mock.invocationCallOrder[0] as number,
    );
  });

  it('creating needs the first name and every current document ticked, each linked in a new tab', async () => {
    answerRecognition(false);
    renderSignIn();
    await typeEmailAndContinue('new@example.com');
    const create = await screen.findByTestId('signin-create');
    const link = await screen.findByTestId('signin-legal-link-terms-of-use');
    expect(link.getAttribute('href')).toBe('/legal/terms-of-use-3-fr.html');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toBe("Lire : Conditions d'utilisation (version 3, nouvel onglet)");
    expect(create.hasAttribute('disabled')).toBe(true);

    fireEvent.change(screen.getByTestId('signin-first-name'), { target: { value: 'Grace' } });
    expect(create.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText("J'ai lu et j'accepte : Conditions d'utilisation"));
    expect(create.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText("J'ai lu et j'accepte : Politique de confidentialité"));
    expect(create.hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByLabelText("J'ai lu et j'accepte : Conditions d'utilisation"));
    expect(create.hasAttribute('disabled')).toBe(true);
    fireEvent.submit(create);
    expect(signUp).not.toHaveBeenCalled();
  });

  it('accepts the ticked document versions right after the first sign-in, before going home', async () => {
    await createAndConfirm(200);
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    const accept = posts.find(([url]) => String(url).endsWith('/v1/me/legal-consents'));
    expect(JSON.parse(String(accept?.[1]?.body))).toEqual([
      { documentType: 'terms-of-use', version: '3', lang: 'fr' },
      { documentType: 'privacy-policy', version: '1', lang: 'fr' },
    ]);
    expect(vi.mocked(confirmSignIn).mock.invocationCallOrder[0]).toBeLessThan(
      fetchMock.mock.invocationCallOrder[fetchMock.mock.calls.indexOf(accept as never)] as number,
    );
  });

  it('still goes home when the acceptance is refused, leaving the consent modal to ask', async () => {
    await createAndConfirm(400);
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/v1/me/legal-consents'))).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('continues with a code when the account exists but was never validated', async () => {
    answerRecognition(false);
    vi.mocked(signUp).mockRejectedValue(authError('UsernameExistsException', 'User already exists'));
    vi.mocked(signIn).mockResolvedValue(challenge);
    renderSignIn();
    await typeEmailAndContinue('again@example.com');
    fireEvent.change(await screen.findByTestId('signin-first-name'), { target: { value: 'Grace' } });
    await tickDocuments();
    fireEvent.click(screen.getByTestId('signin-create'));
    expect(await screen.findByTestId('signin-code')).toBeTruthy();
    expect(signIn).toHaveBeenCalledTimes(1);
  });

  it('turns to account creation when Cognito does not know the email', async () => {
    answerRecognition(true);
    vi.mocked(signIn).mockRejectedValue(authError('UserNotFoundException', 'User does not exist.'));
    renderSignIn();
    await typeEmailAndContinue('ghost@example.com');
    fireEvent.click(await screen.findByTestId('signin-send-code'));
    expect(await screen.findByTestId('signin-first-name')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Aucun compte n’a été trouvé pour cette adresse e-mail.',
    );
  });

  it('says when too many codes were asked for', async () => {
    answerRecognition(true);
    vi.mocked(signIn).mockRejectedValue(
      authError(
        'UserLambdaValidationException',
        'CreateAuthChallenge failed with error too-many-codes-sent.',
      ),
    );
    renderSignIn();
    await typeEmailAndContinue('ada@example.com');
    fireEvent.click(await screen.findByTestId('signin-send-code'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Trop de codes ont été demandés. Réessayez dans une dizaine de minutes.',
    );
  });

  it('offers a way back from the code to the selection', async () => {
    await reachCodeMode();
    fireEvent.click(screen.getByTestId('signin-back'));
    expect(screen.getByTestId('signin-send-code')).toBeTruthy();
  });
});

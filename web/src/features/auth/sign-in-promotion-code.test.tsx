// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { Route, Routes, useLocation } from 'react-router';
import { confirmSignIn, fetchAuthSession, signIn, signOut, signUp } from 'aws-amplify/auth';
import i18n from '../../i18n';
import { authSessionQueryKey } from '../../lib/auth';
import { refusedPromotionCodeOf } from '../../lib/refused-promotion-code';
import { expectNoAxeViolations } from '../../test/axe';
import { meFixture } from '../../test/me';
import { jsonResponse, renderPage } from '../../test/render';
import SignInPage from './sign-in-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(),
  signIn: vi.fn(),
  signUp: vi.fn(),
  confirmSignIn: vi.fn(),
  signOut: vi.fn(),
}));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

type SignInOutput = Awaited<ReturnType<typeof signIn>>;
const challenge = {
  isSignedIn: false,
  nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE' },
} as SignInOutput;
const done = { isSignedIn: true, nextStep: { signInStep: 'DONE' } } as SignInOutput;

const fetchMock = vi.fn<typeof fetch>();
const REDEEM = '/users/subscriptions/promotion-codes/redeem';

const legalDocuments = ['terms-of-use', 'privacy-policy'].map((documentType) => ({
  documentType,
  version: '1',
  lang: 'fr',
  path: `/legal/${documentType}-1-fr.html`,
  publishedOn: '2026-01-01T00:00:00.000Z',
}));

/** The calls of a new account's sign-up; the redemption answers as `redeem` does. */
function serve(redeem: () => Response) {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`;
    if (key === 'GET /legal-documents') return jsonResponse(200, legalDocuments);
    if (key === 'POST /users/sign-in') {
      const { email } = JSON.parse(String(init?.body)) as { email: string };
      return jsonResponse(200, { email, exists: false, methods: [], locale: 'fr' });
    }
    if (key === 'POST /v1/me/legal-consents') return jsonResponse(200, []);
    if (key === `POST ${REDEEM}`) return redeem();
    if (key === 'GET /v1/me') return jsonResponse(200, meFixture());
    return jsonResponse(404, { key: 'not-found' });
  });
}

const callsTo = (method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input)).pathname === path,
  );

/** Where the sign-in page sends the person, with the state it hands over. */
function Landing() {
  const location = useLocation();
  return (
    <>
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
      <output data-testid="handed-over">{JSON.stringify(refusedPromotionCodeOf(location.state))}</output>
    </>
  );
}

function renderSignIn() {
  return renderPage(
    <Routes>
      <Route path="/login" element={<SignInPage />} />
      <Route path="*" element={<Landing />} />
    </Routes>,
    { path: '/*', entry: '/login' },
  );
}

/** Up to the creation step of a new address, first name typed and documents ticked. */
async function reachCreation() {
  fireEvent.change(await screen.findByTestId('signin-email'), { target: { value: 'new@example.com' } });
  fireEvent.click(screen.getByTestId('signin-continue'));
  fireEvent.change(await screen.findByTestId('signin-first-name'), { target: { value: 'Grace' } });
  fireEvent.click(await screen.findByTestId('signin-legal-check-terms-of-use'));
  fireEvent.click(screen.getByTestId('signin-legal-check-privacy-policy'));
}

/** Creates the account with `promotionCode` typed, then enters the code received by email. */
async function createWithPromotionCode(promotionCode: string) {
  vi.mocked(signUp).mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
  vi.mocked(signIn).mockResolvedValue(challenge);
  vi.mocked(confirmSignIn).mockResolvedValue(done);
  const rendered = renderSignIn();
  await reachCreation();
  fireEvent.change(screen.getByTestId('signin-promotion-code'), { target: { value: promotionCode } });
  fireEvent.click(screen.getByTestId('signin-create'));
  // The code by email is a step of its own: the promotion code waits in the flow's state.
  await screen.findByTestId('signin-code');
  expect(screen.queryByTestId('signin-promotion-code')).toBeNull();
  expect(callsTo('POST', REDEEM)).toHaveLength(0);
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: { accessToken: { toString: () => 'access-token' } },
  } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
  fireEvent.change(screen.getByTestId('signin-code'), { target: { value: '123456' } });
  fireEvent.click(screen.getByTestId('signin-submit-code'));
  return rendered;
}

describe('sign-in page: a promotion code at account creation', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(fetchAuthSession).mockResolvedValue({} as Awaited<ReturnType<typeof fetchAuthSession>>);
    await i18n.changeLanguage('fr');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers an optional field named by its label, with its hint, and passes axe', async () => {
    serve(() => jsonResponse(404, { key: 'not-found' }));
    renderSignIn();
    await reachCreation();
    const field = screen.getByRole('textbox', { name: /^Code promotionnel \(facultatif\)/ });
    expect(field).toBe(screen.getByTestId('signin-promotion-code'));
    expect(field.hasAttribute('required')).toBe(false);
    expect(screen.getByText('Le code d’un ambassadeur vous offre un mois d’Essentials.')).toBeTruthy();
    // Nothing to type there to create the account.
    expect(screen.getByTestId('signin-create').hasAttribute('disabled')).toBe(false);
    fireEvent.change(field, { target: { value: 'P0042-K7QFX' } });
    await expectNoAxeViolations();
  });

  it('redeems the code once the account is signed in, before the start call, and says until when', async () => {
    serve(() => jsonResponse(200, { subscription: 'essentials', planUntil: '2027-01-07T10:00:00.000Z' }));
    await createWithPromotionCode(' P0042-K7QFX ');

    expect((await screen.findByTestId('location')).textContent).toBe('/');
    const redeems = callsTo('POST', REDEEM);
    expect(redeems).toHaveLength(1);
    expect(JSON.parse(String(redeems[0]?.[1]?.body))).toEqual({ code: 'P0042-K7QFX' });
    const order = (call: unknown) =>
      fetchMock.mock.invocationCallOrder[fetchMock.mock.calls.indexOf(call as never)] as number;
    expect(vi.mocked(confirmSignIn).mock.invocationCallOrder[0]).toBeLessThan(order(redeems[0]));
    // The start call comes after, so it already says Essentials.
    expect(order(redeems[0])).toBeLessThan(order(callsTo('GET', '/v1/me')[0]));

    await waitFor(() => expect(notifications.show).toHaveBeenCalledTimes(1));
    expect(vi.mocked(notifications.show).mock.calls[0]?.[0]).toMatchObject({
      color: 'green',
      title: 'Code promotionnel appliqué',
      message: 'Votre mois offert a commencé : Essentials est à vous jusqu’au 07/01/2027.',
    });
    expect(screen.getByTestId('handed-over').textContent).toBe('null');
  });

  it('keeps the person signed in when the code is refused, and takes them to the plans with it and why', async () => {
    serve(() =>
      jsonResponse(409, { key: 'promotion-code-expired', errors: [{ key: 'promotion-code-expired' }] }),
    );
    const { queryClient } = await createWithPromotionCode('P0042-K7QFX');

    expect((await screen.findByTestId('location')).textContent).toBe('/?show=subscription');
    expect(JSON.parse(screen.getByTestId('handed-over').textContent ?? '')).toEqual({
      code: 'P0042-K7QFX',
      errors: [{ key: 'promotion-code-expired' }],
    });
    expect(callsTo('POST', REDEEM)).toHaveLength(1);
    expect(queryClient.getQueryData(authSessionQueryKey)).toBe(true);
    expect(signOut).not.toHaveBeenCalled();
    // The documents ticked were accepted all the same.
    expect(callsTo('POST', '/v1/me/legal-consents')).toHaveLength(1);
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it('sends no redemption when the field is left empty or blank', async () => {
    serve(() => jsonResponse(200, { subscription: 'essentials', planUntil: '2027-01-07T10:00:00.000Z' }));
    await createWithPromotionCode('   ');

    expect((await screen.findByTestId('location')).textContent).toBe('/');
    await waitFor(() => expect(callsTo('GET', '/v1/me')).toHaveLength(1));
    expect(callsTo('POST', REDEEM)).toHaveLength(0);
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it('forgets the code when the address changes: it belongs to the account of that address', async () => {
    serve(() => jsonResponse(200, {}));
    renderSignIn();
    await reachCreation();
    fireEvent.change(screen.getByTestId('signin-promotion-code'), { target: { value: 'P0042-K7QFX' } });
    fireEvent.change(screen.getByTestId('signin-email'), { target: { value: 'other@example.com' } });
    fireEvent.click(screen.getByTestId('signin-continue'));
    expect(((await screen.findByTestId('signin-promotion-code')) as HTMLInputElement).value).toBe('');
  });
});

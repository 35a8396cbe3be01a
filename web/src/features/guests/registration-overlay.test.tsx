// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { LegalConsent, Me } from '@shared/contracts/me';
import i18n from '../../i18n';
import { meFixture } from '../../test/me';
import { jsonResponse, renderPage } from '../../test/render';
import { readGuestCredentials, storeGuestCredentials } from './guest-credentials';
import RegistrationOverlay from './registration-overlay';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const overlayProps = { params: new URLSearchParams(), done: vi.fn(), close: vi.fn() };
const guest = meFixture({
  profile: { ...meFixture().profile, firstName: '', isGuest: true, guestConvertionStep: 'guest' },
  emails: [],
});
const pending = (documentType: LegalConsent['documentType']): LegalConsent => ({
  documentType,
  version: '1',
  lang: 'fr',
  path: `/legal/${documentType}-1-fr.html`,
  publishedOn: '2026-01-01T00:00:00.000Z',
  status: 'pending',
});

type Answer = (body: unknown) => Response | Promise<Response>;

/** GET /v1/me and GET /v1/legal-consents answer fixtures; register and convert their handlers. */
function serve(routes: { register?: Answer; convert?: Answer; me?: Me | (() => Me) } = {}) {
  fetchMock.mockImplementation(async (url, init) => {
    const path = new URL(String(url)).pathname;
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    if (path === '/v1/me')
      return jsonResponse(200, typeof routes.me === 'function' ? routes.me() : (routes.me ?? guest));
    if (path === '/v1/legal-consents')
      return jsonResponse(200, [pending('terms-of-use'), pending('privacy-policy')]);
    if (path === '/users/guests/register')
      return (routes.register ?? (() => jsonResponse(200, { guestConvertionStep: 'email' })))(body);
    if (path === '/users/guests/convert')
      return (routes.convert ?? (() => jsonResponse(200, { guestConvertionStep: 'finalized' })))(body);
    return jsonResponse(404, { key: 'not-found' });
  });
}

function callsTo(path: string) {
  return fetchMock.mock.calls.filter(([url]) => new URL(String(url)).pathname === path);
}

async function reachCodeStep(email = ' Ada@Example.com ') {
  renderPage(<RegistrationOverlay {...overlayProps} />, { entry: '/?show=registration' });
  fireEvent.change(await screen.findByTestId('registration-email'), { target: { value: email } });
  fireEvent.click(screen.getByTestId('registration-send'));
  return screen.findByTestId('registration-code');
}

function fillCodeStep({ code = '123456', firstName = 'Ada', tick = true } = {}) {
  fireEvent.change(screen.getByTestId('registration-code'), { target: { value: code } });
  fireEvent.change(screen.getByTestId('registration-first-name'), { target: { value: firstName } });
  if (tick) {
    fireEvent.click(screen.getByTestId('registration-legal-check-terms-of-use'));
    fireEvent.click(screen.getByTestId('registration-legal-check-privacy-policy'));
  }
  fireEvent.click(screen.getByTestId('registration-submit'));
}

describe('guest registration overlay', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    window.localStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(fetchAuthSession).mockResolvedValue({
      tokens: { accessToken: { toString: () => 'access-1' } },
    } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
    await i18n.changeLanguage('fr');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('tells a registered user they already have an account', async () => {
    serve({ me: meFixture() });
    renderPage(<RegistrationOverlay {...overlayProps} />);
    expect((await screen.findByTestId('registration-already-registered')).textContent).toContain(
      'Vous avez déjà un compte.',
    );
    expect(screen.queryByTestId('registration-email')).toBeNull();
  });

  it('checks the email before sending it: required, then valid', async () => {
    serve();
    renderPage(<RegistrationOverlay {...overlayProps} />);
    fireEvent.click(await screen.findByTestId('registration-send'));
    expect((await screen.findByRole('alert')).textContent).toBe(i18n.t('errors.required'));
    fireEvent.change(screen.getByTestId('registration-email'), { target: { value: '@example.com' } });
    fireEvent.click(screen.getByTestId('registration-send'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(i18n.t('errors.email-not-valid')));
    expect(callsTo('/users/guests/register')).toHaveLength(0);
  });

  it('shows an address that already has an account on the email field', async () => {
    serve({ register: () => jsonResponse(409, { key: 'email-already-used' }) });
    renderPage(<RegistrationOverlay {...overlayProps} />);
    fireEvent.change(await screen.findByTestId('registration-email'), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.click(screen.getByTestId('registration-send'));
    const field = screen.getByTestId('registration-email');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const described = document.getElementById(
      field.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '',
    );
    expect(screen.getByRole('alert').textContent).toBe('Cette adresse e-mail est déjà utilisée.');
    expect(described?.textContent).toBe('Cette adresse e-mail est déjà utilisée.');
    expect(screen.queryByTestId('registration-code')).toBeNull();
  });

  it('sends the normalised email, then asks for the code, the first name and every pending document', async () => {
    serve();
    await reachCodeStep();
    expect(JSON.parse(String(callsTo('/users/guests/register')[0]?.[1]?.body))).toEqual({
      email: 'ada@example.com',
    });
    expect(screen.getByTestId('registration-code-sent').textContent).toContain('ada@example.com');
    expect(screen.getByTestId('registration-first-name')).toBeTruthy();
    expect((await screen.findByTestId('registration-legal-link-privacy-policy')).getAttribute('href')).toBe(
      '/legal/privacy-policy-1-fr.html',
    );
    expect(screen.getByTestId('registration-legal-check-terms-of-use')).toBeTruthy();
  });

  it('offers the first name the guest already gave in the profile', async () => {
    serve({ me: { ...guest, profile: { ...guest.profile, firstName: 'Grace' } } });
    await reachCodeStep();
    expect(screen.getByTestId('registration-first-name')).toHaveProperty('value', 'Grace');
  });

  it('resending the code calls register again with the same address', async () => {
    serve();
    await reachCodeStep();
    fireEvent.click(screen.getByTestId('registration-resend'));
    await waitFor(() =>
      expect(screen.getByTestId('registration-resent').textContent).toContain('ada@example.com'),
    );
    expect(callsTo('/users/guests/register')).toHaveLength(2);
    expect(JSON.parse(String(callsTo('/users/guests/register')[1]?.[1]?.body))).toEqual({
      email: 'ada@example.com',
    });
  });

  it('does not send the second step until the code, the first name and every document are there', async () => {
    serve();
    await reachCodeStep();
    await screen.findByTestId('registration-legal-check-terms-of-use');
    fillCodeStep({ code: '123', firstName: ' ', tick: false });
    expect(await screen.findByTestId('registration-documents-error')).toBeTruthy();
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toContain(i18n.t('errors.not-valid'));
    expect(alerts).toContain(i18n.t('errors.required'));
    expect(alerts).toContain(i18n.t('guests.registration.documentsMissing'));
    expect(callsTo('/users/guests/convert')).toHaveLength(0);
  });

  it('shows the server’s field errors on their fields, and a wrong code on the code', async () => {
    serve({
      convert: () =>
        jsonResponse(400, {
          key: 'error',
          errors: [{ key: 'length-out-of-range-error', field: 'body.firstName', values: { max: 100 } }],
        }),
    });
    await reachCodeStep();
    await screen.findByTestId('registration-legal-check-terms-of-use');
    fillCodeStep();
    const firstName = screen.getByTestId('registration-first-name');
    await waitFor(() => expect(firstName.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('Saisissez au plus 100 caractères.');
    expect(screen.getByTestId('registration-code').getAttribute('aria-invalid')).toBe('false');

    serve({ convert: () => jsonResponse(400, { key: 'code-invalid' }) });
    fireEvent.click(screen.getByTestId('registration-submit'));
    const code = screen.getByTestId('registration-code');
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(firstName.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByRole('alert').textContent).toBe(i18n.t('errors.code-invalid'));
    expect(overlayProps.done).not.toHaveBeenCalled();
  });

  it('converts, refreshes the tokens, forgets the guest credentials and ends', async () => {
    storeGuestCredentials({ username: 'guest-1', secret: 's3cret' });
    serve();
    const { queryClient } = renderPage(<RegistrationOverlay {...overlayProps} />);
    fireEvent.change(await screen.findByTestId('registration-email'), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.click(screen.getByTestId('registration-send'));
    await screen.findByTestId('registration-legal-check-terms-of-use');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fillCodeStep({ firstName: ' Ada ' });
    await waitFor(() => expect(overlayProps.done).toHaveBeenCalledTimes(1));

    expect(JSON.parse(String(callsTo('/users/guests/convert')[0]?.[1]?.body))).toEqual({
      firstName: 'Ada',
      validationCode: '123456',
      acceptPrivatePolicy: true,
    });
    expect(fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
    expect(readGuestCredentials()).toBeNull();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['me'] });
  });

  it('ends even when the start call says "registered" before the conversion answers', async () => {
    let me: Me = guest;
    let answer: ((response: Response) => void) | undefined;
    serve({ me: () => me, convert: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { queryClient } = renderPage(<RegistrationOverlay {...overlayProps} />);
    fireEvent.change(await screen.findByTestId('registration-email'), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.click(screen.getByTestId('registration-send'));
    await screen.findByTestId('registration-legal-check-terms-of-use');
    fillCodeStep();
    await waitFor(() => expect(answer).toBeDefined());
    // The conversion's realtime event refreshes the start call first.
    me = meFixture();
    await act(() => queryClient.invalidateQueries({ queryKey: ['me'] }));
    expect(screen.queryByTestId('registration-already-registered')).toBeNull();
    answer?.(jsonResponse(200, { guestConvertionStep: 'finalized' }));
    await waitFor(() => expect(overlayProps.done).toHaveBeenCalledTimes(1));
  });

  it('keeps the guest credentials when the conversion fails', async () => {
    storeGuestCredentials({ username: 'guest-1', secret: 's3cret' });
    serve({ convert: () => jsonResponse(500, { key: 'internal-server-error' }) });
    await reachCodeStep();
    await screen.findByTestId('registration-legal-check-terms-of-use');
    fillCodeStep();
    expect((await screen.findByTestId('registration-error')).textContent).toBe(
      i18n.t('errors.internal-server-error'),
    );
    expect(readGuestCredentials()).toEqual({ username: 'guest-1', secret: 's3cret' });
    expect(overlayProps.done).not.toHaveBeenCalled();
  });
});

// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import i18n from '../../i18n';
import { meFixture } from '../../test/me';
import { jsonResponse, renderPage } from '../../test/render';
import EmailsOverlay from './emails-overlay';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const overlayProps = { params: new URLSearchParams(), done: vi.fn(), close: vi.fn() };

function calls() {
  return fetchMock.mock.calls.map(
    ([url, init]) => `${init?.method ?? 'GET'} ${String(url).replace('http://127.0.0.1:4010', '')}`,
  );
}

/** Answers GET /v1/me with `me` (each email answer becomes its list), and each other call with the next of `answers`. */
function serve(me: ReturnType<typeof meFixture>, ...answers: Response[]) {
  let current = me;
  fetchMock.mockImplementation(async (url, init) => {
    if ((init?.method ?? 'GET') === 'GET' && String(url).endsWith('/v1/me'))
      return jsonResponse(200, current);
    const answer = answers.shift() ?? jsonResponse(500, {});
    const body = (await answer.clone().json()) as { emails?: typeof me.emails };
    if (answer.ok && body.emails) current = { ...current, emails: body.emails };
    return answer;
  });
}

describe('emails overlay', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(fetchAuthSession).mockResolvedValue({
      tokens: { accessToken: { toString: () => 'access-1' } },
    } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the addresses, primary first, offering delete only for the others', async () => {
    serve(meFixture());
    renderPage(<EmailsOverlay {...overlayProps} />);
    const rows = await screen.findAllByTestId('email-row');
    expect(rows.map((r) => r.dataset.email)).toEqual(['old@example.com', 'ada@example.com']);
    const primary = rows.find((r) => r.dataset.email === 'ada@example.com')!;
    expect(within(primary).getByTestId('email-primary-badge').textContent).toBe('Primary');
    expect(within(primary).queryByTestId('email-delete')).toBeNull();
    expect(within(rows[0]!).getByRole('button', { name: 'Make primary: old@example.com' })).toBeTruthy();
  });

  it('adds an address, then verifies it with the code typed in the field that opens', async () => {
    const me = meFixture({ emails: [{ email: 'ada@example.com', primary: true, isVerified: true }] });
    const added = [...me.emails, { email: 'new@example.com', primary: false, isVerified: false }];
    serve(
      me,
      jsonResponse(200, { emails: added }),
      jsonResponse(200, {
        emails: [me.emails[0], { email: 'new@example.com', primary: false, isVerified: true }],
      }),
    );
    renderPage(<EmailsOverlay {...overlayProps} />);
    fireEvent.change(await screen.findByTestId('email-add-input'), {
      target: { value: ' New@Example.com ' },
    });
    fireEvent.click(screen.getByTestId('email-add-submit'));
    const code = await screen.findByTestId('email-code-input');
    fireEvent.change(code, { target: { value: '12 34 56' } });
    fireEvent.click(screen.getByTestId('email-code-submit'));
    await waitFor(() =>
      expect(calls()).toContain('PUT /users/user-1/emails/new%40example.com/verification/123456'),
    );
    expect(calls()).toContain('PUT /v1/emails/new%40example.com');
  });

  it('refuses an invalid address before sending anything', async () => {
    serve(meFixture());
    renderPage(<EmailsOverlay {...overlayProps} />);
    fireEvent.change(await screen.findByTestId('email-add-input'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByTestId('email-add-submit'));
    expect(await screen.findByText('This email address is not valid.')).toBeTruthy();
    expect(calls().filter((c) => !c.startsWith('GET'))).toEqual([]);
  });

  it('deletes an address only after confirmation', async () => {
    serve(
      meFixture(),
      jsonResponse(200, { emails: [{ email: 'ada@example.com', primary: true, isVerified: true }] }),
    );
    renderPage(<EmailsOverlay {...overlayProps} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete: old@example.com' }));
    expect(calls().filter((c) => c.startsWith('DELETE'))).toEqual([]);
    fireEvent.click(await screen.findByTestId('email-delete-confirm'));
    await waitFor(() => expect(calls()).toContain('DELETE /v1/emails/old%40example.com'));
  });

  it('translates the phone errors of the server and checks the format first', async () => {
    serve(meFixture(), jsonResponse(429, { key: 'too-many-phone-attempts' }));
    renderPage(<EmailsOverlay {...overlayProps} />);
    fireEvent.change(await screen.findByTestId('phone-input'), { target: { value: '0470' } });
    fireEvent.click(screen.getByTestId('phone-send'));
    expect(
      await screen.findByText('Enter the number in international format, for example +32470123456.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByTestId('phone-input'), { target: { value: '+32470123456' } });
    fireEvent.click(screen.getByTestId('phone-send'));
    expect((await screen.findByTestId('phone-send-error')).textContent).toBe(
      'Too many phone changes. Try again in 24 hours.',
    );
  });

  it.each([
    ['en', 400, 'phone-country-not-allowed', 'We cannot send text messages to numbers of this country.'],
    ['fr', 400, 'phone-country-not-allowed', 'Nous ne pouvons pas envoyer de SMS aux numéros de ce pays.'],
    ['nl', 400, 'phone-country-not-allowed', 'We kunnen geen sms sturen naar nummers van dit land.'],
    ['en', 429, 'too-many-phone-codes-sent', 'Too many codes have already been sent to this number.'],
    ['fr', 429, 'too-many-phone-codes-sent', 'Trop de codes ont déjà été envoyés à ce numéro.'],
    ['nl', 429, 'too-many-phone-codes-sent', 'Er zijn al te veel codes naar dit nummer gestuurd.'],
  ] as const)('says in %s why the server sent no text (%i %s)', async (lng, status, key, text) => {
    await i18n.changeLanguage(lng);
    serve(meFixture(), jsonResponse(status, { key }));
    renderPage(<EmailsOverlay {...overlayProps} />);
    fireEvent.change(await screen.findByTestId('phone-input'), { target: { value: '+447700900123' } });
    fireEvent.click(screen.getByTestId('phone-send'));
    expect((await screen.findByTestId('phone-send-error')).textContent).toContain(text);
    expect(screen.queryByTestId('phone-code-form')).toBeNull();
  });

  it('shows the phone already verified, from the start call', async () => {
    serve({ ...meFixture(), phone: '+32470123456' });
    renderPage(<EmailsOverlay {...overlayProps} />);
    expect((await screen.findByTestId('phone-verified')).textContent).toContain('+32470123456');
  });
});

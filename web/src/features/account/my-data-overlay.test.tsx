// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import i18n from '../../i18n';
import { meFixture } from '../../test/me';
import { jsonResponse, renderPage } from '../../test/render';
import { attachmentName } from '../../lib/api';
import MyDataOverlay from './my-data-overlay';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const overlayProps = { params: new URLSearchParams(), done: vi.fn(), close: vi.fn() };

/** GET /v1/me answers the fixture; every other call the next answer. */
function serve(...answers: Response[]) {
  fetchMock.mockImplementation(async (url, init) => {
    if ((init?.method ?? 'GET') === 'GET' && String(url).endsWith('/v1/me'))
      return jsonResponse(200, meFixture());
    return answers.shift() ?? jsonResponse(500, {});
  });
}

function otherCalls() {
  return fetchMock.mock.calls.filter(
    ([url, init]) => !(String(url).endsWith('/v1/me') && (init?.method ?? 'GET') === 'GET'),
  );
}

describe('my data overlay', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(fetchAuthSession).mockResolvedValue({
      tokens: { accessToken: { toString: () => 'access-1' } },
    } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('downloads the archive with the token and Accept: application/zip, under the server’s file name', async () => {
    const zip = new Response(new Uint8Array([80, 75, 3, 4]), {
      status: 200,
      headers: {
        'content-type': 'application/zip',
        'content-disposition': 'attachment; filename="wellbeing-data-2026-11-21.zip"',
      },
    });
    serve(zip);
    const createObjectURL = vi.fn(() => 'blob:archive');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage(<MyDataOverlay {...overlayProps} />);
    fireEvent.click(await screen.findByTestId('my-data-download'));
    await waitFor(() =>
      expect(screen.getByTestId('my-data-download-status').textContent).toContain(
        'wellbeing-data-2026-11-21.zip',
      ),
    );
    const [url, init] = otherCalls()[0] ?? [];
    expect(String(url)).toMatch(/\/v1\/me\/export$/);
    expect(init?.headers).toMatchObject({
      accept: 'application/zip',
      authorization: 'access-1',
      'x-language': 'en',
    });
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('wellbeing-data-2026-11-21.zip');
  });

  it('shows a failed download as a translated error', async () => {
    serve(jsonResponse(500, { key: 'internal-server-error' }));
    renderPage(<MyDataOverlay {...overlayProps} />);
    fireEvent.click(await screen.findByTestId('my-data-download'));
    expect((await screen.findByTestId('my-data-download-error')).textContent).toBe(
      i18n.t('errors.internal-server-error'),
    );
  });

  it('enables leaving only once the primary email is typed, asks again, then signs out to /login', async () => {
    serve(new Response(null, { status: 204 }));
    renderPage(<MyDataOverlay {...overlayProps} />, { path: '/', entry: '/?show=my-data' });
    const field = await screen.findByTestId('my-data-leave-confirmation');
    const button = screen.getByTestId('my-data-leave-submit');
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(field, { target: { value: 'old@example.com' } });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(field, { target: { value: ' Ada@Example.com ' } });
    expect(button).toHaveProperty('disabled', false);
    fireEvent.submit(field.closest('form')!);
    fireEvent.click(await screen.findByTestId('my-data-leave-confirm'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    const [url, init] = otherCalls()[0] ?? [];
    expect(String(url)).toMatch(/\/v1\/me$/);
    expect(init?.method).toBe('DELETE');
    expect(JSON.parse(String(init?.body))).toEqual({ confirmation: 'Ada@Example.com' });
    expect(signOut).toHaveBeenCalled();
  });

  it('stays and explains when the server refuses', async () => {
    serve(jsonResponse(400, { key: 'error', errors: [{ key: 'not-valid', field: 'body.confirmation' }] }));
    renderPage(<MyDataOverlay {...overlayProps} />);
    fireEvent.change(await screen.findByTestId('my-data-leave-confirmation'), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.click(screen.getByTestId('my-data-leave-submit'));
    fireEvent.click(await screen.findByTestId('my-data-leave-confirm'));
    expect((await screen.findByTestId('my-data-leave-error')).textContent).toBe(i18n.t('errors.not-valid'));
    expect(signOut).not.toHaveBeenCalled();
  });
});

describe('attachment file name', () => {
  it('is read from content-disposition, quoted or not', () => {
    expect(attachmentName('attachment; filename="a.zip"')).toBe('a.zip');
    expect(attachmentName('attachment; filename=b.zip')).toBe('b.zip');
    expect(attachmentName(null)).toBeUndefined();
  });
});

// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import { notifications } from '@mantine/notifications';
import type { Form } from '@shared/contracts/forms';
import i18n from '../../../i18n';
import { jsonResponse, renderPage } from '../../../test/render';
import FormEditorPage from '../form-editor-page';
import { fetchMock, meResponse, sent as sentBody, wellbeingForm } from '../test-server';
import { logoFileProblem } from '../../../lib/logo-file';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const FORM_PATH = '/v1/forms/definitions/wellbeing';
const LOGO_PATH = `${FORM_PATH}/logo`;
const LOGO = 'https://app.example.com/logos/forms/wellbeing/a.png';

/** What the storage received, and how it answers (the browser's XMLHttpRequest, replaced). */
const uploads: { url: string; body: FormData }[] = [];
let storageStatus = 204;
class FakeRequest {
  private url = '';
  private listeners: Record<string, () => void> = {};
  status = 0;
  upload = { addEventListener: () => undefined };
  open(_method: string, url: string) {
    this.url = url;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners[type] = listener;
  }
  send(body: FormData) {
    uploads.push({ url: this.url, body });
    setTimeout(() => {
      this.status = storageStatus;
      this.listeners.load?.();
    }, 0);
  }
}

function serve(form: Form = wellbeingForm()) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    if (url.pathname === '/v1/me') return meResponse(true);
    if (url.pathname === FORM_PATH && method === 'GET') return jsonResponse(200, form);
    if (url.pathname === FORM_PATH && method === 'PUT')
      return jsonResponse(200, { ...form, updateDate: '2026-11-02T10:00:00.000Z' });
    if (url.pathname === LOGO_PATH && method === 'POST')
      return jsonResponse(200, {
        uploadUrl: 'https://assets.example.com/',
        fields: { key: 'uploads/forms/wellbeing/x.png', 'Content-Type': 'image/png', Policy: 'p' },
        key: 'uploads/forms/wellbeing/x.png',
        expiresAt: '2026-11-01T10:05:00.000Z',
      });
    // The logo has its own routes: the form's updateDate does not move.
    if (url.pathname === LOGO_PATH && method === 'PUT')
      return jsonResponse(200, { ...form, logo: 'logos/forms/wellbeing/a.png', logoUrl: LOGO });
    if (url.pathname === LOGO_PATH && method === 'DELETE') {
      const { logo: _logo, logoUrl: _logoUrl, ...rest } = form;
      return jsonResponse(200, rest);
    }
    if (url.pathname === '/v1/forms/measure-types')
      return jsonResponse(200, { count: 0, items: [], max: 1000, offset: 0 });
    return jsonResponse(404, { key: 'not-found' });
  });
}

const logoCalls = () => fetchMock.mock.calls.filter(([url]) => new URL(String(url)).pathname === LOGO_PATH);
const file = (type: string, size: number) => new File([new Uint8Array(size)], 'logo', { type });
function choose(chosen: File) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [chosen], configurable: true });
  fireEvent.change(input);
}
const editor = (tab: string) =>
  renderPage(<FormEditorPage />, {
    path: '/apps/form/:formId/editor',
    entry: `/apps/form/wellbeing/editor?tab=${tab}`,
  });

beforeEach(async () => {
  vi.clearAllMocks();
  uploads.length = 0;
  storageStatus = 204;
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: { accessToken: { toString: () => 'access-1' } },
  } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr');
});

describe('the logo tab of the survey editor', () => {
  it('refuses what cannot be a logo before sending anything: another type, an empty or a large file', () => {
    expect(logoFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('wrongType');
    expect(logoFileProblem({ type: 'image/gif', size: 10 })).toBe('wrongType');
    expect(logoFileProblem({ type: 'image/png', size: 0 })).toBe('empty');
    expect(logoFileProblem({ type: 'image/webp', size: 1_048_577 })).toBe('tooLarge');
    expect(logoFileProblem({ type: 'image/jpeg', size: 1_048_576 })).toBeNull();
  });

  it('says why a file is refused, linked to the button, and sends nothing', async () => {
    serve();
    editor('logo');
    expect(await screen.findByTestId('form-logo-none')).toBeTruthy();
    choose(file('image/svg+xml', 10));
    expect((await screen.findByTestId('form-logo-problem')).textContent).toBe(
      'Choose a PNG, JPEG or WebP image.',
    );
    expect(screen.getByTestId('form-logo-choose').getAttribute('aria-describedby')).toContain(
      'form-logo-problem',
    );
    expect(logoCalls()).toHaveLength(0);
    expect(uploads).toHaveLength(0);
  });

  it('uploads a logo at once and keeps the unsaved edits, which a save then sends without the logo', async () => {
    serve();
    editor('designer');
    const title = await screen.findByTestId('designer-form-title-en');
    fireEvent.change(title, { target: { value: 'Wellbeing, renamed' } });
    expect(screen.getByTestId('editor-unsaved')).toBeTruthy();

    fireEvent.click(screen.getByTestId('editor-tab-logo'));
    await screen.findByTestId('form-logo-none');
    choose(file('image/png', 10));
    await vi.waitFor(() => expect(logoCalls()).toHaveLength(2));
    const [ask, confirm] = logoCalls();
    expect(JSON.parse(String(ask![1]!.body))).toEqual({ contentType: 'image/png', size: 10 });
    expect(uploads[0]!.url).toBe('https://assets.example.com/');
    expect([...uploads[0]!.body.keys()]).toEqual(['key', 'Content-Type', 'Policy', 'file']);
    expect(JSON.parse(String(confirm![1]!.body))).toEqual({ key: 'uploads/forms/wellbeing/x.png' });

    const image = await screen.findByTestId('form-logo');
    expect(image.getAttribute('src')).toBe(LOGO);
    expect(image.getAttribute('alt')).toBe('Logo of Wellbeing check');
    expect(screen.getByTestId('form-logo-choose').textContent).toContain('Replace the logo');
    expect(vi.mocked(notifications.show).mock.calls[0]![0]).toMatchObject({
      color: 'green',
      message: 'The logo is saved.',
    });

    // The edit made before is still there, and still unsaved: the save sends it.
    expect(screen.getByTestId('editor-unsaved')).toBeTruthy();
    fireEvent.click(screen.getByTestId('editor-save'));
    await vi.waitFor(() => expect(sentBody('PUT', FORM_PATH)).toBeDefined());
    const body = sentBody('PUT', FORM_PATH) as Record<string, unknown>;
    expect(body).toMatchObject({
      title: { en: 'Wellbeing, renamed' },
      updateDate: '2026-11-01T10:00:00.000Z',
    });
    expect(body).not.toHaveProperty('logo');
    expect(body).not.toHaveProperty('logoUrl');
  });

  it('says so when the storage refuses the file, and confirms nothing', async () => {
    storageStatus = 403;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve();
    editor('logo');
    await screen.findByTestId('form-logo-none');
    choose(file('image/jpeg', 10));
    await vi.waitFor(() => expect(notifications.show).toHaveBeenCalled());
    expect(vi.mocked(notifications.show).mock.calls[0]![0]).toMatchObject({
      color: 'red',
      message: 'The logo could not be sent. Check your connection and try again.',
    });
    expect(logoCalls()).toHaveLength(1);
  });

  it('removes the logo only after the confirmation', async () => {
    serve({ ...wellbeingForm(), logo: 'logos/forms/wellbeing/a.png', logoUrl: LOGO });
    editor('logo');
    fireEvent.click(await screen.findByTestId('form-logo-remove'));
    expect(await screen.findByTestId('form-logo-remove-dialog')).toBeTruthy();
    fireEvent.click(screen.getByTestId('form-logo-remove-cancel'));
    expect(logoCalls()).toHaveLength(0);
    fireEvent.click(screen.getByTestId('form-logo-remove'));
    fireEvent.click(await screen.findByTestId('form-logo-remove-confirm'));
    await vi.waitFor(() => expect(logoCalls()).toHaveLength(1));
    expect(logoCalls()[0]![1]!.method).toBe('DELETE');
    expect(await screen.findByTestId('form-logo-none')).toBeTruthy();
    // Nothing of the questionnaire was edited: nothing to save.
    expect(screen.queryByTestId('editor-unsaved')).toBeNull();
  });
});

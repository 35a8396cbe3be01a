// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import { notifications } from '@mantine/notifications';
import type { Sphere } from '@shared/contracts/spheres';
import { sphereFixture } from '../../test/fixtures';
import i18n from '../../i18n';
import { jsonResponse, renderPage, testConfig } from '../../test/render';
import { logoFileProblem } from '../../lib/logo-file';
import { SphereLogo, SphereLogoField } from './sphere-logo';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();

const sphere = (extra: Partial<Sphere> = {}): Sphere =>
  sphereFixture({
    entitlements: {
      engagementUp: { active: true, campaignTemplatesAvailable: false },
      salesUp: { active: false },
    },
    ...extra,
  });
const LOGO = 'https://app.example.com/logos/spheres/sphere-1/a.png';

/** What the storage received, and how it answers (the browser's XMLHttpRequest, replaced). */
const sent: { url: string; body: FormData }[] = [];
let storageStatus = 204;
class FakeRequest {
  private url = '';
  private listeners: Record<string, () => void> = {};
  status = 0;
  upload = {
    listeners: [] as ((event: { lengthComputable: boolean; loaded: number; total: number }) => void)[],
    addEventListener(
      _: string,
      listener: (event: { lengthComputable: boolean; loaded: number; total: number }) => void,
    ) {
      this.listeners.push(listener);
    },
  };
  open(_method: string, url: string) {
    this.url = url;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners[type] = listener;
  }
  send(body: FormData) {
    sent.push({ url: this.url, body });
    setTimeout(() => {
      for (const listener of this.upload.listeners)
        listener({ lengthComputable: true, loaded: 5, total: 10 });
      this.status = storageStatus;
      this.listeners.load?.();
    }, 0);
  }
}

const file = (type: string, size: number) => new File([new Uint8Array(size)], 'logo', { type });
function choose(chosen: File) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [chosen], configurable: true });
  fireEvent.change(input);
}

beforeEach(async () => {
  vi.clearAllMocks();
  sent.length = 0;
  storageStatus = 204;
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: { accessToken: { toString: () => 'access-1' } },
  } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/v1/spheres/sphere-1/logo') && init?.method === 'POST')
      return jsonResponse(200, {
        uploadUrl: 'https://assets.example.com/',
        fields: { key: 'uploads/spheres/sphere-1/x.png', 'Content-Type': 'image/png', Policy: 'p' },
        key: 'uploads/spheres/sphere-1/x.png',
        expiresAt: '2026-01-01T00:05:00.000Z',
      });
    if (url.endsWith('/v1/spheres/sphere-1/logo') && init?.method === 'PUT')
      return jsonResponse(200, sphere({ logoUrl: LOGO }));
    if (url.endsWith('/v1/spheres/sphere-1/logo') && init?.method === 'DELETE')
      return jsonResponse(200, sphere());
    return jsonResponse(404, { key: 'not-found' });
  });
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

const logoCalls = () =>
  fetchMock.mock.calls.filter(([url]) =>
    String(url).startsWith(`${testConfig.apiUrl}/v1/spheres/sphere-1/logo`),
  );

describe('the sphere logo', () => {
  it('shows the logo named after the sphere, and nothing when there is none', () => {
    renderPage(
      <>
        <SphereLogo sphere={sphere({ logoUrl: LOGO })} />
        <SphereLogo sphere={sphere({ id: 'other' })} />
      </>,
    );
    const images = screen.getAllByRole('img');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveProperty('alt', 'Logo of Atelier');
    expect(images[0]!.getAttribute('src')).toBe(LOGO);
  });

  it('refuses another type or a file over 1 MB before sending anything, with a message', async () => {
    renderPage(<SphereLogoField sphere={sphere()} />);
    expect(screen.getByTestId('sphere-logo-none').textContent).toBe('No logo yet.');
    choose(file('image/svg+xml', 100));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a PNG, JPEG or WebP image.');
    choose(file('image/png', 1_048_577));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This image is larger than 1 MB: choose a smaller one.',
    );
    expect(screen.getByTestId('sphere-logo-choose').getAttribute('aria-describedby')).toContain(
      'sphere-logo-problem',
    );
    expect(logoCalls()).toHaveLength(0);
    expect(sent).toHaveLength(0);
  });

  it('asks for an upload, sends the file with the granted fields, then confirms it', async () => {
    const { queryClient } = renderPage(<SphereLogoField sphere={sphere()} />);
    const chosen = file('image/png', 10);
    choose(chosen);
    await vi.waitFor(() => expect(logoCalls()).toHaveLength(2));
    const [ask, confirm] = logoCalls();
    expect(JSON.parse(String(ask![1]!.body))).toEqual({ contentType: 'image/png', size: 10 });
    expect(sent[0]!.url).toBe('https://assets.example.com/');
    expect([...sent[0]!.body.keys()]).toEqual(['key', 'Content-Type', 'Policy', 'file']);
    expect(sent[0]!.body.get('file')).toBeInstanceOf(File);
    expect(JSON.parse(String(confirm![1]!.body))).toEqual({ key: 'uploads/spheres/sphere-1/x.png' });
    await vi.waitFor(() =>
      expect(queryClient.getQueryData<Sphere>(['spheres', 'one', 'sphere-1'])?.logoUrl).toBe(LOGO),
    );
    expect(vi.mocked(notifications.show).mock.calls[0]![0]).toMatchObject({
      color: 'green',
      message: 'The logo is saved.',
    });
  });

  it('says so when the storage refuses the file, and confirms nothing', async () => {
    storageStatus = 403;
    renderPage(<SphereLogoField sphere={sphere()} />);
    choose(file('image/jpeg', 10));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await vi.waitFor(() => expect(notifications.show).toHaveBeenCalled());
    expect(vi.mocked(notifications.show).mock.calls[0]![0]).toMatchObject({
      color: 'red',
      message: 'The logo could not be sent. Check your connection and try again.',
    });
    expect(sent).toHaveLength(1);
    expect(logoCalls()).toHaveLength(1);
    // The field is usable again.
    await vi.waitFor(() =>
      expect(screen.getByTestId('sphere-logo-choose').hasAttribute('disabled')).toBe(false),
    );
  });

  it('removes the logo only after the confirmation', async () => {
    const { queryClient } = renderPage(<SphereLogoField sphere={sphere({ logoUrl: LOGO })} />);
    expect(screen.getByTestId('sphere-logo-choose').textContent).toContain('Replace the logo');
    fireEvent.click(screen.getByTestId('sphere-logo-remove'));
    expect(await screen.findByTestId('sphere-logo-remove-dialog')).toBeTruthy();
    fireEvent.click(screen.getByTestId('sphere-logo-remove-cancel'));
    expect(logoCalls()).toHaveLength(0);
    fireEvent.click(screen.getByTestId('sphere-logo-remove'));
    fireEvent.click(await screen.findByTestId('sphere-logo-remove-confirm'));
    await vi.waitFor(() => expect(logoCalls()).toHaveLength(1));
    expect(logoCalls()[0]![1]!.method).toBe('DELETE');
    await vi.waitFor(() =>
      expect(queryClient.getQueryData<Sphere>(['spheres', 'one', 'sphere-1'])).toMatchObject({
        id: 'sphere-1',
      }),
    );
    expect(queryClient.getQueryData<Sphere>(['spheres', 'one', 'sphere-1'])?.logoUrl).toBeUndefined();
  });
});

describe('logoFileProblem', () => {
  it('takes PNG, JPEG and WebP from 1 byte to 1 MiB', () => {
    expect(logoFileProblem({ type: 'image/png', size: 1 })).toBeNull();
    expect(logoFileProblem({ type: 'image/jpeg', size: 1_048_576 })).toBeNull();
    expect(logoFileProblem({ type: 'image/webp', size: 500 })).toBeNull();
    expect(logoFileProblem({ type: 'image/svg+xml', size: 500 })).toBe('wrongType');
    expect(logoFileProblem({ type: '', size: 500 })).toBe('wrongType');
    expect(logoFileProblem({ type: 'image/png', size: 0 })).toBe('empty');
    expect(logoFileProblem({ type: 'image/png', size: 1_048_577 })).toBe('tooLarge');
  });
});

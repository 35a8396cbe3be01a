// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import { notifications } from '@mantine/notifications';
import i18n from '../../i18n';
import { renderPage } from '../../test/render';
import CampaignSettingsPage from './campaign-settings-page';
import { CAMPAIGN_LOGO_URL, fakeCampaignsServer, testCampaign, testSphere } from './campaigns-test-server';
import { logoFileProblem } from '../../lib/logo-file';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const LOGO_PATH = '/v1/campaigns/campaign-1/logo';
const SPHERE_LOGO = 'https://app.example.com/logos/spheres/sphere-1/s.png';

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

const file = (type: string, size: number) => new File([new Uint8Array(size)], 'logo', { type });
function choose(chosen: File) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [chosen], configurable: true });
  fireEvent.change(input);
}
const settings = () =>
  renderPage(<CampaignSettingsPage />, {
    path: '/apps/campaigns/:campaignId/settings',
    entry: '/apps/campaigns/campaign-1/settings?tab=settings',
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

describe("the campaign's logo in its settings", () => {
  it('refuses what cannot be a logo before sending anything: another type, an empty or a large file', () => {
    expect(logoFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('wrongType');
    expect(logoFileProblem({ type: 'image/gif', size: 10 })).toBe('wrongType');
    expect(logoFileProblem({ type: 'image/png', size: 0 })).toBe('empty');
    expect(logoFileProblem({ type: 'image/webp', size: 1_048_577 })).toBe('tooLarge');
    expect(logoFileProblem({ type: 'image/jpeg', size: 1_048_576 })).toBeNull();
  });

  it("shows the sphere's logo, named, while the campaign has none of its own and the switch is on", async () => {
    fakeCampaignsServer(fetchMock, {
      sphere: testSphere({ logoUrl: SPHERE_LOGO }),
      campaigns: [testCampaign({ logoUrl: SPHERE_LOGO })],
    });
    settings();
    const image = await screen.findByTestId('campaign-sphere-logo');
    expect(image.getAttribute('src')).toBe(SPHERE_LOGO);
    expect(image.getAttribute('alt')).toBe('Logo of the sphere Atelier');
    expect(screen.getByTestId('campaign-logo-none').textContent).toBe(
      "No logo of its own: participants see the sphere's logo.",
    );
    expect(screen.queryByTestId('campaign-logo-remove')).toBeNull();

    // The switch, labelled with what it means, says what participants will see once saved.
    const toggle = screen.getByRole('switch', {
      name: "Use the sphere's logo when the campaign has none of its own",
    });
    fireEvent.click(toggle);
    expect(screen.queryByTestId('campaign-sphere-logo')).toBeNull();
    expect(screen.getByTestId('campaign-logo-none').textContent).toBe(
      'No logo of its own: participants see no logo.',
    );
  });

  it('says why a file is refused, linked to the upload button, and sends nothing', async () => {
    fakeCampaignsServer(fetchMock, { campaigns: [testCampaign()] });
    settings();
    const button = await screen.findByRole('button', { name: 'Upload a logo' });
    choose(file('image/png', 2_000_000));
    expect((await screen.findByTestId('campaign-logo-problem')).textContent).toBe(
      'This image is larger than 1 MB: choose a smaller one.',
    );
    choose(file('image/svg+xml', 10));
    expect((await screen.findByTestId('campaign-logo-problem')).textContent).toBe(
      'Choose a PNG, JPEG or WebP image.',
    );
    expect(button.getAttribute('aria-describedby')).toContain('campaign-logo-problem');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/logo'))).toHaveLength(0);
    expect(uploads).toHaveLength(0);
  });

  it('uploads a logo at once and keeps the unsaved settings, which a save then sends without the logo', async () => {
    const server = fakeCampaignsServer(fetchMock, { campaigns: [testCampaign()] });
    settings();
    const name = await screen.findByTestId('campaign-name');
    fireEvent.change(name, { target: { value: 'Autumn pulse' } });
    expect(screen.getByTestId('campaign-logo-none').textContent).toBe(
      'No logo of its own, and the sphere has none: participants see no logo.',
    );

    choose(file('image/png', 10));
    await waitFor(() => expect(server.calls('PUT', LOGO_PATH)).toHaveLength(1));
    expect(server.calls('POST', LOGO_PATH)[0]!.body).toEqual({ contentType: 'image/png', size: 10 });
    expect(uploads[0]!.url).toBe('https://assets.example.com/');
    expect([...uploads[0]!.body.keys()]).toEqual(['key', 'Content-Type', 'Policy', 'file']);
    expect(server.calls('PUT', LOGO_PATH)[0]!.body).toEqual({ key: 'uploads/campaigns/campaign-1/x.png' });

    const image = await screen.findByTestId('campaign-logo');
    expect(image.getAttribute('src')).toBe(CAMPAIGN_LOGO_URL);
    expect(image.getAttribute('alt')).toBe('Logo of Spring pulse');
    expect(screen.getByRole('button', { name: 'Replace the logo' })).toBeTruthy();
    expect(screen.getByTestId('campaign-logo-own')).toBeTruthy();
    expect(vi.mocked(notifications.show).mock.calls[0]![0]).toMatchObject({
      color: 'green',
      message: 'The logo is saved.',
    });

    // The edit made before is still there: the save sends it, with the updateDate read, no logo.
    expect((screen.getByTestId('campaign-name') as HTMLInputElement).value).toBe('Autumn pulse');
    fireEvent.click(screen.getByTestId('campaign-settings-save'));
    await waitFor(() => expect(server.calls('PUT', '/v1/campaigns/campaign-1')).toHaveLength(1));
    const body = server.calls('PUT', '/v1/campaigns/campaign-1')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Autumn pulse', updateDate: testCampaign().updateDate });
    expect(body).not.toHaveProperty('logo');
    expect(body).not.toHaveProperty('logoUrl');
  });

  it('says so when the storage refuses the file, and confirms nothing', async () => {
    storageStatus = 403;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = fakeCampaignsServer(fetchMock, { campaigns: [testCampaign()] });
    settings();
    await screen.findByTestId('campaign-logo-none');
    choose(file('image/jpeg', 10));
    await waitFor(() => expect(notifications.show).toHaveBeenCalled());
    expect(vi.mocked(notifications.show).mock.calls[0]![0]).toMatchObject({
      color: 'red',
      message: 'The logo could not be sent. Check your connection and try again.',
    });
    expect(server.calls('POST', LOGO_PATH)).toHaveLength(1);
    expect(server.calls('PUT', LOGO_PATH)).toHaveLength(0);
  });

  it("removes its own logo only after the confirmation, and the sphere's shows again", async () => {
    const server = fakeCampaignsServer(fetchMock, {
      sphere: testSphere({ logoUrl: SPHERE_LOGO }),
      campaigns: [testCampaign({ logo: 'logos/campaigns/campaign-1/a.png', logoUrl: CAMPAIGN_LOGO_URL })],
    });
    settings();
    expect((await screen.findByTestId('campaign-logo')).getAttribute('src')).toBe(CAMPAIGN_LOGO_URL);
    expect(screen.queryByTestId('campaign-sphere-logo')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the logo' }));
    expect(await screen.findByTestId('campaign-logo-remove-dialog')).toBeTruthy();
    fireEvent.click(screen.getByTestId('campaign-logo-remove-cancel'));
    expect(server.calls('DELETE', LOGO_PATH)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('campaign-logo-remove'));
    fireEvent.click(await screen.findByTestId('campaign-logo-remove-confirm'));
    await waitFor(() => expect(server.calls('DELETE', LOGO_PATH)).toHaveLength(1));
    expect((await screen.findByTestId('campaign-sphere-logo')).getAttribute('src')).toBe(SPHERE_LOGO);
    expect(screen.queryByTestId('campaign-logo')).toBeNull();
  });
});

// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { Sphere } from '@shared/contracts/spheres';
import type { Terminal } from '@shared/contracts/terminals';
import i18n from '../../i18n';
import { jsonResponse, renderPage } from '../../test/render';
import { meFixture } from '../../test/me';
import { TerminalsManager } from './terminals-settings-tab';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();

/** The fields of a sphere the terminals read; the rest of its answer does not matter here. */
const sphere = (salesUp: boolean): Sphere =>
  ({
    id: 's1',
    name: 'Bakery',
    isTerminalEnabled: true,
    languages: { primary: 'en', extras: [] },
    entitlements: {
      engagementUp: { active: false, campaignTemplatesAvailable: false },
      salesUp: { active: salesUp },
    },
    campaignSmsEnabled: false,
  }) as unknown as Sphere;

const till: Terminal = {
  id: 't1',
  sphereId: 's1',
  sessionId: 'shop',
  deviceName: 'Till 1',
  deviceCode: 'ABC234',
  steps: 'mood',
  createdAt: '2026-11-26T10:00:00.000Z',
};

function serve(roles: string[]) {
  const terminals: Terminal[] = [till];
  const calls: { method: string; url: string; body?: unknown }[] = [];
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, ...(init?.body ? { body: JSON.parse(String(init.body)) as unknown } : {}) });
    if (url.endsWith('/v1/me'))
      return Promise.resolve(
        jsonResponse(200, meFixture({ members: [{ id: 'm1', sphereId: 's1', roles }] })),
      );
    if (url.includes('/v1/spheres/s1/sessions'))
      return Promise.resolve(
        jsonResponse(200, {
          count: 1,
          items: [
            {
              id: 'shop',
              sphereId: 's1',
              name: { en: 'Shop floor' },
              category: 'consumer',
              type: 'group',
              parentSessionIds: [],
              level: 0,
              isLeaf: true,
              subscription: 'starter',
              isPublic: false,
              archived: false,
              specificTagIds: [],
              inheritedTagIds: [],
              isMember: false,
              roles: [],
              createdAt: '2026-11-01T00:00:00.000Z',
              updateDate: '2026-11-01T00:00:00.000Z',
            },
          ],
          max: 10_000,
          offset: 0,
        }),
      );
    if (url.includes('/v1/terminals?sphereId=s1'))
      return Promise.resolve(
        jsonResponse(200, { count: terminals.length, items: terminals, max: 200, offset: 0 }),
      );
    if (url.endsWith('/v1/terminals') && method === 'POST') {
      const created = { ...till, id: 't2', deviceName: 'Till 2', deviceCode: 'XYZ789' };
      terminals.push(created);
      return Promise.resolve(jsonResponse(201, { ...created, kioskPath: '/terminal/t2#key=secret-key' }));
    }
    if (url.endsWith('/v1/terminals/t1') && method === 'DELETE') {
      terminals.splice(0, 1);
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    return Promise.reject(new Error(`unexpected ${method} ${url}`));
  });
  return calls;
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: { accessToken: { toString: () => 'access-1' } },
  } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
  await i18n.changeLanguage('en');
});

describe('the terminals of a sphere', () => {
  it('a sales-up member adds a terminal: the session and the device name are required; the kiosk address shows once', async () => {
    const calls = serve(['sales-up']);
    renderPage(<TerminalsManager sphere={sphere(true)} />);
    expect(await screen.findByText('Till 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add the terminal' }));
    expect(await screen.findByText('Give the device a name.')).toBeTruthy();
    expect(screen.getByText('Choose a consumer session.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('textbox', { name: 'Consumer session' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Shop floor' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Device name' }), { target: { value: ' Till 2 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the terminal' }));
    const created = await screen.findByTestId('terminal-created');
    expect((within(created).getByRole('textbox', { name: 'Kiosk address' }) as HTMLInputElement).value).toBe(
      `${window.location.origin}/terminal/t2#key=secret-key`,
    );
    expect(within(created).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      sphereId: 's1',
      sessionId: 'shop',
      deviceName: 'Till 2',
      steps: 'mood',
    });
    // The list shows the new terminal without its key.
    expect(await screen.findByText('XYZ789')).toBeTruthy();
    expect(screen.getByTestId('terminals-list').textContent).not.toContain('secret-key');
  });

  it('deleting asks first, then removes the terminal', async () => {
    const calls = serve(['admin']);
    renderPage(<TerminalsManager sphere={sphere(true)} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Till 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this terminal?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByTestId('terminals-empty')).toBeTruthy();
  });

  it('without the salesUp entitlement, a sales-up member is refused and no terminal is read', async () => {
    const calls = serve(['sales-up']);
    renderPage(<TerminalsManager sphere={sphere(false)} />);
    expect(await screen.findByTestId('terminals-forbidden')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/v1/terminals'))).toBe(false);
  });

  it('an admin of a sphere that takes no terminal answers sees the list, not the form', async () => {
    serve(['admin']);
    renderPage(<TerminalsManager sphere={sphere(false)} />);
    expect(await screen.findByTestId('terminals-off')).toBeTruthy();
    expect(await screen.findByText('Till 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add the terminal' })).toBeNull();
  });
});

// @vitest-environment happy-dom
import { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import { AppHeader } from '../../app/app-header';
import i18n from '../../i18n';
import { meFixture } from '../../test/me';
import { LocationProbe, jsonResponse, renderPage } from '../../test/render';
import type { Me } from '@shared/contracts/me';
import { dismissBackgroundError, reportBackgroundError } from './api-error-store';
import { CookieBanner, COOKIES_STORAGE_KEY } from './cookie-banner';
import { GuestBanner } from './guest-banner';
import { ApiErrorBanner, UpdatePrompt } from './shell-notices';
import { grantsEverything } from './super-admin';
import { ApiError } from '../../lib/errors';
import type * as Overlays from '../../lib/overlays';

const registered = new Set<string>();
/** Emails is the registered-only overlay of these tests, as its route's contract says. */
vi.mock('../../lib/overlays', async (importOriginal) => ({
  ...(await importOriginal<typeof Overlays>()),
  hasOverlay: (name: string) => registered.has(name),
  overlayOpensFor: (name: string, isGuest: boolean) =>
    registered.has(name) && !(isGuest && name === 'emails'),
}));
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

type Session = Awaited<ReturnType<typeof fetchAuthSession>>;
const signedIn = { tokens: { accessToken: { toString: () => 'access-1' } } } as unknown as Session;
const fetchMock = vi.fn<typeof fetch>();

function serveMe(me: Me, superAdmin = false) {
  fetchMock.mockImplementation(async (input, init) => {
    if (!String(input).endsWith('/v1/me')) return jsonResponse(404, { key: 'not-found' });
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const rules =
      superAdmin && headers['x-super-admin'] === 'true' ? [{ action: 'manage', subject: 'all' }] : [];
    return jsonResponse(200, { ...me, ability: { subscription: 'starter', rules } });
  });
}

async function openAccountMenu() {
  const trigger = await screen.findByTestId('account-menu');
  fireEvent.click(trigger);
  return within(await screen.findByTestId('account-menu-dropdown'));
}

describe('top bar and account menu', () => {
  beforeEach(async () => {
    registered.clear();
    window.localStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('__APP_VERSION__', '3.15.3');
    vi.mocked(fetchAuthSession).mockResolvedValue(signedIn);
    await i18n.changeLanguage('fr');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a registered user sees only the entries whose overlay exists, logout and the version', async () => {
    registered.add('profile').add('emails').add('registration');
    serveMe(meFixture());
    renderPage(<AppHeader />);
    const menu = await openAccountMenu();
    expect(menu.getByTestId('menu-profile').textContent).toBe('Profil');
    expect(menu.getByTestId('menu-emails')).toBeTruthy();
    expect(menu.queryByTestId('menu-password')).toBeNull();
    expect(menu.queryByTestId('menu-registration')).toBeNull();
    expect(menu.queryByTestId('menu-subscription')).toBeNull();
    expect(menu.getByTestId('menu-logout').textContent).toBe('Se déconnecter');
    expect(menu.getByTestId('app-version').textContent).toBe('Version 3.15.3');
  });

  it('a guest gets create account, leave, and no emails entry', async () => {
    registered.add('profile').add('emails').add('registration');
    serveMe(meFixture({ profile: { ...meFixture().profile, isGuest: true } }));
    renderPage(<AppHeader />);
    await waitFor(() => expect(screen.getByTestId('signout').textContent).toBe('Quitter'));
    const menu = await openAccountMenu();
    expect(menu.getByTestId('menu-registration').textContent).toBe('Créer un compte');
    expect(menu.queryByTestId('menu-emails')).toBeNull();
    expect(menu.queryByTestId('menu-connect')).toBeNull();
    expect(menu.getByTestId('menu-logout').textContent).toBe('Quitter');
  });

  it('a menu entry opens its overlay on the current page', async () => {
    registered.add('profile');
    serveMe(meFixture());
    renderPage(
      <>
        <AppHeader />
        <LocationProbe />
      </>,
      { path: '/', entry: '/?lang=fr' },
    );
    const menu = await openAccountMenu();
    fireEvent.click(menu.getByTestId('menu-profile'));
    expect((await screen.findByTestId('location')).textContent).toBe('/?lang=fr&show=profile');
  });

  it('shows the galaxies shortcut only to members of a galaxy, and no feeling shortcut until it exists', async () => {
    serveMe(meFixture());
    const first = renderPage(<AppHeader />);
    await screen.findByTestId('account-menu');
    await waitFor(() => expect(first.queryClient.getQueryData(['me'])).toBeDefined());
    expect(screen.queryByTestId('galaxies-shortcut')).toBeNull();
    expect(screen.queryByTestId('feeling-shortcut')).toBeNull();
    first.unmount();

    registered.add('feeling');
    serveMe(meFixture({ galaxies: [{ id: 'g1', name: 'Nord', shortName: 'NRD', roles: ['admin'] }] }));
    renderPage(<AppHeader />);
    expect(await screen.findByTestId('galaxies-shortcut')).toBeTruthy();
    expect(screen.getByTestId('feeling-shortcut')).toBeTruthy();
  });

  it('the context switcher offers myself and says there is no sphere yet', async () => {
    serveMe(meFixture());
    renderPage(<AppHeader />);
    fireEvent.click(await screen.findByTestId('context-switcher'));
    const menu = within(await screen.findByTestId('context-switcher-dropdown'));
    expect(menu.getByTestId('context-myself').textContent).toBe('Moi-même');
    expect(menu.getByTestId('context-no-sphere').textContent).toBe('Aucune sphère pour le moment');
  });

  it('the context switcher reads the groups only once opened, a loader standing in their place', async () => {
    let answerSessions: (() => void) | undefined;
    const sessionsAnswered = new Promise<void>((resolve) => (answerSessions = resolve));
    const me = meFixture({ spheres: [{ id: 's1', name: 'Alpha' }] });
    fetchMock.mockImplementation(async (input) => {
      const path = new URL(String(input)).pathname;
      if (path === '/v1/me') return jsonResponse(200, me);
      if (path === '/v1/me/sessions') {
        await sessionsAnswered;
        const items = [
          {
            id: 'group-1',
            name: 'Équipe Nord',
            sphereId: 's1',
            sphereName: 'Alpha',
            category: 'contributor',
            type: 'group',
            roles: ['member'],
            subscription: 'starter',
            languages: ['fr'],
            tags: [],
          },
        ];
        return jsonResponse(200, { count: 1, items, max: 1, offset: 0 });
      }
      return jsonResponse(404, { key: 'not-found' });
    });
    const asked = (path: string) =>
      fetchMock.mock.calls.filter(([input]) => new URL(String(input)).pathname === path).length;
    const { queryClient } = renderPage(<AppHeader />);
    await waitFor(() => expect(queryClient.getQueryData(['me'])).toBeDefined());
    const trigger = await screen.findByTestId('context-switcher');
    // Closed, the top bar reads the start call alone.
    expect(trigger.textContent).toBe('Moi-même');
    expect(asked('/v1/me/sessions')).toBe(0);
    // Opened, it asks for the groups and shows a loader until they come.
    fireEvent.click(trigger);
    const menu = within(await screen.findByTestId('context-switcher-dropdown'));
    expect(menu.getByTestId('context-sessions-loading').textContent).toBe('Chargement de vos groupes…');
    await waitFor(() => expect(asked('/v1/me/sessions')).toBe(1));
    answerSessions?.();
    const group = await menu.findByRole('menuitem', { name: 'Équipe Nord' });
    expect(menu.queryByTestId('context-sessions-loading')).toBeNull();
    expect(menu.getByRole('menuitem', { name: 'Alpha' })).toBeTruthy();
    // Closed and opened again, the groups read are shown at once.
    fireEvent.click(trigger);
    await waitFor(() => expect(screen.queryByTestId('context-switcher-dropdown')).toBeNull());
    fireEvent.click(trigger);
    expect(await screen.findByRole('menuitem', { name: 'Équipe Nord' })).toBeTruthy();
    expect(group).toBeTruthy();
  });

  it('the context switcher lists favourite spheres first', async () => {
    const me = meFixture({
      spheres: [
        { id: 's1', name: 'Alpha' },
        { id: 's2', name: 'Beta' },
      ],
    });
    serveMe({ ...me, profile: { ...me.profile, favoriteSphereIds: ['s2'] } });
    renderPage(<AppHeader />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    fireEvent.click(await screen.findByTestId('context-switcher'));
    const menu = within(await screen.findByTestId('context-switcher-dropdown'));
    await waitFor(() =>
      expect(
        [...menu.getByTestId('context-myself').parentElement!.querySelectorAll('[role="menuitem"]')].map(
          (i) => i.textContent,
        ),
      ).toEqual(['Moi-même', 'Beta', 'Alpha']),
    );
    expect(menu.queryByTestId('context-no-sphere')).toBeNull();
  });

  it('the context switcher lists the member’s galaxies and opens a galaxy’s quotas', async () => {
    const me = meFixture({
      galaxies: [
        { id: 'g1', name: 'Nord', shortName: 'NRD', roles: ['admin'] },
        { id: 'g2', name: 'Sud', shortName: 'SUD', roles: ['admin'] },
      ],
    });
    serveMe(me);
    renderPage(
      <>
        <AppHeader />
        <LocationProbe />
      </>,
      { path: '/' },
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    fireEvent.click(await screen.findByTestId('context-switcher'));
    const menu = within(await screen.findByTestId('context-switcher-dropdown'));
    const sud = await menu.findByText('Sud');
    const items = [
      ...menu.getByTestId('context-myself').parentElement!.querySelectorAll('[role="menuitem"]'),
    ];
    expect(items.map((i) => i.textContent).filter((x) => x === 'Nord' || x === 'Sud')).toEqual([
      'Nord',
      'Sud',
    ]);
    fireEvent.click(sud);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/apps/galaxy/g2/quotas'));
  });

  it('offers the super-admin toggle only when the answer with the header grants everything', async () => {
    serveMe(meFixture(), true);
    renderPage(<AppHeader />);
    const menu = await openAccountMenu();
    await waitFor(() =>
      expect(menu.getByTestId('menu-super-admin').textContent).toBe('Activer le mode super-admin'),
    );
  });

  it('has no super-admin toggle for other users', async () => {
    serveMe(meFixture(), false);
    renderPage(<AppHeader />);
    const askedWithHeader = () =>
      fetchMock.mock.calls.some(
        ([, init]) => (init?.headers as Record<string, string>)['x-super-admin'] === 'true',
      );
    await waitFor(() => expect(askedWithHeader()).toBe(true));
    const menu = await openAccountMenu();
    expect(menu.queryByTestId('menu-super-admin')).toBeNull();
  });

  it('a rule granting everything is manage on all, not inverted, without conditions', () => {
    expect(grantsEverything([{ action: 'manage', subject: 'all' }])).toBe(true);
    expect(grantsEverything([{ action: ['get', 'manage'], subject: ['sphere', 'all'] }])).toBe(true);
    expect(grantsEverything([{ action: 'manage', subject: 'sphere' }])).toBe(false);
    expect(grantsEverything([{ action: 'manage', subject: 'all', inverted: true }])).toBe(false);
    expect(grantsEverything([{ action: 'manage', subject: 'all', conditions: { userId: 'u' } }])).toBe(false);
  });
});

describe('guest banner', () => {
  beforeEach(async () => {
    registered.clear();
    await i18n.changeLanguage('fr');
  });

  it('shows no button for a way out that does not exist yet', () => {
    renderPage(<GuestBanner />);
    expect(screen.getByTestId('guest-banner').textContent).toContain('mode invité');
    expect(screen.queryByTestId('guest-connect')).toBeNull();
    expect(screen.queryByTestId('guest-register')).toBeNull();
  });

  it('create account opens the registration overlay once it exists', async () => {
    registered.add('registration');
    renderPage(
      <>
        <GuestBanner />
        <LocationProbe />
      </>,
    );
    expect(screen.queryByTestId('guest-connect')).toBeNull();
    fireEvent.click(screen.getByTestId('guest-register'));
    expect((await screen.findByTestId('location')).textContent).toBe('/?show=registration');
  });
});

describe('cookie banner', () => {
  beforeEach(async () => {
    window.localStorage.clear();
    await i18n.changeLanguage('fr');
  });

  it('is a labelled region until accepted, and the choice is kept', () => {
    const first = renderPage(<CookieBanner />);
    const region = screen.getByRole('region', { name: 'Cookies et stockage local' });
    expect(region.textContent).toContain('strictement nécessaire');
    fireEvent.click(within(region).getByRole('button', { name: 'Accepter' }));
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(window.localStorage.getItem(COOKIES_STORAGE_KEY)).toBe('true');
    first.unmount();
    renderPage(<CookieBanner />);
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });
});

describe('shell notices', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('the update prompt appears only with a new version and reloads on demand', () => {
    const reload = vi.fn();
    function Harness() {
      const [version, setVersion] = useState<string>();
      return (
        <>
          <button type="button" onClick={() => setVersion('3.16.0')}>
            deploy
          </button>
          <UpdatePrompt version={version} onReload={reload} />
        </>
      );
    }
    renderPage(<Harness />);
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    fireEvent.click(screen.getByText('deploy'));
    expect(screen.getByTestId('update-prompt').textContent).toContain('A new version is available');
    fireEvent.click(screen.getByTestId('update-reload'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a failed background refresh shows the translated error until closed', async () => {
    renderPage(<ApiErrorBanner />);
    expect(screen.queryByTestId('api-error-banner')).toBeNull();
    act(() => reportBackgroundError(new ApiError(500, [{ key: 'internal-server-error' }])));
    expect(screen.getByTestId('api-error-banner').textContent).toContain('Internal server error');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('api-error-banner')).toBeNull();
    dismissBackgroundError();
  });
});

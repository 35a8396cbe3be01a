// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { Session } from '@shared/contracts/sessions';
import { sphereFixture } from '../../test/fixtures';
import { defineRules } from '@shared/domain/ability';
import i18n from '../../i18n';
import { registerSettingsTab, type SettingsTabProps } from '../../lib/place-extensions';
import { meFixture } from '../../test/me';
import { LocationProbe, jsonResponse, renderPage } from '../../test/render';
import SessionSettingsPage from './session-settings-page';
import SphereSettingsPage from './sphere-settings-page';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

/** A tab another feature would add: it says where it is and can go back to the general tab. */
function ExtraTab({ place, openGeneralTab }: SettingsTabProps) {
  return (
    <div data-testid="extra-panel">
      {place.kind === 'sphere' ? `sphere ${place.sphere.name}` : `session ${place.session.id}`}
      <button type="button" onClick={openGeneralTab} data-testid="extra-general">
        general
      </button>
    </div>
  );
}
registerSettingsTab({
  id: 'extra',
  labelKey: 'spheres.settings.extraTabForTest',
  order: 1,
  places: ['sphere', 'session'],
  load: () => Promise.resolve({ default: ExtraTab }),
});

const sphere = sphereFixture({
  strategyEnabled: true,
  entitlements: {
    engagementUp: { active: true, campaignTemplatesAvailable: false },
    salesUp: { active: false },
  },
});

const session = {
  id: 'group-1',
  sphereId: 'sphere-1',
  name: { en: 'North team' },
  category: 'contributor',
  type: 'group',
  parentSessionIds: [],
  level: 0,
  isLeaf: false,
  subscription: 'starter',
  isPublic: false,
  archived: false,
  specificTagIds: [],
  inheritedTagIds: [],
  isMember: true,
  roles: ['owner'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updateDate: '2026-01-01T00:00:00.000Z',
} satisfies Session;

beforeEach(async () => {
  vi.clearAllMocks();
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: { accessToken: { toString: () => 'access-1' } },
  } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
  const rules = defineRules({
    userId: 'user-1',
    isGuest: false,
    subscription: 'essentials',
    globalRoles: [],
    superAdminMode: false,
    spheres: [{ sphereId: 'sphere-1', roles: ['admin'] }],
    sessions: [{ sessionId: 'group-1', sphereId: 'sphere-1', category: 'contributor', roles: ['owner'] }],
  });
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input)).pathname;
    if (path === '/v1/me')
      return jsonResponse(200, meFixture({ ability: { subscription: 'essentials', rules } }));
    if (path === '/v1/spheres/sphere-1') return jsonResponse(200, sphere);
    if (path === '/v1/sessions/group-1') return jsonResponse(200, session);
    return jsonResponse(404, { key: 'not-found' });
  });
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr');
});

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.getAttribute('data-testid'));

describe('settings tabs other features add', () => {
  it('come after the sphere settings’ own tabs, open from the address, and hand the sphere over', async () => {
    renderPage(
      <>
        <SphereSettingsPage />
        <LocationProbe />
      </>,
      { path: '/apps/spheres/:sphereId/settings', entry: '/apps/spheres/sphere-1/settings?tab=extra' },
    );
    expect((await screen.findByTestId('extra-panel')).textContent).toContain('sphere Atelier');
    expect(tabNames().slice(-2)).toEqual(['settings-tab-context', 'settings-tab-extra']);
    expect(screen.getByTestId('settings-tab-extra').getAttribute('aria-selected')).toBe('true');
    // Its way back opens the general tab, and puts the keyboard on it.
    fireEvent.click(screen.getByTestId('extra-general'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/apps/spheres/sphere-1/settings'),
    );
    expect(screen.getByTestId('settings-tab-admin').getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('settings-tab-admin')));
  });

  it('appear on a session’s settings too, with the session', async () => {
    renderPage(<SessionSettingsPage />, {
      path: '/apps/sessions/:sessionId/settings',
      entry: '/apps/sessions/group-1/settings?tab=extra',
    });
    expect((await screen.findByTestId('extra-panel')).textContent).toContain('session group-1');
    expect(tabNames().at(-1)).toBe('session-tab-extra');
  });
});

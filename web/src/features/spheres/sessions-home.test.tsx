// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { SessionSummary } from '@shared/contracts/me';
import { buildAbility, defineRules } from '@shared/domain/ability';
import i18n from '../../i18n';
import { meFixture } from '../../test/me';
import { jsonResponse, renderPage } from '../../test/render';
import SessionsHome from './sessions-home';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const summary = (id: string, extra: Partial<SessionSummary>): SessionSummary => ({
  id,
  name: id,
  sphereId: 'A',
  sphereName: 'Atelier',
  category: 'contributor',
  type: 'group',
  roles: ['member'],
  subscription: 'starter',
  languages: ['fr', 'nl'],
  tags: [],
  ...extra,
});

function withSessions(sessions: SessionSummary[], favoriteSessionIds: string[] = []) {
  const rules = defineRules({
    userId: 'user-1',
    isGuest: false,
    subscription: 'starter',
    globalRoles: [],
    superAdminMode: false,
    spheres: [{ sphereId: 'A', roles: ['contributor'] }],
    sessions: sessions.map((s) => ({
      sessionId: s.id,
      sphereId: s.sphereId,
      category: s.category,
      roles: s.roles,
    })),
  });
  expect(buildAbility(rules).can('get', 'session')).toBe(sessions.length > 0);
  fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
    String(input).endsWith('/v1/me/sessions')
      ? jsonResponse(200, { count: sessions.length, items: sessions, max: sessions.length, offset: 0 })
      : jsonResponse(
          200,
          meFixture({
            profile: { ...meFixture().profile, favoriteSessionIds },
            ability: { subscription: 'starter', rules },
          }),
        ),
  );
}

describe('home: my groups and sessions', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(fetchAuthSession).mockResolvedValue({
      tokens: { accessToken: { toString: () => 'access-1' } },
    } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows nothing to a person in no session', async () => {
    withSessions([]);
    renderPage(<SessionsHome />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('home-sessions')).toBeNull();
  });

  it('a card per session, favourites first; smileys only for members of a contributor group', async () => {
    withSessions(
      [
        summary('Team North', { tags: [{ id: 't1', name: 'Production', color: '#2f9e44' }] }),
        summary('Showroom', { category: 'consumer' }),
        summary('Production', { roles: ['owner'] }),
      ],
      ['Production'],
    );
    renderPage(<SessionsHome />);
    const cards = await screen.findAllByTestId('session-card');
    expect(cards.map((c) => within(c).getByTestId('session-card-title').textContent)).toEqual([
      'Production',
      'Team North',
      'Showroom',
    ]);
    const [production, north, showroom] = cards as [HTMLElement, HTMLElement, HTMLElement];
    // Stars say which are favourites, by their pressed state and their name.
    expect(within(production).getByTestId('favorite-session').getAttribute('aria-pressed')).toBe('true');
    expect(within(north).getByRole('button', { name: 'Add Team North to favourites' })).toBeTruthy();
    // Its tags by name (the colour only beside it).
    expect(within(north).getByTestId('session-card-tag').textContent).toBe('Production');
    // The languages its sphere speaks, in words for screen readers.
    expect(within(north).getByTestId('session-card-languages').textContent).toBe('FR · NL');
    expect(within(north).getByTestId('session-card-languages').getAttribute('aria-label')).toBe(
      'Languages: French, Dutch',
    );
    // The owner runs Production (settings) but does not record feelings in it.
    expect(within(production).queryByTestId('session-card-good')).toBeNull();
    expect(within(production).getByTestId('session-card-settings')).toBeTruthy();
    // A member of Team North has both smileys, which open the feeling flow in that group.
    const good = within(north).getByRole('link', { name: /^Good – record a feeling in Team North/ });
    expect(good.getAttribute('href')).toContain('show=feeling');
    expect(good.getAttribute('href')).toContain('mode=good');
    expect(good.getAttribute('href')).toContain('sessionId=Team+North');
    expect(within(north).getByTestId('session-card-bad')).toBeTruthy();
    expect(within(north).queryByTestId('session-card-settings')).toBeNull();
    // A consumer session gives no contributor feeling.
    expect(within(showroom).queryByTestId('session-card-good')).toBeNull();
  });
});

// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { Sphere } from '@shared/contracts/spheres';
import type { SphereContext } from '@shared/contracts/sphere-contexts';
import i18n from '../../i18n';
import { jsonResponse, renderPage } from '../../test/render';
import SphereContextOverlay from './context-overlay';
import { ContextsList } from './contexts-list';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

const sphere: Sphere = {
  id: 'S',
  name: 'Atelier',
  category: 'company',
  address: { country: 'BE' },
  domains: [],
  isStudyProgram: false,
  isTerminalEnabled: false,
  customizableThinkingAxes: false,
  strategyEnabled: false,
  accessPolicy: 'AUTH',
  lowSecurityAccessOptions: { enabled: false, label: {} },
  languages: { primary: 'en', extras: ['fr'] },
  limits: { tags: 100, members: 100, groups: 10 },
  entitlements: {
    engagementUp: { active: true, campaignTemplatesAvailable: false },
    salesUp: { active: false },
  },
  campaignSmsEnabled: false,
  isMember: true,
  roles: ['admin'],
  createdAt: '2025-01-01T00:00:00.000Z',
  updateDate: '2025-01-01T00:00:00.000Z',
};

const context = (extra: Partial<SphereContext>): SphereContext => ({
  id: 'c1',
  name: { en: 'Workshop' },
  description: {},
  substitutions: {},
  overrides: {},
  active: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updateDate: '2025-01-02T00:00:00.000Z',
  ...extra,
});

/** Answers by method and path; every call is kept in fetchMock.mock.calls. */
function answer(routes: Record<string, (init: RequestInit | undefined) => Response>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const route = routes[key];
    if (!route) throw new Error(`Unexpected call ${key}`);
    return route(init);
  });
}

const sent = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

beforeEach(async () => {
  vi.clearAllMocks();
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: { accessToken: { toString: () => 'access-1' } },
  } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

const done = vi.fn();
const renderOverlay = (search: string) =>
  renderPage(
    <SphereContextOverlay params={new URLSearchParams(search)} done={done} close={() => undefined} />,
  );

describe('the context form', () => {
  it('previews the words in the language edited, and sends only what is written', async () => {
    answer({
      'GET /v1/spheres/S': () => jsonResponse(200, sphere),
      'POST /v1/spheres/S/contexts': () => jsonResponse(201, context({})),
    });
    renderOverlay('sphereId=S');
    fireEvent.change(await screen.findByTestId('context-name-en'), { target: { value: 'Workshop' } });
    fireEvent.click(screen.getByTestId('context-add-word'));
    fireEvent.change(screen.getByTestId('context-from-0'), { target: { value: 'group' } });
    fireEvent.change(screen.getByTestId('context-to-0'), { target: { value: 'team' } });
    expect(screen.getByTestId('context-preview').textContent).toContain(
      'Every member of the team shares how they feel; the team’s manager sees the trend.',
    );
    // An empty row is left out.
    fireEvent.click(screen.getByTestId('context-add-word'));
    fireEvent.click(screen.getByTestId('context-save'));
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent('POST')).toEqual([
      {
        name: { en: 'Workshop' },
        description: {},
        substitutions: { en: [{ from: 'group', to: 'team' }] },
        overrides: {},
        active: false,
      },
    ]);
  });

  it('a word named twice, or a missing name, is shown before anything is sent, in its language', async () => {
    answer({ 'GET /v1/spheres/S': () => jsonResponse(200, sphere) });
    renderOverlay('sphereId=S');
    fireEvent.click(within(await screen.findByTestId('context-language')).getByText('Français'));
    fireEvent.click(screen.getByTestId('context-add-word'));
    fireEvent.click(screen.getByTestId('context-add-word'));
    fireEvent.change(screen.getByTestId('context-from-0'), { target: { value: 'groupe' } });
    fireEvent.change(screen.getByTestId('context-to-0'), { target: { value: 'équipe' } });
    fireEvent.change(screen.getByTestId('context-from-1'), { target: { value: 'Groupe' } });
    fireEvent.change(screen.getByTestId('context-to-1'), { target: { value: 'cellule' } });
    expect(screen.getByTestId('context-preview').textContent).toContain('équipe partage comment');
    fireEvent.click(screen.getByTestId('context-save'));
    expect(await screen.findByText('This item already exists.')).toBeTruthy();
    expect(screen.getByTestId('context-name-en').getAttribute('aria-invalid')).toBe('true');
    expect(within(screen.getByTestId('context-language')).getByText('Français (to correct)')).toBeTruthy();
    expect(sent('POST')).toEqual([]);
    // The second pair can be taken away.
    fireEvent.click(screen.getByTestId('context-remove-1'));
    expect(screen.queryByTestId('context-from-1')).toBeNull();
  });

  it('a context that no longer exists says so', async () => {
    answer({
      'GET /v1/spheres/S': () => jsonResponse(200, sphere),
      'GET /v1/spheres/S/contexts/gone': () => jsonResponse(404, { key: 'not-found' }),
    });
    renderOverlay('sphereId=S&contextId=gone');
    expect((await screen.findByTestId('context-load-error')).textContent).toContain(
      'This context does not exist, or no longer.',
    );
  });
});

describe('the contexts tab', () => {
  it('says when the sphere has none', async () => {
    answer({
      'GET /v1/spheres/S/contexts': () => jsonResponse(200, { count: 0, items: [], max: 10, offset: 0 }),
    });
    renderPage(<ContextsList sphereId="S" primary="en" />);
    expect(await screen.findByTestId('contexts-empty')).toBeTruthy();
  });

  it('names the active one in words, switches it, and deletes after a confirmation', async () => {
    const active = context({ id: 'a', name: { en: 'School' }, active: true });
    const other = context({ id: 'b', name: { en: 'Camp' }, substitutions: { en: [{ from: 'a', to: 'b' }] } });
    answer({
      'GET /v1/spheres/S/contexts': () =>
        jsonResponse(200, { count: 2, items: [active, other], max: 10, offset: 0 }),
      'PUT /v1/spheres/S/contexts/b': () => jsonResponse(200, { ...other, active: true }),
      'DELETE /v1/spheres/S/contexts/a': () => new Response(null, { status: 204 }),
    });
    renderPage(<ContextsList sphereId="S" primary="en" />);
    const row = await screen.findByTestId('context-row-a');
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(screen.getByTestId('context-row-b')).getByText('Not active')).toBeTruthy();
    expect(within(screen.getByTestId('context-row-b')).getByText('1 word')).toBeTruthy();

    fireEvent.click(screen.getByTestId('context-activate-b'));
    await vi.waitFor(() => expect(sent('PUT')).toHaveLength(1));
    expect(sent('PUT')[0]).toMatchObject({ active: true, updateDate: other.updateDate });

    fireEvent.click(screen.getByTestId('context-delete-a'));
    expect((await screen.findByTestId('context-delete-dialog')).textContent).toContain(
      'This is the active context',
    );
    fireEvent.click(screen.getByTestId('context-delete-confirm'));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true),
    );
  });
});

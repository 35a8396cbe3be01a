// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import { notifications } from '@mantine/notifications';
import type { Galaxy, GalaxyQuota, QuotaRequest } from '@shared/contracts/galaxies';
import type { Me } from '@shared/contracts/me';
import i18n from '../../i18n';
import { callApi } from '../../lib/api';
import { ApiError, errorMessages } from '../../lib/errors';
import { jsonResponse, renderPage } from '../../test/render';
import { meFixture } from '../../test/me';
import { listGalaxyQuotas } from '@shared/contracts/galaxies';
import GalaxiesPage from './galaxies-page';
import GalaxiesAdminPage from './galaxies-admin-page';
import GalaxyPage from './galaxy-page';
import AddGalaxyOverlay from './add-galaxy-overlay';
import AddGalaxyMemberOverlay from './add-galaxy-member-overlay';
import { expectNoAxeViolations } from '../../test/axe';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();

const galaxy: Galaxy = {
  id: 'g1',
  name: 'Groupe Horizon',
  shortName: 'HRZ',
  language: 'fr',
  sphereCount: 2,
  memberCount: 1,
  alerts: [],
  pendingRequests: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updateDate: '2026-01-02T00:00:00.000Z',
} as Galaxy;

const quotas: GalaxyQuota[] = [
  { kind: 'spheres', family: 'spheres', counted: true, value: 10, usage: 8, percentage: 80, state: 'alert' },
  { kind: 'tags', family: 'tags', counted: true, usage: 3, percentage: 0, state: 'ok' },
  {
    kind: 'engagement-up-subscriptions',
    family: 'engagement-up',
    counted: false,
    value: 5,
    usage: 0,
    percentage: 0,
    state: 'ok',
  },
] as GalaxyQuota[];

const pending: QuotaRequest = {
  id: 'r1',
  galaxyId: 'g1',
  galaxyName: 'Groupe Horizon',
  kind: 'spheres',
  currentValue: 10,
  requestedValue: 20,
  reason: 'Growth',
  status: 'pending',
  requestedBy: { userId: 'u2', name: 'Camille' },
  createdAt: '2026-02-01T00:00:00.000Z',
};

const list = <T,>(items: T[]) => ({ count: items.length, items, max: 200, offset: 0 });

const galaxyAdmin = (): Partial<Me> => ({
  galaxies: [{ id: 'g1', name: 'Groupe Horizon', shortName: 'HRZ', roles: ['admin'] }],
  ability: {
    subscription: 'starter',
    rules: [
      { action: 'get', subject: 'galaxy', conditions: { galaxyId: 'g1' } },
      { action: 'put', subject: 'galaxy', conditions: { galaxyId: 'g1' } },
    ] as Me['ability']['rules'],
  },
});
const superAdmin = (): Partial<Me> => ({
  ability: {
    subscription: 'starter',
    rules: [{ action: 'manage', subject: 'all' }] as Me['ability']['rules'],
  },
});

function serve(answers: Record<string, (init?: RequestInit) => Response>, me: Partial<Me> = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (key === 'GET /v1/me') return jsonResponse(200, meFixture(me));
    const answer = answers[key];
    return answer ? answer(init) : jsonResponse(404, { key: 'not-found' });
  });
}

const galaxyAnswers = {
  'GET /v1/galaxies/g1': () => jsonResponse(200, galaxy),
  'GET /v1/galaxies/g1/quotas': () => jsonResponse(200, quotas),
  'GET /v1/galaxies/g1/quota-requests': () => jsonResponse(200, list([pending])),
};

beforeEach(async () => {
  vi.clearAllMocks();
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: { accessToken: { toString: () => 'access-1' } },
  } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr');
});

describe('the galaxies page', () => {
  it('shows the member’s galaxies as cards, or says there is none', async () => {
    serve({}, galaxyAdmin());
    renderPage(<GalaxiesPage />);
    expect((await screen.findAllByTestId('galaxy-card')).length).toBe(1);
    expect(screen.getByText('Groupe Horizon')).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('says when the member has no galaxy', async () => {
    serve({});
    renderPage(<GalaxiesPage />);
    expect(await screen.findByTestId('galaxies-empty')).toBeTruthy();
  });
});

describe('a galaxy’s quotas', () => {
  it('reads every quota in words, with an accessible gauge, and its pending request', async () => {
    serve(galaxyAnswers, galaxyAdmin());
    renderPage(<GalaxyPage />, { path: '/apps/galaxy/:galaxyId/:tab', entry: '/apps/galaxy/g1/quotas' });
    const spheres = await screen.findByTestId('quota-spheres');
    expect(within(spheres).getByTestId('quota-value').textContent).toContain('10');
    expect(within(spheres).getByTestId('quota-usage').textContent).toContain('8');
    expect(within(spheres).getByTestId('quota-state').textContent).toContain('alert');
    const bar = within(spheres).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('80');
    expect(within(screen.getByTestId('quota-tags')).getByTestId('quota-value').textContent).toContain(
      'no limit',
    );
    expect(
      within(screen.getByTestId('quota-engagement-up-subscriptions')).getByTestId('quota-usage').textContent,
    ).toContain('not counted yet');
    expect((await screen.findAllByTestId('quota-request')).length).toBe(1);
    await expectNoAxeViolations();
  });

  it('sends a change request from the keyboard only, and shows the 400 keys on the fields', async () => {
    let sent: unknown;
    serve(
      {
        ...galaxyAnswers,
        'POST /v1/galaxies/g1/quota-requests': (init) => {
          sent = JSON.parse(String(init?.body));
          return jsonResponse(201, { ...pending, id: 'r2' });
        },
      },
      galaxyAdmin(),
    );
    renderPage(<GalaxyPage />, { path: '/apps/galaxy/:galaxyId/:tab', entry: '/apps/galaxy/g1/quotas' });
    const spheres = await screen.findByTestId('quota-spheres');
    fireEvent.click(within(spheres).getByTestId('quota-request-button'));
    const value = await screen.findByTestId('request-value');
    await waitFor(() => expect(document.activeElement).toBe(value));
    const reason = screen.getByTestId('request-reason');
    // Enter with an empty form: the contract's keys, nothing sent.
    fireEvent.keyDown(reason, { key: 'Enter' });
    expect(await screen.findAllByText(/required|number/i)).toBeTruthy();
    await expectNoAxeViolations(screen.getByRole('dialog'));
    fireEvent.change(value, { target: { value: '20' } });
    fireEvent.change(reason, { target: { value: 'Growth' } });
    fireEvent.keyDown(reason, { key: 'Enter' });
    await waitFor(() => expect(sent).toEqual({ kind: 'spheres', value: 20, reason: 'Growth' }));
  });
});

describe('the galaxies administration', () => {
  it('lists every galaxy and every pending request, for super-admins', async () => {
    serve(
      {
        'GET /v1/galaxies': () => jsonResponse(200, list([galaxy])),
        'GET /v1/quota-requests': () => jsonResponse(200, list([pending])),
      },
      superAdmin(),
    );
    renderPage(<GalaxiesAdminPage />);
    expect((await screen.findAllByTestId('galaxy-row')).length).toBe(1);
    expect((await screen.findAllByTestId('quota-request')).length).toBe(1);
    await expectNoAxeViolations();
  });
});

describe('the overlays', () => {
  it('checks the new galaxy with the contract before sending', async () => {
    serve({}, superAdmin());
    renderPage(<AddGalaxyOverlay params={new URLSearchParams()} done={vi.fn()} close={vi.fn()} />);
    fireEvent.click(await screen.findByTestId('galaxy-submit'));
    expect((await screen.findAllByText(/required/i)).length).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await expectNoAxeViolations();
  });

  it('adds a member with the galaxy and the requester, and says so without a galaxy id', async () => {
    let sent: unknown;
    serve(
      {
        'GET /v1/galaxies/g1/members': () => jsonResponse(200, list([])),
        'POST /v1/galaxies/g1/members': (init) => {
          sent = JSON.parse(String(init?.body));
          return jsonResponse(201, {});
        },
      },
      galaxyAdmin(),
    );
    const view = renderPage(
      <AddGalaxyMemberOverlay params={new URLSearchParams('galaxyId=g1')} done={vi.fn()} close={vi.fn()} />,
    );
    fireEvent.change(await screen.findByTestId('member-name'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByTestId('member-email'), { target: { value: 'ana@example.com' } });
    await expectNoAxeViolations();
    fireEvent.click(screen.getByTestId('member-submit'));
    await waitFor(() =>
      expect(sent).toMatchObject({ galaxyId: 'g1', name: 'Ana', email: 'ana@example.com', roles: ['admin'] }),
    );
    view.unmount();
    renderPage(<AddGalaxyMemberOverlay params={new URLSearchParams()} done={vi.fn()} close={vi.fn()} />);
    expect(await screen.findByTestId('member-no-galaxy')).toBeTruthy();
  });
});

describe('quota alerts and blocks anywhere', () => {
  it('names the blocked quotas of a quota-blocked error', () => {
    const error = new ApiError(409, [
      { key: 'quota-blocked', field: 'spheres' },
      { key: 'quota-blocked', field: 'tags' },
    ]);
    expect(errorMessages(error, i18n.t)).toBe('Blocking limit reached (degraded service): Spheres, Tags.');
  });

  it('tells once when an answer carries the quota alert header', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(quotas), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-quota-alert': 'spheres,tags' },
      }),
    );
    renderPage(<div />);
    await callApi(listGalaxyQuotas, { params: { id: 'g1' } });
    expect(notifications.show).toHaveBeenCalledTimes(1);
    expect(vi.mocked(notifications.show).mock.calls[0]![0].message).toContain('Spheres, Tags');
  });
});

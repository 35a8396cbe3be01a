// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { SphereReport } from '@shared/contracts/reports';
import type { Session } from '@shared/contracts/sessions';
import type { Sphere } from '@shared/contracts/spheres';
import type {
  SessionStrategyReportRequest,
  SphereStrategyReportRequest,
  StrategyReport,
} from '@shared/contracts/strategy-reports';
import { defineRules, type AbilityFacts } from '@shared/domain/ability';
import i18n from '../../../i18n';
import { sessionFixture, sphereFixture } from '../../../test/fixtures';
import { meFixture } from '../../../test/me';
import { jsonResponse, renderPage } from '../../../test/render';
import type * as ReportExport from '../exports/report-export';
import { download } from '../exports/report-export';
import FeelingsReportPage from './report-page';
import { testStrategyReport } from '../exports/strategy-report-test-data';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
// The files are built for real; only handing them to the browser is watched.
vi.mock('../exports/report-export', async (importOriginal) => ({
  ...(await importOriginal<typeof ReportExport>()),
  download: vi.fn(),
}));

const fetchMock = vi.fn<typeof fetch>();

const sphere = (extra: Partial<Sphere> = {}): Sphere =>
  sphereFixture({ languages: { primary: 'fr', extras: ['en'] }, ...extra });

const session: Session = sessionFixture();

/** The feelings the page shows first. */
const feelings: SphereReport = {
  sphereId: 'sphere-1',
  template: 'general',
  interval: 'week',
  anonymityNotGuaranteed: false,
  tagIds: [],
  start: '2026-03-01',
  end: '2026-03-22',
  weeks: ['2026-W10'],
  covered: { first: '2026-03-02', last: '2026-03-08' },
  total: { shown: true, people: 12, answers: 40 },
  series: [],
};

interface ServerOptions {
  /** Sphere admin (the default) or a plain member of the group. */
  member?: boolean;
  sphere?: Sphere;
  report?: StrategyReport;
  /** The strategy report's failure instead of its answer: its status and body. */
  failure?: { status: number; body: unknown };
}

/** A small fake of the API the page reads, recording the strategy reports asked. */
function fakeServer(options: ServerOptions = {}) {
  const facts: AbilityFacts = {
    userId: 'user-1',
    isGuest: false,
    subscription: 'essentials',
    globalRoles: [],
    superAdminMode: false,
    spheres: [{ sphereId: 'sphere-1', roles: options.member ? ['contributor'] : ['admin'] }],
    sessions: options.member
      ? [{ sessionId: 'session-1', sphereId: 'sphere-1', category: 'contributor', roles: ['member'] }]
      : [],
  };
  const sent: { method: string; path: string; body: unknown }[] = [];
  const server = { failure: options.failure };
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    const path = url.pathname;
    sent.push({ method, path, body });
    const list = (items: unknown[]) => jsonResponse(200, { count: items.length, items, max: 200, offset: 0 });
    if (path === '/v1/me')
      return jsonResponse(
        200,
        meFixture({
          spheres: [{ id: 'sphere-1', name: 'Atelier' }],
          ability: { subscription: facts.subscription, rules: defineRules(facts) },
        }),
      );
    if (path === '/v1/spheres/sphere-1') return jsonResponse(200, options.sphere ?? sphere());
    if (path === '/v1/sessions/session-1') return jsonResponse(200, session);
    if (path === '/v1/spheres/sphere-1/tags') return list([]);
    if (path === '/v1/feelings/definitions/words') return list([]);
    if (path === '/v1/feelings/sphere-reports' || path === '/v1/feelings/session-reports')
      return jsonResponse(200, feelings);
    if (
      (path === '/v1/strategies/sphere-reports' || path === '/v1/strategies/session-reports') &&
      method === 'POST'
    ) {
      if (server.failure) return jsonResponse(server.failure.status, server.failure.body);
      const report = options.report ?? testStrategyReport();
      return jsonResponse(
        200,
        path === '/v1/strategies/session-reports'
          ? { ...report, linkTo: 'session', sessionId: (body as SessionStrategyReportRequest).sessionId }
          : report,
      );
    }
    return jsonResponse(404, { key: 'not-found' });
  });
  const asked = (path: string) => sent.filter((c) => c.method === 'POST' && c.path === path);
  return {
    /** From now on the strategy report answers normally. */
    recover: () => {
      server.failure = undefined;
    },
    sphereReports: () =>
      asked('/v1/strategies/sphere-reports').map((c) => c.body as SphereStrategyReportRequest),
    sessionReports: () =>
      asked('/v1/strategies/session-reports').map((c) => c.body as SessionStrategyReportRequest),
  };
}

const renderSphere = () =>
  renderPage(<FeelingsReportPage />, {
    path: '/apps/spheres/:sphereId/reports',
    entry: '/apps/spheres/sphere-1/reports',
  });

const renderSession = () =>
  renderPage(<FeelingsReportPage />, {
    path: '/apps/sessions/:sessionId/reports',
    entry: '/apps/sessions/session-1/reports',
  });

/** A page's first answers wait on several reads: more than the default second when the machine is busy. */
const SLOW = { timeout: 5_000 };

/** Waits for the feelings, then chooses the strategy. */
async function showStrategy() {
  await screen.findByTestId('report-people', {}, SLOW);
  fireEvent.click(screen.getByRole('radio', { name: 'Strategy' }));
}

const cells = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('cell')
    .map((c) => c.textContent);

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

describe('the strategy of the sphere report page', () => {
  it('asks the sphere’s strategy report with the page’s filters and shows people and assessments', async () => {
    const server = fakeServer();
    renderSphere();
    await showStrategy();
    expect((await screen.findByTestId('strategy-report-people', {}, SLOW)).textContent).toBe('10');
    expect(screen.getByTestId('strategy-report-answers').textContent).toBe('24');
    const [asked, ...others] = server.sphereReports();
    expect(others).toEqual([]);
    expect(asked).toEqual({
      sphereId: 'sphere-1',
      start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      end: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      tagIds: [],
      interval: 'week',
    });
  });

  it('the tree shows each item in the outline’s order at its depth, with its average and nearest level in words', async () => {
    fakeServer();
    renderSphere();
    await showStrategy();
    const tree = await screen.findByTestId('strategy-report-tree', {}, SLOW);
    expect(
      within(tree)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Vision, outline level 1Vision',
      'Time to focus, outline level 1Strategic axis',
      'Shorter meetings, outline level 2GoalHidden from members',
      'No meeting on Wednesday mornings, outline level 3Action',
      'Team breakfast, outline level 1Custom item',
    ]);
    expect(screen.getByTestId('strategy-report-average-vision-1').textContent).toBe('3.80 — Happy');
    expect(screen.getByTestId('strategy-report-average-axis-1').textContent).toBe('2.13 — Unhappy');
    expect(screen.getByTestId('strategy-report-levels-vision-1').textContent).toBe(
      'Very unhappy: 0 (0%) · Unhappy: 1 (10%) · Neutral: 2 (20%) · Happy: 5 (50%) · Very happy: 2 (20%)',
    );
    // Each part of the bar is named too, so colour is never the only signal.
    const bar = within(screen.getByTestId('strategy-report-item-vision-1'));
    expect(bar.getByRole('progressbar', { name: 'Happy: 5 (50%)' })).toBeTruthy();
    expect(screen.getByTestId('strategy-report-hidden-item-goal-1').textContent).toBe('Hidden from members');
    expect(screen.getByTestId('strategy-report-average-custom-1').textContent).toBe(
      'No assessment in this period',
    );
  });

  it('an item too few people assessed shows its reason and threshold instead of any number', async () => {
    fakeServer();
    renderSphere();
    await showStrategy();
    await screen.findByTestId('strategy-report-tree', {}, SLOW);
    expect(cells('strategy-report-item-action-1')).toEqual([
      'Hidden: fewer than 8 people assessed this item',
    ]);
  });

  it('the graphic view draws the averages as a chart named in words, with a table of the same numbers', async () => {
    fakeServer();
    renderSphere();
    await showStrategy();
    await screen.findByTestId('strategy-report-tree', {}, SLOW);
    fireEvent.click(screen.getByRole('radio', { name: 'Graphic' }));
    const graphic = await screen.findByTestId('strategy-report-graphic');
    expect(screen.queryByTestId('strategy-report-tree')).toBeNull();
    expect(within(graphic).getByRole('img').getAttribute('aria-label')).toBe(
      'Average assessment of each of the 3 items over the whole period, from 1 (Very unhappy) to 5 (Very happy). The table below gives the same figures.',
    );
    expect(cells('strategy-report-bar-vision-1')).toEqual(['10', '3.80', 'Happy']);
    expect(cells('strategy-report-bar-goal-1')).toEqual(['8', '4.63', 'Very happy']);
    expect(cells('strategy-report-bar-action-1')).toEqual(['Hidden: fewer than 8 people assessed this item']);
    fireEvent.click(screen.getByRole('radio', { name: 'Tree' }));
    expect(await screen.findByTestId('strategy-report-tree')).toBeTruthy();
  });

  it('the series gives each item’s average per week, a hidden week says why', async () => {
    fakeServer();
    renderSphere();
    await showStrategy();
    await screen.findByTestId('strategy-report-table', {}, SLOW);
    expect(cells('strategy-report-row-2026-W10')).toEqual([
      '9',
      '20',
      '3.78',
      '2.13',
      'Hidden: fewer than 8 people assessed this item',
      'Hidden: fewer than 8 people assessed this item',
      '—',
    ]);
    expect(cells('strategy-report-row-2026-W11')).toEqual(['Hidden: fewer than 8 people']);
  });

  it('a hidden whole period gives its reason and neither figure nor item', async () => {
    fakeServer({
      report: testStrategyReport({ total: { shown: false, reason: 'too-few-people', threshold: 8 } }),
    });
    renderSphere();
    await showStrategy();
    expect((await screen.findByTestId('strategy-report-total-hidden', {}, SLOW)).textContent).toBe(
      'Hidden: fewer than 8 people',
    );
    expect(screen.queryByTestId('strategy-report-figures')).toBeNull();
    expect(screen.queryByTestId('strategy-report-tree')).toBeNull();
  });

  it('a sphere without a strategy says so in a sentence', async () => {
    fakeServer({ report: testStrategyReport({ strategies: [] }) });
    renderSphere();
    await showStrategy();
    expect((await screen.findByTestId('strategy-report-none', {}, SLOW)).textContent).toBe(
      'This sphere has no strategy yet. Once its admins have written one and members have assessed it, the assessments will appear here.',
    );
    expect(screen.queryByTestId('strategy-report-export-csv')).toBeNull();
  });

  it('a sphere that keeps no strategy says strategies are off, not an error', async () => {
    fakeServer({ failure: { status: 403, body: { key: 'strategy-not-enabled' } } });
    renderSphere();
    await showStrategy();
    expect((await screen.findByTestId('strategy-report-not-enabled', {}, SLOW)).textContent).toContain(
      'Strategies are not turned on in this sphere',
    );
    expect(screen.queryByTestId('strategy-report-error')).toBeNull();
  });

  it('a failed load says so and its retry asks again', async () => {
    const server = fakeServer({ failure: { status: 500, body: { key: 'internal-server-error' } } });
    renderSphere();
    await showStrategy();
    const error = await screen.findByTestId('strategy-report-error', {}, SLOW);
    expect(within(error).getByText('The strategy report could not be loaded.')).toBeTruthy();
    server.recover();
    fireEvent.click(within(error).getByTestId('retry'));
    expect((await screen.findByTestId('strategy-report-people', {}, SLOW)).textContent).toBe('10');
    expect(server.sphereReports()).toHaveLength(2);
  });

  it('exports the shown table as CSV, hidden cells carrying their reason, never 0', async () => {
    fakeServer();
    renderSphere();
    await showStrategy();
    expect(await screen.findByTestId('strategy-report-export-xlsx', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByTestId('strategy-report-export-csv'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    const [content, type, fileName] = vi.mocked(download).mock.calls[0] ?? [];
    expect(type).toBe('text/csv;charset=utf-8');
    expect(fileName).toBe('sphere-strategy-report-atelier-2026-03-01-2026-03-22.csv');
    const lines = String(content).slice(1).split('\r\n');
    expect(lines[0]).toBe('Sphere: Atelier');
    expect(lines).toContain(
      'Period;People;Assessments;Vision;Time to focus;Shorter meetings;No meeting on Wednesday mornings;Team breakfast',
    );
    expect(lines).toContain('09/03/2026 – 15/03/2026;Hidden: fewer than 8 people');
    expect(lines).toContain(
      '    No meeting on Wednesday mornings;Action;3;;Hidden: fewer than 8 people assessed this item',
    );
  });

  it('has no serious or critical accessibility violation, in the tree or the graphic', async () => {
    fakeServer({
      sphere: sphere({ isStudyProgram: true }),
      report: testStrategyReport({ anonymityNotGuaranteed: true }),
    });
    const { container } = renderSphere();
    await showStrategy();
    await screen.findByTestId('strategy-report-tree', {}, SLOW);
    expect(screen.getAllByTestId('report-anonymity')).toHaveLength(1);
    const serious = async () =>
      (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(await serious()).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: 'Graphic' }));
    await screen.findByTestId('strategy-report-graphic');
    expect(await serious()).toEqual([]);
  });
});

describe('the strategy of the group (session) report page', () => {
  it('asks the group’s report by sessionId and shows its items', async () => {
    const server = fakeServer({ member: true });
    renderSession();
    await showStrategy();
    expect(await screen.findByTestId('strategy-report-average-vision-1', {}, SLOW)).toBeTruthy();
    const [asked] = server.sessionReports();
    expect(asked).toMatchObject({ sessionId: 'session-1', tagIds: [], interval: 'week' });
    expect(asked).not.toHaveProperty('sphereId');
    expect(server.sphereReports()).toEqual([]);
  });

  it('a group without a strategy says so in a sentence', async () => {
    fakeServer({ member: true, report: testStrategyReport({ strategies: [] }) });
    renderSession();
    await showStrategy();
    expect((await screen.findByTestId('strategy-report-none', {}, SLOW)).textContent).toBe(
      'This group has no strategy yet. Once it has one and its members have assessed it, the assessments will appear here.',
    );
  });

  it('the study-programme notice follows the strategy report’s answer', async () => {
    fakeServer({ member: true, report: testStrategyReport({ anonymityNotGuaranteed: true }) });
    renderSession();
    await showStrategy();
    await screen.findByTestId('strategy-report-people', {}, SLOW);
    expect(screen.getAllByTestId('report-anonymity')).toHaveLength(1);
  });
});

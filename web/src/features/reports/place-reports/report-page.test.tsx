// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type {
  SessionReportRequest,
  SphereReport,
  SphereReportRequest,
  ThinkingReport,
} from '@shared/contracts/reports';
import type { Session } from '@shared/contracts/sessions';
import type { Sphere } from '@shared/contracts/spheres';
import type { Tag } from '@shared/contracts/tags';
import type { Axis } from '@shared/contracts/thinkings';
import { defineRules, type AbilityFacts } from '@shared/domain/ability';
import i18n from '../../../i18n';
import { meQueryKey } from '../../../lib/me';
import { sessionFixture, sphereFixture } from '../../../test/fixtures';
import { meFixture } from '../../../test/me';
import { jsonResponse, renderPage } from '../../../test/render';
import type * as ReportExport from '../exports/report-export';
import { download, type ShownFigure } from '../exports/report-export';
import ReportsCard from '../reports-card';
import FeelingsReportPage from './report-page';
import type { ShownThinkingFigure } from '../exports/thinking-export';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
// The files are built for real; only handing them to the browser is watched.
vi.mock('../exports/report-export', async (importOriginal) => ({
  ...(await importOriginal<typeof ReportExport>()),
  download: vi.fn(),
}));

const fetchMock = vi.fn<typeof fetch>();

function sphere(extra: Partial<Sphere> = {}): Sphere {
  return sphereFixture({ languages: { primary: 'fr', extras: ['en'] }, ...extra });
}

/** A group of the sphere, as its members read it (its name the one they may see). */
const session = sessionFixture;

function tag(id: string, name: Tag['name'], extra: Partial<Tag> = {}): Tag {
  return {
    id,
    shortId: id,
    name,
    type: 'department',
    color: '#123456',
    weight: 0,
    modules: ['member'],
    keywords: [],
    archived: false,
    autoTag: false,
    updateDate: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

const TAGS = [
  tag('tag-north', { fr: 'Nord', en: 'North' }),
  // Named in the sphere's language only: shown in it.
  tag('tag-night', { fr: 'Équipe de nuit' }),
  tag('tag-south', { fr: 'Sud', en: 'South' }),
  tag('tag-old', { en: 'Former team' }, { archived: true }),
];

const shown = (
  people: number,
  answers: number,
  colors = { yellow: 10, green: 5, red: 3, blue: 2 },
): ShownFigure => ({
  shown: true,
  people,
  answers,
  averageValue: 0.25,
  averageEnergy: 0.6,
  colors,
  words: [{ wordId: 'calm', count: 4 }],
});

function report(extra: Partial<SphereReport> = {}): SphereReport {
  return {
    sphereId: 'sphere-1',
    template: 'general',
    interval: 'week',
    anonymityNotGuaranteed: false,
    tagIds: [],
    start: '2026-03-01',
    end: '2026-03-22',
    weeks: ['2026-W10', '2026-W11'],
    covered: { first: '2026-03-02', last: '2026-03-15' },
    total: shown(12, 40, { yellow: 20, green: 10, red: 6, blue: 4 }),
    series: [
      { period: '2026-W10', first: '2026-03-02', last: '2026-03-08', figure: shown(9, 20) },
      {
        period: '2026-W11',
        first: '2026-03-09',
        last: '2026-03-15',
        figure: { shown: false, reason: 'too-few-people', threshold: 8 },
      },
    ],
    ...extra,
  };
}

const axis = (id: string, name: Axis['name']): Axis => ({
  id,
  name,
  description: {},
  keywords: [],
  modules: ['sphere'],
  required: false,
  allowComment: false,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const AXES = [
  axis('workload', { fr: 'Charge de travail', en: 'Workload', nl: 'Werkdruk' }),
  // Named in French only: shown in it to every reader.
  axis('recognition', { fr: 'Reconnaissance' }),
];

const thinkingShown = (people: number, answers: number): ShownThinkingFigure => ({
  shown: true,
  people,
  answers,
  axes: [
    {
      axisId: 'recognition',
      answers: 6,
      average: 1,
      values: [
        { value: -1, count: 0 },
        { value: -0.5, count: 0 },
        { value: 0, count: 0 },
        { value: 0.5, count: 0 },
        { value: 1, count: 6 },
      ],
    },
    {
      axisId: 'workload',
      answers: 12,
      average: -0.167,
      values: [
        { value: -1, count: 4 },
        { value: -0.5, count: 2 },
        { value: 0, count: 2 },
        { value: 0.5, count: 2 },
        { value: 1, count: 2 },
      ],
    },
  ],
});

function thinkingReport(extra: Partial<ThinkingReport> = {}): ThinkingReport {
  return {
    sphereId: 'sphere-1',
    template: 'general',
    interval: 'week',
    anonymityNotGuaranteed: false,
    tagIds: [],
    start: '2026-03-01',
    end: '2026-03-22',
    weeks: ['2026-W10', '2026-W11'],
    covered: { first: '2026-03-02', last: '2026-03-15' },
    total: thinkingShown(12, 18),
    series: [
      { period: '2026-W10', first: '2026-03-02', last: '2026-03-08', figure: thinkingShown(9, 12) },
      {
        period: '2026-W11',
        first: '2026-03-09',
        last: '2026-03-15',
        figure: { shown: false, reason: 'too-few-people', threshold: 8 },
      },
    ],
    ...extra,
  };
}

interface ServerOptions {
  roles?: AbilityFacts['spheres'][number]['roles'];
  /** The caller's roles in session-1 of sphere-1; none: not in the group. */
  sessionRoles?: AbilityFacts['sessions'][number]['roles'];
  /** The caller gave themselves the member role in session-1 through their own right (decision 0012). */
  selfGranted?: boolean;
  sphere?: Sphere;
  session?: Session;
  report?: SphereReport;
  reportStatus?: { status: number; body: unknown };
  tagsStatus?: number;
  /** The report's groups answer this status instead of the groups. */
  groupsStatus?: number;
  /** Tags fewer than 8 people hold today. */
  tooFew?: string[];
  /** Per first tag, the tags fewer than 5 people hold together with it today. */
  tooFewWith?: Record<string, string[]>;
  /** The caller's subscription (Essentials unless told). */
  subscription?: AbilityFacts['subscription'];
  thinking?: ThinkingReport;
  axesStatus?: number;
}

/** A small fake of the API the page reads, recording what was sent. */
function fakeServer(options: ServerOptions = {}) {
  const facts: AbilityFacts = {
    userId: 'user-1',
    isGuest: false,
    subscription: options.subscription ?? 'essentials',
    globalRoles: [],
    superAdminMode: false,
    spheres: [{ sphereId: 'sphere-1', roles: options.roles ?? ['admin'] }],
    sessions: options.sessionRoles
      ? [
          {
            sessionId: 'session-1',
            sphereId: 'sphere-1',
            category: 'contributor',
            roles: options.sessionRoles,
            ...(options.selfGranted ? { selfGranted: true } : {}),
          },
        ]
      : [],
  };
  const sent: { method: string; path: string; body: unknown }[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path: `${url.pathname}${url.search}`, body });
    const path = url.pathname;
    if (path === '/v1/me')
      return jsonResponse(
        200,
        meFixture({
          spheres: [{ id: 'sphere-1', name: 'Atelier' }],
          ability: { subscription: facts.subscription, rules: defineRules(facts) },
        }),
      );
    if (path === '/v1/spheres/sphere-1') return jsonResponse(200, options.sphere ?? sphere());
    if (path === '/v1/sessions/session-1') return jsonResponse(200, options.session ?? session());
    if (path === '/v1/spheres/sphere-1/tags' && options.tagsStatus)
      return jsonResponse(options.tagsStatus, { key: 'forbidden' });
    if (path === '/v1/spheres/sphere-1/tags')
      return jsonResponse(200, {
        count: TAGS.length,
        items: url.searchParams.get('archived') === 'false' ? TAGS.filter((t) => !t.archived) : TAGS,
        max: 2000,
        offset: 0,
      });
    if (path === '/v1/spheres/sphere-1/report-groups' && options.groupsStatus)
      return jsonResponse(options.groupsStatus, { key: 'internal-server-error' });
    if (path === '/v1/spheres/sphere-1/report-groups') {
      const paired = url.searchParams.get('with');
      return jsonResponse(200, {
        threshold: 8,
        pairThreshold: 5,
        items: TAGS.filter((t) => !t.archived).map((t) => ({
          tagId: t.id,
          name: t.name,
          type: t.type,
          color: t.color,
          enough: !(options.tooFew ?? []).includes(t.id),
          ...(paired && paired !== t.id
            ? { pairEnough: !(options.tooFewWith?.[paired] ?? []).includes(t.id) }
            : {}),
        })),
      });
    }
    if (path === '/v1/feelings/definitions/words')
      return jsonResponse(200, {
        count: 1,
        items: [
          {
            id: 'calm',
            color: 'green',
            label: { fr: 'Calme', en: 'Calm', nl: 'Kalm' },
            description: { fr: '', en: '', nl: '' },
          },
        ],
        max: 1000,
        offset: 0,
      });
    if (path === '/v1/feelings/sphere-reports' && method === 'POST') {
      if (options.reportStatus) return jsonResponse(options.reportStatus.status, options.reportStatus.body);
      const asked = body as SphereReportRequest;
      return jsonResponse(200, { ...(options.report ?? report()), tagIds: asked.tagIds ?? [] });
    }
    if (path === '/v1/thinkings/definitions/axes' && options.axesStatus)
      return jsonResponse(options.axesStatus, { key: 'internal-server-error' });
    if (path === '/v1/thinkings/definitions/axes')
      return jsonResponse(200, { count: AXES.length, items: AXES, max: 500, offset: 0 });
    if (path === '/v1/thinkings/sphere-reports' && method === 'POST') {
      const asked = body as SphereReportRequest;
      return jsonResponse(200, { ...(options.thinking ?? thinkingReport()), tagIds: asked.tagIds ?? [] });
    }
    if (path === '/v1/feelings/session-reports' && method === 'POST') {
      const asked = body as SessionReportRequest;
      return jsonResponse(200, {
        ...(options.report ?? report()),
        sessionId: asked.sessionId,
        tagIds: asked.tagIds ?? [],
      });
    }
    return jsonResponse(404, { key: 'not-found' });
  });
  return {
    reports: () =>
      sent
        .filter((c) => c.method === 'POST' && c.path === '/v1/feelings/sphere-reports')
        .map((c) => c.body as SphereReportRequest),
    sessionReports: () =>
      sent
        .filter((c) => c.method === 'POST' && c.path === '/v1/feelings/session-reports')
        .map((c) => c.body as SessionReportRequest),
    thinkingReports: () =>
      sent
        .filter((c) => c.method === 'POST' && c.path === '/v1/thinkings/sphere-reports')
        .map((c) => c.body as SphereReportRequest),
    tagReads: () => sent.filter((c) => c.path.startsWith('/v1/spheres/sphere-1/tags')).length,
    /** The `with` of each read of the report's groups (null: none). */
    groupReads: () =>
      sent
        .filter((c) => c.path.startsWith('/v1/spheres/sphere-1/report-groups'))
        .map((c) => new URLSearchParams(c.path.split('?')[1] ?? '').get('with')),
  };
}

const renderReport = () =>
  renderPage(<FeelingsReportPage />, {
    path: '/apps/spheres/:sphereId/reports',
    entry: '/apps/spheres/sphere-1/reports',
  });

const renderSessionReport = () =>
  renderPage(<FeelingsReportPage />, {
    path: '/apps/sessions/:sessionId/reports',
    entry: '/apps/sessions/session-1/reports',
  });

/** Opens the group's list and picks a tag by its name. */
async function pickTag(name: string, label = 'Group') {
  const input = await screen.findByRole('textbox', { name: label });
  await waitFor(() => expect(input.hasAttribute('disabled')).toBe(false));
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

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

describe('the sphere report page', () => {
  it('shows the sphere’s name and the report’s figures: people, feelings, averages, quadrants, words', async () => {
    const server = fakeServer();
    renderReport();
    expect(await screen.findByRole('heading', { level: 1, name: 'Report of Atelier' })).toBeTruthy();
    expect((await screen.findByTestId('report-people')).textContent).toBe('12');
    expect(screen.getByTestId('report-answers').textContent).toBe('40');
    expect(screen.getByTestId('report-figures').textContent).toContain('+0.25');
    const yellow = screen.getByTestId('report-color-yellow');
    expect(yellow.textContent).toContain('Pleasant, high energy');
    expect(yellow.textContent).toContain('20');
    expect(yellow.textContent).toContain('50%');
    expect((await screen.findByTestId('report-words')).textContent).toContain('Calm (4 times)');
    expect(screen.getByTestId('report-covered').textContent).toBe(
      'The week in progress is not counted: these figures cover 2 closed weeks, from 02/03/2026 to 15/03/2026.',
    );
    const week = screen.getByTestId('report-row-2026-W10');
    expect(
      within(week)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['9', '20', '+0.25', '0.60', '10', '5', '3', '2']);
    // The default period, the whole sphere, per week, the general template.
    const asked = server.reports()[0];
    expect(asked).toMatchObject({ sphereId: 'sphere-1', tagIds: [], template: 'general' });
    expect(asked?.generalOptions?.interval).toBe('week');
    const now = new Date();
    const start = new Date(now.getFullYear(), now.getMonth() - 3, 1);
    const day = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(asked?.start).toBe(day(start));
    expect(asked?.end).toBe(day(now));
  });

  it('a hidden period says why, with the threshold, and shows no zero; the chart says it is hidden', async () => {
    fakeServer();
    renderReport();
    const hidden = await screen.findByTestId('report-hidden-2026-W11');
    expect(hidden.textContent).toBe('Hidden: fewer than 8 people');
    const row = screen.getByTestId('report-row-2026-W11');
    const cells = within(row).getAllByRole('cell');
    expect(cells).toHaveLength(1);
    expect(cells[0]?.getAttribute('colspan')).toBe('8');
    expect(row.textContent).not.toMatch(/\b0\b/);
    expect(screen.getByTestId('report-chart').getAttribute('aria-label')).toBe(
      'Feelings by quadrant, week by week (2 weeks). 1 period is hidden and has no bar; the table says why.',
    );
  });

  it('a hidden total gives its reason instead of the figures', async () => {
    fakeServer({
      report: report({ total: { shown: false, reason: 'too-close-to-another-group', threshold: 5 } }),
    });
    renderReport();
    expect((await screen.findByTestId('report-total-hidden')).textContent).toBe(
      'Hidden: too close to another group (fewer than 5 people apart)',
    );
    expect(screen.queryByTestId('report-figures')).toBeNull();
  });

  it.each([
    { lang: 'fr', said: 'Masqué pour qu’aucun groupe plus petit ne puisse être déduit' },
    { lang: 'en', said: 'Hidden so that a smaller group cannot be worked out' },
    { lang: 'nl', said: 'Verborgen zodat een kleinere groep niet kan worden afgeleid' },
  ])(
    'in $lang, a period and a total hidden to protect a smaller group say so, with no number',
    async ({ lang, said }) => {
      await i18n.changeLanguage(lang);
      const protects = { shown: false, reason: 'protects-a-smaller-group', threshold: 8 } as const;
      const base = report();
      fakeServer({
        report: report({
          total: protects,
          series: [base.series[0]!, { ...base.series[1]!, figure: protects }],
        }),
      });
      renderReport();
      const period = await screen.findByTestId('report-hidden-2026-W11');
      expect(period.textContent).toBe(said);
      expect(screen.getByTestId('report-total-hidden').textContent).toBe(said);
      const cells = within(screen.getByTestId('report-row-2026-W11')).getAllByRole('cell');
      expect(cells.map((c) => c.textContent)).toEqual([said]);
    },
  );

  it('says when the period holds no closed week', async () => {
    fakeServer({
      report: report({
        weeks: [],
        covered: null,
        series: [],
        total: { shown: false, reason: 'too-few-people', threshold: 8 },
      }),
    });
    renderReport();
    expect((await screen.findByTestId('report-empty')).textContent).toBe(
      'No closed week in this period: the week in progress is not counted.',
    );
  });

  it('choosing a tag asks the report of that group (tagIds), labelled in the reader’s language', async () => {
    const server = fakeServer();
    renderReport();
    await screen.findByTestId('report-people');
    await pickTag('North');
    await waitFor(() => expect(server.reports().at(-1)?.tagIds).toEqual(['tag-north']));
    // Archived tags are not offered.
    expect(screen.queryByRole('option', { name: 'Former team', hidden: true })).toBeNull();
  });

  it('no more than two tags can be picked: the others are disabled and not sent', async () => {
    const server = fakeServer();
    renderReport();
    await screen.findByTestId('report-people');
    await pickTag('North');
    await pickTag('Équipe de nuit');
    await waitFor(() => expect(server.reports().at(-1)?.tagIds).toEqual(['tag-north', 'tag-night']));
    const third = screen.getByRole('option', { name: 'South', hidden: true });
    expect(third.hasAttribute('data-combobox-disabled')).toBe(true);
    fireEvent.click(third);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.reports().every((r) => (r.tagIds ?? []).length <= 2)).toBe(true);
    expect(server.reports().at(-1)?.tagIds).toEqual(['tag-north', 'tag-night']);
  });

  it('the groups are those of the report’s route, not the tag list, which needs another right', async () => {
    const server = fakeServer();
    renderReport();
    await screen.findByTestId('report-people');
    await pickTag('South');
    await waitFor(() => expect(server.reports().at(-1)?.tagIds).toEqual(['tag-south']));
    expect(server.tagReads()).toBe(0);
    expect(server.groupReads()[0]).toBeNull();
  });

  it('a tag fewer than 8 people hold today says so under its name, with a sign, and can still be chosen', async () => {
    const server = fakeServer({ tooFew: ['tag-south'] });
    renderReport();
    await screen.findByTestId('report-people');
    const input = await screen.findByRole('textbox', { name: 'Group' });
    await waitFor(() => expect(input.hasAttribute('disabled')).toBe(false));
    fireEvent.click(input);
    const south = await screen.findByRole('option', { name: /^South/, hidden: true });
    const hint = within(south).getByTestId('report-group-hint');
    expect(hint.textContent).toContain('⚠');
    expect(hint.textContent).toContain('Fewer than 8 people hold this tag today: its figures will be hidden');
    // A tag enough people hold reads as its name alone.
    const north = screen.getByRole('option', { name: 'North', hidden: true });
    expect(within(north).queryByTestId('report-group-hint')).toBeNull();
    fireEvent.click(south);
    await waitFor(() => expect(server.reports().at(-1)?.tagIds).toEqual(['tag-south']));
  });

  it('once a tag is chosen, a second one fewer than 5 people hold with it today says so', async () => {
    const server = fakeServer({ tooFewWith: { 'tag-north': ['tag-night'] } });
    renderReport();
    await screen.findByTestId('report-people');
    await pickTag('North');
    await waitFor(() => expect(server.groupReads()).toContain('tag-north'));
    const night = await screen.findByRole('option', { name: /^Équipe de nuit/, hidden: true });
    await waitFor(() =>
      expect(within(night).getByTestId('report-group-hint').textContent).toContain(
        'Fewer than 5 people hold both tags today: their figures will be hidden',
      ),
    );
    const south = screen.getByRole('option', { name: 'South', hidden: true });
    expect(within(south).queryByTestId('report-group-hint')).toBeNull();
  });

  it('groups that cannot be loaded say so, and the report covers the whole sphere', async () => {
    const server = fakeServer({ groupsStatus: 500 });
    renderReport();
    expect((await screen.findByTestId('report-tags-error')).textContent).toBe(
      'The tags could not be loaded: the report covers the whole sphere.',
    );
    await screen.findByTestId('report-people');
    expect(server.reports().at(-1)?.tagIds).toEqual([]);
  });

  it('the interval asks the report per month', async () => {
    const server = fakeServer();
    renderReport();
    await screen.findByTestId('report-people');
    fireEvent.click(screen.getByRole('radio', { name: 'Month' }));
    await waitFor(() => expect(server.reports().at(-1)?.generalOptions?.interval).toBe('month'));
  });

  it('a study programme says at the top that anonymity is not guaranteed', async () => {
    fakeServer({
      sphere: sphere({ isStudyProgram: true }),
      report: report({ anonymityNotGuaranteed: true }),
    });
    renderReport();
    const alert = await screen.findByTestId('report-anonymity');
    expect(alert.textContent).toContain('Anonymity not guaranteed');
    expect(alert.textContent).toContain('its data is shared with researchers');
    // Above the filters and the figures.
    const page = screen.getByTestId('sphere-report-page');
    const people = await screen.findByTestId('report-people');
    expect(alert.compareDocumentPosition(people) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(page.contains(alert)).toBe(true);
  });

  it('no notice of anonymity for a sphere that is not a study programme', async () => {
    fakeServer();
    renderReport();
    await screen.findByTestId('report-people');
    expect(screen.queryByTestId('report-anonymity')).toBeNull();
  });

  it('a failed report says why in words, and tries again', async () => {
    const server = fakeServer({ reportStatus: { status: 400, body: { key: 'value-out-of-range-error' } } });
    renderReport();
    const error = await screen.findByTestId('report-error');
    expect(error.textContent).toContain('The report could not be loaded.');
    const before = server.reports().length;
    fireEvent.click(within(error).getByRole('button'));
    await waitFor(() => expect(server.reports().length).toBe(before + 1));
  });

  it('a member who may not read the report is told so, and nothing is asked', async () => {
    const server = fakeServer({ roles: ['contributor'], sphere: sphere({ roles: ['contributor'] }) });
    renderReport();
    expect(await screen.findByTestId('sphere-report-not-allowed')).toBeTruthy();
    expect(server.reports()).toEqual([]);
  });

  it('has no serious or critical accessibility violation', async () => {
    fakeServer({
      sphere: sphere({ isStudyProgram: true }),
      report: report({ anonymityNotGuaranteed: true }),
    });
    const { container } = renderReport();
    await screen.findByTestId('report-words');
    const results = await axe.run(container, {
      // happy-dom computes no colours or layout: contrast is checked in the browser tests.
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
});

describe('the group (session) report page', () => {
  /** A plain member of the sphere, in the group. */
  const member = { roles: ['contributor'], sessionRoles: ['member'] } as const;

  it('a member sees the group’s name and its figures, asked by sessionId on the group’s route', async () => {
    const server = fakeServer(member);
    renderSessionReport();
    expect(await screen.findByRole('heading', { level: 1, name: 'Report of North team' })).toBeTruthy();
    expect((await screen.findByTestId('report-people')).textContent).toBe('12');
    expect(screen.getByTestId('report-answers').textContent).toBe('40');
    expect(
      within(screen.getByTestId('report-row-2026-W10'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['9', '20', '+0.25', '0.60', '10', '5', '3', '2']);
    expect(screen.getByTestId('report-hidden-2026-W11').textContent).toBe('Hidden: fewer than 8 people');
    const back = screen.getByRole('link', { name: 'Back to North team' });
    expect(back.getAttribute('href')).toBe('/apps/sessions/session-1');
    const asked = server.sessionReports();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ sessionId: 'session-1', tagIds: [], template: 'general' });
    expect(asked[0]).not.toHaveProperty('sphereId');
    expect(server.reports()).toEqual([]);
  });

  it('a plain member may not read the sphere’s tags: no group filter, no error, the whole group', async () => {
    const server = fakeServer(member);
    renderSessionReport();
    await screen.findByTestId('report-people');
    expect(screen.queryByTestId('report-group')).toBeNull();
    expect(screen.queryByTestId('report-tags-error')).toBeNull();
    expect(server.tagReads()).toBe(0);
  });

  it('tags refused by the server (403) hide the group filter silently and the report still shows', async () => {
    // An admin of the sphere who is in the group: the rules let them read the tags, the server does not.
    const server = fakeServer({ roles: ['admin'], sessionRoles: ['member'], tagsStatus: 403 });
    renderSessionReport();
    expect((await screen.findByTestId('report-people')).textContent).toBe('12');
    await waitFor(() => expect(server.tagReads()).toBe(1));
    await waitFor(() => expect(screen.queryByTestId('report-group')).toBeNull());
    expect(screen.queryByTestId('report-tags-error')).toBeNull();
    expect(screen.queryByTestId('report-error')).toBeNull();
    expect(server.sessionReports().at(-1)?.tagIds).toEqual([]);
  });

  it('a member who may read the tags narrows the group by them, still on the group’s route', async () => {
    const server = fakeServer({ roles: ['admin'], sessionRoles: ['member'] });
    renderSessionReport();
    await screen.findByTestId('report-people');
    await pickTag('North', 'Tags');
    await waitFor(() =>
      expect(server.sessionReports().at(-1)).toMatchObject({ sessionId: 'session-1', tagIds: ['tag-north'] }),
    );
    expect(server.reports()).toEqual([]);
  });

  it('the study-programme notice follows the answer’s anonymityNotGuaranteed', async () => {
    fakeServer({ ...member, report: report({ anonymityNotGuaranteed: true }) });
    renderSessionReport();
    const alert = await screen.findByTestId('report-anonymity');
    expect(alert.textContent).toContain('Anonymity not guaranteed');
  });

  it('no study-programme notice when the answer does not ask for one', async () => {
    fakeServer(member);
    renderSessionReport();
    await screen.findByTestId('report-people');
    expect(screen.queryByTestId('report-anonymity')).toBeNull();
  });

  it('the files are named after the group and their header names it', async () => {
    fakeServer(member);
    renderSessionReport();
    await screen.findByTestId('report-people');
    fireEvent.click(screen.getByTestId('report-export-csv'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    const [content, , fileName] = vi.mocked(download).mock.calls[0] ?? [];
    expect(fileName).toBe('group-report-north-team-2026-03-01-2026-03-22.csv');
    const lines = String(content).slice(1).split('\r\n');
    expect(lines[0]).toBe('Group: North team');
    expect(lines).toContain('Tags: The whole group');
  });

  it('a sphere admin who is not in the group is told the report is not theirs, and nothing is asked', async () => {
    const server = fakeServer({ roles: ['admin'], session: session({ isMember: false, roles: [] }) });
    renderSessionReport();
    expect(await screen.findByTestId('session-report-not-allowed')).toBeTruthy();
    expect(server.sessionReports()).toEqual([]);
  });

  it('a referent (owner) who is not a member does not see it either', async () => {
    const server = fakeServer({
      roles: ['contributor'],
      sessionRoles: ['owner'],
      session: session({ roles: ['owner'] }),
    });
    renderSessionReport();
    expect(await screen.findByTestId('session-report-not-allowed')).toBeTruthy();
    expect(server.sessionReports()).toEqual([]);
  });

  it('a sphere admin who added themselves to the group is told why the report is not theirs, and nothing is asked', async () => {
    const server = fakeServer({
      roles: ['admin'],
      sessionRoles: ['member'],
      selfGranted: true,
      session: session({ selfGranted: true }),
    });
    renderSessionReport();
    const notice = await screen.findByTestId('session-report-not-allowed-self-granted');
    expect(notice.textContent).toContain('Ask another admin of the sphere to add you.');
    expect(server.sessionReports()).toEqual([]);
  });

  it('a group that cannot be read is not available, and nothing is asked', async () => {
    const server = fakeServer(member);
    renderPage(<FeelingsReportPage />, {
      path: '/apps/sessions/:sessionId/reports',
      entry: '/apps/sessions/session-9/reports',
    });
    expect(await screen.findByTestId('session-report-not-allowed')).toBeTruthy();
    expect(server.sessionReports()).toEqual([]);
  });

  it('has no serious or critical accessibility violation', async () => {
    fakeServer({
      roles: ['admin'],
      sessionRoles: ['member'],
      report: report({ anonymityNotGuaranteed: true }),
    });
    const { container } = renderSessionReport();
    await screen.findByTestId('report-words');
    await screen.findByRole('textbox', { name: 'Tags' });
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
});

describe('the thinking view of the sphere report page', () => {
  /** Waits for the feelings, then chooses the thinking view. */
  async function showThinking() {
    await screen.findByTestId('report-people');
    fireEvent.click(screen.getByRole('radio', { name: 'Thinking' }));
  }

  it('shows each axis by its name in the reader’s language with its answers, average and values', async () => {
    fakeServer();
    renderReport();
    await showThinking();
    expect((await screen.findByTestId('thinking-people')).textContent).toBe('12');
    expect(screen.getByTestId('thinking-answers').textContent).toBe('18');
    const workload = await screen.findByTestId('thinking-axis-workload');
    await waitFor(() => expect(within(workload).getByRole('rowheader').textContent).toBe('Workload'));
    expect(
      within(workload)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['12', '-0.17', '4', '2', '2', '2', '2']);
    // A name in one language only is shown in it.
    const recognition = screen.getByTestId('thinking-axis-recognition');
    expect(within(recognition).getByRole('rowheader').textContent).toBe('Reconnaissance');
    expect(within(recognition).getAllByRole('cell')[1]?.textContent).toBe('+1.00');
    const header = within(screen.getByTestId('thinking-axes'))
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    expect(header).toEqual([
      'Axis',
      'Answers',
      'Average (−1 to +1)',
      'Not at all',
      'Rather not',
      'Partly',
      'Mostly',
      'Fully',
    ]);
    // The series: each axis's average per week, the hidden week with its reason and no number.
    expect(
      within(screen.getByTestId('thinking-row-2026-W10'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['9', '12', '+1.00', '-0.17']);
    const hidden = screen.getByTestId('thinking-row-2026-W11');
    expect(screen.getByTestId('thinking-hidden-2026-W11').textContent).toBe('Hidden: fewer than 8 people');
    const cells = within(hidden).getAllByRole('cell');
    expect(cells).toHaveLength(1);
    expect(cells[0]?.getAttribute('colspan')).toBe('4');
    expect(hidden.textContent).not.toMatch(/\b0\b/);
    // The feelings view is gone.
    expect(screen.queryByTestId('report-table')).toBeNull();
  });

  it('an axis whose name cannot be read is shown by its id, and the reader is told', async () => {
    fakeServer({ axesStatus: 500 });
    renderReport();
    await showThinking();
    expect(await screen.findByTestId('thinking-axes-error')).toBeTruthy();
    expect(within(screen.getByTestId('thinking-axis-workload')).getByRole('rowheader').textContent).toBe(
      'workload',
    );
  });

  it('a hidden total gives its reason and no number, not even a zero', async () => {
    fakeServer({
      thinking: thinkingReport({
        total: { shown: false, reason: 'too-close-to-another-group', threshold: 5 },
        series: [
          {
            period: '2026-W10',
            first: '2026-03-02',
            last: '2026-03-08',
            figure: { shown: false, reason: 'too-few-people', threshold: 5 },
          },
        ],
      }),
    });
    renderReport();
    await showThinking();
    const hidden = await screen.findByTestId('thinking-total-hidden');
    expect(hidden.textContent).toBe('Hidden: too close to another group (fewer than 5 people apart)');
    expect(screen.queryByTestId('thinking-figures')).toBeNull();
    expect(screen.queryByTestId('thinking-axes')).toBeNull();
    const total = screen.getByTestId('thinking-row-total');
    expect(within(total).getAllByRole('cell')).toHaveLength(1);
    expect(within(total).getByRole('cell').textContent).toBe(
      'Hidden: too close to another group (fewer than 5 people apart)',
    );
    expect(total.textContent).not.toMatch(/\b0\b/);
  });

  it('is asked of /v1/thinkings/sphere-reports with the filters of the feelings report', async () => {
    const server = fakeServer();
    renderReport();
    await screen.findByTestId('report-people');
    await pickTag('North');
    fireEvent.click(screen.getByRole('radio', { name: 'Month' }));
    await waitFor(() =>
      expect(server.reports().at(-1)).toMatchObject({
        tagIds: ['tag-north'],
        generalOptions: { interval: 'month' },
      }),
    );
    expect(server.thinkingReports()).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: 'Thinking' }));
    await screen.findByTestId('thinking-report');
    expect(server.thinkingReports()).toHaveLength(1);
    expect(server.thinkingReports()[0]).toEqual(server.reports().at(-1));
  });

  it('is not offered to a starter subscription: no choice, feelings only, no thinking asked', async () => {
    const server = fakeServer({ subscription: 'starter' });
    renderReport();
    await screen.findByTestId('report-people');
    expect(screen.queryByTestId('report-kind')).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Thinking' })).toBeNull();
    expect(server.thinkingReports()).toEqual([]);
  });

  it('is not offered on a group’s report, which offers its feelings, questionnaires and strategy only', async () => {
    const server = fakeServer({ roles: ['contributor'], sessionRoles: ['member'] });
    renderSessionReport();
    await screen.findByTestId('report-people');
    expect(screen.queryByRole('radio', { name: 'Thinking' })).toBeNull();
    expect(within(screen.getByTestId('report-kind')).getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByRole('radio', { name: 'Feelings' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Questionnaires' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Strategy' })).toBeTruthy();
    expect(server.thinkingReports()).toEqual([]);
  });

  it('the choice is labelled and made of native radios, which the keyboard moves through', async () => {
    fakeServer();
    renderReport();
    await screen.findByTestId('report-people');
    const group = screen.getByTestId('report-kind');
    expect(group.getAttribute('aria-labelledby')).toBe('report-kind-label');
    expect(document.getElementById('report-kind-label')?.textContent).toBe('Report on');
    const feelings = screen.getByRole('radio', { name: 'Feelings' });
    const thinking = screen.getByRole('radio', { name: 'Thinking' });
    // Native radios of one name: Tab reaches the chosen one and the arrows choose the other.
    expect(thinking.getAttribute('type')).toBe('radio');
    expect(thinking.getAttribute('name')).toBe(feelings.getAttribute('name'));
    expect((feelings as HTMLInputElement).checked).toBe(true);
    expect(thinking.getAttribute('tabindex')).not.toBe('-1');
    fireEvent.click(thinking);
    expect(await screen.findByTestId('thinking-report')).toBeTruthy();
  });

  it('the files are named sphere-thinking-report and hold the header lines and the hidden reasons', async () => {
    fakeServer({
      sphere: sphere({ isStudyProgram: true }),
      thinking: thinkingReport({ anonymityNotGuaranteed: true }),
    });
    renderReport();
    await showThinking();
    fireEvent.click(await screen.findByTestId('thinking-export-csv'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    const [content, type, fileName] = vi.mocked(download).mock.calls[0] ?? [];
    expect(type).toBe('text/csv;charset=utf-8');
    expect(fileName).toBe('sphere-thinking-report-atelier-2026-03-01-2026-03-22.csv');
    const lines = String(content).slice(1).split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      'Sphere: Atelier',
      // Quoted: the line holds the separator.
      '"Anonymity not guaranteed: this sphere is a study programme; its data is shared with researchers."',
      'Period asked: 01/03/2026 to 22/03/2026',
      'The week in progress is not counted: these figures cover 2 closed weeks, from 02/03/2026 to 15/03/2026.',
      'Group: The whole sphere',
      'Interval: Week',
    ]);
    expect(lines).toContain('Period;People;Thinkings;Reconnaissance;Workload');
    expect(lines).toContain('09/03/2026 – 15/03/2026;Hidden: fewer than 8 people');
    fireEvent.click(screen.getByTestId('thinking-export-xlsx'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(2));
    expect(vi.mocked(download).mock.calls[1]?.[2]).toBe(
      'sphere-thinking-report-atelier-2026-03-01-2026-03-22.xlsx',
    );
  });

  it('has no serious or critical accessibility violation', async () => {
    fakeServer({
      sphere: sphere({ isStudyProgram: true }),
      thinking: thinkingReport({ anonymityNotGuaranteed: true }),
    });
    const { container } = renderReport();
    await showThinking();
    await screen.findByTestId('thinking-axes');
    await waitFor(() =>
      expect(within(screen.getByTestId('thinking-axis-workload')).getByRole('rowheader').textContent).toBe(
        'Workload',
      ),
    );
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
});

describe('the reports card on a sphere’s page', () => {
  it('leads an admin to the sphere’s report', async () => {
    fakeServer();
    renderPage(<ReportsCard place={{ kind: 'sphere', sphere: sphere() }} />);
    const link = await screen.findByTestId('reports-card-link');
    expect(link.getAttribute('href')).toBe('/apps/spheres/sphere-1/reports');
    expect(screen.getByRole('heading', { name: 'Reports' })).toBeTruthy();
  });

  it('shows nothing at all to a plain member', async () => {
    fakeServer({ roles: ['contributor'] });
    const { queryClient, container } = renderPage(
      <ReportsCard place={{ kind: 'sphere', sphere: sphere({ roles: ['contributor'] }) }} />,
    );
    await waitFor(() => expect(queryClient.getQueryState(meQueryKey)?.status).toBe('success'));
    expect(screen.queryByTestId('reports-card')).toBeNull();
    expect(container.querySelector('section, a, h2, p')).toBeNull();
  });
});

describe('the reports card on a group’s page', () => {
  it('leads a member of the group to the group’s report', async () => {
    fakeServer({ roles: ['contributor'], sessionRoles: ['member'] });
    renderPage(<ReportsCard place={{ kind: 'session', session: session() }} />);
    const link = await screen.findByTestId('reports-card-link');
    expect(link.getAttribute('href')).toBe('/apps/sessions/session-1/reports');
    expect(screen.getByTestId('reports-card').textContent).toContain('For its members only.');
  });

  it('shows nothing to a sphere admin who is not a member of the group', async () => {
    fakeServer({ roles: ['admin'] });
    const { queryClient, container } = renderPage(
      <ReportsCard place={{ kind: 'session', session: session({ isMember: false, roles: [] }) }} />,
    );
    await waitFor(() => expect(queryClient.getQueryState(meQueryKey)?.status).toBe('success'));
    expect(screen.queryByTestId('reports-card')).toBeNull();
    expect(container.querySelector('section, a, h2, p')).toBeNull();
  });

  it('shows nothing to a referent (owner) who is not a member of the group', async () => {
    fakeServer({ roles: ['contributor'], sessionRoles: ['owner'] });
    const { queryClient } = renderPage(
      <ReportsCard place={{ kind: 'session', session: session({ roles: ['owner'] }) }} />,
    );
    await waitFor(() => expect(queryClient.getQueryState(meQueryKey)?.status).toBe('success'));
    expect(screen.queryByTestId('reports-card')).toBeNull();
  });

  it('tells a referent who gave themselves the member role why there is no report, with no link', async () => {
    fakeServer({ roles: ['contributor'], sessionRoles: ['owner', 'member'], selfGranted: true });
    renderPage(
      <ReportsCard
        place={{ kind: 'session', session: session({ roles: ['owner', 'member'], selfGranted: true }) }}
      />,
    );
    const notice = await screen.findByTestId('reports-card-self-granted');
    expect(notice.textContent).toContain('its reports stay with the members someone else added');
    expect(screen.queryByTestId('reports-card-link')).toBeNull();
    expect(screen.queryByTestId('reports-card-custom-link')).toBeNull();
  });

  it('shows it to a sphere admin who is also a member of the group', async () => {
    fakeServer({ roles: ['admin'], sessionRoles: ['member'] });
    renderPage(<ReportsCard place={{ kind: 'session', session: session() }} />);
    expect((await screen.findByTestId('reports-card-link')).getAttribute('href')).toBe(
      '/apps/sessions/session-1/reports',
    );
  });
});

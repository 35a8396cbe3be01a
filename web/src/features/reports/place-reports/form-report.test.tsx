// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type {
  FormReport,
  SessionFormReportRequest,
  SphereFormReportRequest,
} from '@shared/contracts/form-reports';
import type { AvailableForm, FormEntitlement } from '@shared/contracts/forms';
import type { SphereReport, SphereReportRequest } from '@shared/contracts/reports';
import type { Session } from '@shared/contracts/sessions';
import type { Sphere } from '@shared/contracts/spheres';
import { defineRules, type AbilityFacts } from '@shared/domain/ability';
import i18n from '../../../i18n';
import { sessionFixture, sphereFixture } from '../../../test/fixtures';
import { meFixture } from '../../../test/me';
import { jsonResponse, renderPage } from '../../../test/render';
import { testFormReport } from '../exports/form-report-test-data';
import {
  BIG_FIVE_RESULTS,
  scaleFigure,
  scaleForm,
  scaleReport,
  shownResult,
} from '../exports/scale-views-test-data';
import type * as ReportExport from '../exports/report-export';
import { download } from '../exports/report-export';
import FeelingsReportPage from './report-page';

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

const entitlement = (formId: string, title: FormEntitlement['title'], archived = false): FormEntitlement => ({
  sphereId: 'sphere-1',
  formId,
  availabilitiesThrough: 'sphereMember',
  sessionIds: [],
  title,
  archived,
  updateDate: '2026-01-01T00:00:00.000Z',
});

const ENTITLEMENTS = [
  entitlement('wellbeing', { fr: 'Bilan de bien-être', en: 'Wellbeing check' }),
  entitlement('old-pulse', { en: 'Old pulse' }, true),
  entitlement('workload', { fr: 'Charge de travail', en: 'Workload pulse' }),
];

const available = (id: string, title: string, places: AvailableForm['places']): AvailableForm => ({
  form: { id, title: { en: title }, description: {}, languages: ['en'], answersCount: 5 },
  places,
  reserved: false,
});

const AVAILABLE = [
  available('wellbeing', 'Wellbeing check', [
    { sphereId: 'sphere-1', sessionId: 'session-1', reserved: false },
  ]),
  // Available through the sphere or another group: not this group's.
  available('workload', 'Workload pulse', [
    { sphereId: 'sphere-1', reserved: false },
    { sphereId: 'sphere-1', sessionId: 'session-2', reserved: false },
  ]),
];

interface ServerOptions {
  /** Sphere admin (the default) or a plain member of the group. */
  member?: boolean;
  sphere?: Sphere;
  entitlements?: FormEntitlement[];
  available?: AvailableForm[];
  report?: FormReport;
}

/** A small fake of the API the page reads, recording the questionnaires reports asked. */
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
    if (path === '/v1/forms/spheres/sphere-1/entitlements') return list(options.entitlements ?? ENTITLEMENTS);
    if (path === '/v1/forms/available') return list(options.available ?? AVAILABLE);
    if (path === '/v1/forms/sphere-reports' && method === 'POST') {
      const asked = body as SphereFormReportRequest;
      return jsonResponse(200, { ...(options.report ?? testFormReport()), formId: asked.formId });
    }
    if (path === '/v1/forms/session-reports' && method === 'POST') {
      const asked = body as SessionFormReportRequest;
      return jsonResponse(200, {
        ...(options.report ?? testFormReport()),
        sessionId: asked.sessionId,
        formId: asked.formId,
      });
    }
    return jsonResponse(404, { key: 'not-found' });
  });
  const asked = (path: string) => sent.filter((c) => c.method === 'POST' && c.path === path);
  return {
    sphereReports: () => asked('/v1/forms/sphere-reports').map((c) => c.body as SphereFormReportRequest),
    sessionReports: () => asked('/v1/forms/session-reports').map((c) => c.body as SessionFormReportRequest),
    feelingsReports: () => asked('/v1/feelings/sphere-reports').map((c) => c.body),
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

/** Waits for the feelings, then chooses the questionnaires. */
async function showForms() {
  await screen.findByTestId('report-people', {}, SLOW);
  fireEvent.click(screen.getByRole('radio', { name: 'Questionnaires' }));
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

describe('the questionnaires of the sphere report page', () => {
  it('asks the first entitled form with the page’s filters, and shows people, surveys and that texts are not counted but shown to 8 people or more', async () => {
    const server = fakeServer();
    renderSphere();
    await showForms();
    expect((await screen.findByTestId('form-report-people', {}, SLOW)).textContent).toBe('12');
    expect(screen.getByTestId('form-report-answers').textContent).toBe('30');
    expect(screen.getByTestId('form-report-uncounted').textContent).toBe(
      'Free-text and date answers are never counted in a report; free-text answers are shown as written, only for groups of at least 8 people.',
    );
    const feelingsAsked = server.feelingsReports().at(-1) as SphereReportRequest;
    // The active forms by title first, archived ones last: the first is chosen.
    expect(server.sphereReports()).toEqual([
      {
        sphereId: 'sphere-1',
        formId: 'wellbeing',
        start: feelingsAsked.start,
        end: feelingsAsked.end,
        tagIds: [],
        interval: 'week',
      },
    ]);
    const select = screen.getByRole('textbox', { name: 'Questionnaire' });
    expect((select as HTMLInputElement).value).toBe('Wellbeing check');
    expect(screen.getByTestId('form-report-form')).toBe(select);
  });

  it('a question shows its average and the count and share of each value, with the form’s legends', async () => {
    fakeServer();
    renderSphere();
    await showForms();
    await screen.findByTestId('form-report-questions', {}, SLOW);
    expect(within(screen.getByTestId('form-report-question-mood')).getByRole('rowheader').textContent).toBe(
      'My mood was bright',
    );
    expect(cells('form-report-question-mood')).toEqual([
      '30',
      '1.33',
      '0 – Never: 5 (17%)1 – Sometimes: 10 (33%)2 – Often: 15 (50%)',
    ]);
    // A choice has counts and no average.
    expect(cells('form-report-question-site')).toEqual([
      '20',
      '—',
      'At the office: 14 (70%)At home: 9 (45%)',
    ]);
    // Texts and dates are never rows.
    expect(screen.queryByTestId('form-report-question-comment')).toBeNull();
    expect(screen.queryByTestId('form-report-question-since')).toBeNull();
  });

  it('a question too few people answered says why with its threshold, and shows no number', async () => {
    fakeServer();
    renderSphere();
    await showForms();
    const hidden = await screen.findByTestId('form-report-question-hidden-sleep', {}, SLOW);
    expect(hidden.textContent).toBe('Hidden: fewer than 8 people answered this question');
    expect(cells('form-report-question-sleep')).toEqual([
      'Hidden: fewer than 8 people answered this question',
    ]);
  });

  it('a hidden whole period gives its reason and no figure, no question, no result', async () => {
    fakeServer({
      report: testFormReport({ total: { shown: false, reason: 'too-few-people', threshold: 8 } }),
    });
    renderSphere();
    await showForms();
    expect((await screen.findByTestId('form-report-total-hidden', {}, SLOW)).textContent).toBe(
      'Hidden: fewer than 8 people',
    );
    expect(screen.queryByTestId('form-report-figures')).toBeNull();
    expect(screen.queryByTestId('form-report-questions')).toBeNull();
    expect(screen.queryByTestId('form-report-results')).toBeNull();
    expect(cells('form-report-row-total')).toEqual(['Hidden: fewer than 8 people']);
  });

  it('the additional results are a chart named in words and a table of their averages and scales', async () => {
    fakeServer();
    renderSphere();
    await showForms();
    const results = await screen.findByTestId('form-report-results', {}, SLOW);
    expect(
      within(results)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Result', 'Answers', 'Average', 'Scale']);
    expect(cells('form-report-result-calm')).toEqual(['30', '1.33', '0 – 2']);
    expect(screen.getByTestId('form-report-result-hidden-vigour').textContent).toBe(
      'Hidden: fewer than 8 people answered this question',
    );
    const chart = screen.getByTestId('form-report-chart');
    expect(chart.getAttribute('role')).toBe('img');
    expect(chart.getAttribute('aria-label')).toBe(
      'Average of 1 additional result over the whole period. The table below gives the same figures.',
    );
  });

  it('the series gives each week’s results, a hidden week its reason, never a zero', async () => {
    fakeServer();
    renderSphere();
    await showForms();
    const table = await screen.findByTestId('form-report-table', {}, SLOW);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Period', 'People', 'Surveys', 'Calm', 'Vigour']);
    expect(cells('form-report-row-2026-W10')).toEqual(['9', '20', '1.10', '3.46']);
    expect(screen.getByTestId('form-report-hidden-2026-W11').textContent).toBe('Hidden: fewer than 8 people');
    expect(cells('form-report-row-total')).toEqual([
      '12',
      '30',
      '1.33',
      'Hidden: fewer than 8 people answered this question',
    ]);
  });

  it('choosing another form asks its report', async () => {
    const server = fakeServer();
    renderSphere();
    await showForms();
    await screen.findByTestId('form-report-people', {}, SLOW);
    fireEvent.click(screen.getByRole('textbox', { name: 'Questionnaire' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Workload pulse', hidden: true }));
    await waitFor(() => expect(server.sphereReports().at(-1)?.formId).toBe('workload'));
    // An archived form is still offered, last and said to be archived.
    expect(screen.getByRole('option', { name: 'Old pulse (archived)', hidden: true })).toBeTruthy();
  });

  it('says so in a sentence when no form is entitled to the sphere, and asks no report', async () => {
    const server = fakeServer({ entitlements: [] });
    renderSphere();
    await showForms();
    expect((await screen.findByTestId('form-report-none', {}, SLOW)).textContent).toBe(
      'No questionnaire is entitled to this sphere: there is nothing to report here.',
    );
    expect(screen.queryByRole('textbox', { name: 'Questionnaire' })).toBeNull();
    expect(server.sphereReports()).toEqual([]);
  });

  it('the files are named after the sphere and the form and carry the hidden reasons, never 0', async () => {
    fakeServer();
    renderSphere();
    await showForms();
    fireEvent.click(await screen.findByTestId('form-report-export-csv', {}, SLOW));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    const [content, type, fileName] = vi.mocked(download).mock.calls[0] ?? [];
    expect(type).toBe('text/csv;charset=utf-8');
    expect(fileName).toBe('sphere-questionnaire-report-atelier-wellbeing-check-2026-03-01-2026-03-22.csv');
    const lines = String(content).slice(1).split('\r\n');
    expect(lines.slice(0, 2)).toEqual(['Sphere: Atelier', 'Questionnaire: Wellbeing check']);
    expect(lines).toContain('Period;People;Surveys;Calm;Vigour');
    expect(lines).toContain('09/03/2026 – 15/03/2026;Hidden: fewer than 8 people');
    expect(lines).toContain('I slept well;Hidden: fewer than 8 people answered this question');
  });

  it('a free-text question lists its texts under the questions in the server’s order, and the file holds them', async () => {
    fakeServer({
      report: testFormReport({
        texts: [{ answerId: 'comment', shown: true, texts: ['More coffee', 'Great team', 'Quiet week'] }],
      }),
    });
    renderSphere();
    await showForms();
    const part = await screen.findByTestId('form-report-texts-comment', {}, SLOW);
    expect(within(part).getByRole('heading').textContent).toBe('In their words: A word?');
    const list = within(part).getByRole('list');
    expect(list.getAttribute('aria-labelledby')).toBe('form-report-texts-comment-title');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['More coffee', 'Great team', 'Quiet week']);
    expect(within(part).getByText('3 comments')).toBeTruthy();
    // A date is never listed.
    expect(screen.queryByTestId('form-report-texts-since')).toBeNull();
    fireEvent.click(screen.getByTestId('form-report-export-csv'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    const lines = String(vi.mocked(download).mock.calls[0]?.[0]).slice(1).split('\r\n');
    const at = lines.indexOf('Free-text answers over the whole period');
    expect(at).toBeGreaterThan(0);
    expect(lines.slice(at + 1, at + 4)).toEqual([
      'A word?;More coffee',
      'A word?;Great team',
      'A word?;Quiet week',
    ]);
  });

  it('a free-text question of a group under 8 says why in words, lists no text, and the file gives the reason', async () => {
    fakeServer({
      report: testFormReport({
        texts: [{ answerId: 'comment', shown: false, reason: 'too-few-people', threshold: 8 }],
      }),
    });
    renderSphere();
    await showForms();
    const hidden = await screen.findByTestId('form-report-texts-comment-hidden', {}, SLOW);
    expect(hidden.textContent).toBe(
      'Comments appear only for groups of at least 8 people, to protect anonymity.',
    );
    expect(within(screen.getByTestId('form-report-texts-comment')).queryByRole('list')).toBeNull();
    fireEvent.click(screen.getByTestId('form-report-export-csv'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    const lines = String(vi.mocked(download).mock.calls[0]?.[0]).slice(1).split('\r\n');
    expect(lines).toContain(
      'A word?;Comments appear only for groups of at least 8 people, to protect anonymity.',
    );
  });

  it('a study programme keeps its notice of anonymity once', async () => {
    fakeServer({
      sphere: sphere({ isStudyProgram: true }),
      report: testFormReport({ anonymityNotGuaranteed: true }),
    });
    renderSphere();
    await showForms();
    await screen.findByTestId('form-report-people', {}, SLOW);
    expect(screen.getAllByTestId('report-anonymity')).toHaveLength(1);
  });

  it('has no serious or critical accessibility violation', async () => {
    fakeServer({
      sphere: sphere({ isStudyProgram: true }),
      report: testFormReport({
        anonymityNotGuaranteed: true,
        texts: [{ answerId: 'comment', shown: true, texts: ['Great team', 'More coffee'] }],
      }),
    });
    const { container } = renderSphere();
    await showForms();
    await screen.findByTestId('form-report-results', {}, SLOW);
    expect(screen.getByTestId('form-report-texts-comment-list')).toBeTruthy();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
});

describe('the questionnaires of the group (session) report page', () => {
  it('offers the forms available through the group and asks its report by sessionId', async () => {
    const server = fakeServer({ member: true });
    renderSession();
    await showForms();
    expect((await screen.findByTestId('form-report-people', {}, SLOW)).textContent).toBe('12');
    expect((screen.getByRole('textbox', { name: 'Questionnaire' }) as HTMLInputElement).value).toBe(
      'Wellbeing check',
    );
    fireEvent.click(screen.getByRole('textbox', { name: 'Questionnaire' }));
    expect(await screen.findByRole('option', { name: 'Wellbeing check', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Workload pulse', hidden: true })).toBeNull();
    const [asked] = server.sessionReports();
    expect(asked).toMatchObject({
      sessionId: 'session-1',
      formId: 'wellbeing',
      tagIds: [],
      interval: 'week',
    });
    expect(asked).not.toHaveProperty('sphereId');
    expect(server.sphereReports()).toEqual([]);
  });

  it('a group with no form available says so in a sentence', async () => {
    const server = fakeServer({ member: true, available: [AVAILABLE[1] as AvailableForm] });
    renderSession();
    await showForms();
    expect((await screen.findByTestId('form-report-none', {}, SLOW)).textContent).toBe(
      'No questionnaire is offered to this group: there is nothing to report here.',
    );
    expect(server.sessionReports()).toEqual([]);
  });

  it('the study-programme notice follows the questionnaires report’s answer', async () => {
    fakeServer({ member: true, report: testFormReport({ anonymityNotGuaranteed: true }) });
    renderSession();
    await showForms();
    await screen.findByTestId('form-report-people', {}, SLOW);
    expect(screen.getAllByTestId('report-anonymity')).toHaveLength(1);
  });
});

describe('the scale model views of the questionnaires report', () => {
  it('a Big Five form shows its traits’ view above the results, with the whole period’s averages', async () => {
    const averages = [3.4, 3.1, 2.8, 2.05, 4];
    fakeServer({
      report: testFormReport({
        form: scaleForm(BIG_FIVE_RESULTS, 'wellbeing'),
        total: scaleFigure(BIG_FIVE_RESULTS.map((r, i) => shownResult(r.id, averages[i] ?? 0))),
      }),
    });
    renderSphere();
    await showForms();
    const view = await screen.findByTestId('form-report-view-bigFive', {}, SLOW);
    expect(
      within(screen.getByTestId('form-report-view-bigFive-table'))
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Extraversion', 'Agreeableness', 'Conscientiousness', 'Neuroticism', 'Openness']);
    expect(
      within(screen.getByTestId('form-report-view-bigFive-row-n')).getAllByRole('cell')[1]?.textContent,
    ).toBe('2.05');
    const results = screen.getByTestId('form-report-results');
    // The view comes before the generic results card.
    expect(view.compareDocumentPosition(results) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('each view unfolds the report’s weeks, a hidden week with its reason, and the files hold them too', async () => {
    fakeServer({ report: scaleReport() });
    renderSphere();
    await showForms();
    const periods = await screen.findByTestId('form-report-view-selfEsteem-periods', {}, SLOW);
    expect(periods.querySelector('summary')?.textContent).toBe('Week by week');
    expect(cells('form-report-view-selfEsteem-periods-row-2026-W10')).toEqual([
      '3.80',
      '2.40',
      'Competence-based self-esteem',
    ]);
    expect(cells('form-report-view-bigFive-periods-row-2026-W11')).toEqual(['Hidden: fewer than 8 people']);
    fireEvent.click(screen.getByTestId('form-report-export-csv'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    const lines = String(vi.mocked(download).mock.calls[0]?.[0]).slice(1).split('\r\n');
    expect(lines).toContain('Self-esteem quadrants');
    expect(lines).toContain('02/03/2026 – 08/03/2026;Quadrant;Competence-based self-esteem');
    expect(lines).toContain('09/03/2026 – 15/03/2026;Extraversion;Hidden: fewer than 8 people');
  });

  it('a form without a scale model shows no view', async () => {
    fakeServer();
    renderSphere();
    await showForms();
    await screen.findByTestId('form-report-results', {}, SLOW);
    expect(screen.queryByTestId('form-report-view-bigFive')).toBeNull();
    expect(screen.queryByTestId('form-report-view-selfEsteem')).toBeNull();
    expect(screen.queryByTestId('form-report-view-engagement')).toBeNull();
  });
});

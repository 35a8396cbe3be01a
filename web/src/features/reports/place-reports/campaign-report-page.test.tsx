// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type {
  CampaignCycleReport,
  CampaignReport,
  CampaignReportRequest,
  CampaignStepReport,
} from '@shared/contracts/campaign-reports';
import type { Campaign, Measure } from '@shared/contracts/campaigns';
import { defineRules, type AbilityFacts } from '@shared/domain/ability';
import i18n from '../../../i18n';
import { campaignFixture, measureFixture } from '../../../test/campaigns';
import { meFixture } from '../../../test/me';
import { jsonResponse, renderPage } from '../../../test/render';
import CampaignReportPage from './campaign-report-page';
import type * as ReportExport from '../exports/report-export';
import { download } from '../exports/report-export';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
// The files are built for real; only handing them to the browser is watched.
vi.mock('../exports/report-export', async (importOriginal) => ({
  ...(await importOriginal<typeof ReportExport>()),
  download: vi.fn(),
}));

const fetchMock = vi.fn<typeof fetch>();
const measure = measureFixture;

const MEASURES: Measure[] = [
  measure({
    id: 'mood',
    type: 'feeling',
    title: { en: 'Your mood', fr: 'Votre humeur' },
    tagQuestions: [
      {
        id: 'site',
        title: { en: 'Where do you work?' },
        description: {},
        multiChoice: false,
        required: false,
        tagIds: ['tag-north', 'tag-south'],
      },
    ],
  }),
  measure({
    id: 'team',
    type: 'custom-form',
    title: { en: 'Team spirit' },
    customTheme: {
      title: { en: 'Team spirit' },
      shortTitle: {},
      colour: 'colored',
      legend: 'agreement',
      direction: 'standard',
      questions: [
        { id: 'q1', kind: 'likert', title: { en: 'I can count on my team' }, required: true },
        { id: 'q2', kind: 'text', title: { en: 'Anything to add?' }, required: false },
      ],
    },
  }),
  measure({ id: 'about', type: 'profile', title: { en: 'About you' }, profileQuestions: ['gender'] }),
];

function campaign(extra: Partial<Campaign> = {}): Campaign {
  return campaignFixture({
    publicName: {},
    measures: MEASURES,
    status: 'inProgress',
    preparationStatus: 'collecting',
    ...extra,
  });
}

const STOPPED: CampaignCycleReport = {
  cycleId: 'cycle-1',
  internalLabel: 'January',
  start: '2026-01-05T08:00:00.000Z',
  end: '2026-01-20T18:00:00.000Z',
  status: 'closed',
  ready: true,
  participation: { blank: 1, inProgress: 2, done: 12, refused: 1 },
  steps: [
    {
      stepId: 'mood',
      measureId: 'mood',
      type: 'feeling',
      kind: 'feeling',
      figure: {
        shown: true,
        people: 12,
        answers: 12,
        averageValue: 0.25,
        averageEnergy: 0.6,
        colors: { yellow: 6, green: 3, red: 2, blue: 1 },
        words: [{ wordId: 'calm', count: 4 }],
      },
    },
    {
      stepId: 'mood.tags',
      measureId: 'mood',
      type: 'tags',
      kind: 'questions',
      figure: {
        shown: true,
        people: 12,
        answers: 12,
        questions: [
          {
            answerId: 'site',
            shown: true,
            answers: 12,
            choices: [
              { value: 'tag-north', count: 9 },
              { value: 'tag-south', count: 3 },
            ],
          },
        ],
        results: [],
      },
    },
    {
      stepId: 'team',
      measureId: 'team',
      type: 'custom-form',
      kind: 'questions',
      figure: {
        shown: true,
        people: 12,
        answers: 12,
        questions: [
          {
            answerId: 'q1',
            shown: true,
            answers: 12,
            average: 3.456,
            values: [
              { value: 3, count: 6 },
              { value: 4, count: 6 },
            ],
          },
        ],
        results: [],
      },
      texts: [
        { answerId: 'q2', shown: true, texts: Array.from({ length: 23 }, (_, i) => `Idea number ${i + 1}`) },
      ],
    },
    {
      stepId: 'about',
      measureId: 'about',
      type: 'profile',
      kind: 'questions',
      figure: {
        shown: true,
        people: 12,
        answers: 12,
        questions: [{ answerId: 'gender', shown: false, reason: 'too-few-answers', threshold: 8 }],
        results: [],
      },
    },
    {
      stepId: '-',
      measureId: '-',
      type: 'refusal',
      kind: 'questions',
      figure: { shown: false, reason: 'too-few-people', threshold: 8 },
    },
  ],
};

const EARLIER: CampaignCycleReport = {
  ...STOPPED,
  cycleId: 'cycle-0',
  internalLabel: 'December',
  start: '2025-12-01T08:00:00.000Z',
  steps: [
    {
      stepId: 'mood',
      measureId: 'mood',
      type: 'feeling',
      kind: 'feeling',
      figure: { shown: false, reason: 'too-few-people', threshold: 8 },
    },
  ],
};

const COLLECTING: CampaignCycleReport = {
  cycleId: 'cycle-2',
  internalLabel: 'February',
  status: 'inProgress',
  ready: false,
  participation: { blank: 0, inProgress: 0, done: 0, refused: 0 },
  steps: [],
};

const PLANNED: CampaignCycleReport = {
  cycleId: 'cycle-3',
  internalLabel: 'March',
  status: 'scheduled',
  ready: false,
  participation: { blank: 0, inProgress: 0, done: 0, refused: 0 },
  steps: [],
};

function report(extra: Partial<CampaignReport> = {}): CampaignReport {
  return {
    campaignId: 'campaign-1',
    sphereId: 'sphere-1',
    tagIds: [],
    anonymityNotGuaranteed: false,
    cycles: [EARLIER, STOPPED, COLLECTING, PLANNED],
    ...extra,
  };
}

interface ServerOptions {
  roles?: AbilityFacts['spheres'][number]['roles'];
  report?: CampaignReport;
  reportStatus?: number;
}

/** A small fake of the API the page reads, recording the results asked. */
function fakeServer(options: ServerOptions = {}) {
  const facts: AbilityFacts = {
    userId: 'user-1',
    isGuest: false,
    subscription: 'essentials',
    globalRoles: [],
    superAdminMode: false,
    spheres: [{ sphereId: 'sphere-1', roles: options.roles ?? ['admin'] }],
    sessions: [],
  };
  const asked: CampaignReportRequest[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const path = url.pathname;
    if (path === '/v1/me')
      return jsonResponse(
        200,
        meFixture({
          spheres: [{ id: 'sphere-1', name: 'Atelier' }],
          ability: { subscription: facts.subscription, rules: defineRules(facts) },
        }),
      );
    if (path === '/v1/campaigns/campaign-1') return jsonResponse(200, campaign());
    if (path === '/v1/campaigns/campaign-1/reports' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as CampaignReportRequest;
      asked.push(body);
      if (options.reportStatus) return jsonResponse(options.reportStatus, { key: 'forbidden' });
      return jsonResponse(200, { ...(options.report ?? report()), tagIds: body.tagIds ?? [] });
    }
    if (path === '/v1/spheres/sphere-1/report-groups')
      return jsonResponse(200, {
        threshold: 8,
        pairThreshold: 5,
        items: [
          { tagId: 'tag-north', name: { en: 'North' }, type: 'department', color: '#123456', enough: true },
          { tagId: 'tag-south', name: { en: 'South' }, type: 'department', color: '#123456', enough: false },
        ],
      });
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
    return jsonResponse(404, { key: 'not-found' });
  });
  return { asked };
}

const renderResults = () =>
  renderPage(<CampaignReportPage />, {
    path: '/apps/campaigns/:campaignId/reports',
    entry: '/apps/campaigns/campaign-1/reports',
  });

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

describe('the campaign results page', () => {
  it('is titled with the campaign and leads back to its page', async () => {
    fakeServer();
    renderResults();
    expect(await screen.findByRole('heading', { level: 1, name: 'Results – Spring pulse' })).toBeTruthy();
    expect(screen.getByTestId('campaign-report-back').getAttribute('href')).toBe(
      '/apps/campaigns/campaign-1',
    );
  });

  it('shows the most recent stopped cycle’s feeling step: people, averages, a table of quadrants in words, words', async () => {
    fakeServer();
    renderResults();
    const mood = await screen.findByTestId('campaign-step-mood');
    expect(within(mood).getByRole('heading', { name: 'Your mood' })).toBeTruthy();
    expect(within(mood).getByTestId('report-people').textContent).toBe('12');
    expect(within(mood).getByTestId('report-figures').textContent).toContain('+0.25');
    const yellow = within(mood).getByTestId('report-color-yellow');
    expect(yellow.textContent).toContain('Pleasant, high energy');
    expect(yellow.textContent).toContain('6');
    expect(yellow.textContent).toContain('50%');
    expect((await within(mood).findByTestId('report-words')).textContent).toContain('Calm (4 times)');
    expect((screen.getByTestId('campaign-report-cycle') as HTMLInputElement).value).toBe('January');
  });

  it('says who took part in the cycle: finished, in progress, declined', async () => {
    fakeServer();
    renderResults();
    expect((await screen.findByTestId('campaign-report-participation')).textContent).toBe(
      'Took part: 12 people finished, 2 still in progress, 1 declined.',
    );
  });

  it('lists a group’s free texts under their question, twenty at first, then all on request', async () => {
    fakeServer();
    renderResults();
    const texts = await screen.findByTestId('campaign-step-2-texts-q2');
    expect(within(texts).getByRole('heading').textContent).toBe('In their words: Anything to add?');
    expect(texts.textContent).toContain('23 comments');
    expect(
      within(within(texts).getByTestId('campaign-step-2-texts-q2-list')).getAllByRole('listitem'),
    ).toHaveLength(20);
    fireEvent.click(within(texts).getByRole('button', { name: 'Show all 23 comments' }));
    expect(
      within(within(texts).getByTestId('campaign-step-2-texts-q2-list')).getAllByRole('listitem'),
    ).toHaveLength(23);
  });

  it('hides a small group’s free texts and says it takes 8 people, never a text', async () => {
    const team = STOPPED.steps.find((s) => s.stepId === 'team') as Extract<
      CampaignStepReport,
      { kind: 'questions' }
    >;
    fakeServer({
      report: report({
        cycles: [
          {
            ...STOPPED,
            steps: [
              { ...team, texts: [{ answerId: 'q2', shown: false, reason: 'too-few-people', threshold: 8 }] },
            ],
          },
        ],
      }),
    });
    renderResults();
    const hidden = await screen.findByTestId('campaign-step-0-texts-q2-hidden');
    expect(hidden.textContent).toBe(
      'Comments appear only for groups of at least 8 people, to protect anonymity.',
    );
    expect(screen.queryByText(/Idea number/)).toBeNull();
  });

  it('gives a custom theme question’s average on its 1 to 5 scale', async () => {
    fakeServer();
    renderResults();
    const team = await screen.findByTestId('campaign-step-team');
    expect(within(team).getByTestId('form-report-question-q1').textContent).toContain(
      'I can count on my team',
    );
    expect(within(team).getByTestId('form-report-average-q1').textContent).toBe('3.46');
    expect(team.textContent).toContain('on a scale from 1 to 5');
    expect(team.textContent).toContain('4: 6 (50%)');
  });

  it('names a tag question’s choices by their tags and the profile questions in words', async () => {
    fakeServer();
    renderResults();
    const tags = await screen.findByTestId('campaign-step-mood.tags');
    expect(within(tags).getByRole('heading').textContent).toBe('Additional questions – Your mood');
    await waitFor(() => expect(tags.textContent).toContain('North: 9 (75%)'));
    const about = screen.getByTestId('campaign-step-about');
    expect(about.textContent).toContain('Gender');
  });

  it('a hidden step or question says why with its threshold, never a zero', async () => {
    fakeServer();
    renderResults();
    const refusal = await screen.findByTestId('campaign-step--');
    expect(within(refusal).getByRole('heading').textContent).toBe('Reasons for declining');
    expect(within(refusal).getByTestId('campaign-step-hidden--').textContent).toBe(
      'Hidden: fewer than 8 people',
    );
    expect(refusal.textContent).not.toMatch(/\b0\b/);
    const gender = within(screen.getByTestId('campaign-step-about')).getByTestId(
      'form-report-question-hidden-gender',
    );
    expect(gender.textContent).toBe('Hidden: fewer than 8 people answered this question');
  });

  it('a cycle still collecting or not started says its results come once its collection has stopped', async () => {
    fakeServer();
    renderResults();
    expect((await screen.findByTestId('campaign-report-waiting-cycle-2')).textContent).toBe(
      'February: collecting. Its results appear once its collection has stopped.',
    );
    expect(screen.getByTestId('campaign-report-waiting-cycle-3').textContent).toBe(
      'March: not started. Its results appear once its collection has stopped.',
    );
  });

  it('another stopped cycle can be chosen', async () => {
    fakeServer();
    renderResults();
    await screen.findByTestId('campaign-step-team');
    fireEvent.click(screen.getByTestId('campaign-report-cycle'));
    fireEvent.click(await screen.findByRole('option', { name: 'December', hidden: true }));
    expect((await screen.findByTestId('campaign-step-hidden-mood')).textContent).toBe(
      'Hidden: fewer than 8 people',
    );
    expect(screen.queryByTestId('campaign-step-team')).toBeNull();
  });

  it('says so when no cycle has stopped collecting yet', async () => {
    fakeServer({ report: report({ cycles: [COLLECTING] }) });
    renderResults();
    expect((await screen.findByTestId('campaign-report-no-cycle')).textContent).toContain(
      'No cycle has stopped collecting yet.',
    );
  });

  it('narrows the results to a chosen tag by sending its id, with the small-group hint', async () => {
    const server = fakeServer();
    renderResults();
    await screen.findByTestId('campaign-step-team');
    expect(server.asked[0]).toEqual({ tagIds: [] });
    const input = await screen.findByRole('textbox', { name: 'Group' });
    await waitFor(() => expect(input.hasAttribute('disabled')).toBe(false));
    fireEvent.click(input);
    const south = await screen.findByRole('option', { name: /South/, hidden: true });
    expect(within(south).getByTestId('report-group-hint').textContent).toContain('Fewer than 8 people');
    fireEvent.click(await screen.findByRole('option', { name: 'North', hidden: true }));
    await waitFor(() => expect(server.asked.at(-1)).toEqual({ tagIds: ['tag-north'] }));
  });

  it('exports the shown cycle as CSV: cycle, step, group and each figure or its hidden reason', async () => {
    fakeServer();
    renderResults();
    await screen.findByTestId('campaign-step-team');
    fireEvent.click(screen.getByTestId('campaign-report-export-csv'));
    await waitFor(() => expect(download).toHaveBeenCalled());
    const [content, , fileName] = vi.mocked(download).mock.calls[0] ?? [];
    expect(fileName).toBe('campaign-report-spring-pulse-january.csv');
    const csv = String(content);
    expect(csv).toContain('Campaign: Spring pulse');
    expect(csv).toContain('January;Team spirit;The whole sphere;I can count on my team;12;3.46');
    expect(csv).toContain('January;Reasons for declining;The whole sphere;;;Hidden: fewer than 8 people');
  });

  it('tells a reader without smartReport that the results are not for them, and asks nothing', async () => {
    const server = fakeServer({ roles: ['contributor'] });
    renderResults();
    expect(await screen.findByTestId('campaign-report-not-allowed')).toBeTruthy();
    expect(server.asked).toEqual([]);
  });

  it('a 403 from the results is shown as not allowed', async () => {
    fakeServer({ reportStatus: 403 });
    renderResults();
    expect(await screen.findByTestId('campaign-report-not-allowed')).toBeTruthy();
    expect(screen.queryByTestId('campaign-report-error')).toBeNull();
  });

  it('has no serious or critical accessibility violation', async () => {
    fakeServer({ report: report({ anonymityNotGuaranteed: true }) });
    const { container } = renderResults();
    await screen.findByTestId('report-anonymity');
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

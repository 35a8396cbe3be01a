// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { SphereReportRequest, ThinkingReport } from '@shared/contracts/reports';
import type { Axis } from '@shared/contracts/thinkings';
import i18n from '../../../i18n';
import { jsonResponse, renderPage } from '../../../test/render';
import type { ShownThinkingFigure } from '../exports/thinking-export';
import { ThinkingReportSection } from './thinking-report';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();

const axis = (id: string, name: Axis['name'], allowComment: boolean): Axis => ({
  id,
  name,
  description: {},
  keywords: [],
  modules: ['sphere'],
  required: false,
  allowComment,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const AXES = [
  axis('workload', { en: 'Workload' }, true),
  axis('meaning', { en: 'Meaning' }, true),
  axis('recognition', { en: 'Recognition' }, false),
];

const values = [-1, -0.5, 0, 0.5, 1].map((value) => ({ value, count: value === 1 ? 9 : 0 }));
const figure: ShownThinkingFigure = {
  shown: true,
  people: 9,
  answers: 9,
  axes: ['meaning', 'recognition', 'workload'].map((axisId) => ({ axisId, answers: 9, average: 1, values })),
};

function thinkingReport(extra: Partial<ThinkingReport> = {}): ThinkingReport {
  return {
    sphereId: 'sphere-1',
    template: 'general',
    interval: 'week',
    anonymityNotGuaranteed: false,
    tagIds: [],
    start: '2026-03-02',
    end: '2026-03-08',
    weeks: ['2026-W10'],
    covered: { first: '2026-03-02', last: '2026-03-08' },
    total: figure,
    series: [{ period: '2026-W10', first: '2026-03-02', last: '2026-03-08', figure }],
    ...extra,
  };
}

function serve(report: ThinkingReport) {
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input)).pathname;
    if (path === '/v1/thinkings/definitions/axes')
      return jsonResponse(200, { count: AXES.length, items: AXES, max: 500, offset: 0 });
    if (path === '/v1/thinkings/sphere-reports') return jsonResponse(200, report);
    return jsonResponse(404, { key: 'not-found' });
  });
}

const body: SphereReportRequest = { sphereId: 'sphere-1', start: '2026-03-02', end: '2026-03-08' };

const renderSection = () =>
  renderPage(
    <ThinkingReportSection
      body={body}
      target={{ id: 'sphere-1', name: 'Atelier' }}
      tagNames={[]}
      language="en"
    />,
  );

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

describe('the comments of a thinking report', () => {
  it('lists each shown comment under its axis, in the order given, and an axis without comments says so', async () => {
    serve(
      thinkingReport({
        texts: [
          { answerId: 'meaning', shown: true, texts: [] },
          { answerId: 'recognition', shown: true, texts: [] },
          { answerId: 'workload', shown: true, texts: ['Too many meetings', 'Good week overall'] },
        ],
      }),
    );
    renderSection();
    // The axes' names come with the catalogue, which also says which axes take comments.
    await screen.findByRole('heading', { name: 'In their words: Workload' });
    const workload = screen.getByTestId('thinking-comments-workload');
    expect(within(workload).getByRole('heading').textContent).toBe('In their words: Workload');
    expect(
      within(screen.getByTestId('thinking-comments-workload-list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Too many meetings', 'Good week overall']);
    expect(screen.getByTestId('thinking-comments-meaning').textContent).toContain(
      'No comment in this group.',
    );
    // An axis that takes no comment and holds none is not listed.
    expect(screen.queryByTestId('thinking-comments-recognition')).toBeNull();
    expect(
      within(screen.getByTestId('thinking-comments')).getByRole('heading', { level: 3 }).textContent,
    ).toBe('Comments over the whole period');
  });

  it('says why the comments of a group under 8 are hidden, with the threshold, and shows none', async () => {
    serve(
      thinkingReport({
        texts: ['meaning', 'recognition', 'workload'].map((answerId) => ({
          answerId,
          shown: false as const,
          reason: 'too-few-people' as const,
          threshold: 8,
        })),
      }),
    );
    renderSection();
    await screen.findByRole('heading', { name: 'In their words: Workload' });
    const hidden = screen.getByTestId('thinking-comments-workload-hidden');
    expect(hidden.textContent).toBe(
      'Comments appear only for groups of at least 8 people, to protect anonymity.',
    );
    expect(screen.getByTestId('thinking-comments-meaning-hidden')).toBeTruthy();
    expect(screen.queryByTestId('thinking-comments-workload-list')).toBeNull();
    expect(screen.queryByTestId('thinking-comments-recognition')).toBeNull();
  });

  it('shows no comments section when the report carries none', async () => {
    serve(thinkingReport());
    renderSection();
    expect(await screen.findByTestId('thinking-axes')).toBeTruthy();
    expect(screen.queryByTestId('thinking-comments')).toBeNull();
  });
});

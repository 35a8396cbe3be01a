// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { CardData, DataShot, ReportCard } from '@shared/contracts/custom-reports';
import { notifications } from '@mantine/notifications';
import { createQueryClient } from '../../../app/query-client';
import i18n from '../../../i18n';
import { LocationProbe, renderPage } from '../../../test/render';
import { rendersPoll } from '../api/custom-reports';
import { cardPeriodLabel } from './card-figures';
import { cardTree, promptLanguage } from './custom-report-parts';
import CustomPartPage from './custom-part-page';
import CustomReportPage from './custom-report-page';
import CustomReportsPage from './custom-reports-page';
import { defaultReportPeriod } from './report-period';
import {
  fakeCustomServer,
  testCard,
  testPart,
  testRender,
  testReport,
  testSphere,
  testTag,
} from './custom-reports-test-server';
import ReportsCard from '../reports-card';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const BASE = '/v1/reports/spheres/sphere-1';
const REPORT = `${BASE}/report-1`;
/** A page reads the account, then the report and its part: a busy run may take more than a second. */
const PAGE_LOAD = { timeout: 5000 };

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

async function noSeriousViolation(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(
    results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

const renderList = () =>
  renderPage(<CustomReportsPage />, {
    path: '/apps/spheres/:sphereId/custom-reports',
    entry: '/apps/spheres/sphere-1/custom-reports',
  });
const renderReport = (search = '') =>
  renderPage(
    <>
      <CustomReportPage />
      <LocationProbe />
    </>,
    {
      path: '/apps/spheres/:sphereId/custom-reports/:reportId',
      entry: `/apps/spheres/sphere-1/custom-reports/report-1${search}`,
    },
  );
const renderPart = (suffix = '') =>
  renderPage(<CustomPartPage />, {
    path: `/apps/spheres/:sphereId/custom-reports/:reportId/parts/:partId${suffix}`,
    entry: `/apps/spheres/sphere-1/custom-reports/report-1/parts/part-1${suffix}`,
  });

describe('the tree of a part’s cards', () => {
  it('reads the cards by position, each child right after its parent, one level deeper', () => {
    const cards: ReportCard[] = [
      testCard({ cardId: 'b', position: 1 }),
      testCard({ cardId: 'a', position: 0 }),
      testCard({ cardId: 'a2', position: 3, parentCardId: 'a' }),
      testCard({ cardId: 'a1', position: 2, parentCardId: 'a' }),
      testCard({ cardId: 'a1x', position: 0, parentCardId: 'a1' }),
      // A parent that is not in the part: the card stands at the top.
      testCard({ cardId: 'lost', position: 5, parentCardId: 'elsewhere' }),
    ];
    expect(cardTree(cards).map(({ card, depth }) => `${card.cardId}:${depth}`)).toEqual([
      'a:0',
      'a1:1',
      'a1x:2',
      'a2:1',
      'b:0',
      'lost:0',
    ]);
  });

  it('never loses nor repeats a card whose parents loop', () => {
    const cards = [
      testCard({ cardId: 'x', position: 0, parentCardId: 'y' }),
      testCard({ cardId: 'y', position: 1, parentCardId: 'x' }),
    ];
    expect(
      cardTree(cards)
        .map(({ card }) => card.cardId)
        .sort(),
    ).toEqual(['x', 'y']);
  });
});

describe('the documents being made', () => {
  it('are read again every 3 seconds while one is in progress, and no more once all are done', () => {
    expect(rendersPoll({ renders: [testRender(), testRender({ status: 'inProgress' })] })).toBe(3000);
    expect(rendersPoll({ renders: [testRender(), testRender({ status: 'error' })] })).toBe(false);
    expect(rendersPoll(undefined)).toBe(false);
  });
});

describe('the period of a card’s series', () => {
  it('names a week by its Monday and Sunday, and a month by its name', () => {
    expect(cardPeriodLabel('2026-W10', 'week', 'en')).toBe('02/03/2026 – 08/03/2026');
    expect(cardPeriodLabel('2021-W01', 'week', 'en')).toBe('04/01/2021 – 10/01/2021');
    expect(cardPeriodLabel('2026-03', 'month', 'en')).toBe('March 2026');
  });
});

describe('the language of a card’s written text', () => {
  it('is the reader’s when the report has it, else the report’s first', () => {
    expect(promptLanguage(['fr', 'en'], 'en')).toBe('en');
    expect(promptLanguage(['nl', 'fr'], 'en')).toBe('nl');
  });
});

describe('the custom reports list', () => {
  it('shows each report with its status in words, its period and its cards, in a table', async () => {
    fakeCustomServer(fetchMock);
    const { container } = renderList();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Custom reports of Atelier' }, PAGE_LOAD),
    ).toBeTruthy();
    const row = await screen.findByTestId('custom-report-row-report-1', {}, PAGE_LOAD);
    expect(within(row).getByRole('link', { name: 'Spring review' }).getAttribute('href')).toBe(
      '/apps/spheres/sphere-1/custom-reports/report-1',
    );
    expect(screen.getByTestId('custom-report-status-report-1').textContent).toBe('Draft');
    expect(row.textContent).toContain('01/01/2026 to 31/03/2026');
    expect(within(row).getAllByRole('cell')[2]?.textContent).toBe('3');
    await noSeriousViolation(container);
  });

  it('says when there is no report yet', async () => {
    fakeCustomServer(fetchMock, { reports: [] });
    renderList();
    expect((await screen.findByTestId('custom-reports-empty', {}, PAGE_LOAD)).textContent).toContain(
      'No custom report yet',
    );
  });

  it('refuses those who may not read the sphere’s reports, without asking for them', async () => {
    const { calls } = fakeCustomServer(fetchMock, { roles: ['contributor'] });
    renderList();
    expect(await screen.findByTestId('custom-reports-not-allowed', {}, PAGE_LOAD)).toBeTruthy();
    expect(calls('GET', BASE)).toHaveLength(0);
  });

  it('creates a report with the default period and all languages, then opens it', async () => {
    const { calls } = fakeCustomServer(fetchMock);
    renderList();
    fireEvent.click(await screen.findByTestId('custom-report-new', {}, PAGE_LOAD));
    fireEvent.change(await screen.findByTestId('custom-report-create-name', {}, PAGE_LOAD), {
      target: { value: 'Q2' },
    });
    fireEvent.click(screen.getByTestId('custom-report-create-lang-nl'));
    fireEvent.click(screen.getByTestId('custom-report-create-template-synthesis'));
    fireEvent.click(screen.getByTestId('custom-report-create-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/apps/spheres/sphere-1/custom-reports/report-new',
      ),
    );
    const period = defaultReportPeriod(new Date());
    expect(calls('POST', BASE)[0]?.body).toEqual({
      name: 'Q2',
      description: '',
      start: period.start,
      end: period.end,
      languages: ['fr', 'en'],
      template: 'synthesis',
    });
  });

  it('starts a new report’s period at the start of the month three months ago, and ends it today', () => {
    expect(defaultReportPeriod(new Date(2026, 4, 17, 15))).toEqual({
      start: '2026-02-01',
      end: '2026-05-17',
    });
  });

  it('refuses a report without a name or without a language, before sending it', async () => {
    const { calls } = fakeCustomServer(fetchMock);
    renderList();
    fireEvent.click(await screen.findByTestId('custom-report-new', {}, PAGE_LOAD));
    for (const l of ['fr', 'en', 'nl'])
      fireEvent.click(await screen.findByTestId(`custom-report-create-lang-${l}`));
    fireEvent.click(screen.getByTestId('custom-report-create-submit'));
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(2));
    expect(calls('POST', BASE)).toHaveLength(0);
  });

  it('deletes a report only after its confirmation', async () => {
    const { calls } = fakeCustomServer(fetchMock);
    renderList();
    fireEvent.click(await screen.findByTestId('custom-report-delete-report-1', {}, PAGE_LOAD));
    expect((await screen.findByTestId('custom-report-delete-dialog', {}, PAGE_LOAD)).textContent).toContain(
      'Spring review',
    );
    expect(calls('DELETE', REPORT)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('custom-report-delete-confirm'));
    await waitFor(() => expect(calls('DELETE', REPORT)).toHaveLength(1));
  });
});

describe('a custom report', () => {
  it('shows its parts in order, each with its cards as a tree, and an empty part without a badge', async () => {
    fakeCustomServer(fetchMock);
    const { container } = renderReport();
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring review' }, PAGE_LOAD)).toBeTruthy();
    const parts = screen.getAllByTestId(/^part-part-/).map((p) => p.getAttribute('data-testid'));
    expect(parts).toEqual(['part-part-1', 'part-part-2', 'part-part-3']);
    expect(screen.getByTestId('part-status-part-2').textContent).toBe('In progress');
    expect(screen.queryByTestId('part-status-part-3')).toBeNull();
    expect(screen.getByTestId('tree-card-card-2').getAttribute('data-depth')).toBe('1');
    expect(screen.getByRole('link', { name: 'Overview' }).getAttribute('href')).toBe(
      '/apps/spheres/sphere-1/custom-reports/report-1/parts/part-1',
    );
    await noSeriousViolation(container);
  });

  it('says anonymity is not guaranteed for a study programme', async () => {
    fakeCustomServer(fetchMock, { report: testReport({ anonymityNotGuaranteed: true }) });
    renderReport();
    expect((await screen.findByTestId('report-anonymity', {}, PAGE_LOAD)).textContent).toContain(
      'Anonymity not guaranteed',
    );
  });

  it('changes its status through the status list', async () => {
    const { calls } = fakeCustomServer(fetchMock);
    renderReport();
    fireEvent.change(await screen.findByTestId('custom-report-status', {}, PAGE_LOAD), {
      target: { value: 'validated' },
    });
    await waitFor(() => expect(calls('PUT', REPORT)[0]?.body).toEqual({ status: 'validated' }));
  });

  it('adds a part by its name, and deletes one after its confirmation', async () => {
    const { calls } = fakeCustomServer(fetchMock);
    renderReport();
    fireEvent.change(await screen.findByTestId('part-add-name', {}, PAGE_LOAD), {
      target: { value: 'Conclusions' },
    });
    fireEvent.click(screen.getByTestId('part-add-submit'));
    await waitFor(() => expect(calls('POST', `${REPORT}/parts`)[0]?.body).toEqual({ name: 'Conclusions' }));
    fireEvent.click(screen.getByTestId('part-delete-part-1'));
    await screen.findByTestId('part-delete-dialog', {}, PAGE_LOAD);
    expect(calls('DELETE', `${REPORT}/parts/part-1`)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('part-delete-confirm'));
    await waitFor(() => expect(calls('DELETE', `${REPORT}/parts/part-1`)).toHaveLength(1));
  });

  it('lists its favourite and its bookmarked cards', async () => {
    fakeCustomServer(fetchMock);
    renderReport('?tab=favourites');
    expect((await screen.findByTestId('marked-favourite', {}, PAGE_LOAD)).textContent).toContain('North');
    fireEvent.click(screen.getByTestId('custom-report-tab-bookmarks'));
    expect((await screen.findByTestId('marked-bookmark', {}, PAGE_LOAD)).textContent).toContain('Details');
  });

  it('lists its documents with their status in words; a ready one downloads from its signed address', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fakeCustomServer(fetchMock, {
      renders: [
        testRender(),
        testRender({ renderId: 'render-2', status: 'inProgress', createdAt: '2026-03-02T10:00:00.000Z' }),
        testRender({ renderId: 'render-3', status: 'error', reason: 'The part is empty.' }),
      ],
    });
    renderReport('?tab=documents');
    expect((await screen.findByTestId('document-status-render-2', {}, PAGE_LOAD)).textContent).toBe(
      'Being made',
    );
    expect(screen.getByTestId('document-status-render-1').textContent).toBe('✓Ready');
    expect(screen.getByTestId('document-reason-render-3').textContent).toBe('Failed: The part is empty.');
    expect(screen.queryByTestId('document-download-render-2')).toBeNull();
    fireEvent.click(screen.getByTestId('document-download-render-1'));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://files.example.com/render-1.pdf?signature=abc'),
    );
  });

  it('cancels a document being made, and deletes a finished one, each after a confirmation', async () => {
    const { calls } = fakeCustomServer(fetchMock, {
      renders: [testRender(), testRender({ renderId: 'render-2', status: 'inProgress', name: 'Draft' })],
    });
    renderReport('?tab=documents');
    const cancel = await screen.findByTestId('document-remove-render-2', {}, PAGE_LOAD);
    expect(cancel.textContent).toBe('Cancel the render');
    fireEvent.click(cancel);
    expect((await screen.findByTestId('document-remove-dialog')).textContent).toContain(
      'Draft is being made',
    );
    const deletes = () => calls('DELETE', '/v1/reports/spheres/sphere-1/report-1/renders/render-2');
    // Nothing is sent before the confirmation.
    expect(deletes()).toHaveLength(0);
    fireEvent.click(screen.getByTestId('document-remove-confirm'));
    await waitFor(() => expect(deletes()).toHaveLength(1));
    expect(screen.getByTestId('document-remove-render-1').textContent).toBe('Delete');
  });

  it('shows its dimensions by the sphere’s tag types and their tags, and saves a new choice', async () => {
    const { calls } = fakeCustomServer(fetchMock, {
      report: testReport({ dimensions: ['department'] }),
      tags: [
        testTag('north', { en: 'North' }),
        testTag('south', { en: 'South' }),
        testTag('paris', { en: 'Paris' }, { type: 'office' }),
      ],
    });
    renderReport('?tab=dimensions');
    const select = await screen.findByTestId('dimensions-select', {}, PAGE_LOAD);
    await waitFor(() =>
      expect(screen.getByTestId('custom-report-page').textContent).toContain('Department (North, South)'),
    );
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Office (Paris)', hidden: true }));
    fireEvent.click(screen.getByTestId('dimensions-save'));
    await waitFor(() =>
      expect(calls('PUT', REPORT)[0]?.body).toEqual({ dimensions: ['department', 'office'] }),
    );
  });

  it('opens the render overlay for the report', async () => {
    fakeCustomServer(fetchMock);
    renderReport();
    fireEvent.click(await screen.findByTestId('custom-report-render', {}, PAGE_LOAD));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/apps/spheres/sphere-1/custom-reports/report-1?show=renderReportAdmin&sphereId=sphere-1&reportId=report-1',
      ),
    );
  });
});

const hiddenTotal: CardData = {
  source: 'feelings',
  total: { shown: false, reason: 'too-few-people', threshold: 8 },
  series: [],
};
const series: CardData = {
  source: 'feelings',
  total: { shown: true, people: 12, answers: 40 },
  series: [
    { period: '2026-01', figure: { shown: true, people: 9, answers: 20 } },
    { period: '2026-02', figure: { shown: false, reason: 'too-close-to-another-group', threshold: 5 } },
  ],
};
const dataShot: DataShot = {
  source: 'feelings',
  measure: 'people',
  view: 'total',
  interval: 'month',
  tagIds: [],
};

/** A stand-in for the browser's DataTransfer, which the test DOM lacks. */
function dataTransfer() {
  const data = new Map<string, string>();
  return {
    dropEffect: 'none',
    effectAllowed: 'all',
    setData: (type: string, value: string) => void data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    setDragImage: vi.fn(),
  };
}

const partOrder = () => screen.getAllByTestId(/^part-part-/).map((p) => p.getAttribute('data-testid'));

describe('the structure of a custom report', () => {
  it('moves a part down with its button, writing only the positions that change, and shows the new order', async () => {
    const { calls } = fakeCustomServer(fetchMock);
    const { container } = renderReport();
    const down = await screen.findByRole('button', { name: 'Move “Overview” down' }, PAGE_LOAD);
    // A native button the keyboard reaches and presses (Enter or Space make a click).
    down.focus();
    expect(document.activeElement).toBe(down);
    fireEvent.click(down);
    // While it is saved, no other move is made: the buttons refuse, the handles do not drag.
    const other = screen.getByTestId('part-up-part-3');
    expect(other.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(other);
    expect(screen.getByTestId('part-drag-part-3').getAttribute('draggable')).toBe('false');
    await waitFor(() => expect(calls('PUT', `${REPORT}/parts/part-2`)).toHaveLength(1));
    expect(calls('PUT', `${REPORT}/parts/part-1`).map((c) => c.body)).toEqual([{ position: 1 }]);
    expect(calls('PUT', `${REPORT}/parts/part-2`).map((c) => c.body)).toEqual([{ position: 0 }]);
    expect(calls('PUT', `${REPORT}/parts/part-3`)).toHaveLength(0);
    await waitFor(() =>
      expect(screen.getByTestId('structure-announcer').textContent).toBe('“Overview” is now part 2 of 3.'),
    );
    // Read again from the server, the order stays; the keyboard stays on the moved part.
    expect(partOrder()).toEqual(['part-part-2', 'part-part-1', 'part-part-3']);
    expect(calls('GET', REPORT).length).toBeGreaterThan(1);
    expect(document.activeElement).toBe(screen.getByTestId('part-down-part-1'));
    await noSeriousViolation(container);
  });

  it('disables the move buttons at the ends: the first part up, the last down, a card alone at its level both', async () => {
    fakeCustomServer(fetchMock);
    renderReport();
    const button = async (testId: string) =>
      (await screen.findByTestId(testId, {}, PAGE_LOAD)) as HTMLButtonElement;
    expect((await button('part-up-part-1')).disabled).toBe(true);
    expect((await button('part-down-part-1')).disabled).toBe(false);
    expect((await button('part-up-part-3')).disabled).toBe(false);
    expect((await button('part-down-part-3')).disabled).toBe(true);
    // card-1 is alone at the top of its part, card-2 alone under it.
    for (const id of ['card-1', 'card-2']) {
      expect((await button(`tree-card-up-${id}`)).disabled).toBe(true);
      expect((await button(`tree-card-down-${id}`)).disabled).toBe(true);
      expect((await button(`tree-card-to-part-${id}`)).disabled).toBe(false);
    }
  });

  it('reorders a card among its siblings with its buttons', async () => {
    const { calls } = fakeCustomServer(fetchMock, {
      report: testReport({
        cards: [
          testCard({ cardId: 'c1', title: 'First' }),
          testCard({ cardId: 'c2', title: 'Second', position: 1 }),
          testCard({ cardId: 'c3', title: 'Third', position: 2 }),
        ],
      }),
    });
    renderReport();
    fireEvent.click(await screen.findByRole('button', { name: 'Move “Third” up' }, PAGE_LOAD));
    await waitFor(() => expect(calls('PUT', `${REPORT}/cards/c2`)).toHaveLength(1));
    expect(calls('PUT', `${REPORT}/cards/c3`).map((c) => c.body)).toEqual([{ position: 1 }]);
    expect(calls('PUT', `${REPORT}/cards/c2`).map((c) => c.body)).toEqual([{ position: 2 }]);
    expect(calls('PUT', `${REPORT}/cards/c1`)).toHaveLength(0);
    const tree = within(screen.getByTestId('part-part-1'));
    await waitFor(() =>
      expect(tree.getAllByTestId(/^tree-card-c\d$/).map((c) => c.getAttribute('data-testid'))).toEqual([
        'tree-card-c1',
        'tree-card-c3',
        'tree-card-c2',
      ]),
    );
  });

  it('moves a card dropped on another part to that part, its child following, and says so', async () => {
    const { calls } = fakeCustomServer(fetchMock);
    renderReport();
    const handle = await screen.findByRole('img', { name: 'Drag “Introduction” to move it' }, PAGE_LOAD);
    const target = screen.getByTestId('part-part-3');
    const transfer = dataTransfer();
    fireEvent.dragStart(handle, { dataTransfer: transfer });
    fireEvent.dragOver(target, { dataTransfer: transfer });
    // The drop is shown by an outline and said in words.
    expect(target.getAttribute('data-drop')).toBe('into');
    expect(screen.getByTestId('part-drop-note-part-3').textContent).toContain('end of this part');
    fireEvent.drop(target, { dataTransfer: transfer });
    await waitFor(() => expect(calls('PUT', `${REPORT}/cards/card-1`)).toHaveLength(1));
    expect(calls('PUT', `${REPORT}/cards/card-1`)[0]?.body).toEqual({ partId: 'part-3' });
    // The server moves the cards under it: nothing else is written.
    expect(calls('PUT', `${REPORT}/cards/card-2`)).toHaveLength(0);
    await waitFor(() =>
      expect(screen.getByTestId('structure-announcer').textContent).toBe(
        '“Introduction” moved to the end of “Appendix”, with the 1 card under it.',
      ),
    );
    const appendix = within(screen.getByTestId('part-part-3'));
    expect(appendix.getByTestId('tree-card-card-1').getAttribute('data-depth')).toBe('0');
    expect(appendix.getByTestId('tree-card-card-2').getAttribute('data-depth')).toBe('1');
    expect(target.getAttribute('data-drop')).toBeNull();
  });

  it('reorders parts by drag and drop, before or after the part dropped on', async () => {
    const { calls } = fakeCustomServer(fetchMock);
    renderReport();
    const handle = await screen.findByRole('img', { name: 'Drag “Appendix” to move it' }, PAGE_LOAD);
    const target = screen.getByTestId('part-part-1');
    const transfer = dataTransfer();
    fireEvent.dragStart(handle, { dataTransfer: transfer });
    fireEvent.dragOver(target, { dataTransfer: transfer });
    expect(target.getAttribute('data-drop')).toBe('before');
    fireEvent.drop(target, { dataTransfer: transfer });
    await waitFor(() => expect(calls('PUT', `${REPORT}/parts/part-2`)).toHaveLength(1));
    expect(calls('PUT', `${REPORT}/parts/part-3`).map((c) => c.body)).toEqual([{ position: 0 }]);
    expect(calls('PUT', `${REPORT}/parts/part-1`).map((c) => c.body)).toEqual([{ position: 1 }]);
    expect(calls('PUT', `${REPORT}/parts/part-2`).map((c) => c.body)).toEqual([{ position: 2 }]);
    await waitFor(() => expect(partOrder()).toEqual(['part-part-3', 'part-part-1', 'part-part-2']));
  });

  it('refuses to move a card into or out of a part in preview, with the server’s words, sending nothing', async () => {
    const report = testReport();
    const { calls } = fakeCustomServer(fetchMock, {
      report: {
        ...report,
        parts: report.parts.map((p) => (p.partId === 'part-2' ? { ...p, status: 'preview' } : p)),
      },
    });
    renderReport();
    // Its own cards do not move: no handle, and their buttons are disabled.
    expect(await screen.findByTestId('part-locked-part-2', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.queryByTestId('card-drag-card-3')).toBeNull();
    expect((screen.getByTestId('tree-card-to-part-card-3') as HTMLButtonElement).disabled).toBe(true);
    const transfer = dataTransfer();
    const target = screen.getByTestId('part-part-2');
    fireEvent.dragStart(screen.getByTestId('card-drag-card-1'), { dataTransfer: transfer });
    fireEvent.dragOver(target, { dataTransfer: transfer });
    const message = i18n.t('errors.report-part-preview');
    expect(screen.getByTestId('part-drop-note-part-2').textContent).toBe(message);
    fireEvent.drop(target, { dataTransfer: transfer });
    await waitFor(() =>
      expect(vi.mocked(notifications.show)).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'red', message }),
      ),
    );
    expect(calls('PUT', `${REPORT}/cards/card-1`)).toHaveLength(0);
  });

  it('puts the order back and says the error as a toast when a move is refused', async () => {
    const { calls } = fakeCustomServer(fetchMock, {
      fail: { [`PUT ${REPORT}/parts/part-1`]: { status: 404, body: { key: 'not-found' } } },
    });
    renderPage(<CustomReportPage />, {
      path: '/apps/spheres/:sphereId/custom-reports/:reportId',
      entry: '/apps/spheres/sphere-1/custom-reports/report-1',
      // The app's query client: a failed change is said once, as a toast.
      queryClient: createQueryClient(),
    });
    fireEvent.click(await screen.findByTestId('part-down-part-1', {}, PAGE_LOAD));
    // Shown at once while it is saved.
    expect(partOrder()).toEqual(['part-part-2', 'part-part-1', 'part-part-3']);
    await waitFor(() =>
      expect(vi.mocked(notifications.show)).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'red', message: i18n.t('errors.not-found') }),
      ),
    );
    await waitFor(() => expect(partOrder()).toEqual(['part-part-1', 'part-part-2', 'part-part-3']));
    expect(calls('PUT', `${REPORT}/parts/part-1`)).toHaveLength(1);
    expect(screen.getByTestId('structure-announcer').textContent).toBe('');
  });
});

describe('a report part', () => {
  it('shows each card’s title, description, text and legend, in order', async () => {
    fakeCustomServer(fetchMock, {
      part: testPart({
        cards: [
          testCard({ cardId: 'c2', title: 'Second', position: 1 }),
          testCard({
            cardId: 'c1',
            title: 'First',
            description: 'Why',
            result: 'All went well.',
            legend: 'Source: us',
          }),
        ],
      }),
    });
    const { container } = renderPart();
    expect(await screen.findByRole('heading', { level: 1, name: 'Part Overview' }, PAGE_LOAD)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'First',
      'Second',
    ]);
    expect(screen.getByTestId('card-result-c1').textContent).toBe('All went well.');
    expect(screen.getByTestId('card-legend-c1').textContent).toBe('Source: us');
    await noSeriousViolation(container);
  });

  it('says why a hidden data shot is hidden, and shows no number for it', async () => {
    fakeCustomServer(fetchMock, {
      part: testPart({
        cards: [
          {
            ...testCard({ cardId: 'd1', type: 'dataShot', title: 'Team mood', dataShot }),
            data: hiddenTotal,
          },
        ],
      }),
    });
    renderPart();
    const hidden = await screen.findByTestId('card-hidden-d1', {}, PAGE_LOAD);
    expect(hidden.textContent).toBe('Hidden: fewer than 8 people');
    expect(screen.getByTestId('card-d1').textContent).not.toMatch(/\b0\b/);
  });

  it('gives a series as a chart with its table, a hidden period saying why', async () => {
    fakeCustomServer(fetchMock, {
      part: testPart({
        cards: [
          {
            ...testCard({
              cardId: 'd2',
              type: 'dataShot',
              title: 'Over time',
              dataShot: { ...dataShot, view: 'series' },
            }),
            data: series,
          },
        ],
      }),
    });
    const { container } = renderPart();
    const table = await screen.findByTestId('card-table-d2', {}, PAGE_LOAD);
    expect(within(table).getByRole('caption').textContent).toBe('People, month by month');
    expect(screen.getByTestId('card-chart-d2').getAttribute('aria-label')).toContain('1 period is hidden');
    expect(screen.getByTestId('card-hidden-d2-2026-02').textContent).toBe(
      'Hidden: too close to another group (fewer than 5 people apart)',
    );
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('9');
    await noSeriousViolation(container);
  });

  it('gives a thinkings data shot as its people, its answers and each axis’s average', async () => {
    const thinkings: CardData = {
      source: 'thinkings',
      total: {
        shown: true,
        people: 9,
        answers: 14,
        axes: [{ axisId: 'workload', answers: 14, average: -0.25, values: [] }],
      },
      series: [],
    };
    fakeCustomServer(fetchMock, {
      part: testPart({
        cards: [
          {
            ...testCard({
              cardId: 't1',
              type: 'dataShot',
              title: 'Thoughts',
              dataShot: { ...dataShot, source: 'thinkings' },
            }),
            data: thinkings,
          },
        ],
      }),
    });
    const { container } = renderPart();
    const total = await screen.findByTestId('card-total-t1', {}, PAGE_LOAD);
    expect(total.textContent).toContain('14');
    expect(within(total).getByRole('row', { name: /workload/ }).textContent).toContain('-0.25');
    await noSeriousViolation(container);
  });

  it('writes a card’s text from its figures, says it was written locally, and puts it in only once confirmed', async () => {
    const { calls } = fakeCustomServer(fetchMock, {
      part: testPart({
        cards: [
          {
            ...testCard({ cardId: 'd1', type: 'dataShot', title: 'Team mood', dataShot }),
            data: hiddenTotal,
          },
        ],
      }),
    });
    renderPart();
    fireEvent.click(await screen.findByTestId('card-prompt-d1', {}, PAGE_LOAD));
    fireEvent.click(await screen.findByTestId('card-prompt-write', {}, PAGE_LOAD));
    expect((await screen.findByTestId('card-prompt-written-by', {}, PAGE_LOAD)).textContent).toBe(
      'Written locally from the figures by a fixed template, not by an AI model.',
    );
    // The report is in French and English: the reader's English is used.
    expect(calls('POST', `${REPORT}/cards/d1/prompt`)[0]?.body).toEqual({ lang: 'en' });
    expect(calls('PUT', `${REPORT}/cards/d1`)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('card-prompt-use'));
    await waitFor(() =>
      expect(calls('PUT', `${REPORT}/cards/d1`)[0]?.body).toEqual({ result: 'People felt calm.' }),
    );
  });

  it('says on the card that its text was written locally', async () => {
    fakeCustomServer(fetchMock, {
      part: testPart({ cards: [testCard({ cardId: 'c1', result: 'Calm.', writtenBy: 'local-writer' })] }),
    });
    renderPart();
    expect((await screen.findByTestId('card-written-by-c1', {}, PAGE_LOAD)).textContent).toBe(
      'Written locally from the figures by a fixed template, not by an AI model.',
    );
  });

  it('moves a card down by swapping its position with the next one', async () => {
    const { calls } = fakeCustomServer(fetchMock, {
      part: testPart({
        cards: [
          testCard({ cardId: 'c1', position: 0 }),
          testCard({ cardId: 'c2', title: 'Next', position: 1 }),
        ],
      }),
    });
    renderPart();
    expect(((await screen.findByTestId('card-up-c1', {}, PAGE_LOAD)) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByTestId('card-down-c1'));
    await waitFor(() => expect(calls('PUT', `${REPORT}/cards/c2`)).toHaveLength(1));
    expect(calls('PUT', `${REPORT}/cards/c1`)[0]?.body).toEqual({ position: 1 });
    expect(calls('PUT', `${REPORT}/cards/c2`)[0]?.body).toEqual({ position: 0 });
  });

  it('edits a card’s texts and marks', async () => {
    const { calls } = fakeCustomServer(fetchMock, {
      part: testPart({ cards: [testCard({ cardId: 'c1' })] }),
    });
    renderPart();
    fireEvent.click(await screen.findByTestId('card-edit-c1', {}, PAGE_LOAD));
    fireEvent.change(await screen.findByTestId('card-edit-result', {}, PAGE_LOAD), {
      target: { value: 'New text' },
    });
    fireEvent.click(screen.getByTestId('card-edit-favourite'));
    fireEvent.click(screen.getByTestId('card-edit-submit'));
    await waitFor(() =>
      expect(calls('PUT', `${REPORT}/cards/c1`)[0]?.body).toEqual({
        title: 'Introduction',
        description: '',
        result: 'New text',
        legend: '',
        hidden: false,
        bookmark: false,
        favourite: true,
      }),
    );
  });

  it('adds a data shot of the feelings, for a group of tags, as a monthly series', async () => {
    const { calls } = fakeCustomServer(fetchMock, { tags: [testTag('north', { en: 'North' })] });
    renderPart();
    fireEvent.click(await screen.findByTestId('card-add', {}, PAGE_LOAD));
    fireEvent.click(await screen.findByTestId('card-add-type-dataShot', {}, PAGE_LOAD));
    fireEvent.change(screen.getByTestId('card-add-title'), { target: { value: 'Mood' } });
    fireEvent.change(screen.getByTestId('card-add-measure'), { target: { value: 'averageValue' } });
    fireEvent.click(screen.getByTestId('card-add-view-series'));
    const tags = await screen.findByRole('textbox', { name: 'Group' });
    await waitFor(() => expect(tags.hasAttribute('disabled')).toBe(false));
    fireEvent.click(tags);
    fireEvent.click(await screen.findByRole('option', { name: 'North', hidden: true }));
    fireEvent.click(screen.getByTestId('card-add-submit'));
    await waitFor(() =>
      expect(calls('POST', `${REPORT}/cards`)[0]?.body).toEqual({
        type: 'dataShot',
        partId: 'part-1',
        title: 'Mood',
        description: '',
        legend: '',
        dataShot: {
          source: 'feelings',
          measure: 'averageValue',
          view: 'series',
          interval: 'month',
          tagIds: ['north'],
        },
      }),
    );
  });

  it('offers the thinkings as a source only where the sphere’s report offers them', async () => {
    fakeCustomServer(fetchMock, { subscription: 'starter' });
    renderPart();
    fireEvent.click(await screen.findByTestId('card-add', {}, PAGE_LOAD));
    fireEvent.click(await screen.findByTestId('card-add-type-dataShot', {}, PAGE_LOAD));
    expect(screen.getByTestId('card-add-source-feelings')).toBeTruthy();
    expect(screen.queryByTestId('card-add-source-thinkings')).toBeNull();
  });

  it('says a card’s refused deletion as a toast (spec 02 §8)', async () => {
    const { calls } = fakeCustomServer(fetchMock, {
      part: testPart({ cards: [testCard({ cardId: 'c1' })] }),
      fail: { [`DELETE ${REPORT}/cards/c1`]: { status: 404, body: { key: 'not-found' } } },
    });
    renderPage(<CustomPartPage />, {
      path: '/apps/spheres/:sphereId/custom-reports/:reportId/parts/:partId',
      entry: '/apps/spheres/sphere-1/custom-reports/report-1/parts/part-1',
      // The app's query client: a failed change is said once, as a toast.
      queryClient: createQueryClient(),
    });
    fireEvent.click(await screen.findByTestId('card-delete-c1', {}, PAGE_LOAD));
    fireEvent.click(await screen.findByTestId('card-delete-confirm'));
    await waitFor(() =>
      expect(vi.mocked(notifications.show)).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'red', message: i18n.t('errors.not-found') }),
      ),
    );
    expect(calls('DELETE', `${REPORT}/cards/c1`)).toHaveLength(1);
  });

  it('shows only the bookmarked cards on its bookmarks page', async () => {
    fakeCustomServer(fetchMock, {
      part: testPart({
        cards: [
          testCard({ cardId: 'c1', title: 'Plain' }),
          testCard({ cardId: 'c2', title: 'Kept', bookmark: true }),
        ],
      }),
    });
    renderPart('/bookmarks');
    expect(await screen.findByTestId('card-c2', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.queryByTestId('card-c1')).toBeNull();
  });
});

describe('the reports card of a sphere', () => {
  it('does not offer the custom reports to a starter subscription', async () => {
    fakeCustomServer(fetchMock, { subscription: 'starter' });
    renderPage(<ReportsCard place={{ kind: 'sphere', sphere: testSphere() }} />);
    expect(await screen.findByTestId('reports-card-link', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.queryByTestId('reports-card-custom-link')).toBeNull();
  });

  it('leads its admins to the custom reports too', async () => {
    fakeCustomServer(fetchMock);
    renderPage(<ReportsCard place={{ kind: 'sphere', sphere: testSphere() }} />);
    expect((await screen.findByTestId('reports-card-custom-link', {}, PAGE_LOAD)).getAttribute('href')).toBe(
      '/apps/spheres/sphere-1/custom-reports',
    );
  });
});

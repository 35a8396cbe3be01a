import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThinkingReport } from '@shared/contracts/reports';
import i18n from '../../../i18n';
import { axisAverages } from '../common/report-chart';
import { reportFileName, toCsv } from './report-export';
import {
  axisDetails,
  reportAxes,
  thinkingExportTable,
  thinkingRows,
  thinkingTexts,
  valueKey,
  valueLabels,
  type ShownThinkingFigure,
} from './thinking-export';

const values = (counts: [number, number, number, number, number]) =>
  [-1, -0.5, 0, 0.5, 1].map((value, i) => ({ value, count: counts[i] ?? 0 }));

const figure = (people: number, axes: ShownThinkingFigure['axes']): ShownThinkingFigure => ({
  shown: true,
  people,
  answers: axes.reduce((n, a) => Math.max(n, a.answers), 0),
  axes,
});

const workload = (average: number) => ({
  axisId: 'workload',
  answers: 10,
  average,
  values: values([1, 2, 3, 2, 2]),
});
const recognition = { axisId: 'recognition', answers: 4, average: 0.875, values: values([0, 0, 0, 1, 3]) };

function report(extra: Partial<ThinkingReport> = {}): ThinkingReport {
  return {
    sphereId: 'sphere-1',
    template: 'general',
    interval: 'week',
    anonymityNotGuaranteed: false,
    tagIds: ['tag-a'],
    start: '2026-03-01',
    end: '2026-03-22',
    weeks: ['2026-W10', '2026-W11', '2026-W12'],
    covered: { first: '2026-03-02', last: '2026-03-22' },
    total: figure(12, [recognition, workload(0.1)]),
    series: [
      { period: '2026-W10', first: '2026-03-02', last: '2026-03-08', figure: figure(9, [workload(0.3456)]) },
      {
        period: '2026-W11',
        first: '2026-03-09',
        last: '2026-03-15',
        figure: { shown: false, reason: 'too-few-people', threshold: 8 },
      },
      {
        period: '2026-W12',
        first: '2026-03-16',
        last: '2026-03-22',
        figure: { shown: false, reason: 'too-close-to-another-group', threshold: 5 },
      },
    ],
    ...extra,
  };
}

const NAMES: Record<string, string> = { workload: 'Workload', recognition: 'Recognition' };
const nameOf = (id: string) => NAMES[id] ?? id;
const t = i18n.getFixedT('en');

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterAll(async () => {
  await i18n.changeLanguage('fr');
});

describe('the axes of a thinkings report', () => {
  it('are every axis answered in the period or in one of its weeks, in the order of their names', () => {
    const axes = reportAxes(
      report({
        total: { shown: false, reason: 'too-few-people', threshold: 8 },
        series: [
          {
            period: '2026-W10',
            first: '2026-03-02',
            last: '2026-03-08',
            figure: figure(9, [workload(0.1), { ...recognition, axisId: 'balance' }]),
          },
        ],
      }),
      nameOf,
      'en',
    );
    expect(axes).toEqual([
      { id: 'balance', name: 'balance' },
      { id: 'workload', name: 'Workload' },
    ]);
  });

  it('the five values are named from "Not at all" to "Fully", with the keys of the thinking form', () => {
    expect([-1, -0.5, 0, 0.5, 1].map(valueKey)).toEqual(['m1', 'm05', '0', 'p05', 'p1']);
    expect(valueLabels(t)).toEqual(['Not at all', 'Rather not', 'Partly', 'Mostly', 'Fully']);
    expect(valueLabels(i18n.getFixedT('nl'))).toEqual([
      'Helemaal niet',
      'Eerder niet',
      'Gedeeltelijk',
      'Eerder wel',
      'Helemaal',
    ]);
  });

  it('an axis of the whole period gives its answers, its average to two decimals and each value’s count', () => {
    const r = report();
    const axes = reportAxes(r, nameOf, 'en');
    expect(r.total.shown && axisDetails(r.total, axes)).toEqual([
      { axisId: 'recognition', name: 'Recognition', answers: 4, average: 0.88, counts: [0, 0, 0, 1, 3] },
      { axisId: 'workload', name: 'Workload', answers: 10, average: 0.1, counts: [1, 2, 3, 2, 2] },
    ]);
  });
});

describe('the rows of a thinkings report', () => {
  it('a week gives its people, thinkings and each axis’s average; an axis not answered that week has none', () => {
    const r = report();
    const rows = thinkingRows(r, reportAxes(r, nameOf, 'en'), 'en', t);
    expect(rows[0]).toEqual({
      key: '2026-W10',
      label: '02/03/2026 – 08/03/2026',
      shown: true,
      people: 9,
      answers: 10,
      averages: [null, 0.35],
    });
  });

  it('a hidden period gives its reason with the threshold it missed, never a number', () => {
    const r = report();
    const rows = thinkingRows(r, reportAxes(r, nameOf, 'en'), 'en', t);
    expect(rows[1]).toEqual({
      key: '2026-W11',
      label: '09/03/2026 – 15/03/2026',
      shown: false,
      reason: 'Hidden: fewer than 8 people',
    });
    expect(rows[2]).toMatchObject({
      shown: false,
      reason: 'Hidden: too close to another group (fewer than 5 people apart)',
    });
    expect(rows.at(-1)).toMatchObject({ key: 'total', label: 'The whole period', shown: true, people: 12 });
  });
});

describe('the files of a thinkings report', () => {
  it('hold the feelings report’s header lines, the series table, then each axis with its values', () => {
    const r = report({ anonymityNotGuaranteed: true });
    const table = thinkingExportTable(
      r,
      reportAxes(r, nameOf, 'en'),
      { sphereName: 'Atelier', tagNames: ['North'] },
      'en',
      t,
    );
    expect(table.preamble).toEqual([
      ['Sphere: Atelier'],
      ['Anonymity not guaranteed: this sphere is a study programme; its data is shared with researchers.'],
      ['Period asked: 01/03/2026 to 22/03/2026'],
      [
        'The week in progress is not counted: these figures cover 3 closed weeks, from 02/03/2026 to 22/03/2026.',
      ],
      ['Group: North'],
      ['Interval: Week'],
    ]);
    expect(table.header).toEqual(['Period', 'People', 'Thinkings', 'Recognition', 'Workload']);
    expect(table.rows).toEqual([
      ['02/03/2026 – 08/03/2026', 9, 10, '', 0.35],
      ['09/03/2026 – 15/03/2026', 'Hidden: fewer than 8 people'],
      ['16/03/2026 – 22/03/2026', 'Hidden: too close to another group (fewer than 5 people apart)'],
      ['The whole period', 12, 10, 0.88, 0.1],
      [],
      ['Each axis over the whole period'],
      ['Axis', 'Answers', 'Average (−1 to +1)', 'Not at all', 'Rather not', 'Partly', 'Mostly', 'Fully'],
      ['Recognition', 4, 0.88, 0, 0, 0, 1, 3],
      ['Workload', 10, 0.1, 1, 2, 3, 2, 2],
    ]);
    expect(toCsv(table).split('\r\n')).toContain('09/03/2026 – 15/03/2026;Hidden: fewer than 8 people');
  });

  it('a hidden whole period carries its reason and no table of axes', () => {
    const r = report({ total: { shown: false, reason: 'too-few-people', threshold: 8 } });
    const table = thinkingExportTable(
      r,
      reportAxes(r, nameOf, 'en'),
      { sphereName: 'Atelier', tagNames: [] },
      'en',
      t,
    );
    expect(table.preamble).toContainEqual(['Group: The whole sphere']);
    expect(table.rows.at(-1)).toEqual(['The whole period', 'Hidden: fewer than 8 people']);
    expect(table.rows.flat()).not.toContain('Axis');
  });

  it('end with each axis’s comments under its name, one a line, or why they are hidden', () => {
    const shown = report({
      texts: [
        { answerId: 'recognition', shown: true, texts: [] },
        { answerId: 'workload', shown: true, texts: ['Too many meetings', 'Calmer week'] },
      ],
    });
    const axes = reportAxes(shown, nameOf, 'en');
    const context = { sphereName: 'Atelier', tagNames: [] };
    expect(thinkingExportTable(shown, axes, context, 'en', t).rows.slice(-5)).toEqual([
      [],
      ['Comments over the whole period'],
      ['Recognition', 'No comment in this group.'],
      ['Workload', 'Too many meetings'],
      ['Workload', 'Calmer week'],
    ]);
    // An axis that takes no comment and holds none is left out.
    expect(
      thinkingExportTable(shown, axes, context, 'en', t, (id) => id === 'workload').rows.slice(-3),
    ).toEqual([
      ['Comments over the whole period'],
      ['Workload', 'Too many meetings'],
      ['Workload', 'Calmer week'],
    ]);
    const hidden = report({
      texts: ['recognition', 'workload'].map((answerId) => ({
        answerId,
        shown: false as const,
        reason: 'too-few-people' as const,
        threshold: 8,
      })),
    });
    expect(thinkingExportTable(hidden, axes, context, 'en', t).rows.slice(-2)).toEqual([
      ['Recognition', 'Comments appear only for groups of at least 8 people, to protect anonymity.'],
      ['Workload', 'Comments appear only for groups of at least 8 people, to protect anonymity.'],
    ]);
  });

  it('carry no comments line when the report has none', () => {
    const r = report();
    const table = thinkingExportTable(
      r,
      reportAxes(r, nameOf, 'en'),
      { sphereName: 'A', tagNames: [] },
      'en',
      t,
    );
    expect(table.rows.flat()).not.toContain('Comments over the whole period');
    expect(thinkingTexts(r, reportAxes(r, nameOf, 'en'), t)).toEqual([]);
  });

  it('are named sphere-thinking-report-<sphere>-<start>-<end>', () => {
    expect(reportFileName({ id: 'sphere-1', name: 'Atelier Été' }, report(), 'xlsx', 'sphere-thinking')).toBe(
      'sphere-thinking-report-atelier-ete-2026-03-01-2026-03-22.xlsx',
    );
  });
});

describe('the chart of the axes’ averages', () => {
  it('draws one bar per axis on a scale from −1 to 1, named at both ends', () => {
    const option = axisAverages(
      [
        { name: 'Recognition', average: 0.88 },
        { name: 'Workload', average: -0.1 },
      ],
      { low: 'Not at all', high: 'Fully' },
    ) as {
      xAxis: { min: number; max: number; axisLabel: { formatter: (v: number) => string } };
      yAxis: { data: string[] };
      series: { data: number[] }[];
    };
    expect(option.yAxis.data).toEqual(['Recognition', 'Workload']);
    expect(option.series[0]?.data).toEqual([0.88, -0.1]);
    expect([option.xAxis.min, option.xAxis.max]).toEqual([-1, 1]);
    expect([-1, 0, 1].map(option.xAxis.axisLabel.formatter)).toEqual(['Not at all', '0', 'Fully']);
  });
});

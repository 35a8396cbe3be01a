import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { reportFileName, toCsv } from './report-export';
import {
  averageWithLevel,
  itemsExportHeader,
  nearestLevel,
  strategyAverages,
  strategyDetails,
  strategyExportTable,
  strategyHeader,
  strategyRows,
  truncate,
} from './strategy-export';
import { TEST_STRATEGIES, testStrategyReport } from './strategy-report-test-data';

const t = i18n.getFixedT('en');
const fr = i18n.getFixedT('fr');

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterAll(async () => {
  await i18n.changeLanguage('fr');
});

const shownTotal = () => {
  const total = testStrategyReport().total;
  if (!total.shown) throw new Error('the test report’s total is shown');
  return total;
};

describe('the levels of a strategy report', () => {
  it('an average is named by its nearest level, the ends for averages beyond the scale', () => {
    expect(nearestLevel(3.8)).toBe('happy');
    expect(nearestLevel(2.125)).toBe('unhappy');
    expect(nearestLevel(2.5)).toBe('neutral');
    expect(nearestLevel(1)).toBe('veryUnhappy');
    expect(nearestLevel(0.2)).toBe('veryUnhappy');
    expect(nearestLevel(5.4)).toBe('veryHappy');
  });

  it('an average is written to two decimals with its level’s name, in the reader’s language', () => {
    expect(averageWithLevel(3.8, t)).toBe('3.80 — Happy');
    expect(averageWithLevel(4.625, fr)).toBe('4.63 — Très satisfait');
  });
});

describe('the items of a strategy report', () => {
  it('come in the outline’s order with their depth, type and visibility; an untitled item is named by its type', () => {
    const details = strategyDetails(TEST_STRATEGIES, shownTotal(), t);
    expect(details.map((d) => [d.id, d.title, d.typeName, d.indent, d.isHidden])).toEqual([
      ['vision-1', 'Vision', 'Vision', 0, false],
      ['axis-1', 'Time to focus', 'Strategic axis', 0, false],
      ['goal-1', 'Shorter meetings', 'Goal', 1, true],
      ['action-1', 'No meeting on Wednesday mornings', 'Action', 2, false],
      ['custom-1', 'Team breakfast', 'Custom item', 0, false],
    ]);
  });

  it('a shown item gives its average rounded to two decimals, its nearest level and the count and share of each level', () => {
    const [, axis] = strategyDetails(TEST_STRATEGIES, shownTotal(), t);
    expect(axis).toMatchObject({
      shown: true,
      answers: 8,
      average: 2.13,
      levelName: 'Unhappy',
      levels: [
        { level: 'veryUnhappy', value: 1, label: 'Very unhappy', count: 2, share: 25 },
        { level: 'unhappy', value: 2, label: 'Unhappy', count: 3, share: 38 },
        { level: 'neutral', value: 3, label: 'Neutral', count: 2, share: 25 },
        { level: 'happy', value: 4, label: 'Happy', count: 1, share: 13 },
        { level: 'veryHappy', value: 5, label: 'Very happy', count: 0, share: 0 },
      ],
    });
  });

  it('an item too few people assessed carries its reason with the threshold, never a number', () => {
    const action = strategyDetails(TEST_STRATEGIES, shownTotal(), t).find((d) => d.id === 'action-1');
    expect(action).toEqual({
      id: 'action-1',
      title: 'No meeting on Wednesday mornings',
      typeName: 'Action',
      indent: 2,
      isHidden: false,
      shown: false,
      reason: 'Hidden: fewer than 8 people assessed this item',
    });
  });

  it('an item nobody assessed in the period has no average and zero for each level', () => {
    const custom = strategyDetails(TEST_STRATEGIES, shownTotal(), t).find((d) => d.id === 'custom-1');
    expect(custom).toMatchObject({ shown: true, answers: 0, average: null, levelName: '' });
    expect(custom?.shown && custom.levels.map((l) => l.count)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('the series of a strategy report', () => {
  it('has one column per item in the outline’s order after the period, people and assessments', () => {
    expect(strategyHeader(TEST_STRATEGIES, t)).toEqual([
      'Period',
      'People',
      'Assessments',
      'Vision',
      'Time to focus',
      'Shorter meetings',
      'No meeting on Wednesday mornings',
      'Team breakfast',
    ]);
  });

  it('a period gives each item’s average rounded, a hidden item its reason and a hidden period only why', () => {
    const rows = strategyRows(testStrategyReport(), 'en', t);
    expect(rows.map((r) => r.key)).toEqual(['2026-W10', '2026-W11', 'total']);
    expect(rows[0]).toEqual({
      key: '2026-W10',
      label: '02/03/2026 – 08/03/2026',
      shown: true,
      people: 9,
      answers: 20,
      cells: [
        3.78,
        2.13,
        'Hidden: fewer than 8 people assessed this item',
        'Hidden: fewer than 8 people assessed this item',
        null,
      ],
    });
    expect(rows[1]).toEqual({
      key: '2026-W11',
      label: '09/03/2026 – 15/03/2026',
      shown: false,
      reason: 'Hidden: fewer than 8 people',
    });
  });
});

describe('the files of a strategy report', () => {
  const context = { sphereName: 'Atelier', tagNames: [] };

  it('hold the series with hidden cells as their reasons, then each item with its depth and level counts', () => {
    const table = strategyExportTable(testStrategyReport(), context, 'en', t);
    expect(table.preamble[0]).toEqual(['Sphere: Atelier']);
    expect(table.preamble[1]).toEqual(['Strategy assessments, from 1 (Very unhappy) to 5 (Very happy)']);
    expect(table.header).toEqual(strategyHeader(TEST_STRATEGIES, t));
    expect(table.rows.slice(0, 3)).toEqual([
      [
        '02/03/2026 – 08/03/2026',
        9,
        20,
        3.78,
        2.13,
        'Hidden: fewer than 8 people assessed this item',
        'Hidden: fewer than 8 people assessed this item',
        '',
      ],
      ['09/03/2026 – 15/03/2026', 'Hidden: fewer than 8 people'],
      ['The whole period', 10, 24, 3.8, 2.13, 4.63, 'Hidden: fewer than 8 people assessed this item', ''],
    ]);
    expect(table.rows[5]).toEqual(itemsExportHeader(t));
    expect(itemsExportHeader(t).slice(-5)).toEqual([
      '1 – Very unhappy',
      '2 – Unhappy',
      '3 – Neutral',
      '4 – Happy',
      '5 – Very happy',
    ]);
    expect(table.rows.slice(6)).toEqual([
      ['Vision', 'Vision', 1, '', 10, 3.8, 'Happy', 0, 1, 2, 5, 2],
      ['Time to focus', 'Strategic axis', 1, '', 8, 2.13, 'Unhappy', 2, 3, 2, 1, 0],
      ['  Shorter meetings', 'Goal', 2, 'Hidden from members', 8, 4.63, 'Very happy', 0, 0, 0, 3, 5],
      [
        '    No meeting on Wednesday mornings',
        'Action',
        3,
        '',
        'Hidden: fewer than 8 people assessed this item',
      ],
      ['Team breakfast', 'Custom item', 1, '', 0, '', '', 0, 0, 0, 0, 0],
    ]);
    // A hidden item's reason is never written as a zero.
    expect(toCsv(table)).not.toMatch(/No meeting on Wednesday mornings;Action;3;;0/);
  });

  it('a hidden whole period writes its reason and no item', () => {
    const table = strategyExportTable(
      testStrategyReport({ total: { shown: false, reason: 'too-few-people', threshold: 8 } }),
      context,
      'en',
      t,
    );
    expect(table.rows.at(-1)).toEqual(['The whole period', 'Hidden: fewer than 8 people']);
    expect(table.rows.flat()).not.toContain('Shorter meetings');
  });

  it('a group’s file is named after the group and the period', () => {
    expect(
      reportFileName({ id: 's-1', name: 'Équipe Nord' }, testStrategyReport(), 'xlsx', 'session-strategy'),
    ).toBe('group-strategy-report-equipe-nord-2026-03-01-2026-03-22.xlsx');
  });
});

describe('the graphic of a strategy report', () => {
  it('draws each average on the five levels named on the axis, long names cut', () => {
    const levels = ['Very unhappy', 'Unhappy', 'Neutral', 'Happy', 'Very happy'];
    const long = 'A very long strategic axis that never seems to end at all';
    const option = strategyAverages(
      [
        { title: 'Vision', average: 3.8 },
        { title: long, average: 2.13 },
      ],
      levels,
    ) as {
      xAxis: { min: number; max: number; axisLabel: { formatter: (v: number) => string } };
      yAxis: { data: string[] };
      series: { data: number[] }[];
    };
    expect([option.xAxis.min, option.xAxis.max]).toEqual([1, 5]);
    expect([1, 3, 5].map((v) => option.xAxis.axisLabel.formatter(v))).toEqual([
      'Very unhappy',
      'Neutral',
      'Very happy',
    ]);
    expect(option.yAxis.data).toEqual(['Vision', truncate(long)]);
    expect(truncate(long)).toHaveLength(32);
    expect(option.series[0]?.data).toEqual([3.8, 2.13]);
  });
});

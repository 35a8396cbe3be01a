import { describe, expect, it } from 'vitest';
import { combine, contribution, type CountedFeeling } from './feeling-days';
import { daysBetween, defaultInterval, dominantColor, intervalStart, myselfReport } from './myself-report';

const good = (wordId: string, energy = 0.8): CountedFeeling => ({
  value: 0.6,
  energy,
  color: energy > 0.5 ? 'yellow' : 'green',
  wordId,
});
const bad = (wordId: string, energy = 0.8): CountedFeeling => ({
  value: -0.6,
  energy,
  color: energy > 0.5 ? 'red' : 'blue',
  wordId,
});
const day = (...feelings: CountedFeeling[]) => feelings.map(contribution).reduce((a, b) => combine(a, b));

describe('intervals', () => {
  it('count days inclusively across months and leap years', () => {
    expect(daysBetween('2026-01-01', '2026-01-01')).toBe(1);
    expect(daysBetween('2024-02-01', '2024-03-01')).toBe(30);
    expect(daysBetween('2025-11-24', '2026-11-24')).toBe(366);
  });

  it('read in days up to a month, weeks up to half a year, months beyond', () => {
    expect(defaultInterval('2026-01-01', '2026-01-31')).toBe('day');
    expect(defaultInterval('2026-01-01', '2026-02-01')).toBe('week');
    expect(defaultInterval('2026-01-01', '2026-07-03')).toBe('week');
    expect(defaultInterval('2026-01-01', '2026-07-04')).toBe('month');
  });

  it('start weeks on Monday and months on the first', () => {
    expect(intervalStart('2026-11-29', 'week')).toBe('2026-11-23'); // a Sunday
    expect(intervalStart('2026-11-23', 'week')).toBe('2026-11-23'); // a Monday
    expect(intervalStart('2026-11-24', 'month')).toBe('2026-11-01');
    expect(intervalStart('2026-11-24', 'day')).toBe('2026-11-24');
  });
});

describe('the dominant quadrant of a day', () => {
  it('is the quadrant of most feelings', () => {
    expect(dominantColor(day(good('a'), bad('b', 0.2), bad('c', 0.3)))).toBe('blue');
  });

  it('goes, on a tie, to the quadrant of the day average', () => {
    expect(dominantColor(day(good('a', 0.9), bad('b', 0.2), good('c', 0.9)))).toBe('yellow');
    // one yellow (0.6, 0.8) and one blue (−0.3, 0.2): average value 0.15 > 0, energy 0.5 → green,
    // which is not among the tied quadrants, so the first tied one in quadrant order wins.
    expect(dominantColor(day(good('a'), { value: -0.3, energy: 0.2, color: 'blue' }))).toBe('yellow');
    expect(dominantColor(day(good('a', 0.9), { value: -0.9, energy: 0.9, color: 'red' }))).toBe('red');
  });
});

describe('my report', () => {
  const summaries = [
    { day: '2026-10-31', counts: day(good('calm', 0.2)) },
    { day: '2026-11-02', counts: day(good('joyful'), good('joyful'), bad('tense')) },
    {
      day: '2026-11-10',
      counts: day({
        ...bad('tired', 0.2),
        goals: [{ id: 'health', level: -2 }],
        personalNotes: [{ type: 'family' }],
      }),
    },
    {
      day: '2026-11-11',
      counts: day({
        ...good('grateful', 0.3),
        goals: [
          { id: 'health', level: 1 },
          { id: 'social', level: 0 },
        ],
      }),
    },
  ];

  it('sums the period only, with averages, quadrants, top words, goals and notes', () => {
    const report = myselfReport(summaries, '2026-11-01', '2026-11-30');
    expect(report).toMatchObject({
      interval: 'day',
      count: 5,
      activeDays: 3,
      colors: { yellow: 2, green: 1, red: 1, blue: 1 },
      averageValue: 0.12,
      averageEnergy: 0.58,
      topWords: [
        { wordId: 'joyful', count: 2 },
        { wordId: 'grateful', count: 1 },
        { wordId: 'tense', count: 1 },
        { wordId: 'tired', count: 1 },
      ],
      goals: [
        { id: 'health', closer: 1, neutral: 0, away: 1 },
        { id: 'social', closer: 0, neutral: 1, away: 0 },
      ],
      notes: { general: 0, private: 0, professional: 0, friends: 0, family: 1 },
    });
    expect(report.calendar).toEqual([
      { day: '2026-11-02', count: 3, dominant: 'yellow' },
      { day: '2026-11-10', count: 1, dominant: 'blue' },
      { day: '2026-11-11', count: 1, dominant: 'green' },
    ]);
  });

  it('has one point per interval of the period, empty ones included', () => {
    const daily = myselfReport(summaries, '2026-11-01', '2026-11-30');
    expect(daily.series).toHaveLength(30);
    expect(daily.series[0]).toMatchObject({ start: '2026-11-01', count: 0, averageValue: null });
    expect(daily.series[1]).toMatchObject({ start: '2026-11-02', count: 3, averageValue: 0.2 });
    const weekly = myselfReport(summaries, '2026-10-26', '2026-11-30', 'week');
    expect(weekly.series.map((p) => [p.start, p.count])).toEqual([
      ['2026-10-26', 1],
      ['2026-11-02', 3],
      ['2026-11-09', 2],
      ['2026-11-16', 0],
      ['2026-11-23', 0],
      ['2026-11-30', 0],
    ]);
    const monthly = myselfReport(summaries, '2026-01-01', '2026-12-31');
    expect(monthly.interval).toBe('month');
    expect(monthly.series).toHaveLength(12);
    expect(monthly.series.slice(9, 11).map((p) => p.count)).toEqual([1, 5]);
  });

  it('is empty but whole for a period without feelings', () => {
    const report = myselfReport([], '2026-11-01', '2026-11-07');
    expect(report).toMatchObject({
      count: 0,
      activeDays: 0,
      averageValue: null,
      topWords: [],
      goals: [],
      calendar: [],
    });
    expect(report.series).toHaveLength(7);
  });
});

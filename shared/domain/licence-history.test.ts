import { describe, expect, it } from 'vitest';
import { daysBetween, licenceDayOf, licencesOverTime, periodEnds } from './licence-history';

describe('a sphere’s licences over time', () => {
  it('counts a change on its day in Brussels: 23:30 UTC on 31 March is already 1 April', () => {
    expect(licenceDayOf('2026-03-31T21:59:00Z')).toBe('2026-03-31');
    expect(licenceDayOf('2026-03-31T23:30:00Z')).toBe('2026-04-01');
    expect(licenceDayOf('2026-12-31T23:30:00Z')).toBe('2027-01-01');
  });

  it('counts the days of a period with both ends', () => {
    expect(daysBetween('2026-12-01', '2026-12-01')).toBe(1);
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(365);
    expect(daysBetween('2024-01-01', '2024-12-31')).toBe(366);
  });

  it('ends each period on its last day within the range, the range’s last day always last', () => {
    expect(periodEnds('2026-12-01', '2026-12-03', 'day')).toEqual(['2026-12-01', '2026-12-02', '2026-12-03']);
    // 6 and 13 December 2026 are Sundays.
    expect(periodEnds('2026-12-02', '2026-12-15', 'week')).toEqual([
      '2026-12-06',
      '2026-12-13',
      '2026-12-15',
    ]);
    expect(periodEnds('2026-01-15', '2026-03-10', 'month')).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-10',
    ]);
    expect(periodEnds('2024-02-01', '2024-02-29', 'month')).toEqual(['2024-02-29']);
  });

  it('works the use back from today’s tally: a day’s end is today’s use minus every later day’s change', () => {
    const now = { count: 20, used: 6 };
    const changes = [
      { day: '2026-12-02', tier: 'essentials' as const, usedDelta: 3 },
      { day: '2026-12-04', tier: 'essentials' as const, usedDelta: 2 },
      { day: '2026-12-05', tier: 'essentials' as const, usedDelta: -1 },
      { day: '2026-12-06', tier: 'essentials' as const, usedDelta: 2 },
    ];
    expect(
      licencesOverTime(now, changes, [
        '2026-12-01',
        '2026-12-02',
        '2026-12-04',
        '2026-12-05',
        '2026-12-07',
      ]).map((p) => p.used),
    ).toEqual([0, 3, 5, 4, 6]);
  });

  it('gives each day the count it ended with: the last set before it, or the count the first later set started from', () => {
    const now = { count: 25, used: 0 };
    const changes = [
      { day: '2026-12-03', tier: 'essentials' as const, usedDelta: 0, count: 20, countBefore: 10 },
      { day: '2026-12-05', tier: 'essentials' as const, usedDelta: 0, count: 25, countBefore: 20 },
    ];
    expect(
      licencesOverTime(now, changes, [
        '2026-12-01',
        '2026-12-03',
        '2026-12-04',
        '2026-12-05',
        '2026-12-06',
      ]).map((p) => p.count),
    ).toEqual([10, 20, 20, 25, 25]);
  });

  it('gives today’s figures to every day when nothing changed, and never a use below zero', () => {
    expect(licencesOverTime({ count: 4, used: 2 }, [], ['2026-11-01', '2026-12-01'])).toEqual([
      { day: '2026-11-01', count: 4, used: 2 },
      { day: '2026-12-01', count: 4, used: 2 },
    ]);
    // Given back more than a day's start held (a record missing from before the history began).
    expect(
      licencesOverTime(
        { count: 4, used: 1 },
        [{ day: '2026-12-02', tier: 'essentials', usedDelta: 3 }],
        ['2026-12-01'],
      ),
    ).toEqual([{ day: '2026-12-01', count: 4, used: 0 }]);
  });
});

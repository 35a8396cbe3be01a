import { describe, expect, it, vi } from 'vitest';
import {
  DATE_FILTER_MIN_DAY,
  clampDateFilter,
  dateFilterBounds,
  defaultDateFilter,
  quickPeriodRange,
  type QuickPeriod,
} from './date-filter';

// Calendar periods are local: the product's users are in Brussels, with its summer-time changes.
vi.hoisted(() => {
  process.env.TZ = 'Europe/Brussels';
});

const local = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) =>
  new Date(y, m - 1, d, h, min, s, ms);
const endOf = (y: number, m: number, d: number) => local(y, m, d, 23, 59, 59, 999);
const now = local(2026, 11, 24, 15, 30); // Tuesday 24 November 2026

describe('date-filter bounds', () => {
  it('run from 1 January 2018 to the end of today', () => {
    expect(DATE_FILTER_MIN_DAY).toBe('2018-01-01');
    expect(dateFilterBounds(now)).toEqual({ start: local(2018, 1, 1), end: endOf(2026, 11, 24) });
  });

  it('the default runs from the first day of the month three months ago to the end of today', () => {
    expect(defaultDateFilter(now)).toEqual({ start: local(2026, 8, 1), end: endOf(2026, 11, 24) });
    expect(defaultDateFilter(local(2026, 2, 10))).toEqual({
      start: local(2025, 11, 1),
      end: endOf(2026, 2, 10),
    });
  });

  it('a range is brought within the bounds and put in order', () => {
    expect(clampDateFilter({ start: local(2010, 1, 1), end: local(2030, 1, 1) }, now)).toEqual(
      dateFilterBounds(now),
    );
    expect(clampDateFilter({ start: local(2026, 3, 1), end: local(2026, 1, 1) }, now)).toEqual({
      start: local(2026, 1, 1),
      end: local(2026, 3, 1),
    });
  });
});

describe('quick periods', () => {
  it.each<[QuickPeriod, Date, Date]>([
    [{ kind: 'this', unit: 'day' }, local(2026, 11, 24), endOf(2026, 11, 24)],
    [{ kind: 'last', unit: 'day' }, local(2026, 11, 23), endOf(2026, 11, 23)],
    [{ kind: 'this', unit: 'week' }, local(2026, 11, 23), endOf(2026, 11, 24)],
    [{ kind: 'last', unit: 'week' }, local(2026, 11, 16), endOf(2026, 11, 22)],
    [{ kind: 'this', unit: 'month' }, local(2026, 11, 1), endOf(2026, 11, 24)],
    [{ kind: 'last', unit: 'month' }, local(2026, 10, 1), endOf(2026, 10, 31)],
    [{ kind: 'this', unit: 'quarter' }, local(2026, 10, 1), endOf(2026, 11, 24)],
    [{ kind: 'last', unit: 'quarter' }, local(2026, 7, 1), endOf(2026, 9, 30)],
    [{ kind: 'this', unit: 'year' }, local(2026, 1, 1), endOf(2026, 11, 24)],
    [{ kind: 'last', unit: 'year' }, local(2025, 1, 1), endOf(2025, 12, 31)],
    [{ kind: 'lastN', unit: 'day', count: 7 }, local(2026, 11, 18), endOf(2026, 11, 24)],
    [{ kind: 'lastN', unit: 'day', count: 1 }, local(2026, 11, 24), endOf(2026, 11, 24)],
    [{ kind: 'lastN', unit: 'month', count: 3 }, local(2026, 9, 1), endOf(2026, 11, 24)],
    [{ kind: 'lastN', unit: 'year', count: 2 }, local(2025, 1, 1), endOf(2026, 11, 24)],
  ])('%j', (period, start, end) => {
    expect(quickPeriodRange(period, now)).toEqual({ start, end });
  });

  it('a week starts on Monday, also when today is Sunday', () => {
    expect(quickPeriodRange({ kind: 'this', unit: 'week' }, local(2026, 11, 29, 10)).start).toEqual(
      local(2026, 11, 23),
    );
  });

  it('the last week across the change to summer time is seven calendar days', () => {
    const range = quickPeriodRange({ kind: 'last', unit: 'week' }, local(2026, 4, 1, 12));
    expect(range).toEqual({ start: local(2026, 3, 23), end: endOf(2026, 3, 29) });
    expect(range.end.getTime() - range.start.getTime()).toBe(7 * 24 * 3_600_000 - 3_600_000 - 1);
  });

  it('never reaches before 1 January 2018', () => {
    expect(quickPeriodRange({ kind: 'lastN', unit: 'year', count: 20 }, now).start).toEqual(
      local(2018, 1, 1),
    );
  });

  it.each([0, -1, 1.5])('refuses %d as a number of days', (count) => {
    expect(() => quickPeriodRange({ kind: 'lastN', unit: 'day', count }, now)).toThrow(RangeError);
  });
});

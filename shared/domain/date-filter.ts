/**
 * The dates a history, a report or an export may cover (spec 01 §2 my activity, §9): from
 * 2018-01-01 to the end of today; by default from the first day of the month three months ago.
 * Periods are calendar periods in local time (the user's browser), weeks starting on Monday.
 */

/** The first day a filter may start on. */
export const DATE_FILTER_MIN_DAY = '2018-01-01';

/** 1 January 2018 at midnight, local time (a function: the time zone is read when it is called). */
export const dateFilterMin = () => new Date(2018, 0, 1);

export interface DateRange {
  start: Date;
  end: Date;
}

export const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
export const endOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59, 999);

/** The earliest and latest instants a filter may take at `now`. */
export function dateFilterBounds(now: Date): DateRange {
  return { start: dateFilterMin(), end: endOfDay(now) };
}

/** The default filter: the first day of the month three months ago, to the end of today. */
export function defaultDateFilter(now: Date): DateRange {
  return { start: new Date(now.getFullYear(), now.getMonth() - 3, 1), end: endOfDay(now) };
}

/** A range brought within the bounds; a range that ends before it starts is swapped. */
export function clampDateFilter(range: DateRange, now: Date): DateRange {
  const bounds = dateFilterBounds(now);
  const [from, to] = range.start <= range.end ? [range.start, range.end] : [range.end, range.start];
  const clamp = (d: Date) =>
    new Date(Math.min(Math.max(d.getTime(), bounds.start.getTime()), bounds.end.getTime()));
  return { start: clamp(from), end: clamp(to) };
}

export const PERIOD_UNITS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type PeriodUnit = (typeof PERIOD_UNITS)[number];

/** The quick periods of the history filter: this or last day … year, or the last N days, months, years. */
export type QuickPeriod =
  | { kind: 'this'; unit: PeriodUnit }
  | { kind: 'last'; unit: PeriodUnit }
  | { kind: 'lastN'; unit: 'day' | 'month' | 'year'; count: number };

function startOfUnit(d: Date, unit: PeriodUnit): Date {
  switch (unit) {
    case 'day':
      return startOfDay(d);
    case 'week': {
      const day = startOfDay(d);
      day.setDate(day.getDate() - ((day.getDay() + 6) % 7));
      return day;
    }
    case 'month':
      return new Date(d.getFullYear(), d.getMonth(), 1);
    case 'quarter':
      return new Date(d.getFullYear(), d.getMonth() - (d.getMonth() % 3), 1);
    case 'year':
      return new Date(d.getFullYear(), 0, 1);
  }
}

/** The same calendar position `count` units later (negative: earlier). */
function addUnits(d: Date, unit: PeriodUnit, count: number): Date {
  const next = new Date(d);
  if (unit === 'day') next.setDate(next.getDate() + count);
  else if (unit === 'week') next.setDate(next.getDate() + 7 * count);
  else next.setMonth(next.getMonth() + count * (unit === 'month' ? 1 : unit === 'quarter' ? 3 : 12));
  return next;
}

/**
 * The dates of a quick period at `now`, within the filter's bounds. "This" runs from the start of
 * the current day, week, month, quarter or year to the end of today; "last" is the whole previous
 * one; "last N" ends today and starts N − 1 units before the start of the current one (the last 7
 * days are today and the 6 days before).
 */
export function quickPeriodRange(period: QuickPeriod, now: Date): DateRange {
  const current = startOfUnit(now, period.unit);
  if (period.kind === 'this') return clampDateFilter({ start: current, end: endOfDay(now) }, now);
  if (period.kind === 'last') {
    const start = addUnits(current, period.unit, -1);
    return clampDateFilter({ start, end: new Date(current.getTime() - 1) }, now);
  }
  if (!Number.isInteger(period.count) || period.count < 1)
    throw new RangeError(`A number of ${period.unit}s is a whole number from 1, not ${period.count}`);
  return clampDateFilter(
    { start: addUnits(current, period.unit, -(period.count - 1)), end: endOfDay(now) },
    now,
  );
}

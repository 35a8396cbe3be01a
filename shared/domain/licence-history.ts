/**
 * A sphere's licences over time (spec 02 §7 `GET /spheres/{id}/subscriptions/report`; decision
 * 0052), without I/O: each day a tier's licences changed keeps one record of that day (what was
 * given minus what was given back, and the count the day ended with when it was set), and the use
 * and count at the end of any day are worked back from today's tally. Nothing is counted at read
 * time and no day needs a record.
 */
import { dayOf } from './time-zones';
import type { LicenceTier } from './licences';

/** Days are calendar days in the product's home time zone. */
export const LICENCE_HISTORY_TIME_ZONE = 'Europe/Brussels';

/** The longest period a report covers: a year and a day. */
export const LICENCE_REPORT_MAX_DAYS = 366;

export const LICENCE_REPORT_INTERVALS = ['day', 'week', 'month'] as const;
export type LicenceReportInterval = (typeof LICENCE_REPORT_INTERVALS)[number];

/** The day (YYYY-MM-DD, Brussels) a change written at `instant` counts on. */
export const licenceDayOf = (instant: string): string => dayOf(instant, LICENCE_HISTORY_TIME_ZONE);

/** What one day changed of one tier. */
export interface LicenceDay {
  day: string;
  tier: LicenceTier;
  /** Licences given that day minus those given back. */
  usedDelta: number;
  /** The count the day ended with, when it was set that day. */
  count?: number | undefined;
  /** The count before the first change of the day, when it was set that day. */
  countBefore?: number | undefined;
}

/** A tier's licences at the end of a day. */
export interface LicencePoint {
  day: string;
  count: number;
  used: number;
}

const DAY_MS = 86_400_000;
const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The number of days from `from` to `to`, both counted. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / DAY_MS) + 1;
}

/**
 * The last day of each period of the interval from `from` to `to` (each within them, `to` last):
 * every day; each Sunday and `to`; each month's last day and `to`.
 */
export function periodEnds(from: string, to: string, interval: LicenceReportInterval): string[] {
  const ends: string[] = [];
  for (let ms = utc(from); ms <= utc(to); ms += DAY_MS) {
    const day = dayString(ms);
    const next = new Date(ms + DAY_MS);
    const last =
      day === to ||
      interval === 'day' ||
      (interval === 'week' && new Date(ms).getUTCDay() === 0) ||
      (interval === 'month' && next.getUTCDate() === 1);
    if (last) ends.push(day);
  }
  return ends;
}

/**
 * A tier's count and use at the end of each day asked, worked back from `now` (today's tally) and
 * the days that changed it: the use at the end of a day is today's minus what every later day
 * changed; the count is the one the last day setting it ended with, or, before the first such day,
 * the count that day started from (today's when it was never set).
 */
export function licencesOverTime(
  now: { count: number; used: number },
  changes: readonly LicenceDay[],
  days: readonly string[],
): LicencePoint[] {
  const sorted = [...changes].sort((a, b) => a.day.localeCompare(b.day));
  const counted = sorted.filter((c) => c.count !== undefined);
  return days.map((day) => {
    const later = sorted.filter((c) => c.day > day).reduce((sum, c) => sum + c.usedDelta, 0);
    const setBefore = counted.filter((c) => c.day <= day).at(-1);
    const setAfter = counted.find((c) => c.day > day);
    const count = setBefore?.count ?? setAfter?.countBefore ?? setAfter?.count ?? now.count;
    return { day, count, used: Math.max(now.used - later, 0) };
  });
}

/** The first day of the month three months before `day`'s (spec 02 §5: reports' default start). */
export function threeMonthsBefore(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 - 3, 1)).toISOString().slice(0, 10);
}

/**
 * The days a report over time covers (the licences' and the plans' reports): from three months
 * ago to today unless asked, never past today, a year at most. A refusal names the error key of
 * `query.from`: `not-valid` when it is after `to`, `value-out-of-range-error` beyond a year.
 */
export function reportRange(
  query: { from?: string | undefined; to?: string | undefined },
  today: string,
): { from: string; to: string } | { refused: 'not-valid' | 'value-out-of-range-error' } {
  const to = query.to && query.to < today ? query.to : today;
  const from = query.from ?? threeMonthsBefore(to);
  if (from > to) return { refused: 'not-valid' };
  if (daysBetween(from, to) > LICENCE_REPORT_MAX_DAYS) return { refused: 'value-out-of-range-error' };
  return { from, to };
}

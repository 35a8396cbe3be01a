import type { FormMyselfReportRequest } from '@shared/contracts/forms';
import { clampDateFilter, dateFilterBounds, endOfDay, type DateRange } from '@shared/domain/date-filter';

/** The periods of my forms report: everything, the last 12 or 3 months (in days), or chosen days. */
export const PERIODS = { all: undefined, year: 365, quarter: 91, custom: undefined } as const;
export type Period = keyof typeof PERIODS;

/** A local calendar day as `YYYY-MM-DD`, the value of a date field. */
export function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `YYYY-MM-DD` as local midnight; undefined for anything else. */
function parseDay(day: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayOf(date) === day ? date : undefined;
}

export type CustomDays = { start: string; end: string };
export type CustomRangeResult =
  { range: DateRange } | { problem: { field: 'start' | 'end'; key: 'outOfBounds' | 'endBeforeStart' } };

/**
 * A custom period of the report from two days (spec 01 §2 date filter): each within 2018-01-01 and
 * today, the end not before the start; the range runs from the start of the first day to the end
 * of the last.
 */
export function customRange({ start, end }: CustomDays, now: Date): CustomRangeResult {
  const bounds = dateFilterBounds(now);
  const inBounds = (d: Date | undefined): d is Date =>
    d !== undefined && d >= bounds.start && d <= bounds.end;
  const from = parseDay(start);
  const to = parseDay(end);
  if (!inBounds(from)) return { problem: { field: 'start', key: 'outOfBounds' } };
  if (!inBounds(to)) return { problem: { field: 'end', key: 'outOfBounds' } };
  if (to < from) return { problem: { field: 'end', key: 'endBeforeStart' } };
  return { range: clampDateFilter({ start: from, end: endOfDay(to) }, now) };
}

/** What the report asks for: a form over a chosen period, or undefined while the period is not valid. */
export function reportRequest(
  formId: string,
  period: Period,
  days: CustomDays,
  now: Date,
): FormMyselfReportRequest | undefined {
  if (!formId) return undefined;
  if (period === 'custom') {
    const custom = customRange(days, now);
    return 'range' in custom
      ? { formId, start: custom.range.start.toISOString(), end: custom.range.end.toISOString() }
      : undefined;
  }
  const count = PERIODS[period];
  return count === undefined
    ? { formId }
    : { formId, start: new Date(now.getTime() - count * 86_400_000).toISOString() };
}

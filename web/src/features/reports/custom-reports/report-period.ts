import dayjs from 'dayjs';
import { defaultDateFilter } from '@shared/domain/date-filter';

export const DAY = 'YYYY-MM-DD';

export const dayOf = (date: Date | string) => dayjs(date).format(DAY);

/** A new report's period: from the start of the month three months ago to today (spec 01 §9). */
export function defaultReportPeriod(now: Date): { start: string; end: string } {
  const range = defaultDateFilter(now);
  return { start: dayOf(range.start), end: dayOf(range.end) };
}

import {
  PERIOD_UNITS,
  defaultDateFilter,
  quickPeriodRange,
  type DateRange,
  type QuickPeriod,
} from '@shared/domain/date-filter';

/** The history's period choices (spec 01 §2 my activity): this or last unit, last N, or chosen dates. */
const QUICK: Record<string, QuickPeriod> = {
  ...Object.fromEntries(PERIOD_UNITS.map((unit) => [`this-${unit}`, { kind: 'this', unit }])),
  ...Object.fromEntries(PERIOD_UNITS.map((unit) => [`last-${unit}`, { kind: 'last', unit }])),
  'last-7-days': { kind: 'lastN', unit: 'day', count: 7 },
  'last-30-days': { kind: 'lastN', unit: 'day', count: 30 },
  'last-3-months': { kind: 'lastN', unit: 'month', count: 3 },
  'last-12-months': { kind: 'lastN', unit: 'month', count: 12 },
  'last-2-years': { kind: 'lastN', unit: 'year', count: 2 },
};

export const PERIOD_CHOICES = ['default', ...Object.keys(QUICK), 'custom'] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];

/** The dates of a choice at `now` ('custom' keeps the default until dates are picked). */
export function periodOf(choice: PeriodChoice, now: Date): DateRange {
  const quick = QUICK[choice];
  return quick ? quickPeriodRange(quick, now) : defaultDateFilter(now);
}

import { FEELING_COLORS, feelingColor, type FeelingColor } from './feelings';
import { combine, emptyDay, type DayCounts } from './feeling-days';
import { NOTE_TYPES, type NoteType } from './notes';

/**
 * My report (spec 01 §2 /apps/myself-report) and the home calendar, computed from a period's day
 * summaries (shared/domain/feeling-days.ts): how the feelings spread over the quadrants, how
 * pleasantness and energy moved, the words used most, the goals moved closer or away, the notes.
 */

export const REPORT_INTERVALS = ['day', 'week', 'month'] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];

/** How many words the report ranks. */
export const TOP_WORDS = 10;

export interface DaySummary {
  day: string;
  counts: DayCounts;
}

export interface ReportPoint {
  /** First day of the interval (YYYY-MM-DD). */
  start: string;
  count: number;
  /** Average pleasantness (−1 … 1) and energy (0.1 … 1), null with no feeling. */
  averageValue: number | null;
  averageEnergy: number | null;
  colors: Record<FeelingColor, number>;
}

export interface CalendarDay {
  day: string;
  count: number;
  /** The quadrant most of the day's feelings fell in (ties go to the day's average). */
  dominant: FeelingColor;
}

export interface MyselfReport {
  start: string;
  end: string;
  interval: ReportInterval;
  count: number;
  /** Days with at least one feeling. */
  activeDays: number;
  averageValue: number | null;
  averageEnergy: number | null;
  colors: Record<FeelingColor, number>;
  series: ReportPoint[];
  topWords: { wordId: string; count: number }[];
  goals: { id: string; closer: number; neutral: number; away: number }[];
  notes: Record<NoteType, number>;
  calendar: CalendarDay[];
}

const DAY_MS = 86_400_000;
const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

/** Days from `start` to `end`, both included (YYYY-MM-DD, calendar arithmetic). */
export function daysBetween(start: string, end: string): number {
  return Math.round((toDate(end).getTime() - toDate(start).getTime()) / DAY_MS) + 1;
}

/** The interval a period reads best in: days up to a month, weeks up to half a year, else months. */
export function defaultInterval(start: string, end: string): ReportInterval {
  const days = daysBetween(start, end);
  if (days <= 31) return 'day';
  if (days <= 184) return 'week';
  return 'month';
}

/** The first day of the interval a day falls in (weeks start on Monday). */
export function intervalStart(day: string, interval: ReportInterval): string {
  const date = toDate(day);
  if (interval === 'week') return toDay(new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS));
  if (interval === 'month') return `${day.slice(0, 8)}01`;
  return day;
}

function nextInterval(start: string, interval: ReportInterval): string {
  const date = toDate(start);
  if (interval === 'day') return toDay(new Date(date.getTime() + DAY_MS));
  if (interval === 'week') return toDay(new Date(date.getTime() + 7 * DAY_MS));
  return toDay(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)));
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const average = (tenths: number, count: number) => (count ? round2(tenths / 10 / count) : null);
const colorCounts = (counts: DayCounts) =>
  Object.fromEntries(FEELING_COLORS.map((c) => [c, counts.colors[c] ?? 0])) as Record<FeelingColor, number>;

/** The quadrant of most of a day's feelings; a tie goes to the quadrant of the day's averages. */
export function dominantColor(counts: DayCounts): FeelingColor {
  const most = Math.max(...FEELING_COLORS.map((c) => counts.colors[c] ?? 0));
  const tied = FEELING_COLORS.filter((c) => (counts.colors[c] ?? 0) === most);
  if (tied.length === 1 || counts.valueTenths === 0) return tied[0] as FeelingColor;
  const ofAverage = feelingColor(
    counts.valueTenths / 10 / counts.count,
    counts.energyTenths / 10 / counts.count,
  );
  return tied.includes(ofAverage) ? ofAverage : (tied[0] as FeelingColor);
}

/** The report of a period from its day summaries (days outside `start`…`end` are ignored). */
export function myselfReport(
  summaries: readonly DaySummary[],
  start: string,
  end: string,
  interval: ReportInterval = defaultInterval(start, end),
): MyselfReport {
  const inPeriod = summaries
    .filter((s) => s.day >= start && s.day <= end && s.counts.count > 0)
    .sort((a, b) => a.day.localeCompare(b.day));
  const total = inPeriod.reduce((sum, s) => combine(sum, s.counts), emptyDay());

  const buckets = new Map<string, DayCounts>();
  for (let at = intervalStart(start, interval); at <= end; at = nextInterval(at, interval))
    buckets.set(at, emptyDay());
  for (const s of inPeriod) {
    const key = intervalStart(s.day, interval);
    buckets.set(key, combine(buckets.get(key) ?? emptyDay(), s.counts));
  }

  const goals = Object.entries(total.goals).map(([id, levels]) => {
    const at = (level: number) => levels[String(level)] ?? 0;
    return { id, closer: at(1) + at(2), neutral: at(0), away: at(-1) + at(-2) };
  });
  goals.sort(
    (a, b) => b.closer + b.away + b.neutral - (a.closer + a.away + a.neutral) || a.id.localeCompare(b.id),
  );

  return {
    start,
    end,
    interval,
    count: total.count,
    activeDays: inPeriod.length,
    averageValue: average(total.valueTenths, total.count),
    averageEnergy: average(total.energyTenths, total.count),
    colors: colorCounts(total),
    series: [...buckets.entries()].map(([bucketStart, counts]) => ({
      start: bucketStart,
      count: counts.count,
      averageValue: average(counts.valueTenths, counts.count),
      averageEnergy: average(counts.energyTenths, counts.count),
      colors: colorCounts(counts),
    })),
    topWords: Object.entries(total.words)
      .map(([wordId, count]) => ({ wordId, count }))
      .sort((a, b) => b.count - a.count || a.wordId.localeCompare(b.wordId))
      .slice(0, TOP_WORDS),
    goals,
    notes: Object.fromEntries(NOTE_TYPES.map((t) => [t, total.notes[t] ?? 0])) as Record<NoteType, number>,
    calendar: inPeriod.map((s) => ({ day: s.day, count: s.counts.count, dominant: dominantColor(s.counts) })),
  };
}

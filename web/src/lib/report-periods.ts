/**
 * How far back a report over time reaches (the licences' and the plans' reports), in months: the
 * server's default is three (spec 02 §9, report date filter).
 */
export const REPORT_PERIODS = [3, 6, 12] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** The first day of the month `months` months before this one (YYYY-MM-DD, UTC). */
export function monthsAgo(months: ReportPeriod, now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1)).toISOString().slice(0, 10);
}

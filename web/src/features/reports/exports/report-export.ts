import type { TFunction } from 'i18next';
import type { Language } from '@shared/contracts/headers';
import type { ReportFigure, SphereReport } from '@shared/contracts/reports';
import { FEELING_COLORS, QUADRANTS } from '@shared/domain/feelings';
import type { HiddenReason } from '@shared/domain/report-privacy';
import { formatDate } from '../../../lib/dates';
import { csvOf, workbookOf } from '../../../lib/table-export';

// The report page hands its files to the browser with the one download of the SPA.
export { download } from '../../../lib/table-export';

/**
 * The rows of a sphere's report, once for the page's table and its files (spec 02 §2 reports, §5
 * report privacy; decision 0030): one row per week or month and one for the whole period. A hidden
 * figure is a row with the reason in words and the threshold it missed, never a number; a
 * study-programme sphere's files say first that anonymity is not guaranteed.
 */

export type HiddenFigure = Extract<ReportFigure, { shown: false }>;
export type ShownFigure = Extract<ReportFigure, { shown: true }>;

/** A shown figure's numbers, in the columns' order; null where the report does not give one. */
export type FigureCells = (number | null)[];

export type ReportRow =
  | { key: string; label: string; shown: true; cells: FigureCells }
  | { key: string; label: string; shown: false; reason: string };

/** The key of the row of the whole period. */
export const TOTAL_ROW = 'total';

/** Averages are given to two decimals, on the page and in the files alike. */
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** A signed average to two decimals (it runs from −1 to 1): "+0.25", "-0.50"; a dash when not given. */
export const signed = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : `${n > 0 ? '+' : ''}${round2(n).toFixed(2)}`;

/**
 * Why a figure is hidden, in words, with the number of people its group needs where the reason
 * names it: "Hidden: fewer than 8 people". Every reason of the privacy rules has its own words; a
 * reason added there fails to compile here until it has them.
 */
export function hiddenReason(figure: HiddenFigure, t: TFunction): string {
  const reason: HiddenReason = figure.reason;
  switch (reason) {
    case 'too-few-people':
      return t('reports.hidden.tooFewPeople', { threshold: figure.threshold });
    case 'too-close-to-another-group':
      return t('reports.hidden.tooClose', { threshold: figure.threshold });
    case 'protects-a-smaller-group':
      return t('reports.hidden.protectsSmallerGroup');
    default: {
      const unknown: never = reason;
      return unknown;
    }
  }
}

/** The columns after the period's: people, answers, the two averages, then the four quadrants. */
export function figureCells(figure: ShownFigure): FigureCells {
  return [
    figure.people,
    figure.answers,
    figure.averageValue === undefined ? null : round2(figure.averageValue),
    figure.averageEnergy === undefined ? null : round2(figure.averageEnergy),
    ...FEELING_COLORS.map((c) => figure.colors?.[c] ?? null),
  ];
}

/** The table's header, in the reader's language; each quadrant by its symbol and name. */
export function reportColumns(language: Language, t: TFunction): string[] {
  return [
    t('reports.columns.period'),
    t('reports.columns.people'),
    t('reports.columns.answers'),
    t('reports.columns.averageValue'),
    t('reports.columns.averageEnergy'),
    ...FEELING_COLORS.map((c) => `${QUADRANTS[c].symbol} ${QUADRANTS[c].label[language]}`),
  ];
}

/** The number of columns a hidden row's reason spans (every column after the period's). */
export const FIGURE_COLUMN_COUNT = 4 + FEELING_COLORS.length;

/** A month (`YYYY-MM`) in words, "March 2026"; a week by its days, "02/03/2026 – 08/03/2026". */
export function periodLabel(
  entry: Pick<SphereReport['series'][number], 'period' | 'first' | 'last'>,
  interval: SphereReport['interval'],
  language: Language,
): string {
  const month = /^(\d{4})-(\d{2})$/.exec(entry.period);
  if (interval === 'month' && month) {
    const date = new Date(Number(month[1]), Number(month[2]) - 1, 1);
    return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric' }).format(date);
  }
  return `${formatDate(entry.first)} – ${formatDate(entry.last)}`;
}

function rowOf(key: string, label: string, figure: ReportFigure, t: TFunction): ReportRow {
  return figure.shown
    ? { key, label, shown: true, cells: figureCells(figure) }
    : { key, label, shown: false, reason: hiddenReason(figure, t) };
}

/** One row per week or month, oldest first, then the whole period's. */
export function reportRows(report: SphereReport, language: Language, t: TFunction): ReportRow[] {
  return [
    ...report.series.map((entry) =>
      rowOf(entry.period, periodLabel(entry, report.interval, language), entry.figure, t),
    ),
    rowOf(TOTAL_ROW, t('reports.columns.total'), report.total, t),
  ];
}

export type ExportCell = string | number;
export interface ReportExport {
  /** The lines above the table: sphere or group, anonymity notice, period, weeks covered, tags, interval. */
  preamble: string[][];
  header: string[];
  rows: ExportCell[][];
}

/**
 * What a file says about the report besides its figures, in the reader's language: the sphere it
 * covers, or the group (session) by the name its member sees, and the tags that narrow it.
 */
export type ExportContext = (
  { sphereName: string; groupName?: undefined } | { groupName: string; sphereName?: undefined }
) & {
  /** The tags by name, in the order chosen; none for the whole sphere or group. */
  tagNames: readonly string[];
};

/** What a report's file says above its table, feelings or thinkings alike. */
export type ReportHeading = Pick<
  SphereReport,
  'anonymityNotGuaranteed' | 'start' | 'end' | 'weeks' | 'covered' | 'interval'
>;

/**
 * The lines above a report's table: the sphere or group, the notice of a study programme, the
 * period asked, the weeks covered, the tags and the interval.
 */
export function exportPreamble(report: ReportHeading, context: ExportContext, t: TFunction): string[][] {
  const preamble: string[][] = [
    [
      context.groupName === undefined
        ? t('reports.export.sphere', { name: context.sphereName })
        : t('reports.export.session', { name: context.groupName }),
    ],
  ];
  if (report.anonymityNotGuaranteed) preamble.push([t('reports.anonymity.line')]);
  preamble.push([
    t('reports.export.period', { start: formatDate(report.start), end: formatDate(report.end) }),
  ]);
  preamble.push([
    report.covered
      ? t('reports.notice.covered', {
          count: report.weeks.length,
          first: formatDate(report.covered.first),
          last: formatDate(report.covered.last),
        })
      : t('reports.empty.noWeek'),
  ]);
  const tags = context.tagNames.join(' + ');
  preamble.push([
    context.groupName === undefined
      ? t('reports.export.group', { group: tags || t('reports.filters.wholeSphere') })
      : t('reports.export.tags', { tags: tags || t('reports.filters.wholeGroup') }),
  ]);
  preamble.push([
    t('reports.export.interval', {
      interval: t(report.interval === 'week' ? 'reports.filters.week' : 'reports.filters.month'),
    }),
  ]);
  return preamble;
}

/**
 * A report as a file's rows: the preamble, then exactly the page's table (the same columns, a
 * hidden row carrying its reason in the first figure column and nothing else).
 */
export function exportTable(
  report: SphereReport,
  context: ExportContext,
  language: Language,
  t: TFunction,
): ReportExport {
  return {
    preamble: exportPreamble(report, context, t),
    header: reportColumns(language, t),
    rows: reportRows(report, language, t).map((row) =>
      row.shown ? [row.label, ...row.cells.map((c) => c ?? '')] : [row.label, row.reason],
    ),
  };
}

/** The reports a file may hold, and the start of each one's file name. */
const FILE_PREFIXES = {
  sphere: 'sphere-report',
  session: 'group-report',
  'sphere-thinking': 'sphere-thinking-report',
  'sphere-form': 'sphere-questionnaire-report',
  'session-form': 'group-questionnaire-report',
  'sphere-strategy': 'sphere-strategy-report',
  'session-strategy': 'group-strategy-report',
} as const;

/**
 * The file's name: `sphere-report-<sphere>-<start>-<end>.<ext>`, `group-report-<group>-…` for a
 * group (session), `sphere-thinking-report-<sphere>-…` for a sphere's thinkings,
 * `sphere-questionnaire-report-…` and `group-questionnaire-report-…` for a form's surveys (the owner
 * then named with the form), its name made safe.
 */
export function reportFileName(
  owner: { id: string; name: string },
  report: Pick<SphereReport, 'start' | 'end'>,
  extension: 'csv' | 'xlsx',
  kind: keyof typeof FILE_PREFIXES = 'sphere',
): string {
  return `${FILE_PREFIXES[kind]}-${fileSlug(owner)}-${report.start}-${report.end}.${extension}`;
}

/** A name made safe for a file's: lower-case ASCII words joined by dashes, else the id. */
export function fileSlug(owner: { id: string; name: string }): string {
  return (
    owner.name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || owner.id
  );
}

const lines = (table: ReportExport): ExportCell[][] => [...table.preamble, [], table.header, ...table.rows];

/** CSV that Excel opens right in French and Dutch locales (see `csvOf`): the preamble above the table. */
export function toCsv(table: ReportExport): string {
  return csvOf(lines(table));
}

/** An Excel workbook of one sheet, the preamble above the table. */
export function toXlsx(table: ReportExport, sheetName: string): Promise<ArrayBuffer> {
  return workbookOf(lines(table), {
    sheetName,
    // As wide as the widest line: a thinkings file has a second table below its first.
    columnWidths: Array.from(
      { length: Math.max(table.header.length, ...table.rows.map((row) => row.length)) },
      (_, i) => (i === 0 ? 26 : 16),
    ),
  });
}

import type { TFunction } from 'i18next';
import type { Language } from '@shared/contracts/headers';
import type { ThinkingFigure, ThinkingReport } from '@shared/contracts/reports';
import { THINKING_VALUES } from '@shared/domain/thinkings';
import type { StepTexts } from './export-shapes';
import {
  TOTAL_ROW,
  exportPreamble,
  hiddenReason,
  periodLabel,
  round2,
  type ExportCell,
  type ExportContext,
  type ReportExport,
} from './report-export';

/**
 * The rows of a sphere's thinkings report, once for the page's tables and its files (spec 01 §7
 * `POST /thinkings/sphere-reports`, spec 02 §5 report privacy): per week or month and for the
 * whole period, the average of each axis (−1 to 1); for the whole period, each axis's answers and
 * the count of each of its five values, and each axis's comments for a group of at least 8. A
 * hidden figure is a row with its reason in words and the threshold it missed, never a number.
 */

export type ShownThinkingFigure = Extract<ThinkingFigure, { shown: true }>;

/** An axis of the report, by its id and its name in the reader's language. */
export interface AxisColumn {
  id: string;
  name: string;
}

/** The key of a value's words: −1 → "m1", −0.5 → "m05", 0 → "0", 0.5 → "p05", 1 → "p1". */
export const valueKey = (value: number) =>
  value === 0 ? '0' : `${value < 0 ? 'm' : 'p'}${String(Math.abs(value)).replace('.', '')}`;

/** The five values by their words, from "Not at all" to "Fully". */
export function valueLabels(t: TFunction): string[] {
  return THINKING_VALUES.map((value) => t(`reports.thinking.values.${valueKey(value)}`));
}

/**
 * Every axis answered in the report (in the whole period or in one of its weeks or months), named
 * with `nameOf` and in the order of their names.
 */
export function reportAxes(
  report: Pick<ThinkingReport, 'total' | 'series'>,
  nameOf: (axisId: string) => string,
  language: Language,
): AxisColumn[] {
  const ids = new Set<string>();
  for (const figure of [report.total, ...report.series.map((s) => s.figure)])
    if (figure.shown) for (const axis of figure.axes) ids.add(axis.axisId);
  return [...ids]
    .map((id) => ({ id, name: nameOf(id) }))
    .sort((a, b) => a.name.localeCompare(b.name, language) || a.id.localeCompare(b.id));
}

export type ThinkingRow =
  | {
      key: string;
      label: string;
      shown: true;
      people: number;
      answers: number;
      /** Each axis's average to two decimals, in the columns' order; null where it was not answered. */
      averages: (number | null)[];
    }
  | { key: string; label: string; shown: false; reason: string };

/** The series table's header: the period, people, thinkings, then each axis's average. */
export function thinkingColumns(axes: readonly AxisColumn[], t: TFunction): string[] {
  return [
    t('reports.columns.period'),
    t('reports.columns.people'),
    t('reports.thinking.answers'),
    ...axes.map((axis) => axis.name),
  ];
}

/** The number of columns a hidden row's reason spans (every column after the period's). */
export const thinkingFigureColumnCount = (axes: readonly AxisColumn[]) => 2 + axes.length;

function rowOf(
  key: string,
  label: string,
  figure: ThinkingFigure,
  axes: readonly AxisColumn[],
  t: TFunction,
): ThinkingRow {
  if (!figure.shown) return { key, label, shown: false, reason: hiddenReason(figure, t) };
  const byId = new Map(figure.axes.map((axis) => [axis.axisId, axis]));
  return {
    key,
    label,
    shown: true,
    people: figure.people,
    answers: figure.answers,
    averages: axes.map((axis) => {
      const found = byId.get(axis.id);
      return found ? round2(found.average) : null;
    }),
  };
}

/** One row per week or month, oldest first, then the whole period's. */
export function thinkingRows(
  report: ThinkingReport,
  axes: readonly AxisColumn[],
  language: Language,
  t: TFunction,
): ThinkingRow[] {
  return [
    ...report.series.map((entry) =>
      rowOf(entry.period, periodLabel(entry, report.interval, language), entry.figure, axes, t),
    ),
    rowOf(TOTAL_ROW, t('reports.columns.total'), report.total, axes, t),
  ];
}

/** One axis over the whole period: its answers, its average and the count of each value. */
export interface AxisDetail {
  axisId: string;
  name: string;
  answers: number;
  average: number;
  /** The count of each of the five values, from "not at all" to "fully". */
  counts: number[];
}

/** The axis table's header: the axis, its answers, its average, then the five values. */
export function axisDetailColumns(t: TFunction): string[] {
  return [
    t('reports.thinking.axis'),
    t('reports.thinking.axisAnswers'),
    t('reports.thinking.average'),
    ...valueLabels(t),
  ];
}

/** The axes of a shown figure, in the order of `axes` (the report's). */
export function axisDetails(figure: ShownThinkingFigure, axes: readonly AxisColumn[]): AxisDetail[] {
  const byId = new Map(figure.axes.map((axis) => [axis.axisId, axis]));
  return axes.flatMap((column) => {
    const axis = byId.get(column.id);
    if (!axis) return [];
    return [
      {
        axisId: axis.axisId,
        name: column.name,
        answers: axis.answers,
        average: round2(axis.average),
        counts: THINKING_VALUES.map((value) => axis.values.find((v) => v.value === value)?.count ?? 0),
      },
    ];
  });
}

/**
 * The comments of the whole period axis by axis, in the order of `axes` (the report's), each under
 * its axis's name (decision 0033: given only for a group of at least 8 people whose figure is
 * shown, in an order that says nothing of who wrote them), or why they are hidden, in words. An
 * axis that takes no comment (`takesComments`) is left out unless it holds some.
 */
export function thinkingTexts(
  report: Pick<ThinkingReport, 'texts'>,
  axes: readonly AxisColumn[],
  t: TFunction,
  takesComments: (axisId: string) => boolean = () => true,
): StepTexts[] {
  const byId = new Map((report.texts ?? []).map((part) => [part.answerId, part]));
  return axes.flatMap((axis): StepTexts[] => {
    const part = byId.get(axis.id);
    if (!part) return [];
    if (part.shown && part.texts.length > 0)
      return [{ id: axis.id, title: axis.name, shown: true, texts: part.texts }];
    if (!takesComments(axis.id)) return [];
    if (part.shown) return [{ id: axis.id, title: axis.name, shown: true, texts: [] }];
    const reason =
      part.reason === 'too-few-people'
        ? t('reports.campaign.texts.tooFew', { threshold: part.threshold })
        : hiddenReason(part, t);
    return [{ id: axis.id, title: axis.name, shown: false, reason }];
  });
}

/** The file's lines of the comments: one per comment, under its axis's name; a hidden one's reason. */
function commentLines(texts: readonly StepTexts[], t: TFunction): ExportCell[][] {
  return [
    [t('reports.thinking.commentsTitle')],
    ...texts.flatMap((part): ExportCell[][] => {
      if (!part.shown) return [[part.title, part.reason]];
      if (part.texts.length === 0) return [[part.title, t('reports.campaign.texts.none')]];
      return part.texts.map((text): ExportCell[] => [part.title, text]);
    }),
  ];
}

/**
 * A thinkings report as a file's rows: the same preamble as the feelings report's, then the page's
 * series table (a hidden row carrying its reason in the first figure column and nothing else) and,
 * when the whole period is shown, its table of axes with the count of each value, then each axis's
 * comments as the page shows them (`takesComments` as `thinkingTexts`).
 */
export function thinkingExportTable(
  report: ThinkingReport,
  axes: readonly AxisColumn[],
  context: ExportContext,
  language: Language,
  t: TFunction,
  takesComments?: (axisId: string) => boolean,
): ReportExport {
  const rows: ExportCell[][] = thinkingRows(report, axes, language, t).map((row) =>
    row.shown
      ? [row.label, row.people, row.answers, ...row.averages.map((a) => a ?? '')]
      : [row.label, row.reason],
  );
  if (report.total.shown) {
    const details = axisDetails(report.total, axes);
    if (details.length > 0)
      rows.push(
        [],
        [t('reports.thinking.axesTitle')],
        axisDetailColumns(t),
        ...details.map((axis) => [axis.name, axis.answers, axis.average, ...axis.counts]),
      );
    const texts = thinkingTexts(report, axes, t, takesComments);
    if (texts.length > 0) rows.push([], ...commentLines(texts, t));
  }
  return { preamble: exportPreamble(report, context, t), header: thinkingColumns(axes, t), rows };
}

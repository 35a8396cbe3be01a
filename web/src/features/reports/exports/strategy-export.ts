import type { EChartsCoreOption } from 'echarts/core';
import type { TFunction } from 'i18next';
import { QUADRANT_FILL } from '@shared/charts/palette';
import type { FormFigure, QuestionFigure } from '@shared/contracts/form-reports';
import type { Language } from '@shared/contracts/headers';
import type { ReportedStrategy, StrategyReport } from '@shared/contracts/strategy-reports';
import { ASSESSMENT_LEVELS, ASSESSMENT_LEVEL_VALUES, type AssessmentLevel } from '@shared/domain/strategies';
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
 * The rows of a strategy report, once for the page's tables and its files (spec 02 §2 "strategy
 * assessment (tree or graphic view)", §5 report privacy): each item of the place's strategy in its
 * outline's order and depth, with its assessments, its average on the five levels (1 very unhappy …
 * 5 very happy) and the nearest level's name, and the count of each level; per week or month, the
 * people, their assessments and each item's average. A hidden figure is its reason in words with
 * the threshold it missed, never a number.
 */

const LOWEST = ASSESSMENT_LEVEL_VALUES.veryUnhappy;
const HIGHEST = ASSESSMENT_LEVEL_VALUES.veryHappy;

/** A level's name in the reader's language ("Happy"), from the strategies' own words. */
export const levelName = (level: AssessmentLevel, t: TFunction) => t(`strategies.levels.${level}`);

/** The level nearest an average (3.80 is "happy"), the ends for averages beyond the scale. */
export function nearestLevel(average: number): AssessmentLevel {
  const value = Math.min(HIGHEST, Math.max(LOWEST, Math.round(average)));
  return ASSESSMENT_LEVELS.find((level) => ASSESSMENT_LEVEL_VALUES[level] === value) ?? 'neutral';
}

/** An average to two decimals and its nearest level in words: "3.80 — Happy". */
export function averageWithLevel(average: number, t: TFunction): string {
  return t('reports.strategy.averageLevel', {
    average: round2(average).toFixed(2),
    level: levelName(nearestLevel(average), t),
  });
}

/** An item's name: its title, else (a vision or a mission may have none) its type's name. */
export function itemTitle(item: Pick<ReportedStrategy, 'title' | 'type'>, t: TFunction): string {
  return item.title.trim() || t(`strategies.types.${item.type}`);
}

/** The items in their outline's order. */
export function outline(items: readonly ReportedStrategy[]): ReportedStrategy[] {
  return [...items].sort((a, b) => a.order - b.order);
}

/** One level of an item over the whole period: its name, its value, its count, its share in %. */
export interface LevelCount {
  level: AssessmentLevel;
  value: number;
  label: string;
  count: number;
  share: number;
}

interface ItemBase {
  id: string;
  title: string;
  typeName: string;
  /** From 0 (top of the outline) to 5. */
  indent: number;
  /** Hidden from the place's members (only those who may change the strategy see it). */
  isHidden: boolean;
}

/**
 * An item over the whole period: shown with its figures (no average when nobody assessed it in the
 * period), or hidden with the reason.
 */
export type StrategyDetail =
  | (ItemBase & {
      shown: true;
      answers: number;
      /** To two decimals; null when nobody assessed it. */
      average: number | null;
      /** The nearest level's name; empty when there is no average. */
      levelName: string;
      levels: LevelCount[];
    })
  | (ItemBase & { shown: false; reason: string });

/** Why an item of a shown group is hidden: too few people surely assessed it. */
export function itemHiddenReason(part: { threshold: number }, t: TFunction): string {
  return t('reports.strategy.hiddenItem', { threshold: part.threshold });
}

function levelCounts(part: Extract<QuestionFigure, { shown: true }> | undefined, t: TFunction): LevelCount[] {
  const answers = part?.answers ?? 0;
  return ASSESSMENT_LEVELS.map((level) => {
    const value = ASSESSMENT_LEVEL_VALUES[level];
    const count = part?.values?.find((v) => v.value === value)?.count ?? 0;
    return {
      level,
      value,
      label: levelName(level, t),
      count,
      share: answers > 0 ? Math.round((count / answers) * 100) : 0,
    };
  });
}

/** Every item of a shown figure, in the outline's order, with its figures or why they are hidden. */
export function strategyDetails(
  items: readonly ReportedStrategy[],
  figure: Extract<FormFigure, { shown: true }>,
  t: TFunction,
): StrategyDetail[] {
  const parts = new Map(figure.questions.map((q) => [q.answerId, q]));
  return outline(items).map((item): StrategyDetail => {
    const base: ItemBase = {
      id: item.id,
      title: itemTitle(item, t),
      typeName: t(`strategies.types.${item.type}`),
      indent: item.indent,
      isHidden: item.isHidden,
    };
    const part = parts.get(item.id);
    if (part && !part.shown) return { ...base, shown: false, reason: itemHiddenReason(part, t) };
    const average = part?.average === undefined ? null : round2(part.average);
    return {
      ...base,
      shown: true,
      answers: part?.answers ?? 0,
      average,
      levelName: average === null ? '' : levelName(nearestLevel(average), t),
      levels: levelCounts(part, t),
    };
  });
}

/** One cell of an item's average in the series: the number, the reason where hidden, null where none. */
export type StrategyCell = number | string | null;

export type StrategyRow =
  | { key: string; label: string; shown: true; people: number; answers: number; cells: StrategyCell[] }
  | { key: string; label: string; shown: false; reason: string };

function rowOf(
  key: string,
  label: string,
  figure: FormFigure,
  items: readonly ReportedStrategy[],
  t: TFunction,
): StrategyRow {
  if (!figure.shown) return { key, label, shown: false, reason: hiddenReason(figure, t) };
  const parts = new Map(figure.questions.map((q) => [q.answerId, q]));
  return {
    key,
    label,
    shown: true,
    people: figure.people,
    answers: figure.answers,
    cells: items.map((item): StrategyCell => {
      const part = parts.get(item.id);
      if (!part) return null;
      if (!part.shown) return itemHiddenReason(part, t);
      return part.average === undefined ? null : round2(part.average);
    }),
  };
}

/** One row per week or month, oldest first, then the whole period's; one average per item. */
export function strategyRows(report: StrategyReport, language: Language, t: TFunction): StrategyRow[] {
  const items = outline(report.strategies);
  return [
    ...report.series.map((entry) =>
      rowOf(entry.period, periodLabel(entry, report.interval, language), entry.figure, items, t),
    ),
    rowOf(TOTAL_ROW, t('reports.columns.total'), report.total, items, t),
  ];
}

/** The series table's header: the period, people, assessments, then each item by its name. */
export function strategyHeader(items: readonly ReportedStrategy[], t: TFunction): string[] {
  return [
    t('reports.columns.period'),
    t('reports.columns.people'),
    t('reports.strategy.answers'),
    ...outline(items).map((item) => itemTitle(item, t)),
  ];
}

/** The number of columns a hidden row's reason spans (every column after the period's). */
export const strategyFigureColumnCount = (itemCount: number) => 2 + itemCount;

/** The items table's header: item, type, outline level, visibility, assessments, average, level, each level. */
export function itemsExportHeader(t: TFunction): string[] {
  return [
    t('reports.strategy.columns.item'),
    t('reports.strategy.columns.type'),
    t('reports.strategy.columns.outlineLevel'),
    t('reports.strategy.columns.visibility'),
    t('reports.strategy.columns.answers'),
    t('reports.strategy.columns.average'),
    t('reports.strategy.columns.level'),
    ...ASSESSMENT_LEVELS.map((level) => `${ASSESSMENT_LEVEL_VALUES[level]} – ${levelName(level, t)}`),
  ];
}

/** An item as a file's line: its depth kept as its outline level (1 at the top) and as an indent of its name. */
function itemLine(detail: StrategyDetail, t: TFunction): ExportCell[] {
  const head: ExportCell[] = [
    `${'  '.repeat(detail.indent)}${detail.title}`,
    detail.typeName,
    detail.indent + 1,
    detail.isHidden ? t('reports.strategy.hiddenFromMembers') : '',
  ];
  if (!detail.shown) return [...head, detail.reason];
  return [
    ...head,
    detail.answers,
    detail.average ?? '',
    detail.levelName,
    ...detail.levels.map((level) => level.count),
  ];
}

/**
 * A strategy report as a file's rows: the feelings report's header lines, the page's series table
 * (a hidden row carrying its reason in the first figure column, a hidden item its reason in its own
 * cell), then, when the whole period is shown, each item in the outline's order with its figures.
 */
export function strategyExportTable(
  report: StrategyReport,
  context: ExportContext,
  language: Language,
  t: TFunction,
): ReportExport {
  const preamble = exportPreamble(report, context, t);
  preamble.splice(1, 0, [t('reports.strategy.export.scale')]);
  const rows: ExportCell[][] = strategyRows(report, language, t).map((row) =>
    row.shown
      ? [row.label, row.people, row.answers, ...row.cells.map((cell) => cell ?? '')]
      : [row.label, row.reason],
  );
  if (report.total.shown && report.strategies.length > 0)
    rows.push(
      [],
      [t('reports.strategy.treeCaption')],
      itemsExportHeader(t),
      ...strategyDetails(report.strategies, report.total, t).map((detail) => itemLine(detail, t)),
    );
  return { preamble, header: strategyHeader(report.strategies, t), rows };
}

/** An item's name cut for an axis: at most `max` characters, an ellipsis marking the cut. */
export function truncate(text: string, max = 32): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/**
 * The average of each shown item over the whole period, as horizontal bars on the five levels (1 to
 * 5, each named by its level on the axis), one bar per item named on its left, cut when long. The
 * page's table gives the same figures.
 */
export function strategyAverages(
  items: readonly { title: string; average: number }[],
  levelNames: readonly string[],
): EChartsCoreOption {
  return {
    aria: { enabled: true, label: { enabled: false }, decal: { show: true } },
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 32, top: 8, bottom: 8, containLabel: true },
    xAxis: {
      type: 'value',
      min: LOWEST,
      max: HIGHEST,
      interval: 1,
      axisLabel: {
        hideOverlap: true,
        formatter: (value: number) => levelNames[value - LOWEST] ?? String(value),
      },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: items.map((item) => truncate(item.title)),
    },
    series: [
      {
        type: 'bar',
        itemStyle: { color: QUADRANT_FILL.blue.fill },
        data: items.map((item) => item.average),
      },
    ],
  };
}

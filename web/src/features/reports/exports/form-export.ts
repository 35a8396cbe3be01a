import type { TFunction } from 'i18next';
import type { FormFigure, FormReport, QuestionFigure, ResultFigure } from '@shared/contracts/form-reports';
import type { Language } from '@shared/contracts/headers';
import type { MultilingualText } from '@shared/domain/sessions';
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
import {
  scaleSeries,
  viewDimensions,
  type DimensionFigure,
  type ModelSeries,
  type PeriodView,
  type ScaleModelKind,
  type SelfEsteemQuadrant,
  type SelfEsteemView,
} from './scale-views';
import type { FormPeriod, ReportForm, StepTexts } from './export-shapes';
import {
  isNumber,
  formText,
  countedQuestions,
  partHiddenReason,
  type QuestionDetail,
  questionDetails,
  resultDetails,
  resultHeader,
  scaleText,
  formTexts,
} from './form-details';

/**
 * The rows of a questionnaires report, once for the page's tables and its files (spec 02 §2
 * report views, §5 report privacy; decision 0033): per week or month and for the whole period, the
 * people, their surveys and the average of each additional result (of each number question when the
 * form has no result); for the whole period, each counted question with its answers, its average
 * and the count of each value or choice, and each result's average; each free-text question's
 * texts, given only for a group of at least 8 people (else why). Texts and dates are never
 * counted; then, for each scale model the form measures (decision 0033), its dimensions period by
 * period. A hidden figure is its reason in words with the threshold it missed, never a number.
 */

/** A column of the series: an additional result, or a number question, by its short title. */
export interface FormColumn {
  kind: 'result' | 'question';
  id: string;
  title: string;
}

/**
 * The series' figures: the form's additional results (Big Five traits, self-esteem axes…), or its
 * number questions when it has none; each by its short title, else its title, else its id.
 */
export function formColumns(form: ReportForm, language: Language): FormColumn[] {
  const name = (item: { id: string; title: MultilingualText; shortTitle: MultilingualText }) =>
    formText(item.shortTitle, form, language) || formText(item.title, form, language) || item.id;
  if (form.additionalResults.length > 0)
    return form.additionalResults.map((result) => ({ kind: 'result', id: result.id, title: name(result) }));
  return countedQuestions(form)
    .filter(isNumber)
    .map((answer) => ({ kind: 'question', id: answer.id, title: name(answer) }));
}

/** The series table's header: the period, people, surveys, then each column's average. */
export function formHeader(columns: readonly FormColumn[], t: TFunction): string[] {
  return [
    t('reports.columns.period'),
    t('reports.columns.people'),
    t('reports.forms.answers'),
    ...columns.map((column) => column.title),
  ];
}

/** The number of columns a hidden row's reason spans (every column after the period's). */
export const formFigureColumnCount = (columns: readonly FormColumn[]) => 2 + columns.length;

/**
 * One cell of an average: the number to two decimals, the reason in words where that figure is
 * hidden (never 0), or null where the period has none.
 */
export type FormCell = number | string | null;

export type FormRow =
  | { key: string; label: string; shown: true; people: number; answers: number; cells: FormCell[] }
  | { key: string; label: string; shown: false; reason: string };

function cellOf(part: QuestionFigure | ResultFigure | undefined, t: TFunction): FormCell {
  if (!part) return null;
  if (!part.shown) return partHiddenReason(part, t);
  return 'average' in part && part.average !== undefined ? round2(part.average) : null;
}

function rowOf(
  key: string,
  label: string,
  figure: FormFigure,
  columns: readonly FormColumn[],
  t: TFunction,
): FormRow {
  if (!figure.shown) return { key, label, shown: false, reason: hiddenReason(figure, t) };
  const results = new Map(figure.results.map((r) => [r.resultId, r]));
  const questions = new Map(figure.questions.map((q) => [q.answerId, q]));
  return {
    key,
    label,
    shown: true,
    people: figure.people,
    answers: figure.answers,
    cells: columns.map((column) =>
      cellOf(column.kind === 'result' ? results.get(column.id) : questions.get(column.id), t),
    ),
  };
}

/** Each week or month, oldest first, then the whole period's. */
export function formPeriods(report: FormReport, language: Language, t: TFunction): FormPeriod[] {
  return [
    ...report.series.map((entry) => ({
      key: entry.period,
      label: periodLabel(entry, report.interval, language),
      figure: entry.figure,
    })),
    { key: TOTAL_ROW, label: t('reports.columns.total'), figure: report.total },
  ];
}

/** One row per week or month, oldest first, then the whole period's. */
export function formRows(
  report: FormReport,
  columns: readonly FormColumn[],
  language: Language,
  t: TFunction,
): FormRow[] {
  return formPeriods(report, language, t).map((period) =>
    rowOf(period.key, period.label, period.figure, columns, t),
  );
}

/** The file's lines of the free texts: one per text, under its question's title; a hidden one's reason. */
function textLines(texts: readonly StepTexts[], t: TFunction): ExportCell[][] {
  return [
    [t('reports.forms.textsTitle')],
    ...texts.flatMap((part): ExportCell[][] => {
      if (!part.shown) return [[part.title, part.reason]];
      if (part.texts.length === 0) return [[part.title, t('reports.campaign.texts.none')]];
      return part.texts.map((text): ExportCell[] => [part.title, text]);
    }),
  ];
}

/** The file's lines of the questions: one per value or choice, the question's figures on its first. */
function questionLines(details: readonly QuestionDetail[], t: TFunction): ExportCell[][] {
  const header = [
    t('reports.forms.question'),
    t('reports.forms.questionAnswers'),
    t('reports.forms.average'),
    t('reports.forms.value'),
    t('reports.forms.count'),
    t('reports.forms.sharePercent'),
  ];
  const lines: ExportCell[][] = [[t('reports.forms.questionsTitle')], header];
  for (const detail of details) {
    if (!detail.shown) {
      lines.push([detail.title, detail.reason]);
      continue;
    }
    const [first, ...others] = detail.distribution;
    const head: ExportCell[] = [detail.title, detail.answers, detail.average ?? ''];
    lines.push(first ? [...head, first.label, first.count, first.share] : head);
    for (const v of others) lines.push(['', '', '', v.label, v.count, v.share]);
  }
  return lines;
}

/** Why a scale model's dimension has no figure, in words: the privacy threshold it missed, or no figure. */
export function dimensionReason(dimension: Extract<DimensionFigure, { shown: false }>, t: TFunction): string {
  return dimension.reason === 'too-few-answers' && dimension.threshold !== undefined
    ? partHiddenReason({ threshold: dimension.threshold }, t)
    : t('reports.forms.views.notComputed');
}

/** The four self-esteem quadrants' names in the reader's language. */
export function quadrantNames(t: TFunction): Record<SelfEsteemQuadrant, string> {
  return {
    authentic: t('reports.forms.views.quadrants.authentic'),
    competenceBased: t('reports.forms.views.quadrants.competenceBased'),
    worthinessBased: t('reports.forms.views.quadrants.worthinessBased'),
    low: t('reports.forms.views.quadrants.low'),
  };
}

/**
 * Why the group's self-esteem point is not placed, in a sentence: each hidden axis with its reason,
 * or the results whose scale has no middle.
 */
export function unplacedReason(view: SelfEsteemView, t: TFunction): string {
  const { placement } = view;
  if (placement.placed) return '';
  if (placement.why === 'no-midpoint')
    return t('reports.forms.views.selfEsteem.noMidpoint', { names: placement.titles.join(', ') });
  const reasons = viewDimensions(view).flatMap((d) =>
    d.shown
      ? []
      : [t('reports.forms.views.selfEsteem.reason', { name: d.title, reason: dimensionReason(d, t) })],
  );
  return t('reports.forms.views.selfEsteem.hidden', { reasons: reasons.join('; ') });
}

/** A model's title and the header of its dimensions' column, in the reader's language. */
function modelTexts(kind: ScaleModelKind, t: TFunction): { title: string; dimension: string } {
  return {
    title: t(`reports.forms.views.${kind}.title`),
    dimension: t(`reports.forms.views.${kind}.dimension`),
  };
}

/** A dimension's figure in a period for a file: its average, or why it has none (never 0). */
function dimensionCell(period: PeriodView, resultId: string, t: TFunction): ExportCell {
  if (!period.shown) return hiddenReason(period.hidden, t);
  const figure = viewDimensions(period.view).find((d) => d.resultId === resultId);
  if (!figure) return t('reports.forms.views.notComputed');
  return figure.shown ? figure.average : dimensionReason(figure, t);
}

/** The quadrant of the group's self-esteem in a period for a file, or why it has none. */
function quadrantCell(period: PeriodView, names: Record<SelfEsteemQuadrant, string>, t: TFunction) {
  if (!period.shown) return hiddenReason(period.hidden, t);
  const { view } = period;
  if (view.kind !== 'selfEsteem') return '';
  return view.placement.placed ? names[view.placement.quadrant] : unplacedReason(view, t);
}

/**
 * The file's lines of the scale models: for each, its title, then for each period one line per
 * dimension with its average or why it is hidden and, for self-esteem, one line with its quadrant.
 */
function scaleModelLines(series: readonly ModelSeries[], t: TFunction): ExportCell[][] {
  const names = quadrantNames(t);
  return series.flatMap((model) => {
    const texts = modelTexts(model.kind, t);
    const lines: ExportCell[][] = [
      [],
      [texts.title],
      [t('reports.columns.period'), texts.dimension, t('reports.forms.average')],
    ];
    for (const period of model.periods) {
      for (const dimension of model.dimensions)
        lines.push([period.label, dimension.title, dimensionCell(period, dimension.resultId, t)]);
      if (model.kind === 'selfEsteem')
        lines.push([
          period.label,
          t('reports.forms.views.selfEsteem.quadrant'),
          quadrantCell(period, names, t),
        ]);
    }
    return lines;
  });
}

/**
 * A questionnaires report as a file's rows: the feelings report's header lines and the form's
 * title, the page's series table (a hidden row carrying its reason in the first figure column, a
 * hidden figure its reason in its own cell), then, when the whole period is shown, its questions
 * with the count of each value, its additional results and each scale model the form measures,
 * period by period and over the whole period.
 */
export function formExportTable(
  report: FormReport,
  context: ExportContext,
  language: Language,
  t: TFunction,
): ReportExport {
  const columns = formColumns(report.form, language);
  const preamble = exportPreamble(report, context, t);
  preamble.splice(1, 0, [
    t('reports.forms.export.form', { title: formText(report.form.title, report.form, language) }),
  ]);
  const rows: ExportCell[][] = formRows(report, columns, language, t).map((row) =>
    row.shown
      ? [row.label, row.people, row.answers, ...row.cells.map((cell) => cell ?? '')]
      : [row.label, row.reason],
  );
  if (report.total.shown) {
    const questions = questionDetails(report.total, report.form, language, t);
    if (questions.length > 0) rows.push([], ...questionLines(questions, t));
    const texts = formTexts(report, language, t);
    if (texts.length > 0) rows.push([], ...textLines(texts, t));
    const results = resultDetails(report.total, report.form, language, t);
    if (results.length > 0)
      rows.push(
        [],
        [t('reports.forms.resultsTitle')],
        resultHeader(t),
        ...results.map((r) =>
          r.shown ? [r.title, r.answers, r.average, scaleText(r, language)] : [r.title, r.reason],
        ),
      );
    const periods = formPeriods(report, language, t);
    rows.push(...scaleModelLines(scaleSeries(report.form, periods, language), t));
  }
  return { preamble, header: formHeader(columns, t), rows };
}

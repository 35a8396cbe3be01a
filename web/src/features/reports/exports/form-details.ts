import type { TFunction } from 'i18next';
import type { FormReport, QuestionFigure } from '@shared/contracts/form-reports';
import type { FormAnswer } from '@shared/contracts/forms';
import { isLanguage, type Language } from '@shared/contracts/headers';
import { formAnswers } from '@shared/domain/forms';
import { textIn, type MultilingualText } from '@shared/domain/sessions';
import { hiddenReason, round2 } from './report-export';
import type { ReportForm, ShownFormFigure, StepTexts } from './export-shapes';

/*
 * A questionnaires report's questions and results in words, for its page, its cards and its files
 * (decision 0033): the counted questions with their answers and the count of each value or choice,
 * the additional results with their scale, the free texts or why they are hidden.
 */

/** The questions a report counts: numbers (histo, likert) and choices (choice, select). */
export type CountedAnswer = Extract<FormAnswer, { type: 'histo' | 'likert' | 'choice' | 'select' }>;

export const COUNTED_TYPES: ReadonlySet<FormAnswer['type']> = new Set([
  'histo',
  'likert',
  'choice',
  'select',
]);

export const isCounted = (answer: FormAnswer): answer is CountedAnswer => COUNTED_TYPES.has(answer.type);

export const isNumber = (answer: FormAnswer) => answer.type === 'histo' || answer.type === 'likert';

/** A text of the form in the reader's language, else in the form's first language, else any. */
export function formText(text: MultilingualText, form: Pick<ReportForm, 'languages'>, language: Language) {
  return textIn(text, language, form.languages[0]);
}

/** A form's own language: the first of its languages, when the product speaks it. */
export function ownLanguage(form: { languages: readonly string[] }): Language | undefined {
  const first = form.languages[0];
  return first !== undefined && isLanguage(first) ? first : undefined;
}

/** The form's counted questions, in the form's order. */
export function countedQuestions(form: Pick<ReportForm, 'steps'>): CountedAnswer[] {
  return formAnswers(form).filter(isCounted);
}

/** Whether the form has texts or dates, which no report counts. */
export function hasUncounted(form: Pick<ReportForm, 'steps'>): boolean {
  return formAnswers(form).some((answer) => !isCounted(answer));
}

/** Why a question or a result of a shown group is hidden: too few people surely answered it. */
export function partHiddenReason(part: { threshold: number }, t: TFunction): string {
  return t('reports.hidden.tooFewAnswers', { threshold: part.threshold });
}

/** One value or choice of a question over the whole period: its words, its count, its share in %. */
export interface ShareOf {
  label: string;
  count: number;
  /** Of the question's answers, rounded; a multiple choice's shares may add up to more than 100. */
  share: number;
}

export type QuestionDetail =
  | {
      answerId: string;
      title: string;
      shown: true;
      answers: number;
      /** To two decimals; null for a choice. */
      average: number | null;
      distribution: ShareOf[];
    }
  | { answerId: string; title: string; shown: false; reason: string };

export const numberIn = (value: number, language: Language) =>
  new Intl.NumberFormat(language, { maximumFractionDigits: 6 }).format(value);

/**
 * Each value or choice of a shown question with its count: a likert's options and a choice's values
 * in the form's order (those nobody gave at 0), a histogram's values given, lowest first, its ends
 * with their legends; a value the form no longer offers comes last, as it was recorded.
 */
export function distribution(
  answer: CountedAnswer,
  part: Extract<QuestionFigure, { shown: true }>,
  form: ReportForm,
  language: Language,
): ShareOf[] {
  const share = (count: number) => (part.answers > 0 ? Math.round((count / part.answers) * 100) : 0);
  const of = (label: string, count: number): ShareOf => ({ label, count, share: share(count) });
  const given = part.values ?? [];
  const chosen = part.choices ?? [];
  switch (answer.type) {
    case 'likert': {
      const offered = new Set(answer.options.map((o) => o.value));
      return [
        ...answer.options.map((option) => {
          const legend = formText(option.legend, form, language);
          const value = numberIn(option.value, language);
          const count = given.find((v) => v.value === option.value)?.count ?? 0;
          return of(legend ? `${value} – ${legend}` : value, count);
        }),
        ...given.filter((v) => !offered.has(v.value)).map((v) => of(numberIn(v.value, language), v.count)),
      ];
    }
    case 'histo': {
      const last = answer.firstValue + (answer.scaleSize - 1) * answer.stepValue;
      const low = formText(answer.legendLow, form, language);
      const high = formText(answer.legendHigh, form, language);
      const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;
      return [...given]
        .sort((a, b) => a.value - b.value)
        .map((v) => {
          const value = numberIn(v.value, language);
          const legend = near(v.value, answer.firstValue) ? low : near(v.value, last) ? high : '';
          return of(legend ? `${value} – ${legend}` : value, v.count);
        });
    }
    case 'choice':
    case 'select': {
      const offered = new Set(answer.values.map((v) => v.value));
      return [
        ...answer.values.map((choice) =>
          of(
            formText(choice.title, form, language) || choice.value,
            chosen.find((c) => c.value === choice.value)?.count ?? 0,
          ),
        ),
        ...chosen.filter((c) => !offered.has(c.value)).map((c) => of(c.value, c.count)),
      ];
    }
  }
}

/** The counted questions of a shown figure, in the form's order, each by its full title. */
export function questionDetails(
  figure: ShownFormFigure,
  form: ReportForm,
  language: Language,
  t: TFunction,
): QuestionDetail[] {
  const parts = new Map(figure.questions.map((q) => [q.answerId, q]));
  return countedQuestions(form).flatMap((answer): QuestionDetail[] => {
    const part = parts.get(answer.id);
    if (!part) return [];
    const title = formText(answer.title, form, language) || answer.id;
    if (!part.shown) return [{ answerId: answer.id, title, shown: false, reason: partHiddenReason(part, t) }];
    return [
      {
        answerId: answer.id,
        title,
        shown: true,
        answers: part.answers,
        average: part.average === undefined ? null : round2(part.average),
        distribution: distribution(answer, part, form, language),
      },
    ];
  });
}

export type ResultDetail =
  | {
      resultId: string;
      title: string;
      shown: true;
      answers: number;
      average: number;
      /** The ends of the result's scale, when the form gives them. */
      min?: number | undefined;
      max?: number | undefined;
    }
  | { resultId: string; title: string; shown: false; reason: string };

/** The additional results of a shown figure, in the form's order, each by its full title. */
export function resultDetails(
  figure: ShownFormFigure,
  form: ReportForm,
  language: Language,
  t: TFunction,
): ResultDetail[] {
  const parts = new Map(figure.results.map((r) => [r.resultId, r]));
  return form.additionalResults.flatMap((result): ResultDetail[] => {
    const part = parts.get(result.id);
    if (!part) return [];
    const title = formText(result.title, form, language) || result.id;
    if (!part.shown) return [{ resultId: result.id, title, shown: false, reason: partHiddenReason(part, t) }];
    return [
      {
        resultId: result.id,
        title,
        shown: true,
        answers: part.answers,
        average: round2(part.average),
        min: result.boundaries.min,
        max: result.boundaries.max,
      },
    ];
  });
}

/** The questions table's header: the question, its answers, its average, its values. */
export function questionHeader(t: TFunction): string[] {
  return [
    t('reports.forms.question'),
    t('reports.forms.questionAnswers'),
    t('reports.forms.average'),
    t('reports.forms.distribution'),
  ];
}

/** The results table's header: the result, its answers, its average, its scale. */
export function resultHeader(t: TFunction): string[] {
  return [
    t('reports.forms.result'),
    t('reports.forms.questionAnswers'),
    t('reports.forms.average'),
    t('reports.forms.scale'),
  ];
}

/** A result's scale, "1 – 5", from the ends the form gives; empty when it gives neither. */
export function scaleText(
  result: { min?: number | undefined; max?: number | undefined },
  language: Language,
) {
  if (result.min === undefined && result.max === undefined) return '';
  const end = (n: number | undefined) => (n === undefined ? '…' : numberIn(n, language));
  return `${end(result.min)} – ${end(result.max)}`;
}

/**
 * The form's free-text questions over the whole period, in the form's order (decision 0033): each
 * with its title and its texts, in the order the server gives (which says nothing of who), or why
 * they are hidden, in words.
 */
export function formTexts(report: FormReport, language: Language, t: TFunction): StepTexts[] {
  const titles = new Map(
    formAnswers(report.form).map((a) => [a.id, formText(a.title, report.form, language)]),
  );
  return (report.texts ?? []).map((part): StepTexts => {
    const title = titles.get(part.answerId) || part.answerId;
    if (part.shown) return { id: part.answerId, title, shown: true, texts: part.texts };
    const reason =
      part.reason === 'too-few-people'
        ? t('reports.campaign.texts.tooFew', { threshold: part.threshold })
        : hiddenReason(part, t);
    return { id: part.answerId, title, shown: false, reason };
  });
}

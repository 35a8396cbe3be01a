import type { Form, SurveyValue, SurveyValues } from '@shared/contracts/forms';
import {
  answerValueProblem,
  clearHidden,
  formAnswers,
  isEmptyValue,
  missingRequired,
  valueOf,
  type FormPage,
  type SurveyProblemCode,
} from '@shared/domain/forms';

/**
 * What the runner adds to the form rules of `shared/domain/forms.ts`: values as the person changes
 * them, the problems a page shows, and the values it saves.
 */

/** The values once `answerId` takes `value` (or loses it, with undefined), hidden answers cleared. */
export function withAnswer(
  form: Pick<Form, 'steps'>,
  values: SurveyValues,
  answerId: string,
  value: SurveyValue | undefined,
): SurveyValues {
  const next: SurveyValues = { ...values };
  if (value === undefined) delete next[answerId];
  else next[answerId] = value;
  return clearHidden(form, next);
}

export interface AnswerProblem {
  answerId: string;
  problem: SurveyProblemCode;
}

/**
 * What keeps a page from being left, in the page's order: a value the answer does not take (a
 * text past its max, too few values chosen…), else a required answer missing (`missingRequired`,
 * whose first is where the runner scrolls).
 */
export function pageProblems(page: FormPage, values: SurveyValues): AnswerProblem[] {
  const missing = new Set(missingRequired(page, values).map((a) => a.id));
  const problems: AnswerProblem[] = [];
  for (const answer of page.answers) {
    const value = valueOf(values, answer.id);
    const given = value === null || !isEmptyValue(value);
    const wrong = given ? answerValueProblem(answer, value) : undefined;
    if (wrong) problems.push({ answerId: answer.id, problem: wrong });
    else if (missing.has(answer.id)) problems.push({ answerId: answer.id, problem: 'required' });
  }
  return problems;
}

/** The first page with problems, with them; undefined when the whole survey may be saved. */
export function firstPageWithProblems(
  pages: readonly FormPage[],
  values: SurveyValues,
): { page: FormPage; problems: AnswerProblem[] } | undefined {
  for (const page of pages) {
    const problems = pageProblems(page, values);
    if (problems.length > 0) return { page, problems };
  }
  return undefined;
}

/**
 * The values saved: those of shown answers only (`clearHidden`), without the empty ones (a blank
 * text, no value chosen), which count as no answer. Not applicable (`null`) is kept.
 */
export function valuesToSubmit(form: Pick<Form, 'steps'>, values: SurveyValues): SurveyValues {
  return Object.fromEntries(
    Object.entries(clearHidden(form, values)).filter(([, value]) => value === null || !isEmptyValue(value)),
  );
}

/** The answer after `answerId` on its page, or undefined for the page's last one. */
export function answerAfter(page: FormPage | undefined, answerId: string): string | undefined {
  if (!page) return undefined;
  const index = page.answers.findIndex((a) => a.id === answerId);
  return index >= 0 ? page.answers[index + 1]?.id : undefined;
}

/** Characters that mean something in markdown, escaped so a typed answer shows as typed. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\${c}`);
}

/**
 * The values a markdown template reads: the texts people typed escaped, so `{answerId}` in a
 * description shows an answer such as `**a**` literally, never as markup. Choices keep their
 * values, which name the form's own choice titles.
 */
export function markdownTemplateValues(form: Pick<Form, 'steps'>, values: SurveyValues): SurveyValues {
  const texts = new Set(
    formAnswers(form)
      .filter((a) => a.type === 'text')
      .map((a) => a.id),
  );
  return Object.fromEntries(
    Object.entries(values).map(([id, value]) => [
      id,
      texts.has(id) && typeof value === 'string' ? escapeMarkdown(value) : value,
    ]),
  );
}

/** Where an arrow key moves in a radio group of `count` options (wrapping round), or undefined. */
export function arrowTarget(key: string, index: number, count: number): number | undefined {
  if (count === 0) return undefined;
  if (key === 'ArrowRight' || key === 'ArrowDown') return (index + 1) % count;
  if (key === 'ArrowLeft' || key === 'ArrowUp') return (index - 1 + count) % count;
  return undefined;
}

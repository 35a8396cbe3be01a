import type { Language } from '../contracts/headers';
import type { ValidationKey } from '../contracts/errors';
import type {
  ChoiceAnswer,
  DateAnswer,
  DisplayCondition,
  Form,
  FormAnswer,
  FormStep,
  HistoAnswer,
  LikertAnswer,
  SelectAnswer,
  TextAnswer,
} from '../contracts/forms';
import { textIn } from './sessions';

/**
 * Who a form is available to (spec 01 §3 Form entitlement): apart from the contract's schemas so
 * that the entities storing forms do not carry them (decision 0004).
 */
export const FORM_AVAILABILITIES = ['none', 'sphereMember', 'sessionMember'] as const;
export type FormAvailability = (typeof FORM_AVAILABILITIES)[number];

/**
 * The rules of forms (spec 02 §4 form runner, §5 form answers, display conditions, templates):
 * pages and what they show, required answers, caps and texts, the validation the server applies
 * to a survey, and additional results. The runner and the server use the same functions, so a
 * survey the runner lets through is one the server accepts (docs/decisions/0018-forms-model.md).
 */

/** Survey values as given: by answer id, of any shape until validated. */
export type AnswerValues = Readonly<Record<string, unknown>>;

/** An answer's own value (never one inherited from `Object.prototype`). */
export function valueOf(values: AnswerValues, answerId: string): unknown {
  return Object.hasOwn(values, answerId) ? values[answerId] : undefined;
}

/** No answer at all: absent, blank text or no value chosen. `null` (not applicable) is an answer. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** Answered: a value, or not applicable (`null`) where the answer offers it. */
export function isAnswered(answer: FormAnswer, value: unknown): boolean {
  if (value === null) return answer.enableNotApplicable;
  return !isEmptyValue(value);
}

/** Every answer of the form, in order. */
export function formAnswers(form: Pick<Form, 'steps'>): FormAnswer[] {
  return form.steps.flatMap((step) => step.answers);
}

// ---------------------------------------------------------------------------------------------
// Display conditions
// ---------------------------------------------------------------------------------------------

/** A value compared with a condition's: numbers as numbers, anything else as text. */
function sameValue(actual: unknown, expected: string | number): boolean {
  if (typeof actual === 'number' && typeof expected === 'number') return actual === expected;
  if (typeof actual === 'number' || typeof actual === 'string') return String(actual) === String(expected);
  return false;
}

/**
 * Whether a display condition holds for the values. `exists`: answered, and not "not applicable".
 * `equals`: the value is `value` (a multi-choice: it is the only one chosen). `contains`: one of
 * the chosen values is `value`, or a text holds it (ignoring case). A missing, empty or
 * not-applicable answer equals and contains nothing.
 */
export function evaluateCondition(condition: DisplayCondition, values: AnswerValues): boolean {
  switch (condition.operator) {
    case 'exists': {
      const value = valueOf(values, condition.answerId);
      return value !== null && !isEmptyValue(value);
    }
    case 'equals': {
      const value = valueOf(values, condition.answerId);
      if (value === null || isEmptyValue(value)) return false;
      if (Array.isArray(value)) return value.length === 1 && sameValue(value[0], condition.value);
      return sameValue(value, condition.value);
    }
    case 'contains': {
      const value = valueOf(values, condition.answerId);
      if (value === null || isEmptyValue(value)) return false;
      if (Array.isArray(value)) return value.some((v) => sameValue(v, condition.value));
      if (typeof value === 'string')
        return value.toLowerCase().includes(String(condition.value).toLowerCase());
      return false;
    }
    case 'not':
      return !evaluateCondition(condition.condition, values);
    case 'or':
      return condition.conditions.some((c) => evaluateCondition(c, values));
    case 'and':
      return condition.conditions.every((c) => evaluateCondition(c, values));
  }
}

/** Whether a step or an answer shows: it has no condition, or its condition holds. */
export function isShown(
  item: { displayCondition?: DisplayCondition | undefined },
  values: AnswerValues,
): boolean {
  return item.displayCondition === undefined || evaluateCondition(item.displayCondition, values);
}

// ---------------------------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------------------------

/** A shown step of a page with its shown answers. */
export interface ShownStep {
  step: FormStep;
  answers: FormAnswer[];
}

/** A page of the runner: the shown steps of one group, and their shown answers in order. */
export interface FormPage {
  /** The id of the group's first step: the page keeps it while conditions change. */
  id: string;
  steps: ShownStep[];
  answers: FormAnswer[];
}

/** Steps grouped into pages: a step with `sameTabAsPreviousOne` joins the page before it. */
export function stepGroups(form: Pick<Form, 'steps'>): FormStep[][] {
  const groups: FormStep[][] = [];
  for (const step of form.steps) {
    const last = groups.at(-1);
    if (step.sameTabAsPreviousOne && last) last.push(step);
    else groups.push([step]);
  }
  return groups;
}

/**
 * The pages the runner shows for the values: each group's steps whose condition holds, with the
 * answers whose condition holds; a group with no shown step is no page.
 */
export function buildPages(form: Pick<Form, 'steps'>, values: AnswerValues): FormPage[] {
  const pages: FormPage[] = [];
  for (const group of stepGroups(form)) {
    const steps = group
      .filter((step) => isShown(step, values))
      .map((step) => ({ step, answers: step.answers.filter((answer) => isShown(answer, values)) }));
    const first = group[0];
    if (steps.length > 0 && first)
      pages.push({ id: first.id, steps, answers: steps.flatMap((s) => s.answers) });
  }
  return pages;
}

/** The answers shown for the values, in the form's order. */
export function visibleAnswers(form: Pick<Form, 'steps'>, values: AnswerValues): FormAnswer[] {
  return buildPages(form, values).flatMap((page) => page.answers);
}

/**
 * The values without those of hidden answers (spec 02 §4: a hidden answer's value is cleared).
 * Clearing one may hide another that depends on it, so this runs until nothing changes. Values
 * of ids the form does not know are kept (validation refuses them).
 */
export function clearHidden<V>(
  form: Pick<Form, 'steps'>,
  values: Readonly<Record<string, V>>,
): Record<string, V> {
  const ids = new Set(formAnswers(form).map((a) => a.id));
  let current: Record<string, V> = Object.fromEntries(Object.entries(values));
  for (let round = 0; round <= ids.size; round += 1) {
    const shown = new Set(visibleAnswers(form, current).map((a) => a.id));
    const next = Object.fromEntries(Object.entries(current).filter(([id]) => !ids.has(id) || shown.has(id)));
    if (Object.keys(next).length === Object.keys(current).length) return next;
    current = next;
  }
  return current;
}

/**
 * Required answers shown and not answered, in order, on a page or a whole form: next and save
 * wait for them, and the runner scrolls to the first (spec 02 §4).
 */
export function missingRequired(target: FormPage | Form, values: AnswerValues): FormAnswer[] {
  const answers = 'languages' in target ? visibleAnswers(target, values) : target.answers;
  return answers.filter((answer) => answer.required && !isAnswered(answer, valueOf(values, answer.id)));
}

// ---------------------------------------------------------------------------------------------
// Values by answer type
// ---------------------------------------------------------------------------------------------

/** Rounds away float noise (0.1 + 0.2) in scale values. */
function tidy(n: number): number {
  return Number(n.toFixed(9));
}

/** The values of a histogram's bars, lowest first. */
export function histoValues(answer: HistoAnswer): number[] {
  return Array.from({ length: answer.scaleSize }, (_, i) => tidy(answer.firstValue + i * answer.stepValue));
}

export function isOnHistoScale(answer: HistoAnswer, value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const position = (value - answer.firstValue) / answer.stepValue;
  const index = Math.round(position);
  return index >= 0 && index < answer.scaleSize && Math.abs(position - index) < 1e-6;
}

export function isLikertValue(answer: LikertAnswer, value: number): boolean {
  return answer.options.some((option) => option.value === value);
}

/** A real calendar day written `YYYY-MM-DD`. */
export function isIsoDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A `YYYY-MM-DD` value in a date answer's format. */
export function formatDateValue(value: string, format: DateAnswer['format']): string {
  if (!isIsoDay(value)) return value;
  const [year, month, day] = value.split('-');
  if (format === 'DD/MM/YYYY') return `${day}/${month}/${year}`;
  if (format === 'MM/DD/YYYY') return `${month}/${day}/${year}`;
  return value;
}

type ChoiceLike = ChoiceAnswer | SelectAnswer;

/** How many values a choice takes: its max with multiChoice (every value without one), else one. */
export function choiceMax(answer: ChoiceLike): number {
  return answer.multiChoice ? (answer.multiChoiceMax ?? answer.values.length) : 1;
}

/** The counter a multi-choice shows, n/max. */
export function choiceCounter(
  answer: ChoiceLike,
  selected: readonly string[],
): { count: number; max: number } {
  return { count: selected.length, max: choiceMax(answer) };
}

/** A multi-choice at its max: the values not chosen are disabled. */
export function choiceCapReached(answer: ChoiceLike, selected: readonly string[]): boolean {
  return answer.multiChoice && selected.length >= choiceMax(answer);
}

export function isChoiceDisabled(answer: ChoiceLike, selected: readonly string[], value: string): boolean {
  return choiceCapReached(answer, selected) && !selected.includes(value);
}

/**
 * A multi-choice after a click on `value`: unchosen if chosen, chosen unless the cap is reached;
 * kept in the order the values are offered.
 */
export function toggleChoice(answer: ChoiceLike, selected: readonly string[], value: string): string[] {
  if (selected.includes(value)) return selected.filter((v) => v !== value);
  if (choiceCapReached(answer, selected)) return [...selected];
  const chosen = new Set([...selected, value]);
  const offered = answer.values.map((v) => v.value).filter((v) => chosen.delete(v));
  return [...offered, ...chosen];
}

/** A single-line answer's text: each line break, with the spaces around it, becomes one space. */
export function singleLine(text: string): string {
  return text.replace(/[^\S\r\n]*[\r\n]+\s*/g, ' ');
}

/** What a text answer keeps of what was typed or pasted. */
export function normaliseText(answer: TextAnswer, text: string): string {
  return answer.multiline ? text : singleLine(text);
}

/**
 * A text answer's error to show: `required` once touched and left empty (spec 02 §5), the length
 * error past its max.
 */
export function textAnswerError(
  answer: TextAnswer,
  value: string | null | undefined,
  touched: boolean,
): 'required' | 'length-out-of-range-error' | undefined {
  if (typeof value === 'string' && value.length > answer.max) return 'length-out-of-range-error';
  if (answer.required && touched && !isAnswered(answer, value)) return 'required';
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------------

/** `{answerId}` in a title or description (spec 02 §5 templates). */
export const TEMPLATE_PLACEHOLDER = /\{([A-Za-z0-9_-]{1,64})\}/g;

/**
 * An answer's value as a person reads it: a choice by its title in `language`, several joined by
 * commas, a date in the answer's format, not applicable as `notApplicable`, nothing as ''.
 */
export function displayValue(
  answer: FormAnswer,
  value: unknown,
  language: Language,
  options: { primary?: Language | undefined; notApplicable?: string | undefined } = {},
): string {
  if (value === null) return options.notApplicable ?? '';
  if (isEmptyValue(value)) return '';
  switch (answer.type) {
    case 'choice':
    case 'select': {
      const title = (v: unknown) => {
        const choice = answer.values.find((c) => c.value === v);
        return choice ? textIn(choice.title, language, options.primary) : String(v);
      };
      return Array.isArray(value) ? value.map(title).join(', ') : title(value);
    }
    case 'date':
      return typeof value === 'string' ? formatDateValue(value, answer.format) : String(value);
    default:
      return Array.isArray(value) ? value.map(String).join(', ') : String(value);
  }
}

/**
 * A text with each `{answerId}` replaced by that answer's value; a placeholder naming no answer
 * of the form stays as written.
 */
export function applyTemplate(
  text: string,
  values: AnswerValues,
  form: Pick<Form, 'steps' | 'languages'>,
  language: Language,
  notApplicable = '',
): string {
  const answers = new Map(formAnswers(form).map((a) => [a.id, a]));
  return text.replace(TEMPLATE_PLACEHOLDER, (placeholder: string, id: string) => {
    const answer = answers.get(id);
    if (!answer) return placeholder;
    return displayValue(answer, valueOf(values, id), language, {
      primary: form.languages[0],
      notApplicable,
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Survey validation (POST /forms)
// ---------------------------------------------------------------------------------------------

/** What can be wrong in a survey's values, with the spec's key each answers with (spec 01 §8). */
export const SURVEY_PROBLEMS = {
  /** The values are not an object of answer ids. */
  'not-values': 'not-valid',
  /** A value for an id the form does not have. */
  'unknown-answer': 'unexpected-value-error',
  /** A value for an answer its condition (or its step's) hides. */
  'hidden-answer': 'unexpected-value-error',
  /** Not the kind of value the answer takes (a text for a likert…). */
  'wrong-type': 'not-valid',
  /** Not applicable where the answer does not offer it. */
  'not-applicable': 'not-valid',
  /** A number that is not a point of the histogram or of the likert scale. */
  'out-of-range': 'value-out-of-range-error',
  /** A value the choice does not offer. */
  'not-offered': 'unexpected-value-error',
  /** The same value chosen twice. */
  'duplicate-choice': 'not-valid',
  /** More values than the multi-choice max. */
  'too-many': 'too-many',
  /** Fewer values than the multi-choice min. */
  'too-few': 'value-out-of-range-error',
  /** A text longer than the answer's max. */
  'too-long': 'length-out-of-range-error',
  /** A line break in a single-line text. */
  'line-break': 'not-valid',
  /** A date that is not a real `YYYY-MM-DD` day. */
  'not-a-date': 'not-a-date',
  /** A required answer shown and not answered. */
  required: 'required',
} as const satisfies Record<string, ValidationKey>;
export type SurveyProblemCode = keyof typeof SURVEY_PROBLEMS;

export interface SurveyProblem {
  /** The answer concerned; absent when the values as a whole are wrong. */
  answerId?: string;
  problem: SurveyProblemCode;
  key: ValidationKey;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function choiceProblem(answer: ChoiceLike, value: unknown): SurveyProblemCode | undefined {
  const offered = new Set(answer.values.map((v) => v.value));
  if (!answer.multiChoice) {
    if (typeof value !== 'string') return 'wrong-type';
    return offered.has(value) ? undefined : 'not-offered';
  }
  if (!Array.isArray(value) || !value.every((v): v is string => typeof v === 'string')) return 'wrong-type';
  if (new Set(value).size !== value.length) return 'duplicate-choice';
  if (!value.every((v) => offered.has(v))) return 'not-offered';
  if (value.length > choiceMax(answer)) return 'too-many';
  if (answer.multiChoiceMin !== undefined && value.length < answer.multiChoiceMin) return 'too-few';
  return undefined;
}

/**
 * What is wrong with a given (not empty) value for an answer, by its type and options; undefined
 * when the answer takes it.
 */
export function answerValueProblem(answer: FormAnswer, value: unknown): SurveyProblemCode | undefined {
  if (value === null) return answer.enableNotApplicable ? undefined : 'not-applicable';
  switch (answer.type) {
    case 'histo':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'wrong-type';
      return isOnHistoScale(answer, value) ? undefined : 'out-of-range';
    case 'likert':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'wrong-type';
      return isLikertValue(answer, value) ? undefined : 'out-of-range';
    case 'text':
      if (typeof value !== 'string') return 'wrong-type';
      if (value.length > answer.max) return 'too-long';
      return !answer.multiline && /[\r\n]/.test(value) ? 'line-break' : undefined;
    case 'choice':
    case 'select':
      return choiceProblem(answer, value);
    case 'date':
      if (typeof value !== 'string') return 'wrong-type';
      return isIsoDay(value) ? undefined : 'not-a-date';
  }
}

/**
 * Checks a survey's values against its form, as the runner would have let them through: every id
 * an answer of the form; no value on a hidden answer; each given value right for its answer; every
 * shown required answer answered. Never throws: whatever the input, it answers a list of problems,
 * empty when the survey may be saved. Empty values (blank text, no choice) count as no value.
 */
export function validateSurvey(form: Form, values: unknown): SurveyProblem[] {
  const problem = (code: SurveyProblemCode, answerId?: string): SurveyProblem => ({
    ...(answerId !== undefined ? { answerId } : {}),
    problem: code,
    key: SURVEY_PROBLEMS[code],
  });
  if (!isPlainRecord(values)) return [problem('not-values')];

  const answers = formAnswers(form);
  const known = new Set(answers.map((a) => a.id));
  const problems = Object.keys(values)
    .filter((id) => !known.has(id))
    .map((id) => problem('unknown-answer', id));

  const shown = new Set(visibleAnswers(form, values).map((a) => a.id));
  for (const answer of answers) {
    const value = valueOf(values, answer.id);
    const given = value === null || !isEmptyValue(value);
    if (!shown.has(answer.id)) {
      if (given) problems.push(problem('hidden-answer', answer.id));
      continue;
    }
    const wrong = given ? answerValueProblem(answer, value) : undefined;
    if (wrong) problems.push(problem(wrong, answer.id));
    else if (answer.required && !isAnswered(answer, value)) problems.push(problem('required', answer.id));
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Additional results
// ---------------------------------------------------------------------------------------------

/**
 * Each additional result of a survey (spec 02 §3): the average of its source questions' numeric
 * values and of its children's results, or `null` when none of them has a value (not applicable
 * and unanswered questions count for nothing). A child caught in a loop counts for nothing.
 */
export function computeAdditionalResults(
  form: Pick<Form, 'additionalResults'>,
  values: AnswerValues,
): Record<string, number | null> {
  const byId = new Map(form.additionalResults.map((r) => [r.id, r]));
  const computed = new Map<string, number | null>();
  const inProgress = new Set<string>();

  const compute = (id: string): number | null => {
    const known = computed.get(id);
    if (known !== undefined) return known;
    const result = byId.get(id);
    if (!result || inProgress.has(id)) return null;
    inProgress.add(id);
    const items: number[] = [];
    for (const questionId of result.sources.questions) {
      const value = valueOf(values, questionId);
      if (typeof value === 'number' && Number.isFinite(value)) items.push(value);
    }
    for (const child of result.children) {
      const value = compute(child);
      if (value !== null) items.push(value);
    }
    inProgress.delete(id);
    const average = items.length === 0 ? null : items.reduce((sum, n) => sum + n, 0) / items.length;
    computed.set(id, average);
    return average;
  };

  return Object.fromEntries(form.additionalResults.map((r) => [r.id, compute(r.id)]));
}

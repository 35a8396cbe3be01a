import {
  DEFAULT_DATE_FORMAT,
  FormUpdateSchema,
  HISTO_DEFAULT_SCALE_SIZE,
  LIKERT_MAX_POINTS,
  LIKERT_MIN_POINTS,
  NUMERIC_ANSWER_TYPES,
  TEXT_ANSWER_DEFAULT_MAX,
  likertOptions,
  type AdditionalResult,
  type AnswerType,
  type DisplayCondition,
  type Form,
  type FormAnswer,
  type FormStep,
  type FormUpdateInput,
  type LikertAnswer,
} from '@shared/contracts/forms';
import { issuesToErrors } from '@shared/contracts/issues';
import type { FieldError } from '@shared/contracts/errors';

/** The form being edited: the document itself, saved whole. */
export type Draft = Form;

/** An id not yet used among `taken`: `prefix1`, `prefix2`, … */
export function freeId(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  for (let n = 1; ; n += 1) if (!used.has(`${prefix}${n}`)) return `${prefix}${n}`;
}

export function answerIds(form: Pick<Draft, 'steps'>): string[] {
  return form.steps.flatMap((s) => s.answers.map((a) => a.id));
}

/** Moves the item at `from` by `by` places (-1 up, +1 down); out of bounds leaves the list as it is. */
export function move<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export function newStep(form: Pick<Draft, 'steps'>): FormStep {
  return {
    id: freeId(
      'step',
      form.steps.map((s) => s.id),
    ),
    title: {},
    description: {},
    answers: [],
    sameTabAsPreviousOne: false,
  };
}

/** A new answer of `type` with the model's defaults (7 likert points, 2000 characters, …). */
export function newAnswer(type: AnswerType, form: Pick<Draft, 'steps'>): FormAnswer {
  const base = {
    id: freeId('q', answerIds(form)),
    title: {},
    shortTitle: {},
    description: {},
    required: false,
    enableNotApplicable: false,
  };
  switch (type) {
    case 'histo':
      return {
        ...base,
        type,
        firstValue: 1,
        stepValue: 1,
        scaleSize: HISTO_DEFAULT_SCALE_SIZE,
        direction: 'standard',
        legendLow: {},
        legendHigh: {},
      };
    case 'likert':
      return {
        ...base,
        type,
        options: likertOptions(),
        legendTop: {},
        legendBottom: {},
        display: 'horizontal',
        direction: 'standard',
      };
    case 'text':
      return { ...base, type, multiline: false, placeholder: {}, max: TEXT_ANSWER_DEFAULT_MAX };
    case 'choice':
      return { ...base, type, values: [{ title: {}, value: '1' }], multiChoice: false };
    case 'select':
      return { ...base, type, values: [{ title: {}, value: '1' }], multiChoice: false, placeholder: {} };
    case 'date':
      return { ...base, type, format: DEFAULT_DATE_FORMAT };
  }
}

/**
 * The likert scale with `points` options (2 to 11): existing options kept, new ones valued after
 * the last; `undefined` when the count is out of bounds.
 */
export function resizeLikert(answer: LikertAnswer, points: number): LikertAnswer | undefined {
  if (!Number.isInteger(points) || points < LIKERT_MIN_POINTS || points > LIKERT_MAX_POINTS) return undefined;
  const options = answer.options.slice(0, points);
  while (options.length < points) {
    const last = options.reduce((max, o) => Math.max(max, o.value), 0);
    options.push({ value: last + 1, legend: {} });
  }
  return { ...answer, options };
}

/** An answer a condition may read: one that comes before what the condition shows. */
export interface EarlierAnswer {
  answer: FormAnswer;
  stepIndex: number;
}

/**
 * The answers a condition may read (decision 0018): for a step, those of earlier steps; for an
 * answer, those before it, in its step too.
 */
export function earlierAnswers(
  form: Pick<Draft, 'steps'>,
  stepIndex: number,
  answerIndex?: number,
): EarlierAnswer[] {
  const out: EarlierAnswer[] = [];
  form.steps.forEach((step, s) => {
    step.answers.forEach((answer, a) => {
      if (s < stepIndex || (answerIndex !== undefined && s === stepIndex && a < answerIndex))
        out.push({ answer, stepIndex: s });
    });
  });
  return out;
}

export function numericAnswers(form: Pick<Draft, 'steps'>): FormAnswer[] {
  return form.steps.flatMap((s) => s.answers).filter((a) => NUMERIC_ANSWER_TYPES.includes(a.type));
}

export function newAdditionalResult(form: Pick<Draft, 'additionalResults'>): AdditionalResult {
  return {
    id: freeId(
      'result',
      form.additionalResults.map((r) => r.id),
    ),
    title: {},
    shortTitle: {},
    description: {},
    computeType: 'average',
    boundaries: {},
    children: [],
    sources: { questions: [] },
  };
}

/** A leaf condition on `answerId`. */
export function leafCondition(
  operator: 'exists' | 'equals' | 'contains',
  answerId: string,
): DisplayCondition {
  return operator === 'exists' ? { operator, answerId } : { operator, answerId, value: '' };
}

/**
 * What the editor sends: the form without its id, archive flag and logo (saved at once by its own
 * routes, which the server keeps), with the date it read.
 */
export function updateBody(form: Draft): FormUpdateInput {
  const { id: _id, archived: _archived, logo: _logo, logoUrl: _logoUrl, ...rest } = form;
  return rest;
}

/** The problems of the draft before saving, each on its field (`body.steps.0.title`). */
export function draftProblems(form: Draft): FieldError[] {
  const body = updateBody(form);
  const parsed = FormUpdateSchema.safeParse(body);
  if (parsed.success) return [];
  return issuesToErrors(parsed.error.issues, body).map((p) =>
    p.field ? { ...p, field: `body.${p.field}` } : p,
  );
}

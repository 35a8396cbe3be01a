import * as z from 'zod';
import { LOGO_MAX_BYTES, LOGO_TYPES, LOGO_UPLOAD_SECONDS, type LogoType } from './logos';
import { LANGUAGES } from './headers';
import { MultilingualTextSchema, perLanguage, type MultilingualText } from './text';
import { defineRoute, type RouteContract } from './route';
import { ID_CHARACTERS_KEY, followsIdCharacterRule } from './ids';
import { listOf, parseFilters } from './list';
import { FORM_AVAILABILITIES } from '../domain/forms';
import { isTimeZone } from '../domain/time-zones';

/**
 * Forms (questionnaires, spec 02 §3 Form, question types, Additional results; spec 01 §3 Form
 * definition, Form survey): the project's own model, the one source of the editor, the runner, the
 * API and the reports (docs/decisions/0018-forms-model.md). The rules that read it (pages, display
 * conditions, survey validation) are in `shared/domain/forms.ts`.
 */

// ---------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------

/** The version of the document the editor writes; a newer document is refused, not guessed at. */
export const FORM_EDITOR_FORMAT_VERSION = 1;

/** Who sees a form entitled to a sphere (spec 01 §3 Form entitlement, §6). */
export { FORM_AVAILABILITIES, type FormAvailability } from '../domain/forms';

export const ANSWER_TYPES = ['histo', 'likert', 'text', 'choice', 'select', 'date'] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

/** Ids of forms, steps, answers and additional results; an answer id is a template's `{answerId}`. */
export const FORM_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const FORM_TITLE_MAX_LENGTH = 250;
export const FORM_SHORT_TITLE_MAX_LENGTH = 60;
/** Descriptions are markdown. */
export const FORM_DESCRIPTION_MAX_LENGTH = 5_000;
export const FORM_LEGEND_MAX_LENGTH = 100;
export const FORM_PLACEHOLDER_MAX_LENGTH = 200;
export const FORM_STEPS_MAX = 100;
/** Answers of a whole form. */
export const FORM_ANSWERS_MAX = 500;

/** Histogram: `scaleSize` points from `firstValue`, `stepValue` apart (10 like a feeling's by default). */
export const HISTO_DEFAULT_SCALE_SIZE = 10;
export const HISTO_MIN_SCALE_SIZE = 2;
export const HISTO_MAX_SCALE_SIZE = 101;
/** Scale values and result boundaries stay within ± this. */
export const FORM_NUMBER_LIMIT = 1_000_000;

/** Likert: 7 points by default, legends up to 11 (spec 02 §9). */
export const LIKERT_DEFAULT_POINTS = 7;
export const LIKERT_MIN_POINTS = 2;
export const LIKERT_MAX_POINTS = 11;
export const LIKERT_DISPLAYS = ['horizontal', 'vertical'] as const;

/** Text answers: the configured maximum, 2000 characters by default (spec 02 §5, §9). */
export const TEXT_ANSWER_DEFAULT_MAX = 2_000;
export const TEXT_ANSWER_MAX_LIMIT = 10_000;

/** Choice and select answers. */
export const CHOICE_VALUES_MAX = 100;
export const CHOICE_VALUE_MAX_LENGTH = 100;

/** Date answers: how the date is shown; the value is always `YYYY-MM-DD`. */
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const;
export const DEFAULT_DATE_FORMAT = 'DD/MM/YYYY';

export const SCALE_DIRECTIONS = ['standard', 'reverse'] as const;
export const COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

/** Display conditions: nesting depth and the length of a compared text. */
export const CONDITION_MAX_DEPTH = 8;
export const CONDITION_MAX_BRANCHES = 20;
export const CONDITION_VALUE_MAX_LENGTH = 200;

export const ADDITIONAL_RESULT_COMPUTE_TYPES = ['average'] as const;
export const ADDITIONAL_RESULTS_MAX = 200;
export const SHORT_CODE_MAX_LENGTH = 20;

// ---------------------------------------------------------------------------------------------
// Texts and ids
// ---------------------------------------------------------------------------------------------

const text = (max: number) => z.string().trim().max(max, 'length-out-of-range-error');

/** Whether a text says something in at least one language. */
export function hasText(value: MultilingualText | undefined): boolean {
  return LANGUAGES.some((l) => (value?.[l]?.trim() ?? '') !== '');
}

/** A multilingual text, optional as a whole. */
const optionalText = (max: number) => perLanguage(text(max)).default({});
/** A multilingual text required in some language (`required` otherwise). */
const requiredText = (max: number) => perLanguage(text(max)).refine(hasText, { message: 'required' });

/** `__proto__` is refused: ids are keys of survey values, which plain objects hold. */
export const FormItemIdSchema = z
  .string()
  .regex(FORM_ID_PATTERN, 'not-valid')
  .refine((id) => id !== '__proto__', { message: 'not-valid' });
/** A measure type's id, chosen by its creator: within the character rule of ids (./ids.ts). */
export const MeasureTypeIdSchema = z
  .string()
  .trim()
  .min(1, 'required')
  .max(64, 'length-out-of-range-error')
  .refine(followsIdCharacterRule, { message: ID_CHARACTERS_KEY });
const ColorSchema = z.string().regex(COLOR_PATTERN, 'not-valid');
const boundedNumber = z.number('not-a-number').min(-FORM_NUMBER_LIMIT).max(FORM_NUMBER_LIMIT);

// ---------------------------------------------------------------------------------------------
// Display conditions
// ---------------------------------------------------------------------------------------------

/**
 * When a step or an answer shows, from the answers given before it: `exists` (answered, not with
 * not-applicable), `equals` (the value, or the only choice, is `value`), `contains` (a choice among
 * several, or words in a text), and `not`, `or`, `and` over other conditions.
 */
export type DisplayCondition =
  | { operator: 'exists'; answerId: string }
  | { operator: 'equals'; answerId: string; value: string | number }
  | { operator: 'contains'; answerId: string; value: string | number }
  | { operator: 'not'; condition: DisplayCondition }
  | { operator: 'or'; conditions: DisplayCondition[] }
  | { operator: 'and'; conditions: DisplayCondition[] };
export type ConditionOperator = DisplayCondition['operator'];

const ConditionValueSchema = z.union([z.string().max(CONDITION_VALUE_MAX_LENGTH), z.number()], 'not-valid');

export const DisplayConditionSchema: z.ZodType<DisplayCondition, DisplayCondition> = z.lazy(() =>
  z.discriminatedUnion(
    'operator',
    [
      z.strictObject({ operator: z.literal('exists'), answerId: FormItemIdSchema }),
      z.strictObject({
        operator: z.literal('equals'),
        answerId: FormItemIdSchema,
        value: ConditionValueSchema,
      }),
      z.strictObject({
        operator: z.literal('contains'),
        answerId: FormItemIdSchema,
        value: ConditionValueSchema,
      }),
      z.strictObject({ operator: z.literal('not'), condition: DisplayConditionSchema }),
      z.strictObject({
        operator: z.literal('or'),
        conditions: z
          .array(DisplayConditionSchema)
          .min(1, 'required')
          .max(CONDITION_MAX_BRANCHES, 'too-many'),
      }),
      z.strictObject({
        operator: z.literal('and'),
        conditions: z
          .array(DisplayConditionSchema)
          .min(1, 'required')
          .max(CONDITION_MAX_BRANCHES, 'too-many'),
      }),
    ],
    'not-valid',
  ),
);

/** The answers a condition reads, in the order it names them. */
export function conditionAnswerIds(condition: DisplayCondition): string[] {
  switch (condition.operator) {
    case 'exists':
    case 'equals':
    case 'contains':
      return [condition.answerId];
    case 'not':
      return conditionAnswerIds(condition.condition);
    case 'or':
    case 'and':
      return condition.conditions.flatMap(conditionAnswerIds);
  }
}

/** How deep a condition nests: 1 for a single test. */
export function conditionDepth(condition: DisplayCondition): number {
  switch (condition.operator) {
    case 'not':
      return 1 + conditionDepth(condition.condition);
    case 'or':
    case 'and':
      return 1 + Math.max(0, ...condition.conditions.map(conditionDepth));
    default:
      return 1;
  }
}

// ---------------------------------------------------------------------------------------------
// Answers (questions)
// ---------------------------------------------------------------------------------------------

/** What every answer has, whatever its type (spec 02 §3 Answer, editor settings). */
const answerFields = {
  /** Unique in the form; names the answer in survey values, conditions and templates. */
  id: FormItemIdSchema,
  title: requiredText(FORM_TITLE_MAX_LENGTH),
  /** What reports show in narrow places. */
  shortTitle: optionalText(FORM_SHORT_TITLE_MAX_LENGTH),
  description: optionalText(FORM_DESCRIPTION_MAX_LENGTH),
  required: z.boolean().default(false),
  /** Whether the person may answer "not applicable" (the value `null`). */
  enableNotApplicable: z.boolean().default(false),
  displayCondition: DisplayConditionSchema.optional(),
  /** The measure type the answer feeds in reports (`/forms/measure-types`). */
  measureType: MeasureTypeIdSchema.optional(),
};

/** A histogram: `scaleSize` bars, the first worth `firstValue`, each next one `stepValue` more. */
export const HistoAnswerSchema = z.strictObject({
  ...answerFields,
  type: z.literal('histo'),
  firstValue: boundedNumber.default(1),
  stepValue: z.number('not-a-number').positive('value-out-of-range-error').max(FORM_NUMBER_LIMIT).default(1),
  scaleSize: z
    .number('not-a-number')
    .int('not-valid')
    .min(HISTO_MIN_SCALE_SIZE, 'value-out-of-range-error')
    .max(HISTO_MAX_SCALE_SIZE, 'value-out-of-range-error')
    .default(HISTO_DEFAULT_SCALE_SIZE),
  direction: z.enum(SCALE_DIRECTIONS, 'not-valid').default('standard'),
  color: ColorSchema.optional(),
  legendLow: optionalText(FORM_LEGEND_MAX_LENGTH),
  legendHigh: optionalText(FORM_LEGEND_MAX_LENGTH),
});

export const LikertOptionSchema = z.strictObject({
  value: boundedNumber,
  legend: optionalText(FORM_LEGEND_MAX_LENGTH),
  color: ColorSchema.optional(),
});
export type LikertOption = z.output<typeof LikertOptionSchema>;

/** The default likert scale: `points` options valued 1 to `points`, without legends. */
export function likertOptions(points: number = LIKERT_DEFAULT_POINTS): LikertOption[] {
  return Array.from({ length: points }, (_, i) => ({ value: i + 1, legend: {} }));
}

/** A likert scale: options keyed by their value, in the order shown. */
export const LikertAnswerSchema = z
  .strictObject({
    ...answerFields,
    type: z.literal('likert'),
    options: z
      .array(LikertOptionSchema)
      .min(LIKERT_MIN_POINTS, 'required')
      .max(LIKERT_MAX_POINTS, 'too-many')
      .default(() => likertOptions()),
    legendTop: optionalText(FORM_LEGEND_MAX_LENGTH),
    legendBottom: optionalText(FORM_LEGEND_MAX_LENGTH),
    display: z.enum(LIKERT_DISPLAYS, 'not-valid').default('horizontal'),
    direction: z.enum(SCALE_DIRECTIONS, 'not-valid').default('standard'),
  })
  .superRefine((answer, ctx) => {
    const seen = new Set<number>();
    answer.options.forEach((option, index) => {
      if (seen.has(option.value))
        ctx.addIssue({ code: 'custom', message: 'exist', path: ['options', index, 'value'] });
      seen.add(option.value);
    });
  });

export const TextAnswerSchema = z.strictObject({
  ...answerFields,
  type: z.literal('text'),
  /** Several lines; a single-line answer drops line breaks. */
  multiline: z.boolean().default(false),
  placeholder: optionalText(FORM_PLACEHOLDER_MAX_LENGTH),
  max: z
    .number('not-a-number')
    .int('not-valid')
    .min(1, 'value-out-of-range-error')
    .max(TEXT_ANSWER_MAX_LIMIT, 'value-out-of-range-error')
    .default(TEXT_ANSWER_DEFAULT_MAX),
});

export const ChoiceValueSchema = z.strictObject({
  title: requiredText(FORM_TITLE_MAX_LENGTH),
  /** What the survey records, and conditions compare. */
  value: z.string().trim().min(1, 'required').max(CHOICE_VALUE_MAX_LENGTH, 'length-out-of-range-error'),
});
export type ChoiceValue = z.output<typeof ChoiceValueSchema>;

const choiceFields = {
  values: z.array(ChoiceValueSchema).min(1, 'required').max(CHOICE_VALUES_MAX, 'too-many'),
  /** Several values may be chosen (a list of them is recorded). */
  multiChoice: z.boolean().default(false),
  /** With multiChoice: at least this many once something is chosen. */
  multiChoiceMin: z.number('not-a-number').int('not-valid').min(1, 'value-out-of-range-error').optional(),
  /** With multiChoice: at most this many, shown as n/max (every value when absent). */
  multiChoiceMax: z.number('not-a-number').int('not-valid').min(1, 'value-out-of-range-error').optional(),
};

/** Offered values once each, and bounds the values can meet. */
function choiceRules(
  answer: { values: ChoiceValue[]; multiChoiceMin?: number | undefined; multiChoiceMax?: number | undefined },
  ctx: z.RefinementCtx,
) {
  const seen = new Set<string>();
  answer.values.forEach((choice, index) => {
    if (seen.has(choice.value))
      ctx.addIssue({ code: 'custom', message: 'exist', path: ['values', index, 'value'] });
    seen.add(choice.value);
  });
  const { multiChoiceMin: min, multiChoiceMax: max } = answer;
  if (max !== undefined && max > answer.values.length)
    ctx.addIssue({ code: 'custom', message: 'value-out-of-range-error', path: ['multiChoiceMax'] });
  if (min !== undefined && (min > answer.values.length || (max !== undefined && min > max)))
    ctx.addIssue({ code: 'custom', message: 'value-out-of-range-error', path: ['multiChoiceMin'] });
}

/** Buttons to choose one value, or several. */
export const ChoiceAnswerSchema = z
  .strictObject({ ...answerFields, type: z.literal('choice'), ...choiceFields })
  .superRefine(choiceRules);

/** A drop-down list: a choice with a placeholder. */
export const SelectAnswerSchema = z
  .strictObject({
    ...answerFields,
    type: z.literal('select'),
    ...choiceFields,
    placeholder: optionalText(FORM_PLACEHOLDER_MAX_LENGTH),
  })
  .superRefine(choiceRules);

export const DateAnswerSchema = z.strictObject({
  ...answerFields,
  type: z.literal('date'),
  format: z.enum(DATE_FORMATS, 'not-valid').default(DEFAULT_DATE_FORMAT),
});

export const FormAnswerSchema = z.discriminatedUnion(
  'type',
  [
    HistoAnswerSchema,
    LikertAnswerSchema,
    TextAnswerSchema,
    ChoiceAnswerSchema,
    SelectAnswerSchema,
    DateAnswerSchema,
  ],
  'not-valid',
);

export type FormAnswer = z.output<typeof FormAnswerSchema>;
export type HistoAnswer = z.output<typeof HistoAnswerSchema>;
export type LikertAnswer = z.output<typeof LikertAnswerSchema>;
export type TextAnswer = z.output<typeof TextAnswerSchema>;
export type ChoiceAnswer = z.output<typeof ChoiceAnswerSchema>;
export type SelectAnswer = z.output<typeof SelectAnswerSchema>;
export type DateAnswer = z.output<typeof DateAnswerSchema>;
export type FormAnswerInput = z.input<typeof FormAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Steps, additional results, the form
// ---------------------------------------------------------------------------------------------

/** A step: a page of its own, or a part of the previous page (`sameTabAsPreviousOne`). */
export const FormStepSchema = z.strictObject({
  id: FormItemIdSchema,
  /** A page needs a title and a description (spec 02 §5 survey save). */
  title: requiredText(FORM_TITLE_MAX_LENGTH),
  description: requiredText(FORM_DESCRIPTION_MAX_LENGTH),
  answers: z.array(FormAnswerSchema).max(FORM_ANSWERS_MAX, 'too-many').default([]),
  displayCondition: DisplayConditionSchema.optional(),
  sameTabAsPreviousOne: z.boolean().default(false),
});
export type FormStep = z.output<typeof FormStepSchema>;

const sourceIds = z.array(z.string().trim().min(1).max(64)).max(100, 'too-many');

/**
 * A score computed from answers (spec 02 §3 Additional results): the average of its source
 * questions' values and of its children's results. It needs a title, a compute type and at least
 * one child or source question (spec 02 §5).
 */
export const AdditionalResultSchema = z
  .strictObject({
    id: FormItemIdSchema,
    title: requiredText(FORM_TITLE_MAX_LENGTH),
    shortTitle: optionalText(FORM_SHORT_TITLE_MAX_LENGTH),
    description: optionalText(FORM_DESCRIPTION_MAX_LENGTH),
    computeType: z.enum(ADDITIONAL_RESULT_COMPUTE_TYPES, 'not-valid'),
    /** Reference values for reports: the scale's ends, a population's average and deviation. */
    boundaries: z
      .strictObject({
        min: boundedNumber.optional(),
        max: boundedNumber.optional(),
        average: boundedNumber.optional(),
        deviation: boundedNumber.min(0, 'value-out-of-range-error').optional(),
      })
      .default({}),
    /** Other additional results of the form that this one averages. */
    children: z.array(FormItemIdSchema).max(ADDITIONAL_RESULTS_MAX, 'too-many').default([]),
    shortCode: z.string().trim().max(SHORT_CODE_MAX_LENGTH, 'length-out-of-range-error').optional(),
    sources: z
      .strictObject({
        themes: sourceIds.optional(),
        dimensions: sourceIds.optional(),
        /** Answer ids of the form, of a numeric type (histo or likert). */
        questions: z.array(FormItemIdSchema).max(FORM_ANSWERS_MAX, 'too-many').default([]),
      })
      .default({ questions: [] }),
  })
  .superRefine((result, ctx) => {
    if (result.children.length === 0 && result.sources.questions.length === 0)
      ctx.addIssue({ code: 'custom', message: 'required', path: ['children'] });
    const { min, max } = result.boundaries;
    if (min !== undefined && max !== undefined && min > max)
      ctx.addIssue({ code: 'custom', message: 'value-out-of-range-error', path: ['boundaries', 'max'] });
  });
export type AdditionalResult = z.output<typeof AdditionalResultSchema>;

/** Answer types whose values are numbers, which additional results average. */
export const NUMERIC_ANSWER_TYPES: readonly AnswerType[] = ['histo', 'likert'];

/**
 * The form's fields without the rules across them; route bodies extend it, then apply
 * `formStructureRules` (zod refuses to extend a refined object).
 */
export const FormFieldsSchema = z.strictObject({
  id: FormItemIdSchema,
  /** Required at creation (spec 02 §5). */
  title: requiredText(FORM_TITLE_MAX_LENGTH),
  description: optionalText(FORM_DESCRIPTION_MAX_LENGTH),
  /** The languages the form is written in; the first one is shown when the reader's is missing. */
  languages: z.array(z.enum(LANGUAGES, 'not-valid')).min(1, 'required').max(LANGUAGES.length, 'too-many'),
  updateDate: z.iso.datetime(),
  editorFormatVersion: z
    .number('not-a-number')
    .int('not-valid')
    .min(1, 'value-out-of-range-error')
    .max(FORM_EDITOR_FORMAT_VERSION, 'value-out-of-range-error')
    .default(FORM_EDITOR_FORMAT_VERSION),
  availability: z.enum(FORM_AVAILABILITIES, 'not-valid').default('none'),
  /** A private form is never offered to spheres' entitlements (spec 01 §5). */
  isPrivate: z.boolean().default(false),
  archived: z.boolean().default(false),
  /**
   * Key of the logo in the assets bucket. The logo has its own routes (`…/{formId}/logo`, decision
   * 0023): a save or a creation keeps the stored one whatever its body says.
   */
  logo: z.string().min(1).max(300).optional(),
  /** Where the browser loads the logo from; absent when the form has none (ignored in a body too). */
  logoUrl: z.string().max(2_000).optional(),
  steps: z.array(FormStepSchema).max(FORM_STEPS_MAX, 'too-many').default([]),
  additionalResults: z.array(AdditionalResultSchema).max(ADDITIONAL_RESULTS_MAX, 'too-many').default([]),
  completedPage: z
    .strictObject({
      title: optionalText(FORM_TITLE_MAX_LENGTH),
      description: optionalText(FORM_DESCRIPTION_MAX_LENGTH),
    })
    .default({ title: {}, description: {} }),
});

type FormStructure = Pick<z.output<typeof FormFieldsSchema>, 'languages' | 'steps' | 'additionalResults'>;

/**
 * The rules across a form's parts: languages, steps, answers and additional results named once
 * (`exist`); a condition reads only answers that come before what it shows, so a page never depends
 * on a later one and conditions never loop (`not-valid`); an additional result averages numeric
 * answers of the form and other results, without a loop (`not-valid`).
 */
export function formStructureRules(form: FormStructure, ctx: z.RefinementCtx): void {
  const issue = (message: string, path: PropertyKey[]) => ctx.addIssue({ code: 'custom', message, path });

  form.languages.forEach((language, index) => {
    if (form.languages.indexOf(language) !== index) issue('exist', ['languages', index]);
  });

  const stepIds = new Set<string>();
  const answers = new Map<string, FormAnswer>();
  const checkCondition = (
    condition: DisplayCondition | undefined,
    before: Set<string>,
    path: PropertyKey[],
  ) => {
    if (!condition) return;
    if (conditionDepth(condition) > CONDITION_MAX_DEPTH) issue('not-valid', [...path, 'displayCondition']);
    else if (conditionAnswerIds(condition).some((id) => !before.has(id)))
      issue('not-valid', [...path, 'displayCondition']);
  };

  let count = 0;
  form.steps.forEach((step, s) => {
    if (stepIds.has(step.id)) issue('exist', ['steps', s, 'id']);
    stepIds.add(step.id);
    // A step shows from answers of earlier steps; an answer also from earlier answers of its step.
    const earlierSteps = new Set(answers.keys());
    checkCondition(step.displayCondition, earlierSteps, ['steps', s]);
    step.answers.forEach((answer, a) => {
      count += 1;
      if (answers.has(answer.id)) issue('exist', ['steps', s, 'answers', a, 'id']);
      checkCondition(answer.displayCondition, new Set(answers.keys()), ['steps', s, 'answers', a]);
      if (!answers.has(answer.id)) answers.set(answer.id, answer);
    });
  });
  if (count > FORM_ANSWERS_MAX) issue('too-many', ['steps']);

  const results = new Map<string, AdditionalResult>();
  form.additionalResults.forEach((result, r) => {
    if (results.has(result.id)) issue('exist', ['additionalResults', r, 'id']);
    else results.set(result.id, result);
    result.sources.questions.forEach((id, q) => {
      const answer = answers.get(id);
      if (!answer || !NUMERIC_ANSWER_TYPES.includes(answer.type))
        issue('not-valid', ['additionalResults', r, 'sources', 'questions', q]);
    });
  });
  form.additionalResults.forEach((result, r) => {
    result.children.forEach((id, c) => {
      if (!results.has(id) || reaches(results, id, result.id))
        issue('not-valid', ['additionalResults', r, 'children', c]);
    });
  });
}

/** Whether `to` is `from` or one of its descendants. */
function reaches(results: ReadonlyMap<string, AdditionalResult>, from: string, to: string): boolean {
  const seen = new Set<string>();
  const pending = [from];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (id === to) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(results.get(id)?.children ?? []));
  }
  return false;
}

/** A form document (GET a form, the editor's save, the runner's input). */
export const FormSchema = FormFieldsSchema.superRefine(formStructureRules);
export type Form = z.output<typeof FormSchema>;
export type FormInput = z.input<typeof FormSchema>;

// ---------------------------------------------------------------------------------------------
// Survey values
// ---------------------------------------------------------------------------------------------

/**
 * One answer's value: a number (histo, likert), a text (text, date `YYYY-MM-DD`, a single choice),
 * the chosen values (multi-choice), or `null` for not applicable.
 */
export const SurveyValueSchema = z.union(
  [
    z.number(),
    z.string().max(TEXT_ANSWER_MAX_LIMIT, 'length-out-of-range-error'),
    z.array(z.string().max(CHOICE_VALUE_MAX_LENGTH)).max(CHOICE_VALUES_MAX, 'too-many'),
    z.null(),
  ],
  'not-valid',
);
export type SurveyValue = z.output<typeof SurveyValueSchema>;

/** A survey's values, by answer id; what they must be is checked against the form (`validateSurvey`). */
export const SurveyValuesSchema = z
  .record(FormItemIdSchema, SurveyValueSchema)
  .refine((values) => Object.keys(values).length <= FORM_ANSWERS_MAX, { message: 'too-many' });
export type SurveyValues = z.output<typeof SurveyValuesSchema>;

// ---------------------------------------------------------------------------------------------
// Routes (docs/decisions/0020-forms-api.md)
// ---------------------------------------------------------------------------------------------

/** Page sizes (spec 01 §9, spec 02 §9): the form list 200, measure types 1000, forms (surveys) 10 000. */
export const FORM_DEFINITIONS_MAX = 200;
export const MEASURE_TYPES_MAX = 1_000;
export const FORM_SURVEYS_MAX = 10_000;
/** Entitlements of one sphere: the forms offered to it are at most the form list's page. */
export const FORM_ENTITLEMENTS_MAX = FORM_DEFINITIONS_MAX;
/** Sessions an entitlement may name. */
export const ENTITLEMENT_SESSIONS_MAX = 200;
/** Distinct measure types one form may use. */
export const FORM_MEASURE_TYPES_MAX = 50;
export const MEASURE_TYPE_TITLE_MAX_LENGTH = 250;

const PlaceIdSchema = z.string().min(1, 'required').max(100, 'length-out-of-range-error');

const isoDateTime = z.iso.datetime({ offset: true, message: 'not-a-date' });

/** A form's editable fields as the editor sends them: not its id, date or archive flag. */
const FormBodyFieldsSchema = FormFieldsSchema.omit({ id: true, updateDate: true, archived: true });

/**
 * POST /v1/forms/definitions: a new form; a title is required (spec 02 §5). The id is made when not
 * given; the languages default to those the title is written in.
 */
export const FormCreateSchema = FormBodyFieldsSchema.extend({
  id: FormItemIdSchema.optional(),
  languages: FormFieldsSchema.shape.languages.optional(),
}).superRefine((form, ctx) =>
  formStructureRules(
    { ...form, languages: form.languages ?? LANGUAGES.filter((l) => hasText({ [l]: form.title[l] })) },
    ctx,
  ),
);
export type FormCreate = z.output<typeof FormCreateSchema>;
export type FormCreateInput = z.input<typeof FormCreateSchema>;

/** PUT /v1/forms/definitions/{formId}: the whole form, with the `updateDate` the editor read (409 `conflict`). */
export const FormUpdateSchema = FormBodyFieldsSchema.extend({
  updateDate: z.iso.datetime('not-a-date'),
}).superRefine(formStructureRules);
export type FormUpdate = z.output<typeof FormUpdateSchema>;
export type FormUpdateInput = z.input<typeof FormUpdateSchema>;

/** What a list shows of a form (the document itself is read by id). */
export const FormSummarySchema = z.object({
  id: z.string(),
  title: MultilingualTextSchema,
  description: MultilingualTextSchema,
  languages: z.array(z.enum(LANGUAGES)),
  updateDate: z.string(),
  editorFormatVersion: z.number(),
  availability: z.enum(FORM_AVAILABILITIES),
  isPrivate: z.boolean(),
  archived: z.boolean(),
  /** Questions of the form, all steps together. */
  answersCount: z.number().int(),
});
export type FormSummary = z.infer<typeof FormSummarySchema>;

const booleanFilter = z
  .array(z.enum(['true', 'false'], 'not-a-boolean'))
  .max(1, 'too-many')
  .optional();
const FormFiltersSchema = z.strictObject({
  /** `private=false`: the forms a sphere may be entitled to. */
  private: booleanFilter,
  /** `archived=true`: the archived forms; without it, the others. */
  archived: booleanFilter,
  /** `id=a,b`: these forms only. */
  id: z.array(FormItemIdSchema).max(FORM_DEFINITIONS_MAX, 'too-many').optional(),
});

/** GET /v1/forms/definitions: `_filters` `private=false`, `archived=true`, `id=a,b`; `q` searches titles. */
export const FormListQuerySchema = z.strictObject({
  _max: z.coerce.number().int().min(1).max(FORM_DEFINITIONS_MAX).default(FORM_DEFINITIONS_MAX),
  _offset: z.coerce.number().int().min(0).default(0),
  _filters: z.string().max(16_000).optional().transform(parseFilters).pipe(FormFiltersSchema),
  q: z.string().trim().max(200).optional(),
});

const FormIdParams = z.strictObject({ formId: FormItemIdSchema });

/** A measure type (spec 02 §3: an answer's `measureType`, what reports group answers by). */
export const MeasureTypeSchema = z.object({
  id: z.string(),
  title: MultilingualTextSchema,
  description: MultilingualTextSchema,
  /** Forms whose answers use it: it can be deleted only at 0. */
  usedBy: z.number().int(),
  updatedAt: z.string(),
});
export type MeasureType = z.infer<typeof MeasureTypeSchema>;

const MeasureTypeFieldsSchema = z.strictObject({
  title: perLanguage(text(MEASURE_TYPE_TITLE_MAX_LENGTH)).default({}),
  description: optionalText(FORM_DESCRIPTION_MAX_LENGTH),
});
/** POST /v1/forms/measure-types: an id not empty (`required`) and not taken (409 `exist`). */
export const MeasureTypeCreateSchema = MeasureTypeFieldsSchema.extend({
  // Its id is a path segment too: no slash.
  id: MeasureTypeIdSchema.refine((id) => !id.includes('/'), { message: 'not-valid' }),
});
export type MeasureTypeCreate = z.output<typeof MeasureTypeCreateSchema>;
export const MeasureTypeUpdateSchema = MeasureTypeFieldsSchema;
export type MeasureTypeUpdate = z.output<typeof MeasureTypeUpdateSchema>;
const MeasureTypeIdParams = z.strictObject({ measureTypeId: MeasureTypeIdSchema });

export const MeasureTypeListQuerySchema = z.strictObject({
  _max: z.coerce.number().int().min(1).max(MEASURE_TYPES_MAX).default(MEASURE_TYPES_MAX),
  _offset: z.coerce.number().int().min(0).default(0),
});

/**
 * A form entitled to a sphere (spec 01 §3 Form entitlement): who sees it there (`none`, the
 * sphere's members, or the members of `sessionIds`), with the form's title.
 */
export const FormEntitlementSchema = z.object({
  sphereId: z.string(),
  formId: z.string(),
  availabilitiesThrough: z.enum(FORM_AVAILABILITIES),
  sessionIds: z.array(z.string()),
  title: MultilingualTextSchema,
  /** The form was archived since: nobody answers it any more. */
  archived: z.boolean(),
  updateDate: z.string(),
});
export type FormEntitlement = z.infer<typeof FormEntitlementSchema>;

/**
 * POST /v1/forms/spheres/{sphereId}/entitlements: a form not private, not archived and not yet
 * entitled there (spec 01 §5); `availabilitiesThrough` defaults to the form's availability.
 */
export const FormEntitlementCreateSchema = z.strictObject({
  formId: FormItemIdSchema,
  availabilitiesThrough: z.enum(FORM_AVAILABILITIES, 'not-valid').optional(),
});
export type FormEntitlementCreate = z.output<typeof FormEntitlementCreateSchema>;

/**
 * PUT /v1/forms/spheres/{sphereId}/entitlements/{formId}: the spec's body (sphereId, formId,
 * availabilitiesThrough, sessionIds), the ids those of the path; sessions only with `sessionMember`.
 */
export const FormEntitlementUpdateSchema = z
  .strictObject({
    sphereId: PlaceIdSchema,
    formId: FormItemIdSchema,
    availabilitiesThrough: z.enum(FORM_AVAILABILITIES, 'not-valid'),
    sessionIds: z.array(PlaceIdSchema).max(ENTITLEMENT_SESSIONS_MAX, 'too-many').default([]),
  })
  .superRefine((body, ctx) => {
    if (body.availabilitiesThrough !== 'sessionMember' && body.sessionIds.length > 0)
      ctx.addIssue({ code: 'custom', message: 'unexpected-value-error', path: ['sessionIds'] });
    body.sessionIds.forEach((id, index) => {
      if (body.sessionIds.indexOf(id) !== index)
        ctx.addIssue({ code: 'custom', message: 'exist', path: ['sessionIds', index] });
    });
  });
export type FormEntitlementUpdate = z.output<typeof FormEntitlementUpdateSchema>;
export type FormEntitlementUpdateInput = z.input<typeof FormEntitlementUpdateSchema>;

const SphereParams = z.strictObject({ sphereId: PlaceIdSchema });
const SphereFormParams = z.strictObject({ sphereId: PlaceIdSchema, formId: FormItemIdSchema });
const SessionParams = z.strictObject({ sessionId: PlaceIdSchema });

/**
 * POST /v1/forms/surveys (the spec's `POST /forms`): the values of a form the caller may answer,
 * checked against the form (`validateSurvey`: 400 with `body.values.<answerId>` fields). The place
 * (a sphere, a session) is where the form is available to the caller; the server finds it when
 * none is named. `locale` is the time zone the browser guessed, as for feelings.
 */
export const SurveyCreateSchema = z.strictObject({
  formId: FormItemIdSchema,
  values: SurveyValuesSchema,
  locale: z.string().min(1).max(64).refine(isTimeZone, { message: 'not-valid' }).optional(),
  fromDirectLink: z.boolean('not-a-boolean').default(false),
  sphereId: PlaceIdSchema.optional(),
  sessionId: PlaceIdSchema.optional(),
  /**
   * The campaign link (short URL alias) the form was answered through, for the survey's place: its
   * tags join the survey's (`tagIds`), and the survey is from a direct link.
   */
  linkId: z.string().min(1).max(100).optional(),
});
export type SurveyCreate = z.output<typeof SurveyCreateSchema>;
export type SurveyCreateInput = z.input<typeof SurveyCreateSchema>;

/** PUT /v1/forms/surveys/{surveyId}: every value again, within 24 hours of saving (`survey-frozen`). */
export const SurveyUpdateSchema = z.strictObject({
  values: SurveyValuesSchema,
  locale: z.string().min(1).max(64).refine(isTimeZone, { message: 'not-valid' }).optional(),
});
export type SurveyUpdate = z.output<typeof SurveyUpdateSchema>;

const StoredValueSchema = z.union([z.number(), z.string(), z.array(z.string()), z.null()]);

/** A survey (spec 01 §3 Form survey), the caller's own. */
export const FormSurveySchema = z.object({
  id: z.string(),
  formId: z.string(),
  values: z.record(z.string(), StoredValueSchema),
  locale: z.string().optional(),
  fromDirectLink: z.boolean(),
  sphereId: z.string().optional(),
  sessionId: z.string().optional(),
  /** The tags of the person and the session where it was answered (reports group by them). */
  tagIds: z.array(z.string()),
  creationDate: z.string(),
  updateDate: z.string(),
  freezeDate: z.string(),
  /** Whether it could still be changed when the answer was made. */
  editable: z.boolean(),
});
export type FormSurvey = z.infer<typeof FormSurveySchema>;

const SurveyIdParams = z.strictObject({ surveyId: z.string().min(1).max(100) });

/** GET /v1/forms/surveys: the caller's surveys, newest first, of one form or all, in a period. */
export const SurveyListQuerySchema = z.strictObject({
  formId: FormItemIdSchema.optional(),
  start: isoDateTime.optional(),
  end: isoDateTime.optional(),
  _max: z.coerce.number().int().min(1).max(FORM_SURVEYS_MAX).default(FORM_SURVEYS_MAX),
  _offset: z.coerce.number().int().min(0).default(0),
});

/** Where a form is available to the caller: a sphere, or a session of it. */
export const FormPlaceSchema = z.object({
  sphereId: z.string(),
  sessionId: z.string().optional(),
  /** Available there, but only to Essentials (my centre) unless the session's subscription opens it. */
  reserved: z.boolean(),
});
export type FormPlace = z.infer<typeof FormPlaceSchema>;

/** GET /v1/forms/available: one entry per form available to the caller, with the places it comes from. */
export const AvailableFormSchema = z.object({
  form: FormSummarySchema.pick({
    id: true,
    title: true,
    description: true,
    languages: true,
    answersCount: true,
  }),
  places: z.array(FormPlaceSchema),
  /** Every place is reserved: the caller sees the reserved-feature prompt. */
  reserved: z.boolean(),
});
export type AvailableForm = z.infer<typeof AvailableFormSchema>;

/** POST /v1/forms/myself-reports: my answers to a form over a period (both ends optional). */
export const FormMyselfReportRequestSchema = z
  .strictObject({ formId: FormItemIdSchema, start: isoDateTime.optional(), end: isoDateTime.optional() })
  .superRefine((body, ctx) => {
    if (body.start && body.end && Date.parse(body.start) > Date.parse(body.end))
      ctx.addIssue({ code: 'custom', message: 'value-out-of-range-error', path: ['end'] });
  });
export type FormMyselfReportRequest = z.input<typeof FormMyselfReportRequestSchema>;

export const FormMyselfReportSchema = z.object({
  form: z.object({
    id: z.string(),
    title: MultilingualTextSchema,
    languages: z.array(z.enum(LANGUAGES)),
    answers: z.array(
      z.object({
        id: z.string(),
        title: MultilingualTextSchema,
        shortTitle: MultilingualTextSchema,
        type: z.enum(ANSWER_TYPES),
      }),
    ),
    additionalResults: z.array(
      z.object({
        id: z.string(),
        title: MultilingualTextSchema,
        shortTitle: MultilingualTextSchema,
        boundaries: z.object({
          min: z.number().optional(),
          max: z.number().optional(),
          average: z.number().optional(),
          deviation: z.number().optional(),
        }),
      }),
    ),
  }),
  /** Oldest first: the answers over time. */
  items: z.array(
    z.object({
      id: z.string(),
      creationDate: z.string(),
      values: z.record(z.string(), StoredValueSchema),
      results: z.record(z.string(), z.number().nullable()),
    }),
  ),
  count: z.number().int(),
});
export type FormMyselfReport = z.infer<typeof FormMyselfReportSchema>;

/**
 * GET /v1/forms/goal-rankings: each goal's ranking from the caller's latest goal-ranking survey in
 * the look-back (spec 02 §7, §9), 20 for goals it does not rank or without such a survey.
 */
export const GoalRankingsSchema = z.object({
  formId: z.string(),
  rankings: z.record(z.string(), z.number().int()),
  surveyId: z.string().optional(),
  creationDate: z.string().optional(),
  start: z.string(),
  end: z.string(),
});
export type GoalRankings = z.infer<typeof GoalRankingsSchema>;

const manageForms = { action: 'manage', subject: 'form-definition' } as const;

export const listFormDefinitions = defineRoute({
  name: 'listFormDefinitions',
  domain: 'forms',
  method: 'GET',
  path: '/v1/forms/definitions',
  auth: 'registered',
  // Super-admins read every form; a sphere's admins the forms they may entitle (not private).
  ability: { action: 'get', subject: 'form-definition' },
  query: FormListQuerySchema,
  response: listOf(FormSummarySchema),
});

export const getFormDefinition = defineRoute({
  name: 'getFormDefinition',
  domain: 'forms',
  method: 'GET',
  path: '/v1/forms/definitions/{formId}',
  // Whoever may answer it, entitle it or manage forms reads it; anyone else gets 404.
  auth: 'user',
  params: FormIdParams,
  response: FormFieldsSchema,
});

export const createFormDefinition = defineRoute({
  name: 'createFormDefinition',
  domain: 'forms',
  method: 'POST',
  path: '/v1/forms/definitions',
  auth: 'registered',
  ability: manageForms,
  body: FormCreateSchema,
  response: FormFieldsSchema,
  status: 201,
});

export const updateFormDefinition = defineRoute({
  name: 'updateFormDefinition',
  domain: 'forms',
  method: 'PUT',
  path: '/v1/forms/definitions/{formId}',
  auth: 'registered',
  ability: manageForms,
  params: FormIdParams,
  body: FormUpdateSchema,
  response: FormFieldsSchema,
});

export const duplicateFormDefinition = defineRoute({
  name: 'duplicateFormDefinition',
  domain: 'forms',
  method: 'POST',
  path: '/v1/forms/definitions/{formId}/duplicate',
  auth: 'registered',
  ability: manageForms,
  params: FormIdParams,
  response: FormFieldsSchema,
  status: 201,
});

export const archiveFormDefinition = defineRoute({
  name: 'archiveFormDefinition',
  domain: 'forms',
  method: 'POST',
  path: '/v1/forms/definitions/{formId}/archive',
  auth: 'registered',
  ability: manageForms,
  params: FormIdParams,
  response: FormSummarySchema,
});

export const restoreFormDefinition = defineRoute({
  name: 'restoreFormDefinition',
  domain: 'forms',
  method: 'POST',
  path: '/v1/forms/definitions/{formId}/restore',
  auth: 'registered',
  ability: manageForms,
  params: FormIdParams,
  response: FormSummarySchema,
});

/**
 * A form's logo (spec 02 §2 survey editor, decision 0023), like a sphere's (decision 0016): PNG,
 * JPEG or WebP, 1 MiB at most. SVG is refused: it is a document that can carry script.
 */
export const FORM_LOGO_TYPES = LOGO_TYPES;
export type FormLogoType = LogoType;
export const FORM_LOGO_MAX_BYTES = LOGO_MAX_BYTES;
export const FORM_LOGO_UPLOAD_SECONDS = LOGO_UPLOAD_SECONDS;

/** POST /v1/forms/definitions/{formId}/logo: the type and size of the file about to be sent. */
export const FormLogoUploadRequestSchema = z.strictObject({
  contentType: z.enum(FORM_LOGO_TYPES, 'not-valid'),
  size: z
    .number('not-a-number')
    .int('not-valid')
    .min(1, 'value-out-of-range-error')
    .max(FORM_LOGO_MAX_BYTES, 'value-out-of-range-error'),
});
export type FormLogoUploadRequest = z.infer<typeof FormLogoUploadRequestSchema>;

/**
 * The upload the server grants: a form POST to `uploadUrl` with every field of `fields`, then the
 * file as the last field, named `file`. The storage refuses another type or a larger file.
 */
export const FormLogoUploadSchema = z.object({
  uploadUrl: z.string(),
  fields: z.record(z.string(), z.string()),
  /** What PUT …/logo confirms once the file is sent. */
  key: z.string(),
  expiresAt: z.string(),
});
export type FormLogoUpload = z.infer<typeof FormLogoUploadSchema>;

/** PUT /v1/forms/definitions/{formId}/logo: the uploaded file becomes the logo (checked again first). */
export const FormLogoSchema = z.strictObject({
  key: z.string().min(1, 'required').max(300, 'length-out-of-range-error'),
});

export const requestFormLogoUpload = defineRoute({
  name: 'requestFormLogoUpload',
  domain: 'forms',
  method: 'POST',
  path: '/v1/forms/definitions/{formId}/logo',
  auth: 'registered',
  ability: manageForms,
  params: FormIdParams,
  body: FormLogoUploadRequestSchema,
  response: FormLogoUploadSchema,
});

export const setFormLogo = defineRoute({
  name: 'setFormLogo',
  domain: 'forms',
  method: 'PUT',
  path: '/v1/forms/definitions/{formId}/logo',
  auth: 'registered',
  ability: manageForms,
  params: FormIdParams,
  body: FormLogoSchema,
  response: FormFieldsSchema,
});

/** DELETE /v1/forms/definitions/{formId}/logo: the form has no logo any more (one without stays so). */
export const deleteFormLogo = defineRoute({
  name: 'deleteFormLogo',
  domain: 'forms',
  method: 'DELETE',
  path: '/v1/forms/definitions/{formId}/logo',
  auth: 'registered',
  ability: manageForms,
  params: FormIdParams,
  response: FormFieldsSchema,
});

export const listMeasureTypes = defineRoute({
  name: 'listMeasureTypes',
  domain: 'forms',
  method: 'GET',
  path: '/v1/forms/measure-types',
  auth: 'registered',
  ability: manageForms,
  query: MeasureTypeListQuerySchema,
  response: listOf(MeasureTypeSchema),
});

export const createMeasureType = defineRoute({
  name: 'createMeasureType',
  domain: 'forms',
  method: 'POST',
  path: '/v1/forms/measure-types',
  auth: 'registered',
  ability: manageForms,
  body: MeasureTypeCreateSchema,
  response: MeasureTypeSchema,
  status: 201,
});

export const updateMeasureType = defineRoute({
  name: 'updateMeasureType',
  domain: 'forms',
  method: 'PUT',
  path: '/v1/forms/measure-types/{measureTypeId}',
  auth: 'registered',
  ability: manageForms,
  params: MeasureTypeIdParams,
  body: MeasureTypeUpdateSchema,
  response: MeasureTypeSchema,
});

export const deleteMeasureType = defineRoute({
  name: 'deleteMeasureType',
  domain: 'forms',
  method: 'DELETE',
  path: '/v1/forms/measure-types/{measureTypeId}',
  auth: 'registered',
  ability: manageForms,
  params: MeasureTypeIdParams,
  response: z.undefined(),
  status: 204,
});

export const listSphereFormEntitlements = defineRoute({
  name: 'listSphereFormEntitlements',
  domain: 'forms',
  method: 'GET',
  path: '/v1/forms/spheres/{sphereId}/entitlements',
  auth: 'registered',
  ability: { action: 'get', subject: 'form-entitlement', on: { sphereId: 'sphereId' } },
  params: SphereParams,
  response: listOf(FormEntitlementSchema),
});

export const addSphereFormEntitlement = defineRoute({
  name: 'addSphereFormEntitlement',
  domain: 'forms',
  method: 'POST',
  path: '/v1/forms/spheres/{sphereId}/entitlements',
  auth: 'registered',
  ability: { action: 'post', subject: 'form-entitlement', on: { sphereId: 'sphereId' } },
  params: SphereParams,
  body: FormEntitlementCreateSchema,
  response: FormEntitlementSchema,
  status: 201,
});

export const updateSphereFormEntitlement = defineRoute({
  name: 'updateSphereFormEntitlement',
  domain: 'forms',
  method: 'PUT',
  path: '/v1/forms/spheres/{sphereId}/entitlements/{formId}',
  auth: 'registered',
  ability: { action: 'put', subject: 'form-entitlement', on: { sphereId: 'sphereId' } },
  params: SphereFormParams,
  body: FormEntitlementUpdateSchema,
  response: FormEntitlementSchema,
});

export const deleteSphereFormEntitlement = defineRoute({
  name: 'deleteSphereFormEntitlement',
  domain: 'forms',
  method: 'DELETE',
  path: '/v1/forms/spheres/{sphereId}/entitlements/{formId}',
  auth: 'registered',
  // Spec 01 §6: put on form-entitlement updates or deletes.
  ability: { action: 'put', subject: 'form-entitlement', on: { sphereId: 'sphereId' } },
  params: SphereFormParams,
  response: z.undefined(),
  status: 204,
});

export const listSessionFormEntitlements = defineRoute({
  name: 'listSessionFormEntitlements',
  domain: 'forms',
  method: 'GET',
  path: '/v1/forms/sessions/{sessionId}/entitlements',
  auth: 'registered',
  // The session's sphere is found by the middleware: its admins hold the right there.
  ability: { action: 'get', subject: 'form-entitlement', on: { sessionId: 'sessionId' } },
  params: SessionParams,
  response: listOf(FormEntitlementSchema),
});

export const listAvailableForms = defineRoute({
  name: 'listAvailableForms',
  domain: 'forms',
  method: 'GET',
  path: '/v1/forms/available',
  auth: 'user',
  response: listOf(AvailableFormSchema),
});

export const createSurvey = defineRoute({
  name: 'createSurvey',
  domain: 'forms',
  method: 'POST',
  path: '/v1/forms/surveys',
  // The right is the form's availability to the caller, which the service reads once.
  auth: 'user',
  body: SurveyCreateSchema,
  response: FormSurveySchema,
  status: 201,
});

export const listSurveys = defineRoute({
  name: 'listSurveys',
  domain: 'forms',
  method: 'GET',
  path: '/v1/forms/surveys',
  auth: 'user',
  ability: { action: 'get', subject: 'form-survey' },
  query: SurveyListQuerySchema,
  response: listOf(FormSurveySchema),
});

export const getSurvey = defineRoute({
  name: 'getSurvey',
  domain: 'forms',
  method: 'GET',
  path: '/v1/forms/surveys/{surveyId}',
  auth: 'user',
  ability: { action: 'get', subject: 'form-survey' },
  params: SurveyIdParams,
  response: FormSurveySchema,
});

export const updateSurvey = defineRoute({
  name: 'updateSurvey',
  domain: 'forms',
  method: 'PUT',
  path: '/v1/forms/surveys/{surveyId}',
  auth: 'user',
  ability: { action: 'put', subject: 'form-survey' },
  params: SurveyIdParams,
  body: SurveyUpdateSchema,
  response: FormSurveySchema,
});

/** My forms report (spec 01 §2 /apps/myforms-report), which the spec keeps from guests. */
export const createFormMyselfReport = defineRoute({
  name: 'createFormMyselfReport',
  domain: 'forms',
  method: 'POST',
  path: '/v1/forms/myself-reports',
  auth: 'registered',
  ability: { action: 'get', subject: 'form-survey' },
  body: FormMyselfReportRequestSchema,
  response: FormMyselfReportSchema,
});

export const getGoalRankings = defineRoute({
  name: 'getGoalRankings',
  domain: 'forms',
  method: 'GET',
  path: '/v1/forms/goal-rankings',
  auth: 'registered',
  response: GoalRankingsSchema,
});

export const formRoutes: readonly RouteContract[] = [
  listFormDefinitions,
  getFormDefinition,
  createFormDefinition,
  updateFormDefinition,
  duplicateFormDefinition,
  archiveFormDefinition,
  restoreFormDefinition,
  requestFormLogoUpload,
  setFormLogo,
  deleteFormLogo,
  listMeasureTypes,
  createMeasureType,
  updateMeasureType,
  deleteMeasureType,
  listSphereFormEntitlements,
  addSphereFormEntitlement,
  updateSphereFormEntitlement,
  deleteSphereFormEntitlement,
  listSessionFormEntitlements,
  listAvailableForms,
  createSurvey,
  listSurveys,
  getSurvey,
  updateSurvey,
  createFormMyselfReport,
  getGoalRankings,
];

import { describe, expect } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import {
  FormSchema,
  type DisplayCondition,
  type Form,
  type FormAnswer,
  type FormInput,
} from '../contracts/forms';
import { VALIDATION_KEYS } from '../contracts/errors';
import { buildPages, clearHidden, missingRequired, validateSurvey } from './forms';

/**
 * The server's survey validation against the runner's rules, on random forms (with nested display
 * conditions) and random answers: `validateSurvey` accepts exactly what the runner would let
 * through, and never throws, whatever it is given.
 */

// ---------------------------------------------------------------------------------------------
// Random forms
// ---------------------------------------------------------------------------------------------

/** A condition before its answers are known: leaves name "the n-th earlier answer". */
type ConditionShape =
  | { operator: 'exists' | 'equals' | 'contains'; ref: number; value: string | number }
  | { operator: 'not'; condition: ConditionShape }
  | { operator: 'or' | 'and'; conditions: ConditionShape[] };

/** Compared values that the random answers below often hold, so conditions go both ways. */
const conditionValue = fc.constantFrom<string | number>(1, 2, 3, 'a', 'b', 'x');

const { condition: conditionShape } = fc.letrec<{ condition: ConditionShape }>((tie) => ({
  condition: fc.oneof(
    { maxDepth: 3, depthSize: 'small' },
    fc.record({
      operator: fc.constantFrom('exists' as const, 'equals' as const, 'contains' as const),
      ref: fc.nat(),
      value: conditionValue,
    }),
    fc.record({ operator: fc.constant('not' as const), condition: tie('condition') }),
    fc.record({
      operator: fc.constantFrom('or' as const, 'and' as const),
      conditions: fc.array(tie('condition'), { minLength: 1, maxLength: 3 }),
    }),
  ),
}));

/** The condition over answers given before what it shows; none when nothing comes before. */
function toCondition(shape: ConditionShape, earlier: readonly string[]): DisplayCondition | undefined {
  if (earlier.length === 0) return undefined;
  switch (shape.operator) {
    case 'exists':
      return { operator: 'exists', answerId: earlier[shape.ref % earlier.length]! };
    case 'equals':
    case 'contains':
      return { operator: shape.operator, answerId: earlier[shape.ref % earlier.length]!, value: shape.value };
    case 'not':
      return { operator: 'not', condition: toCondition(shape.condition, earlier)! };
    case 'or':
    case 'and':
      return { operator: shape.operator, conditions: shape.conditions.map((c) => toCondition(c, earlier)!) };
  }
}

const choiceBody = fc
  .record({
    type: fc.constantFrom('choice' as const, 'select' as const),
    values: fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1, maxLength: 4 }),
    multiChoice: fc.boolean(),
    bounds: fc.tuple(fc.nat(3), fc.nat(3)),
  })
  .map(({ type, values, multiChoice, bounds: [low, high] }) => {
    const max = Math.min(values.length, high) || undefined;
    const min = Math.min(low, max ?? values.length) || undefined;
    return {
      type,
      values: values.map((value) => ({ title: { fr: value.toUpperCase() }, value })),
      multiChoice,
      ...(max !== undefined ? { multiChoiceMax: max } : {}),
      ...(min !== undefined ? { multiChoiceMin: min } : {}),
    };
  });

/** What makes each type an answer, with small scales so random values often land on them. */
const answerBody = fc.oneof(
  fc.record({
    type: fc.constant('histo' as const),
    firstValue: fc.constantFrom(0, 1, -2, 0.1),
    stepValue: fc.constantFrom(1, 0.1, 2),
    scaleSize: fc.integer({ min: 2, max: 5 }),
  }),
  fc.record({
    type: fc.constant('likert' as const),
    options: fc
      .uniqueArray(fc.integer({ min: -1, max: 7 }), { minLength: 2, maxLength: 6 })
      .map((values) => values.map((value) => ({ value }))),
  }),
  fc.record({
    type: fc.constant('text' as const),
    multiline: fc.boolean(),
    max: fc.integer({ min: 1, max: 6 }),
  }),
  choiceBody,
  fc.record({ type: fc.constant('date' as const) }),
);

const answerShape = fc.record({
  body: answerBody,
  required: fc.boolean(),
  enableNotApplicable: fc.boolean(),
  condition: fc.option(conditionShape, { freq: 2 }),
});

const stepShape = fc.record({
  sameTabAsPreviousOne: fc.boolean(),
  condition: fc.option(conditionShape, { freq: 2 }),
  answers: fc.array(answerShape, { maxLength: 4 }),
});

/** A form document as the editor would save it: ids s1…, q1…; conditions on earlier answers. */
const formInput = fc.array(stepShape, { minLength: 1, maxLength: 4 }).map((shapes): FormInput => {
  const earlier: string[] = [];
  const steps = shapes.map((shape, s) => {
    const stepCondition = shape.condition ? toCondition(shape.condition, earlier) : undefined;
    const answers = shape.answers.map((answer) => {
      const id = `q${earlier.length + 1}`;
      const condition = answer.condition ? toCondition(answer.condition, earlier) : undefined;
      earlier.push(id);
      return {
        id,
        title: { fr: `Question ${id}` },
        required: answer.required,
        enableNotApplicable: answer.enableNotApplicable,
        ...(condition ? { displayCondition: condition } : {}),
        ...answer.body,
      };
    });
    return {
      id: `s${s + 1}`,
      title: { fr: `Page ${s + 1}` },
      description: { fr: 'Quelques questions.' },
      sameTabAsPreviousOne: shape.sameTabAsPreviousOne,
      ...(stepCondition ? { displayCondition: stepCondition } : {}),
      answers,
    };
  });
  return {
    id: 'random',
    title: { fr: 'Au hasard' },
    languages: ['fr'],
    updateDate: '2026-03-02T10:00:00.000Z',
    steps,
  };
});

const randomForm = formInput.map((input) => FormSchema.parse(input));

// ---------------------------------------------------------------------------------------------
// Random answers
// ---------------------------------------------------------------------------------------------

const ABSENT = Symbol('absent');

/** A value the answer takes, as the runner would record it. */
function takenValue(answer: FormAnswer): fc.Arbitrary<unknown> {
  switch (answer.type) {
    case 'histo':
      return fc.nat(answer.scaleSize - 1).map((i) => answer.firstValue + i * answer.stepValue);
    case 'likert':
      return fc.constantFrom(...answer.options.map((o) => o.value));
    case 'text': {
      const unit = answer.multiline ? fc.constantFrom('a', 'é', ' ', '\n') : fc.constantFrom('a', 'é', ' ');
      return fc.string({ minLength: 1, maxLength: answer.max, unit });
    }
    case 'choice':
    case 'select': {
      const offered = answer.values.map((v) => v.value);
      if (!answer.multiChoice) return fc.constantFrom(...offered);
      return fc.subarray(offered, {
        minLength: answer.multiChoiceMin ?? 1,
        maxLength: answer.multiChoiceMax ?? offered.length,
      });
    }
    case 'date':
      return fc.constantFrom('2024-02-29', '2026-12-31', '1999-01-01');
  }
}

/** A value near what the answer takes: often right, often just past a limit. */
function nearValue(answer: FormAnswer): fc.Arbitrary<unknown> {
  switch (answer.type) {
    case 'histo':
      return fc
        .integer({ min: -1, max: answer.scaleSize })
        .map((i) => answer.firstValue + i * answer.stepValue);
    case 'likert':
      return fc.integer({ min: -2, max: 8 });
    case 'text':
      return fc.string({ maxLength: answer.max + 1, unit: fc.constantFrom('a', 'é', ' ', '\n', '\r') });
    case 'choice':
    case 'select': {
      const offered = answer.values.map((v) => v.value);
      if (!answer.multiChoice) return fc.constantFrom(...offered, 'z');
      return fc.oneof(
        fc.subarray(offered),
        fc.subarray([...offered, 'z']),
        fc.subarray(offered, { minLength: 1 }).map((chosen) => [...chosen, chosen[0]]),
      );
    }
    case 'date':
      return fc.constantFrom('2024-02-29', '2023-02-29', '2024-13-01', '01/02/2024', '2026-1-1');
  }
}

/** Something a careless or hostile client might send instead. */
const strayValue = fc.oneof(
  fc.constantFrom<unknown>(true, {}, 'x', 'a', 42, 1.5, -1, ['a', 'a'], ['z'], [1], '', '  ', []),
  fc.jsonValue(),
);

/**
 * Values for a form: as a careful person fills the runner (values the answers take, not applicable
 * where offered, hidden answers cleared); the same with one answer changed, hidden or not (one
 * fault, which the validation must see alone); or as a careless or hostile client.
 */
function valuesFor(form: Form): fc.Arbitrary<Record<string, unknown>> {
  const answers = form.steps.flatMap((s) => s.answers);
  const careful = fc.tuple(
    ...answers.map((answer) =>
      fc.oneof(
        { arbitrary: takenValue(answer), weight: 6 },
        { arbitrary: fc.constant<unknown>(ABSENT), weight: answer.required ? 0 : 2 },
        { arbitrary: fc.constant<unknown>(null), weight: answer.enableNotApplicable ? 1 : 0 },
      ),
    ),
  );
  const careless = fc.tuple(
    ...answers.map((answer) =>
      fc.oneof(
        { arbitrary: nearValue(answer), weight: 6 },
        { arbitrary: fc.constant<unknown>(ABSENT), weight: 3 },
        { arbitrary: fc.constant<unknown>(null), weight: 1 },
        { arbitrary: strayValue, weight: 1 },
      ),
    ),
  );
  const build = (given: unknown[]): Record<string, unknown> =>
    Object.fromEntries(answers.flatMap((answer, i) => (given[i] === ABSENT ? [] : [[answer.id, given[i]]])));
  const oneFault =
    answers.length === 0
      ? careful.map(build)
      : fc.record({ given: careful, index: fc.nat(answers.length - 1) }).chain(({ given, index }) =>
          fc
            .oneof(
              { arbitrary: nearValue(answers[index]!), weight: 5 },
              { arbitrary: fc.constant<unknown>(null), weight: 1 },
              { arbitrary: fc.constant<unknown>(ABSENT), weight: 1 },
              { arbitrary: takenValue(answers[index]!), weight: 1 },
              { arbitrary: strayValue, weight: 1 },
            )
            .map((changed) => {
              const values = clearHidden(form, build(given));
              const id = answers[index]!.id;
              if (changed === ABSENT)
                return Object.fromEntries(Object.entries(values).filter(([k]) => k !== id));
              return { ...values, [id]: changed };
            }),
        );
  return fc.oneof(
    careful.map((given) => clearHidden(form, build(given))),
    oneFault,
    fc
      .record({
        given: careless,
        unknown: fc.option(fc.constantFrom('zz', 'constructor', 'q99'), { freq: 4 }),
        cleared: fc.boolean(),
      })
      .map(({ given, unknown, cleared }) => {
        const values = build(given);
        if (unknown !== null) values[unknown] = 1;
        return cleared ? clearHidden(form, values) : values;
      }),
  );
}

const formAndValues = randomForm.chain((form) => valuesFor(form).map((values) => ({ form, values })));

// ---------------------------------------------------------------------------------------------
// The runner's rules, stated on their own
// ---------------------------------------------------------------------------------------------

const nothing = (value: unknown) =>
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

function takes(answer: FormAnswer, value: unknown): boolean {
  if (value === null) return answer.enableNotApplicable;
  switch (answer.type) {
    case 'histo':
      return (
        typeof value === 'number' &&
        Array.from({ length: answer.scaleSize }, (_, i) => answer.firstValue + i * answer.stepValue).some(
          (bar) => Math.abs(bar - value) < 1e-9,
        )
      );
    case 'likert':
      return answer.options.some((o) => o.value === value);
    case 'text':
      return (
        typeof value === 'string' &&
        value.length <= answer.max &&
        (answer.multiline || !(value.includes('\n') || value.includes('\r')))
      );
    case 'choice':
    case 'select': {
      const offered = answer.values.map((v) => v.value);
      if (!answer.multiChoice) return typeof value === 'string' && offered.includes(value);
      return (
        Array.isArray(value) &&
        value.every((v) => typeof v === 'string' && offered.includes(v)) &&
        new Set(value).size === value.length &&
        value.length <= (answer.multiChoiceMax ?? offered.length) &&
        value.length >= (answer.multiChoiceMin ?? 0)
      );
    }
    case 'date':
      return (
        typeof value === 'string' &&
        /^\d{4}-\d{2}-\d{2}$/.test(value) &&
        !Number.isNaN(Date.parse(value)) &&
        new Date(value).toISOString().startsWith(value)
      );
  }
}

/**
 * Whether the runner lets the values be saved: every id an answer; pages walked with buildPages;
 * nothing on an answer no page shows; each shown value right for its answer; no required answer
 * missing on any shown page.
 */
function runnerAccepts(form: Form, values: Record<string, unknown>): boolean {
  const answers = form.steps.flatMap((s) => s.answers);
  if (Object.keys(values).some((id) => !answers.some((a) => a.id === id))) return false;
  const pages = buildPages(form, values);
  const shown = new Set(pages.flatMap((page) => page.answers.map((a) => a.id)));
  for (const answer of answers) {
    const value = Object.hasOwn(values, answer.id) ? values[answer.id] : undefined;
    if (value !== null && nothing(value)) continue;
    if (!shown.has(answer.id) || !takes(answer, value)) return false;
  }
  return pages.every((page) => missingRequired(page, values).length === 0);
}

// ---------------------------------------------------------------------------------------------

describe('survey validation against the runner (property)', () => {
  test.prop([formInput], { numRuns: 200 })('the random forms are valid form documents', (input) => {
    expect(FormSchema.safeParse(input).success).toBe(true);
  });

  test.prop([formAndValues], { numRuns: 2000 })(
    'validateSurvey accepts a survey exactly when the runner would let it be saved',
    ({ form, values }) => {
      expect(validateSurvey(form, values).length === 0).toBe(runnerAccepts(form, values));
    },
  );

  test.prop([formAndValues], { numRuns: 300 })(
    'once the runner has cleared hidden answers, no value is on a hidden answer, and clearing again changes nothing',
    ({ form, values }) => {
      const cleared = clearHidden(form, values);
      expect(validateSurvey(form, cleared).filter((p) => p.problem === 'hidden-answer')).toEqual([]);
      expect(clearHidden(form, cleared)).toEqual(cleared);
    },
  );

  test('the random surveys are both accepted and refused, often enough to mean something', () => {
    const samples = fc.sample(formAndValues, { numRuns: 500, seed: 20_260_302 });
    const accepted = samples.filter(({ form, values }) => validateSurvey(form, values).length === 0).length;
    expect(accepted).toBeGreaterThan(100);
    expect(samples.length - accepted).toBeGreaterThan(100);
  });
});

describe('survey validation of malformed input (property)', () => {
  const keys = new Set<string>(VALIDATION_KEYS);

  test.prop([randomForm, fc.anything()], { numRuns: 300 })(
    'anything as the values never throws, and each problem carries a validation key',
    (form, values) => {
      const problems = validateSurvey(form, values);
      expect(Array.isArray(problems)).toBe(true);
      for (const problem of problems) expect(keys.has(problem.key)).toBe(true);
    },
  );

  test.prop([randomForm, fc.jsonValue()], { numRuns: 300 })(
    'any JSON as the values never throws, and what is not an object is refused as a whole',
    (form, values) => {
      const problems = validateSurvey(form, values);
      if (typeof values !== 'object' || values === null || Array.isArray(values))
        expect(problems).toEqual([{ problem: 'not-values', key: 'not-valid' }]);
    },
  );

  test.prop(
    [
      randomForm.chain((form) =>
        fc.tuple(
          fc.constant(form),
          fc.dictionary(
            fc.constantFrom(
              ...form.steps.flatMap((s) => s.answers.map((a) => a.id)),
              '__proto__',
              'toString',
            ),
            fc.anything(),
          ),
        ),
      ),
    ],
    { numRuns: 300 },
  )('anything under the form’s own answer ids never throws', ([form, values]) => {
    expect(() => validateSurvey(form, values)).not.toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { issuesToErrors } from './issues';
import {
  CONDITION_MAX_DEPTH,
  DEFAULT_DATE_FORMAT,
  FORM_EDITOR_FORMAT_VERSION,
  FormSchema,
  LIKERT_DEFAULT_POINTS,
  LIKERT_MAX_POINTS,
  SurveyValuesSchema,
  TEXT_ANSWER_DEFAULT_MAX,
  TEXT_ANSWER_MAX_LIMIT,
  type DisplayCondition,
} from './forms';

/** The keyed problems the server answers for a form document (400), or the parsed form. */
function check(body: unknown, schema: z.ZodType = FormSchema) {
  const parsed = schema.safeParse(body);
  return parsed.success
    ? { ok: parsed.data as Record<string, unknown> }
    : { errors: issuesToErrors(parsed.error.issues, body).map((e) => `${e.field}:${e.key}`) };
}

const UPDATED = '2026-03-02T10:00:00.000Z';
const base = { id: 'wellbeing', title: { fr: 'Bien-être' }, languages: ['fr'], updateDate: UPDATED };
const step = (id: string, answers: unknown[] = [], extra: Record<string, unknown> = {}) => ({
  id,
  title: { fr: `Page ${id}` },
  description: { fr: 'Quelques questions.' },
  answers,
  ...extra,
});
const answer = (id: string, type: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: { fr: `Question ${id}` },
  type,
  ...extra,
});
const formWith = (steps: unknown[], extra: Record<string, unknown> = {}) => ({ ...base, steps, ...extra });
const likert = (id: string, extra: Record<string, unknown> = {}) => answer(id, 'likert', extra);
const choice = (id: string, extra: Record<string, unknown> = {}) =>
  answer(id, 'choice', {
    values: [
      { title: { fr: 'Oui' }, value: 'yes' },
      { title: { fr: 'Non' }, value: 'no' },
      { title: { fr: 'Peut-être' }, value: 'maybe' },
    ],
    ...extra,
  });
const result = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: { fr: `Score ${id}` },
  computeType: 'average',
  sources: { questions: ['q1'] },
  ...extra,
});

describe('a form document', () => {
  it('needs only an id, a title, its languages and its update date; the rest has defaults', () => {
    expect(check(base)).toEqual({
      ok: {
        ...base,
        description: {},
        editorFormatVersion: FORM_EDITOR_FORMAT_VERSION,
        availability: 'none',
        isPrivate: false,
        archived: false,
        steps: [],
        additionalResults: [],
        completedPage: { title: {}, description: {} },
      },
    });
  });

  it('needs a title in some language (questionnaire creation, spec 02 §5)', () => {
    expect(check({ ...base, title: {} }).errors).toEqual(['title:required']);
    expect(check({ ...base, title: { fr: '   ', en: '' } }).errors).toEqual(['title:required']);
    expect(check({ ...base, title: { nl: 'Welzijn' } }).ok).toBeDefined();
  });

  it('writes texts in fr, en and nl only', () => {
    expect(check({ ...base, title: { fr: 'A', de: 'B' } }).errors).toEqual([
      'title.de:unexpected-value-error',
    ]);
  });

  it('names each of its languages once, among fr, en and nl', () => {
    expect(check({ ...base, languages: [] }).errors).toEqual(['languages:required']);
    expect(check({ ...base, languages: ['fr', 'fr'] }).errors).toEqual(['languages.1:exist']);
    expect(check({ ...base, languages: ['de'] }).errors).toEqual(['languages.0:unexpected-value-error']);
    expect(check({ ...base, languages: ['nl', 'fr', 'en'] }).ok).toBeDefined();
  });

  it('is refused when written by a newer editor than this code knows', () => {
    expect(check({ ...base, editorFormatVersion: FORM_EDITOR_FORMAT_VERSION + 1 }).errors).toEqual([
      'editorFormatVersion:value-out-of-range-error',
    ]);
  });

  it('takes the three availabilities and nothing else', () => {
    for (const availability of ['none', 'sphereMember', 'sessionMember'])
      expect(check({ ...base, availability }).ok).toBeDefined();
    expect(check({ ...base, availability: 'everyone' }).errors).toEqual([
      'availability:unexpected-value-error',
    ]);
  });

  it('refuses fields it does not know', () => {
    expect(check({ ...base, ownerId: 'someone' }).errors).toEqual(['ownerId:unexpected-value-error']);
  });

  it('refuses __proto__ and ids with spaces or braces', () => {
    expect(check({ ...base, id: '__proto__' }).errors).toEqual(['id:not-valid']);
    expect(check({ ...base, id: 'my form' }).errors).toEqual(['id:not-valid']);
    expect(check(formWith([step('s1', [likert('{q}')])])).errors).toEqual(['steps.0.answers.0.id:not-valid']);
  });
});

describe('steps and answers (survey save, spec 02 §5)', () => {
  it('a page needs a title and a description', () => {
    expect(check(formWith([{ ...step('s1'), title: {} }])).errors).toEqual(['steps.0.title:required']);
    expect(check(formWith([{ ...step('s1'), description: { fr: ' ' } }])).errors).toEqual([
      'steps.0.description:required',
    ]);
  });

  it('a question needs a title', () => {
    expect(check(formWith([step('s1', [{ ...likert('q1'), title: {} }])])).errors).toEqual([
      'steps.0.answers.0.title:required',
    ]);
  });

  it('an answer of an unknown type is refused', () => {
    expect(check(formWith([step('s1', [answer('q1', 'slider')])])).errors).toEqual([
      'steps.0.answers.0.type:not-valid',
    ]);
  });

  it('answer ids are unique in the whole form, step ids in the form', () => {
    expect(check(formWith([step('s1', [likert('q1')]), step('s2', [likert('q1')])])).errors).toEqual([
      'steps.1.answers.0.id:exist',
    ]);
    expect(check(formWith([step('s1'), step('s1')])).errors).toEqual(['steps.1.id:exist']);
  });

  it('every type has its defaults: optional, no not-applicable, no condition', () => {
    const parsed = FormSchema.parse(
      formWith([
        step('s1', [
          answer('h', 'histo'),
          likert('l'),
          answer('t', 'text'),
          choice('c'),
          choice('s', { type: 'select' }),
          answer('d', 'date'),
        ]),
      ]),
    );
    const [h, l, t, c, s, d] = parsed.steps[0]?.answers ?? [];
    for (const a of [h, l, t, c, s, d]) {
      expect(a).toMatchObject({
        required: false,
        enableNotApplicable: false,
        description: {},
        shortTitle: {},
      });
      expect(a).not.toHaveProperty('displayCondition');
    }
    expect(h).toMatchObject({ firstValue: 1, stepValue: 1, scaleSize: 10, direction: 'standard' });
    expect(l).toMatchObject({ display: 'horizontal', legendTop: {}, legendBottom: {} });
    expect(l?.type === 'likert' && l.options.map((o) => o.value)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(l?.type === 'likert' && l.options.length).toBe(LIKERT_DEFAULT_POINTS);
    expect(t).toMatchObject({ multiline: false, max: TEXT_ANSWER_DEFAULT_MAX, placeholder: {} });
    expect(c).toMatchObject({ multiChoice: false });
    expect(s).toMatchObject({ multiChoice: false, placeholder: {} });
    expect(d).toMatchObject({ format: DEFAULT_DATE_FORMAT });
  });

  it('a likert has 2 to 11 options, each value once', () => {
    const options = (n: number) => Array.from({ length: n }, (_, i) => ({ value: i }));
    expect(
      check(formWith([step('s1', [likert('q1', { options: options(LIKERT_MAX_POINTS) })])])).ok,
    ).toBeDefined();
    expect(
      check(formWith([step('s1', [likert('q1', { options: options(LIKERT_MAX_POINTS + 1) })])])).errors,
    ).toEqual(['steps.0.answers.0.options:too-many']);
    // The project's key for a list below its minimum of 2 (with the minimum in the error's values).
    expect(check(formWith([step('s1', [likert('q1', { options: options(1) })])])).errors).toEqual([
      'steps.0.answers.0.options:too-many',
    ]);
    expect(
      check(formWith([step('s1', [likert('q1', { options: [{ value: 1 }, { value: 2 }, { value: 1 }] })])]))
        .errors,
    ).toEqual(['steps.0.answers.0.options.2.value:exist']);
  });

  it('a likert option carries a legend and a colour', () => {
    const options = [
      { value: 1, legend: { fr: 'Pas du tout', en: 'Not at all' }, color: '#d9480f' },
      { value: 2, legend: { fr: 'Tout à fait' }, color: '#2f9e44' },
    ];
    expect(check(formWith([step('s1', [likert('q1', { options })])])).ok).toBeDefined();
    expect(
      check(formWith([step('s1', [likert('q1', { options: [{ value: 1, color: 'red' }, { value: 2 }] })])]))
        .errors,
    ).toEqual(['steps.0.answers.0.options.0.color:not-valid']);
  });

  it('a histogram steps forward and has 2 to 101 bars', () => {
    expect(check(formWith([step('s1', [answer('q1', 'histo', { stepValue: 0 })])])).errors).toEqual([
      'steps.0.answers.0.stepValue:value-out-of-range-error',
    ]);
    expect(check(formWith([step('s1', [answer('q1', 'histo', { scaleSize: 1 })])])).errors).toEqual([
      'steps.0.answers.0.scaleSize:value-out-of-range-error',
    ]);
    expect(
      check(formWith([step('s1', [answer('q1', 'histo', { firstValue: 0, stepValue: 0.1, scaleSize: 10 })])]))
        .ok,
    ).toBeDefined();
  });

  it('a text answer has a max of 1 to 10 000 characters', () => {
    expect(check(formWith([step('s1', [answer('q1', 'text', { max: 0 })])])).errors).toEqual([
      'steps.0.answers.0.max:value-out-of-range-error',
    ]);
    expect(
      check(formWith([step('s1', [answer('q1', 'text', { max: TEXT_ANSWER_MAX_LIMIT + 1 })])])).errors,
    ).toEqual(['steps.0.answers.0.max:value-out-of-range-error']);
  });

  it('a choice offers each value once, with a title', () => {
    const values = [
      { title: { fr: 'Oui' }, value: 'yes' },
      { title: { fr: 'Encore oui' }, value: 'yes' },
    ];
    expect(check(formWith([step('s1', [choice('q1', { values })])])).errors).toEqual([
      'steps.0.answers.0.values.1.value:exist',
    ]);
    expect(check(formWith([step('s1', [choice('q1', { values: [] })])])).errors).toEqual([
      'steps.0.answers.0.values:required',
    ]);
    expect(
      check(formWith([step('s1', [choice('q1', { values: [{ title: {}, value: 'x' }] })])])).errors,
    ).toEqual(['steps.0.answers.0.values.0.title:required']);
  });

  it('a multi-choice max is at least 1 and at most the number of values; its min at most its max', () => {
    const multi = (extra: Record<string, unknown>) =>
      check(formWith([step('s1', [choice('q1', { multiChoice: true, ...extra })])]));
    expect(multi({ multiChoiceMax: 2, multiChoiceMin: 1 }).ok).toBeDefined();
    expect(multi({ multiChoiceMax: 0 }).errors).toEqual([
      'steps.0.answers.0.multiChoiceMax:value-out-of-range-error',
    ]);
    expect(multi({ multiChoiceMax: 4 }).errors).toEqual([
      'steps.0.answers.0.multiChoiceMax:value-out-of-range-error',
    ]);
    expect(multi({ multiChoiceMax: 1, multiChoiceMin: 2 }).errors).toEqual([
      'steps.0.answers.0.multiChoiceMin:value-out-of-range-error',
    ]);
    expect(multi({ multiChoiceMax: 1.5 }).errors).toEqual(['steps.0.answers.0.multiChoiceMax:not-a-number']);
  });

  it('a select is a choice with a placeholder', () => {
    expect(
      check(formWith([step('s1', [choice('q1', { type: 'select', placeholder: { fr: 'Choisir…' } })])])).ok,
    ).toBeDefined();
    expect(check(formWith([step('s1', [choice('q1', { placeholder: { fr: 'Choisir…' } })])])).errors).toEqual(
      ['steps.0.answers.0.placeholder:unexpected-value-error'],
    );
  });

  it('a date answer is shown in one of the known formats', () => {
    expect(check(formWith([step('s1', [answer('q1', 'date', { format: 'YYYY-MM-DD' })])])).ok).toBeDefined();
    expect(check(formWith([step('s1', [answer('q1', 'date', { format: 'D MMMM' })])])).errors).toEqual([
      'steps.0.answers.0.format:unexpected-value-error',
    ]);
  });
});

describe('display conditions in a form', () => {
  const withCondition = (condition: unknown, on: 'answer' | 'step' = 'answer') =>
    check(
      formWith([
        step('s1', [likert('q1'), choice('q2')]),
        on === 'step'
          ? step('s2', [likert('q3')], { displayCondition: condition })
          : step('s2', [likert('q3', { displayCondition: condition })]),
      ]),
    );

  it.each<[string, DisplayCondition]>([
    ['exists', { operator: 'exists', answerId: 'q1' }],
    ['equals', { operator: 'equals', answerId: 'q2', value: 'yes' }],
    ['contains', { operator: 'contains', answerId: 'q2', value: 'no' }],
    ['not', { operator: 'not', condition: { operator: 'exists', answerId: 'q1' } }],
    [
      'or',
      {
        operator: 'or',
        conditions: [
          { operator: 'equals', answerId: 'q1', value: 7 },
          { operator: 'exists', answerId: 'q2' },
        ],
      },
    ],
    [
      'and',
      {
        operator: 'and',
        conditions: [
          { operator: 'equals', answerId: 'q1', value: 1 },
          { operator: 'not', condition: { operator: 'contains', answerId: 'q2', value: 'yes' } },
        ],
      },
    ],
  ])('%s on earlier answers is accepted on an answer and on a step', (_, condition) => {
    expect(withCondition(condition).ok).toBeDefined();
    expect(withCondition(condition, 'step').ok).toBeDefined();
  });

  it('an unknown operator is refused', () => {
    expect(withCondition({ operator: 'greater', answerId: 'q1', value: 3 }).errors).toEqual([
      'steps.1.answers.0.displayCondition.operator:not-valid',
    ]);
  });

  it('or and and need at least one condition', () => {
    expect(withCondition({ operator: 'or', conditions: [] }).errors).toEqual([
      'steps.1.answers.0.displayCondition.conditions:required',
    ]);
  });

  it('a condition on an answer the form does not have is refused', () => {
    expect(withCondition({ operator: 'exists', answerId: 'nope' }).errors).toEqual([
      'steps.1.answers.0.displayCondition:not-valid',
    ]);
  });

  it('an answer shows from answers before it, never from itself or a later one', () => {
    const earlierInStep = formWith([
      step('s1', [likert('q1'), likert('q2', { displayCondition: { operator: 'exists', answerId: 'q1' } })]),
    ]);
    expect(check(earlierInStep).ok).toBeDefined();
    const itself = formWith([
      step('s1', [likert('q1', { displayCondition: { operator: 'exists', answerId: 'q1' } })]),
    ]);
    expect(check(itself).errors).toEqual(['steps.0.answers.0.displayCondition:not-valid']);
    const later = formWith([
      step('s1', [likert('q1', { displayCondition: { operator: 'exists', answerId: 'q2' } })]),
      step('s2', [likert('q2')]),
    ]);
    expect(check(later).errors).toEqual(['steps.0.answers.0.displayCondition:not-valid']);
  });

  it('a step shows from answers of earlier steps, not from its own', () => {
    const own = formWith([
      step('s1', [likert('q1')]),
      step('s2', [likert('q2')], { displayCondition: { operator: 'exists', answerId: 'q2' } }),
    ]);
    expect(check(own).errors).toEqual(['steps.1.displayCondition:not-valid']);
  });

  it(`nests ${CONDITION_MAX_DEPTH} levels deep at most`, () => {
    const nested = (depth: number): DisplayCondition =>
      depth <= 1 ? { operator: 'exists', answerId: 'q1' } : { operator: 'not', condition: nested(depth - 1) };
    expect(withCondition(nested(CONDITION_MAX_DEPTH)).ok).toBeDefined();
    expect(withCondition(nested(CONDITION_MAX_DEPTH + 1)).errors).toEqual([
      'steps.1.answers.0.displayCondition:not-valid',
    ]);
  });
});

describe('additional results (spec 02 §3, §5)', () => {
  const steps = [step('s1', [likert('q1'), answer('q2', 'histo'), answer('q3', 'text')])];
  const withResults = (additionalResults: unknown[]) => check(formWith(steps, { additionalResults }));

  it('average of numeric questions, with boundaries, children and a short code', () => {
    const parsed = withResults([
      result('r1', { boundaries: { min: 1, max: 7, average: 4.2, deviation: 1.1 }, shortCode: 'WB' }),
      result('r2', { sources: { questions: ['q2'], themes: ['energy'], dimensions: ['team'] } }),
      result('all', { children: ['r1', 'r2'], sources: { questions: [] } }),
    ]);
    expect(parsed.ok).toBeDefined();
  });

  it('needs a title, a compute type and at least one child', () => {
    expect(withResults([{ ...result('r1'), title: {} }]).errors).toEqual([
      'additionalResults.0.title:required',
    ]);
    const { computeType: _, ...withoutType } = result('r1');
    expect(withResults([withoutType]).errors).toEqual(['additionalResults.0.computeType:required']);
    expect(withResults([result('r1', { computeType: 'median' })]).errors).toEqual([
      'additionalResults.0.computeType:unexpected-value-error',
    ]);
    expect(withResults([result('r1', { sources: { questions: [] } })]).errors).toEqual([
      'additionalResults.0.children:required',
    ]);
  });

  it('averages questions of the form whose values are numbers', () => {
    expect(withResults([result('r1', { sources: { questions: ['q3'] } })]).errors).toEqual([
      'additionalResults.0.sources.questions.0:not-valid',
    ]);
    expect(withResults([result('r1', { sources: { questions: ['q9'] } })]).errors).toEqual([
      'additionalResults.0.sources.questions.0:not-valid',
    ]);
  });

  it('children are other results of the form, without a loop', () => {
    expect(withResults([result('r1', { children: ['r9'] })]).errors).toEqual([
      'additionalResults.0.children.0:not-valid',
    ]);
    expect(withResults([result('r1', { children: ['r1'] })]).errors).toEqual([
      'additionalResults.0.children.0:not-valid',
    ]);
    expect(
      withResults([result('r1', { children: ['r2'] }), result('r2', { children: ['r1'] })]).errors,
    ).toEqual(['additionalResults.0.children.0:not-valid', 'additionalResults.1.children.0:not-valid']);
  });

  it('ids are unique; a minimum is not above the maximum', () => {
    expect(withResults([result('r1'), result('r1')]).errors).toEqual(['additionalResults.1.id:exist']);
    expect(withResults([result('r1', { boundaries: { min: 5, max: 1 } })]).errors).toEqual([
      'additionalResults.0.boundaries.max:value-out-of-range-error',
    ]);
  });
});

describe('survey values', () => {
  it('take a number, a text, chosen values or null (not applicable) per answer id', () => {
    expect(
      check({ q1: 3, q2: 'Bien', q3: ['a', 'b'], q4: null, q5: '2026-03-02' }, SurveyValuesSchema).ok,
    ).toBeDefined();
  });

  it('refuse objects, booleans and ids that are not answer ids', () => {
    expect(check({ q1: { value: 3 } }, SurveyValuesSchema).errors).toEqual(['q1:not-valid']);
    expect(check({ q1: true }, SurveyValuesSchema).errors).toEqual(['q1:not-valid']);
    expect(check({ 'q 1': 1 }, SurveyValuesSchema).errors).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import {
  FormSchema,
  type ChoiceAnswer,
  type DisplayCondition,
  type Form,
  type FormAnswer,
  type FormInput,
  type HistoAnswer,
  type TextAnswer,
} from '../contracts/forms';
import {
  SURVEY_PROBLEMS,
  applyTemplate,
  buildPages,
  choiceCapReached,
  choiceCounter,
  clearHidden,
  computeAdditionalResults,
  displayValue,
  evaluateCondition,
  formatDateValue,
  histoValues,
  isChoiceDisabled,
  isOnHistoScale,
  missingRequired,
  normaliseText,
  singleLine,
  stepGroups,
  textAnswerError,
  toggleChoice,
  validateSurvey,
  visibleAnswers,
} from './forms';

// ---------------------------------------------------------------------------------------------
// Builders: forms go through the schema, so every test reads a valid, defaulted form.
// ---------------------------------------------------------------------------------------------

type StepInput = FormInput extends { steps?: (infer S)[] | undefined } ? S : never;
type AnswerInput = StepInput extends { answers?: (infer A)[] | undefined } ? A : never;

const title = (fr: string) => ({ fr });
const makeForm = (steps: StepInput[], extra: Partial<FormInput> = {}): Form =>
  FormSchema.parse({
    id: 'f1',
    title: title('Questionnaire'),
    languages: ['fr', 'en'],
    updateDate: '2026-03-02T10:00:00.000Z',
    steps,
    ...extra,
  });
const step = (id: string, answers: AnswerInput[], extra: Partial<StepInput> = {}): StepInput => ({
  id,
  title: title(`Page ${id}`),
  description: title('…'),
  answers,
  ...extra,
});
const likert = (id: string, extra: Record<string, unknown> = {}): AnswerInput =>
  ({ id, title: title(id), type: 'likert', ...extra }) as AnswerInput;
const text = (id: string, extra: Record<string, unknown> = {}): AnswerInput =>
  ({ id, title: title(id), type: 'text', ...extra }) as AnswerInput;
const histo = (id: string, extra: Record<string, unknown> = {}): AnswerInput =>
  ({ id, title: title(id), type: 'histo', ...extra }) as AnswerInput;
const date = (id: string, extra: Record<string, unknown> = {}): AnswerInput =>
  ({ id, title: title(id), type: 'date', ...extra }) as AnswerInput;
const choice = (id: string, extra: Record<string, unknown> = {}): AnswerInput =>
  ({
    id,
    title: title(id),
    type: 'choice',
    values: [
      { title: { fr: 'Rouge', en: 'Red' }, value: 'red' },
      { title: { fr: 'Vert', en: 'Green' }, value: 'green' },
      { title: { fr: 'Bleu' }, value: 'blue' },
      { title: { fr: 'Jaune', en: 'Yellow' }, value: 'yellow' },
    ],
    ...extra,
  }) as AnswerInput;

const ids = (answers: readonly FormAnswer[]) => answers.map((a) => a.id);
const answerOf = <T extends FormAnswer>(form: Form, id: string) =>
  form.steps.flatMap((s) => s.answers).find((a) => a.id === id) as T;

const exists = (answerId: string): DisplayCondition => ({ operator: 'exists', answerId });
const equals = (answerId: string, value: string | number): DisplayCondition => ({
  operator: 'equals',
  answerId,
  value,
});
const contains = (answerId: string, value: string | number): DisplayCondition => ({
  operator: 'contains',
  answerId,
  value,
});
const not = (condition: DisplayCondition): DisplayCondition => ({ operator: 'not', condition });
const or = (...conditions: DisplayCondition[]): DisplayCondition => ({ operator: 'or', conditions });
const and = (...conditions: DisplayCondition[]): DisplayCondition => ({ operator: 'and', conditions });

// ---------------------------------------------------------------------------------------------

describe('display conditions', () => {
  describe('exists: the answer has a value other than not applicable', () => {
    it.each<[string, unknown]>([
      ['a number, even 0', 0],
      ['a text', 'x'],
      ['a chosen value', ['red']],
    ])('holds for %s', (_, value) => expect(evaluateCondition(exists('q'), { q: value })).toBe(true));
    it.each<[string, unknown]>([
      ['no value', undefined],
      ['a blank text', '  '],
      ['no chosen value', []],
      ['not applicable', null],
    ])('fails for %s', (_, value) => expect(evaluateCondition(exists('q'), { q: value })).toBe(false));
    it('fails for a missing key', () => expect(evaluateCondition(exists('q'), {})).toBe(false));
  });

  describe('equals: the value, or the only chosen value, is the one named', () => {
    it.each<[string, unknown, string | number, boolean]>([
      ['a number', 4, 4, true],
      ['another number', 4, 5, false],
      ['a number named as text', 4, '4', true],
      ['a text', 'red', 'red', true],
      ['a text of another case', 'Red', 'red', false],
      ['the only chosen value', ['red'], 'red', true],
      ['one of two chosen values', ['red', 'blue'], 'red', false],
      ['not applicable', null, 'red', false],
      ['no value', undefined, 'red', false],
      ['an empty text', '', '', false],
    ])('%s', (_, value, expected, holds) => {
      expect(evaluateCondition(equals('q', expected), { q: value })).toBe(holds);
    });
  });

  describe('contains: one of the chosen values, or words of a text', () => {
    it.each<[string, unknown, string | number, boolean]>([
      ['a chosen value among several', ['red', 'blue'], 'blue', true],
      ['a value not chosen', ['red', 'blue'], 'green', false],
      ['words of a text, ignoring case', 'I feel Tired today', 'tired', true],
      ['words a text does not hold', 'I feel fine', 'tired', false],
      ['a number as a whole', 4, 4, false],
      ['not applicable', null, 'red', false],
      ['no value', undefined, 'red', false],
    ])('%s', (_, value, expected, holds) => {
      expect(evaluateCondition(contains('q', expected), { q: value })).toBe(holds);
    });
  });

  it('not inverts its condition', () => {
    expect(evaluateCondition(not(exists('q')), {})).toBe(true);
    expect(evaluateCondition(not(exists('q')), { q: 1 })).toBe(false);
  });

  it('or holds when one condition holds', () => {
    const condition = or(equals('a', 1), equals('b', 'x'));
    expect(evaluateCondition(condition, { a: 2, b: 'x' })).toBe(true);
    expect(evaluateCondition(condition, { a: 1, b: 'y' })).toBe(true);
    expect(evaluateCondition(condition, { a: 2, b: 'y' })).toBe(false);
  });

  it('and holds when every condition holds', () => {
    const condition = and(equals('a', 1), equals('b', 'x'));
    expect(evaluateCondition(condition, { a: 1, b: 'x' })).toBe(true);
    expect(evaluateCondition(condition, { a: 1, b: 'y' })).toBe(false);
    expect(evaluateCondition(condition, { a: 2, b: 'x' })).toBe(false);
  });

  it('nests: (a = 1 or b contains x) and not c exists', () => {
    const condition = and(or(equals('a', 1), contains('b', 'x')), not(exists('c')));
    expect(evaluateCondition(condition, { a: 1 })).toBe(true);
    expect(evaluateCondition(condition, { b: ['x', 'y'] })).toBe(true);
    expect(evaluateCondition(condition, { a: 1, c: 'here' })).toBe(false);
    expect(evaluateCondition(condition, { a: 2, b: ['y'] })).toBe(false);
    expect(evaluateCondition(not(not(not(exists('a')))), { a: 1 })).toBe(false);
  });

  it('reads only the values given, never what every object inherits', () => {
    expect(evaluateCondition(exists('constructor'), {})).toBe(false);
    expect(evaluateCondition(exists('toString'), {})).toBe(false);
  });
});

describe('pages', () => {
  const form = makeForm([
    step('s1', [likert('q1'), choice('q2')]),
    step('s2', [likert('q3', { displayCondition: equals('q1', 7) }), text('q4')], {
      sameTabAsPreviousOne: true,
    }),
    step('s3', [likert('q5')], { displayCondition: contains('q2', 'red') }),
    step('s4', [likert('q6')]),
    step('s5', [likert('q7')], { sameTabAsPreviousOne: true, displayCondition: exists('q6') }),
  ]);

  it('a step with sameTabAsPreviousOne joins the page before it', () => {
    expect(stepGroups(form).map((group) => group.map((s) => s.id))).toEqual([
      ['s1', 's2'],
      ['s3'],
      ['s4', 's5'],
    ]);
  });

  it('the first step starts a page even when it says it joins the previous one', () => {
    const first = makeForm([step('a', [], { sameTabAsPreviousOne: true }), step('b', [])]);
    expect(stepGroups(first).map((group) => group.map((s) => s.id))).toEqual([['a'], ['b']]);
  });

  it('a page shows only when its step condition holds', () => {
    expect(buildPages(form, {}).map((p) => p.id)).toEqual(['s1', 's4']);
    expect(buildPages(form, { q2: 'red' }).map((p) => p.id)).toEqual(['s1', 's3', 's4']);
  });

  it('answers show only when their condition holds', () => {
    expect(ids(buildPages(form, {})[0]?.answers ?? [])).toEqual(['q1', 'q2', 'q4']);
    expect(ids(buildPages(form, { q1: 7 })[0]?.answers ?? [])).toEqual(['q1', 'q2', 'q3', 'q4']);
  });

  it('a joined step shows its part of the page only when its condition holds', () => {
    expect(
      buildPages(form, {})
        .at(-1)
        ?.steps.map((s) => s.step.id),
    ).toEqual(['s4']);
    expect(
      buildPages(form, { q6: 3 })
        .at(-1)
        ?.steps.map((s) => s.step.id),
    ).toEqual(['s4', 's5']);
  });

  it('a page whose steps are all hidden is skipped, whatever its joined steps', () => {
    const hidden = makeForm([
      step('s1', [likert('q1')]),
      step('s2', [likert('q2')], { displayCondition: exists('q1') }),
      step('s3', [likert('q3')], { sameTabAsPreviousOne: true, displayCondition: exists('q1') }),
    ]);
    expect(buildPages(hidden, {}).map((p) => p.id)).toEqual(['s1']);
    expect(buildPages(hidden, { q1: 1 }).map((p) => p.id)).toEqual(['s1', 's2']);
  });

  it('a page keeps the id of its group’s first step when that step is hidden', () => {
    const joined = makeForm([
      step('s1', [likert('q1')]),
      step('s2', [likert('q2')], { displayCondition: exists('q1') }),
      step('s3', [likert('q3')], { sameTabAsPreviousOne: true }),
    ]);
    expect(buildPages(joined, {}).map((p) => [p.id, p.steps.map((s) => s.step.id)])).toEqual([
      ['s1', ['s1']],
      ['s2', ['s3']],
    ]);
  });

  it('visible answers are those of the shown pages, in order', () => {
    expect(ids(visibleAnswers(form, { q1: 7, q2: 'red', q6: 1 }))).toEqual([
      'q1',
      'q2',
      'q3',
      'q4',
      'q5',
      'q6',
      'q7',
    ]);
    expect(ids(visibleAnswers(form, {}))).toEqual(['q1', 'q2', 'q4', 'q6']);
  });
});

describe('hidden answers are cleared', () => {
  const form = makeForm([
    step('s1', [choice('q1'), likert('q2', { displayCondition: equals('q1', 'red') })]),
    step('s2', [likert('q3', { displayCondition: exists('q2') })]),
    step('s3', [likert('q4')], { displayCondition: exists('q3') }),
  ]);

  it('a hidden answer’s value is removed; shown ones stay', () => {
    expect(clearHidden(form, { q1: 'green', q2: 4 })).toEqual({ q1: 'green' });
    expect(clearHidden(form, { q1: 'red', q2: 4 })).toEqual({ q1: 'red', q2: 4 });
  });

  it('clearing one answer clears those that depended on it, down the chain', () => {
    expect(clearHidden(form, { q1: 'green', q2: 4, q3: 5, q4: 6 })).toEqual({ q1: 'green' });
  });

  it('keeps what the form does not know (validation refuses it) and leaves its input alone', () => {
    const values = { q1: 'green', q2: 4, extra: 1 };
    expect(clearHidden(form, values)).toEqual({ q1: 'green', extra: 1 });
    expect(values).toEqual({ q1: 'green', q2: 4, extra: 1 });
  });
});

describe('required answers', () => {
  const form = makeForm([
    step('s1', [
      likert('q1', { required: true }),
      text('q2', { required: true }),
      likert('q3', { required: true, enableNotApplicable: true }),
      likert('q4'),
      likert('q5', { required: true, displayCondition: exists('q4') }),
    ]),
    step('s2', [choice('q6', { required: true, multiChoice: true })]),
  ]);
  const [page1, page2] = buildPages(form, {});

  it('a shown required answer without a value is missing, in order (the first one gets the scroll)', () => {
    expect(ids(missingRequired(page1!, {}))).toEqual(['q1', 'q2', 'q3']);
  });

  it('a blank text and an empty choice are missing', () => {
    expect(ids(missingRequired(page1!, { q1: 1, q2: '   ', q3: 2 }))).toEqual(['q2']);
    expect(ids(missingRequired(page2!, { q6: [] }))).toEqual(['q6']);
  });

  it('not applicable answers a required answer only where it is offered', () => {
    expect(ids(missingRequired(page1!, { q1: null, q2: 'ok', q3: null }))).toEqual(['q1']);
  });

  it('a hidden required answer is not missing; once shown it is', () => {
    expect(ids(missingRequired(page1!, { q1: 1, q2: 'ok', q3: 2 }))).toEqual([]);
    const [shown] = buildPages(form, { q4: 1 });
    expect(ids(missingRequired(shown!, { q1: 1, q2: 'ok', q3: 2, q4: 1 }))).toEqual(['q5']);
  });

  it('a whole form lists the missing answers of every shown page', () => {
    expect(ids(missingRequired(form, { q1: 1 }))).toEqual(['q2', 'q3', 'q6']);
    expect(ids(missingRequired(form, { q1: 1, q2: 'ok', q3: null, q6: ['red'] }))).toEqual([]);
  });
});

describe('templates: {answerId} is replaced by that answer’s value', () => {
  const form = makeForm([
    step('s1', [
      text('name'),
      likert('mood'),
      choice('colour'),
      choice('colours', { multiChoice: true }),
      date('day'),
      likert('skip', { enableNotApplicable: true }),
    ]),
  ]);
  const values = {
    name: 'Alex',
    mood: 6,
    colour: 'red',
    colours: ['green', 'blue'],
    day: '2026-03-02',
    skip: null,
  };

  it('replaces a text and a number', () => {
    expect(applyTemplate('Merci {name}, humeur {mood}/7.', values, form, 'fr')).toBe(
      'Merci Alex, humeur 6/7.',
    );
  });

  it('shows a choice by its title in the reader’s language, else in the form’s first language', () => {
    expect(applyTemplate('{colour}', values, form, 'en')).toBe('Red');
    expect(applyTemplate('{colour}', values, form, 'fr')).toBe('Rouge');
    expect(applyTemplate('{colours}', values, form, 'en')).toBe('Green, Bleu');
  });

  it('shows a date in the answer’s format', () => {
    expect(applyTemplate('le {day}', values, form, 'fr')).toBe('le 02/03/2026');
  });

  it('shows not applicable with the given label, and an unanswered answer as nothing', () => {
    expect(applyTemplate('[{skip}]', values, form, 'fr', 'sans objet')).toBe('[sans objet]');
    expect(applyTemplate('[{mood}]', {}, form, 'fr')).toBe('[]');
  });

  it('leaves a placeholder naming no answer as written, and replaces each occurrence', () => {
    expect(applyTemplate('{nobody} {name} {name}', values, form, 'fr')).toBe('{nobody} Alex Alex');
  });

  it('shows a value the choice no longer offers as recorded', () => {
    expect(displayValue(answerOf(form, 'colour'), 'purple', 'fr')).toBe('purple');
  });
});

describe('multi-choice caps', () => {
  const form = makeForm([
    step('s1', [
      choice('max2', { multiChoice: true, multiChoiceMax: 2 }),
      choice('free', { multiChoice: true }),
      choice('single'),
    ]),
  ]);
  const max2 = answerOf<ChoiceAnswer>(form, 'max2');
  const free = answerOf<ChoiceAnswer>(form, 'free');
  const single = answerOf<ChoiceAnswer>(form, 'single');

  it('counts n/max', () => {
    expect(choiceCounter(max2, ['red'])).toEqual({ count: 1, max: 2 });
    expect(choiceCounter(free, [])).toEqual({ count: 0, max: 4 });
  });

  it('is reached at its max, and the values not chosen are then disabled', () => {
    expect(choiceCapReached(max2, ['red'])).toBe(false);
    expect(choiceCapReached(max2, ['red', 'blue'])).toBe(true);
    expect(isChoiceDisabled(max2, ['red', 'blue'], 'green')).toBe(true);
    expect(isChoiceDisabled(max2, ['red', 'blue'], 'red')).toBe(false);
    expect(isChoiceDisabled(max2, ['red'], 'green')).toBe(false);
  });

  it('without a max, every value can be chosen; a single choice is never capped', () => {
    expect(choiceCapReached(free, ['red', 'green', 'blue'])).toBe(false);
    expect(choiceCapReached(single, ['red'])).toBe(false);
  });

  it('a click chooses or unchooses, never past the cap, in the order values are offered', () => {
    expect(toggleChoice(max2, [], 'blue')).toEqual(['blue']);
    expect(toggleChoice(max2, ['blue'], 'red')).toEqual(['red', 'blue']);
    expect(toggleChoice(max2, ['red', 'blue'], 'green')).toEqual(['red', 'blue']);
    expect(toggleChoice(max2, ['red', 'blue'], 'red')).toEqual(['blue']);
  });
});

describe('text answers', () => {
  const form = makeForm([
    step('s1', [text('line', { required: true, max: 10 }), text('para', { multiline: true }), text('opt')]),
  ]);
  const line = answerOf<TextAnswer>(form, 'line');
  const para = answerOf<TextAnswer>(form, 'para');
  const opt = answerOf<TextAnswer>(form, 'opt');

  it.each([
    ['a\nb', 'a b'],
    ['a\r\nb', 'a b'],
    ['a \n\n  b', 'a b'],
    ['end\n', 'end '],
    ['plain', 'plain'],
  ])('a single-line text drops line breaks: %j', (typed, kept) => {
    expect(singleLine(typed)).toBe(kept);
    expect(normaliseText(line, typed)).toBe(kept);
  });

  it('a multi-line text keeps its line breaks', () => {
    expect(normaliseText(para, 'a\nb')).toBe('a\nb');
  });

  it('is invalid when required, touched and empty', () => {
    expect(textAnswerError(line, '', true)).toBe('required');
    expect(textAnswerError(line, '  ', true)).toBe('required');
    expect(textAnswerError(line, undefined, true)).toBe('required');
    expect(textAnswerError(line, '', false)).toBeUndefined();
    expect(textAnswerError(opt, '', true)).toBeUndefined();
    expect(textAnswerError(line, 'ok', true)).toBeUndefined();
  });

  it('is invalid past its max, touched or not', () => {
    expect(textAnswerError(line, 'x'.repeat(10), false)).toBeUndefined();
    expect(textAnswerError(line, 'x'.repeat(11), false)).toBe('length-out-of-range-error');
  });

  it('defaults to 2000 characters', () => {
    expect(opt.max).toBe(2000);
  });
});

describe('histogram scale', () => {
  const form = makeForm([
    step('s1', [histo('tenths', { firstValue: 0.1, stepValue: 0.1, scaleSize: 10 }), histo('plain')]),
  ]);
  const tenths = answerOf<HistoAnswer>(form, 'tenths');

  it('its bars are firstValue, then stepValue apart', () => {
    expect(histoValues(tenths)).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
    expect(histoValues(answerOf<HistoAnswer>(form, 'plain'))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('takes its bars’ values despite float rounding, and nothing between or beyond them', () => {
    expect(isOnHistoScale(tenths, 0.1 + 0.2)).toBe(true);
    expect(isOnHistoScale(tenths, 1)).toBe(true);
    expect(isOnHistoScale(tenths, 0.15)).toBe(false);
    expect(isOnHistoScale(tenths, 0)).toBe(false);
    expect(isOnHistoScale(tenths, 1.1)).toBe(false);
  });
});

describe('dates', () => {
  it.each([
    ['DD/MM/YYYY', '02/03/2026'],
    ['MM/DD/YYYY', '03/02/2026'],
    ['YYYY-MM-DD', '2026-03-02'],
  ] as const)('a day shows as %s', (format, shown) => {
    expect(formatDateValue('2026-03-02', format)).toBe(shown);
  });
});

describe('survey validation (POST /forms)', () => {
  const form = makeForm([
    step('s1', [
      likert('mood', { required: true }),
      histo('energy', { firstValue: 0, stepValue: 0.5, scaleSize: 5 }),
      text('why', { max: 20 }),
      text('story', { multiline: true, max: 50 }),
      choice('colour', { enableNotApplicable: true }),
      choice('colours', { multiChoice: true, multiChoiceMin: 2, multiChoiceMax: 3 }),
      date('day'),
    ]),
    step('s2', [text('detail', { required: true })], { displayCondition: equals('colour', 'red') }),
  ]);
  const valid = {
    mood: 5,
    energy: 1.5,
    why: 'tired',
    story: 'line one\nline two',
    colour: 'green',
    colours: ['red', 'blue'],
    day: '2024-02-29',
  };
  const problems = (values: unknown) =>
    validateSurvey(form, values).map((p) => (p.answerId ? `${p.answerId}:${p.problem}` : p.problem));

  it('accepts a survey the runner lets through', () => {
    expect(validateSurvey(form, valid)).toEqual([]);
    expect(validateSurvey(form, { mood: 1 })).toEqual([]);
    expect(validateSurvey(form, { ...valid, colour: 'red', detail: 'why red' })).toEqual([]);
  });

  it('refuses values that are not an object of answers', () => {
    for (const values of [null, 'mood=5', 5, [5], undefined])
      expect(problems(values)).toEqual(['not-values']);
  });

  it('refuses an id the form does not have', () => {
    expect(problems({ ...valid, sleep: 3 })).toEqual(['sleep:unknown-answer']);
    expect(problems({ ...valid, constructor: 3 })).toEqual(['constructor:unknown-answer']);
  });

  it('refuses a value of the wrong kind', () => {
    expect(problems({ ...valid, mood: '5' })).toEqual(['mood:wrong-type']);
    expect(problems({ ...valid, why: 12 })).toEqual(['why:wrong-type']);
    expect(problems({ ...valid, colour: ['green'] })).toEqual(['colour:wrong-type']);
    expect(problems({ ...valid, colours: 'red' })).toEqual(['colours:wrong-type']);
    expect(problems({ ...valid, colours: ['red', 2] })).toEqual(['colours:wrong-type']);
    expect(problems({ ...valid, day: 20240229 })).toEqual(['day:wrong-type']);
    expect(problems({ ...valid, energy: { value: 1 } })).toEqual(['energy:wrong-type']);
  });

  it('refuses histogram and likert values off their scale', () => {
    expect(problems({ ...valid, mood: 8 })).toEqual(['mood:out-of-range']);
    expect(problems({ ...valid, mood: 2.5 })).toEqual(['mood:out-of-range']);
    expect(problems({ ...valid, energy: 1.25 })).toEqual(['energy:out-of-range']);
    expect(problems({ ...valid, energy: 2.5 })).toEqual(['energy:out-of-range']);
    expect(problems({ ...valid, energy: -0.5 })).toEqual(['energy:out-of-range']);
  });

  it('refuses a value the choice does not offer, the same value twice, and counts outside min and max', () => {
    expect(problems({ ...valid, colour: 'purple' })).toEqual(['colour:not-offered']);
    expect(problems({ ...valid, colours: ['red', 'purple'] })).toEqual(['colours:not-offered']);
    expect(problems({ ...valid, colours: ['red', 'red'] })).toEqual(['colours:duplicate-choice']);
    expect(problems({ ...valid, colours: ['red', 'green', 'blue', 'yellow'] })).toEqual(['colours:too-many']);
    expect(problems({ ...valid, colours: ['red'] })).toEqual(['colours:too-few']);
  });

  it('refuses a text past its max, and a line break in a single-line text', () => {
    expect(problems({ ...valid, why: 'x'.repeat(21) })).toEqual(['why:too-long']);
    expect(problems({ ...valid, why: 'x'.repeat(20) })).toEqual([]);
    expect(problems({ ...valid, why: 'one\ntwo' })).toEqual(['why:line-break']);
    expect(problems({ ...valid, why: 'one\rtwo' })).toEqual(['why:line-break']);
  });

  it('refuses a date that is not a real YYYY-MM-DD day', () => {
    expect(problems({ ...valid, day: '2023-02-29' })).toEqual(['day:not-a-date']);
    expect(problems({ ...valid, day: '29/02/2024' })).toEqual(['day:not-a-date']);
  });

  it('takes not applicable only where the answer offers it', () => {
    expect(problems({ ...valid, colour: null })).toEqual([]);
    expect(problems({ ...valid, mood: null })).toEqual(['mood:not-applicable']);
  });

  it('refuses a survey without a shown required answer', () => {
    expect(problems({ ...valid, mood: undefined })).toEqual(['mood:required']);
    expect(problems({ ...valid, colour: 'red' })).toEqual(['detail:required']);
  });

  it('refuses a value on a hidden answer, not applicable included', () => {
    expect(problems({ ...valid, detail: 'left over' })).toEqual(['detail:hidden-answer']);
    expect(problems({ ...valid, detail: null })).toEqual(['detail:hidden-answer']);
  });

  it('takes empty values as no value', () => {
    expect(problems({ ...valid, why: '', colours: [], detail: '' })).toEqual([]);
  });

  it('answers each problem with the spec’s key', () => {
    expect(validateSurvey(form, { ...valid, mood: 9, sleep: 1 })).toEqual([
      { answerId: 'sleep', problem: 'unknown-answer', key: 'unexpected-value-error' },
      { answerId: 'mood', problem: 'out-of-range', key: 'value-out-of-range-error' },
    ]);
    expect(SURVEY_PROBLEMS.required).toBe('required');
    expect(SURVEY_PROBLEMS['too-long']).toBe('length-out-of-range-error');
  });

  it('accepts what the runner keeps once hidden answers are cleared', () => {
    const typed = { ...valid, colour: 'green', detail: 'typed before changing colour' };
    expect(problems(typed)).toEqual(['detail:hidden-answer']);
    expect(problems(clearHidden(form, typed))).toEqual([]);
  });
});

describe('additional results', () => {
  const form = makeForm(
    [
      step('s1', [
        likert('a1', { enableNotApplicable: true }),
        likert('a2'),
        likert('b1'),
        histo('b2', { firstValue: 0, stepValue: 1 }),
        text('t'),
      ]),
    ],
    {
      additionalResults: [
        { id: 'a', title: title('A'), computeType: 'average', sources: { questions: ['a1', 'a2'] } },
        { id: 'b', title: title('B'), computeType: 'average', sources: { questions: ['b1', 'b2'] } },
        { id: 'all', title: title('All'), computeType: 'average', children: ['a', 'b'] },
        {
          id: 'mixed',
          title: title('Mixed'),
          computeType: 'average',
          children: ['a'],
          sources: { questions: ['b1'] },
        },
      ],
    },
  );

  it('average the numeric values of their source questions', () => {
    expect(computeAdditionalResults(form, { a1: 2, a2: 4, b1: 1, b2: 9 })).toMatchObject({ a: 3, b: 5 });
  });

  it('a parent averages its children’s results, each counting once', () => {
    expect(computeAdditionalResults(form, { a1: 2, a2: 4, b1: 1, b2: 9 }).all).toBe(4);
  });

  it('a result averages its own questions with its children’s results', () => {
    expect(computeAdditionalResults(form, { a1: 2, a2: 4, b1: 6 }).mixed).toBe(4.5);
  });

  it('not applicable and unanswered questions count for nothing; nothing to average gives null', () => {
    expect(computeAdditionalResults(form, { a1: null, a2: 4 })).toEqual({ a: 4, b: null, all: 4, mixed: 4 });
    expect(computeAdditionalResults(form, {})).toEqual({ a: null, b: null, all: null, mixed: null });
  });

  it('a loop between results (in a document the schema would refuse) does not run forever', () => {
    const looped = {
      additionalResults: [
        { ...form.additionalResults[0]!, id: 'x', children: ['y'] },
        { ...form.additionalResults[1]!, id: 'y', children: ['x'] },
      ],
    };
    const results = computeAdditionalResults(looped, { a1: 2, a2: 4, b1: 6, b2: 8 });
    expect(Object.keys(results)).toEqual(['x', 'y']);
    expect(Object.values(results).every((v) => typeof v === 'number' && Number.isFinite(v))).toBe(true);
  });
});

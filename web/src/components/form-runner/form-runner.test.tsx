// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FormSchema, type FormInput, type SurveyValues } from '@shared/contracts/forms';
import { cssVariablesResolver, theme } from '../../app/providers';
import i18n from '../../i18n';
import { FormRunner, type FormRunnerProps } from './form-runner';

type StepInput = NonNullable<FormInput['steps']>[number];
type AnswerInput = NonNullable<StepInput['answers']>[number];

function makeForm(steps: StepInput[]) {
  return FormSchema.parse({
    id: 'wellbeing',
    title: { en: 'Wellbeing check' },
    languages: ['en'],
    updateDate: '2025-01-01T00:00:00.000Z',
    steps,
  });
}

function step(id: string, answers: AnswerInput[], extra: Partial<StepInput> = {}): StepInput {
  return { id, title: { en: `Page ${id}` }, description: { en: `About ${id}` }, answers, ...extra };
}

const yesNo = (id: string, extra: Partial<AnswerInput> = {}): AnswerInput =>
  ({
    id,
    type: 'choice',
    title: { en: `Question ${id}` },
    values: [
      { value: 'yes', title: { en: 'Yes' } },
      { value: 'no', title: { en: 'No' } },
    ],
    required: true,
    ...extra,
  }) as AnswerInput;

function run(form: ReturnType<typeof makeForm>, props: Partial<FormRunnerProps> = {}) {
  const onSubmit = vi.fn<FormRunnerProps['onSubmit']>();
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <FormRunner form={form} language="en" onSubmit={onSubmit} {...props} />
      </MantineProvider>
    </I18nextProvider>,
  );
  return { onSubmit };
}

const progress = () => screen.getByTestId('form-runner-progress').textContent;
const answer = (id: string) => screen.getByTestId(`form-answer-${id}`);
const queryAnswer = (id: string) => screen.queryByTestId(`form-answer-${id}`);
const radio = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (id: string, text: string) =>
  fireEvent.change(screen.getByTestId(`form-text-${id}`), { target: { value: text } });
const next = () => fireEvent.click(screen.getByTestId('form-runner-next'));
const save = () => fireEvent.click(screen.getByTestId('form-runner-save'));

describe('form runner', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  describe('pages', () => {
    it('a step with sameTabAsPreviousOne joins the previous page, and the progress says page n of m', () => {
      run(
        makeForm([
          step('one', [yesNo('q1')]),
          step('two', [yesNo('q2')], { sameTabAsPreviousOne: true }),
          step('three', [yesNo('q3')]),
        ]),
      );
      expect(progress()).toBe('Page 1 of 2');
      expect(screen.getByText('Page one')).toBeTruthy();
      expect(screen.getByText('Page two')).toBeTruthy();
      expect(queryAnswer('q3')).toBeNull();
      expect(screen.queryByTestId('form-runner-previous')).toBeNull();
      expect(screen.queryByTestId('form-runner-save')).toBeNull();

      fireEvent.click(radio('form-choice-q1-yes'));
      fireEvent.click(radio('form-choice-q2-no'));
      next();
      expect(progress()).toBe('Page 2 of 2');
      expect(answer('q3')).toBeTruthy();
      expect(screen.getByTestId('form-runner-save')).toBeTruthy();
      expect(screen.queryByTestId('form-runner-next')).toBeNull();
    });

    it('a page shows only while its condition holds, recomputed as answers change', () => {
      run(
        makeForm([
          step('one', [yesNo('q1')]),
          step('two', [yesNo('q2')], {
            displayCondition: { operator: 'equals', answerId: 'q1', value: 'yes' },
          }),
        ]),
      );
      expect(progress()).toBe('Page 1 of 1');
      expect(screen.getByTestId('form-runner-save')).toBeTruthy();

      fireEvent.click(radio('form-choice-q1-yes'));
      expect(progress()).toBe('Page 1 of 2');
      expect(screen.getByTestId('form-runner-next')).toBeTruthy();

      fireEvent.click(radio('form-choice-q1-no'));
      expect(progress()).toBe('Page 1 of 1');
    });

    it('the focus goes to the page title when the page changes, Previous goes back', () => {
      run(makeForm([step('one', [yesNo('q1', { required: false })]), step('two', [])]));
      next();
      const heading = screen.getByTestId('form-runner-page-title');
      expect(heading.textContent).toBe('Page two');
      expect(document.activeElement).toBe(heading);
      expect(heading.getAttribute('aria-describedby')).toBe(screen.getByTestId('form-runner-progress').id);

      fireEvent.click(screen.getByTestId('form-runner-previous'));
      expect(progress()).toBe('Page 1 of 2');
      expect(document.activeElement?.textContent).toBe('Page one');
    });
  });

  describe('required answers', () => {
    it('Next is blocked while a required answer is missing: each says so, the first gets the focus', () => {
      run(
        makeForm([
          step('one', [
            yesNo('q1', { required: false }),
            { id: 'name', type: 'text', title: { en: 'Your name' }, required: true },
            { id: 'mood', type: 'likert', title: { en: 'Your mood' }, required: true },
          ]),
          step('two', []),
        ]),
      );
      next();

      expect(progress()).toBe('Page 1 of 2');
      expect(screen.getByTestId('form-runner-status').textContent).toBe(
        '2 answers on this page need your attention.',
      );
      const input = screen.getByTestId('form-text-name');
      expect(document.activeElement).toBe(input);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const errorId = input.getAttribute('aria-describedby')?.split(' ')[0] ?? '';
      expect(document.getElementById(errorId)?.textContent).toBe('This field is required.');

      const likert = screen.getByTestId('form-likert-mood');
      expect(likert.getAttribute('aria-required')).toBe('true');
      expect(likert.getAttribute('aria-invalid')).toBe('true');
      expect(within(answer('mood')).getByText('This field is required.')).toBeTruthy();
      expect(within(answer('q1')).queryByText('This field is required.')).toBeNull();

      type('name', 'Ada');
      expect(screen.getByTestId('form-runner-status').textContent).toBe(
        'One answer on this page needs your attention.',
      );
      fireEvent.click(radio('form-likert-mood-4'));
      expect(within(answer('mood')).queryByText('This field is required.')).toBeNull();
      expect(screen.getByTestId('form-runner-status').textContent).toBe('');
      next();
      expect(progress()).toBe('Page 2 of 2');
    });

    it('Save is blocked on a missing required answer and submits nothing', () => {
      const { onSubmit } = run(makeForm([step('one', [yesNo('q1')])]));
      save();
      expect(onSubmit).not.toHaveBeenCalled();
      expect(document.activeElement).toBe(radio('form-choice-q1-yes'));
      expect(within(answer('q1')).getByText('This field is required.')).toBeTruthy();
    });

    it('a message the caller gives (the server’s refusal) shows on its answer', () => {
      run(makeForm([step('one', [yesNo('q1')])]), { answerErrors: { q1: 'Unexpected value.' } });
      const group = screen.getByTestId('form-choice-q1');
      expect(group.getAttribute('aria-invalid')).toBe('true');
      const errorId = group.getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(errorId)?.textContent).toBe('Unexpected value.');
    });

    it('a required text is invalid once touched and left empty, not before', () => {
      run(
        makeForm([step('one', [{ id: 'name', type: 'text', title: { en: 'Your name' }, required: true }])]),
      );
      const input = screen.getByTestId('form-text-name');
      expect(input.getAttribute('aria-invalid')).toBe('false');
      expect(input.hasAttribute('required')).toBe(true);

      fireEvent.focus(input);
      fireEvent.blur(input);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(within(answer('name')).getByText('This field is required.')).toBeTruthy();

      type('name', 'Ada');
      expect(input.getAttribute('aria-invalid')).toBe('false');
    });
  });

  describe('values', () => {
    it('a hidden answer loses its value and is not submitted', () => {
      const { onSubmit } = run(
        makeForm([
          step('one', [
            yesNo('q1'),
            {
              id: 'why',
              type: 'text',
              title: { en: 'Why?' },
              displayCondition: { operator: 'equals', answerId: 'q1', value: 'yes' },
            },
          ]),
        ]),
      );
      expect(queryAnswer('why')).toBeNull();
      fireEvent.click(radio('form-choice-q1-yes'));
      type('why', 'Because');
      fireEvent.click(radio('form-choice-q1-no'));
      expect(queryAnswer('why')).toBeNull();

      fireEvent.click(radio('form-choice-q1-yes'));
      expect((screen.getByTestId('form-text-why') as HTMLInputElement).value).toBe('');
      fireEvent.click(radio('form-choice-q1-no'));
      save();
      expect(onSubmit).toHaveBeenCalledWith({ q1: 'no' });
    });

    it('initial values of hidden answers are dropped', () => {
      const { onSubmit } = run(
        makeForm([
          step('one', [
            yesNo('q1'),
            yesNo('q2', {
              required: false,
              displayCondition: { operator: 'equals', answerId: 'q1', value: 'yes' },
            }),
          ]),
        ]),
        { initialValues: { q1: 'no', q2: 'yes' } },
      );
      save();
      expect(onSubmit).toHaveBeenCalledWith({ q1: 'no' });
    });

    it('"not applicable" gives the value null', () => {
      const { onSubmit } = run(
        makeForm([
          step('one', [
            {
              id: 'energy',
              type: 'histo',
              title: { en: 'Energy' },
              required: true,
              enableNotApplicable: true,
            },
          ]),
        ]),
      );
      fireEvent.click(screen.getByTestId('form-answer-energy-not-applicable'));
      save();
      expect(onSubmit).toHaveBeenCalledWith({ energy: null });
    });

    it('an optional answer is labelled optional and can be cleared', () => {
      const { onSubmit } = run(makeForm([step('one', [yesNo('q1', { required: false })])]));
      expect(screen.getByTestId('form-choice-q1').getAttribute('aria-required')).toBe('false');
      const titleId = screen.getByTestId('form-choice-q1').getAttribute('aria-labelledby') ?? '';
      expect(document.getElementById(titleId)?.textContent).toBe('Question q1 (optional)');
      expect(screen.queryByTestId('form-answer-q1-clear')).toBeNull();

      fireEvent.click(radio('form-choice-q1-yes'));
      fireEvent.click(screen.getByTestId('form-answer-q1-clear'));
      expect(radio('form-choice-q1-yes').checked).toBe(false);
      expect(screen.queryByTestId('form-answer-q1-clear')).toBeNull();
      expect(document.activeElement).toBe(radio('form-choice-q1-yes'));
      save();
      expect(onSubmit).toHaveBeenCalledWith({});
    });

    it('a multi-choice is capped at its max: n/max shown, the other boxes disabled', () => {
      run(
        makeForm([
          step('one', [
            {
              id: 'hobbies',
              type: 'choice',
              title: { en: 'Hobbies' },
              multiChoice: true,
              multiChoiceMax: 2,
              values: ['a', 'b', 'c', 'd'].map((v) => ({ value: v, title: { en: v.toUpperCase() } })),
            },
          ]),
        ]),
      );
      const box = (v: string) => radio(`form-choice-hobbies-${v}`);
      const counter = () => screen.getByTestId('form-choice-hobbies-counter');
      expect(counter().textContent).toContain('0/2');

      fireEvent.click(box('a'));
      fireEvent.click(box('c'));
      expect(counter().textContent).toContain('2/2');
      expect(box('b').disabled).toBe(true);
      expect(box('d').disabled).toBe(true);
      expect(box('a').disabled).toBe(false);

      fireEvent.click(box('a'));
      expect(counter().textContent).toContain('1/2');
      expect(box('b').disabled).toBe(false);
    });

    it('a multi-select is capped at its max too: n/max shown, the other options disabled', () => {
      run(
        makeForm([
          step('one', [
            {
              id: 'places',
              type: 'select',
              title: { en: 'Places' },
              multiChoice: true,
              multiChoiceMax: 2,
              values: ['a', 'b', 'c'].map((v) => ({ value: v, title: { en: `Place ${v}` } })),
            },
          ]),
        ]),
        { initialValues: { places: ['a', 'b'] } },
      );
      expect(screen.getByTestId('form-select-places-counter').textContent).toContain('2/2');
      const option = (name: string) => screen.getByRole('option', { name, hidden: true });
      expect(option('Place c').hasAttribute('data-combobox-disabled')).toBe(true);
      expect(option('Place a').hasAttribute('data-combobox-disabled')).toBe(false);
    });

    it('a single-line text drops the line breaks of a paste, and counts n/max', () => {
      const { onSubmit } = run(
        makeForm([step('one', [{ id: 'name', type: 'text', title: { en: 'Name' }, max: 50 }])]),
      );
      const input = screen.getByTestId('form-text-name') as HTMLInputElement;
      fireEvent.paste(input, { clipboardData: { getData: () => 'one\r\n  two\nthree' } });
      expect(input.value).toBe('one two three');
      expect(input.maxLength).toBe(50);
      expect(screen.getByTestId('form-text-name-counter').textContent).toContain('13/50');
      save();
      expect(onSubmit).toHaveBeenCalledWith({ name: 'one two three' });
    });

    it('a multiline text keeps its line breaks', () => {
      const { onSubmit } = run(
        makeForm([step('one', [{ id: 'story', type: 'text', title: { en: 'Story' }, multiline: true }])]),
      );
      type('story', 'one\ntwo');
      save();
      expect(onSubmit).toHaveBeenCalledWith({ story: 'one\ntwo' });
    });

    it('Save submits the values exactly, of every type', async () => {
      const form = makeForm([
        step('one', [
          {
            id: 'energy',
            type: 'histo',
            title: { en: 'Energy' },
            firstValue: 0,
            stepValue: 0.5,
            scaleSize: 5,
          },
          { id: 'mood', type: 'likert', title: { en: 'Mood' } },
          { id: 'name', type: 'text', title: { en: 'Name' } },
          yesNo('pick'),
          {
            id: 'many',
            type: 'choice',
            title: { en: 'Many' },
            multiChoice: true,
            values: ['a', 'b', 'c'].map((v) => ({ value: v, title: { en: v } })),
          },
        ]),
        step('two', [
          yesNo('list', { type: 'select' } as Partial<AnswerInput>),
          { id: 'day', type: 'date', title: { en: 'Day' } },
          { id: 'blank', type: 'text', title: { en: 'Nothing' } },
        ]),
      ]);
      const onSubmit = vi.fn<FormRunnerProps['onSubmit']>(() => Promise.resolve());
      run(form, { initialValues: { list: 'no', day: '2025-03-07' }, onSubmit });

      fireEvent.click(radio('form-histo-energy-1.5'));
      fireEvent.click(radio('form-likert-mood-6'));
      type('name', ' Ada ');
      fireEvent.click(radio('form-choice-pick-no'));
      fireEvent.click(radio('form-choice-many-c'));
      fireEvent.click(radio('form-choice-many-a'));
      next();
      expect((screen.getByTestId('form-date-day') as HTMLInputElement).value).toBe('07/03/2025');
      type('blank', '   ');
      save();

      const expected: SurveyValues = {
        energy: 1.5,
        mood: 6,
        name: ' Ada ',
        pick: 'no',
        many: ['a', 'c'],
        list: 'no',
        day: '2025-03-07',
      };
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit.mock.calls[0]?.[0]).toStrictEqual(expected);
      expect(screen.getByTestId('form-runner-save').hasAttribute('data-loading')).toBe(true);
      await act(async () => {});
      expect(screen.getByTestId('form-runner-save').hasAttribute('data-loading')).toBe(false);
    });
  });

  describe('texts', () => {
    it('titles read {answerId} as that answer’s value, as it changes', () => {
      run(
        makeForm([
          step('one', [
            { id: 'name', type: 'text', title: { en: 'Your name' } },
            yesNo('q1', { title: { en: 'Are you well, {name}?' } }),
          ]),
          step('two', [], { title: { en: 'Thank you {name}' } }),
        ]),
      );
      expect(screen.getByText('Are you well, ?')).toBeTruthy();
      type('name', 'Ada');
      expect(screen.getByText('Are you well, Ada?')).toBeTruthy();
      fireEvent.click(radio('form-choice-q1-yes'));
      next();
      expect(screen.getByTestId('form-runner-page-title').textContent).toBe('Thank you Ada');
    });

    it('titles are read in the reader’s language, else in the form’s first', () => {
      const form = makeForm([step('one', [yesNo('q1', { title: { en: 'Hello', nl: 'Hallo' } })])]);
      run({ ...form, languages: ['en', 'nl'] }, { language: 'nl' });
      expect(screen.getByText('Hallo')).toBeTruthy();
      expect(screen.getByText('Page one')).toBeTruthy();
    });

    it('a markdown description is shown as markdown, never as HTML', () => {
      run(
        makeForm([
          step('one', [
            yesNo('q1', {
              description: {
                en: '**Bold** and [a link](https://example.org)\n\n<script>window.hacked = true</script>\n\n<img src="x" onerror="window.hacked = true">\n\n[bad](javascript:window.hacked=true)',
              },
            }),
          ]),
        ]),
      );
      const description = answer('q1');
      expect(description.querySelector('strong')?.textContent).toBe('Bold');
      expect(description.querySelector('script')).toBeNull();
      expect(description.querySelector('img')).toBeNull();
      expect(description.querySelector('[onerror]')).toBeNull();
      expect(description.textContent).not.toContain('<script>');
      const links = [...description.querySelectorAll('a')];
      expect(links[0]?.getAttribute('href')).toBe('https://example.org');
      expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
      expect(links.every((a) => !(a.getAttribute('href') ?? '').startsWith('javascript:'))).toBe(true);
      const group = screen.getByTestId('form-choice-q1');
      const describedBy = group.getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(describedBy)?.textContent).toContain('Bold');
    });

    it('a typed answer put in a description by a template shows as typed, not as markdown', () => {
      run(
        makeForm([
          step('one', [
            { id: 'name', type: 'text', title: { en: 'Your name' } },
            yesNo('q1', { description: { en: 'Hello {name}' } }),
          ]),
        ]),
      );
      type('name', '**Ada**');
      expect(answer('q1').querySelector('strong')).toBeNull();
      expect(answer('q1').textContent).toContain('Hello **Ada**');
    });
  });

  describe('keyboard', () => {
    it('the arrow keys move along the histogram and choose, wrapping round', () => {
      run(makeForm([step('one', [{ id: 'energy', type: 'histo', title: { en: 'Energy' }, scaleSize: 5 }])]));
      const group = screen.getByTestId('form-histo-energy');
      expect(group.getAttribute('role')).toBe('radiogroup');
      expect(radio('form-histo-energy-1').name).toBe(radio('form-histo-energy-5').name);

      fireEvent.click(radio('form-histo-energy-4'));
      fireEvent.keyDown(radio('form-histo-energy-4'), { key: 'ArrowRight' });
      expect(radio('form-histo-energy-5').checked).toBe(true);
      expect(document.activeElement).toBe(radio('form-histo-energy-5'));
      expect(within(group).getByText('✓5')).toBeTruthy();

      fireEvent.keyDown(radio('form-histo-energy-5'), { key: 'ArrowDown' });
      expect(radio('form-histo-energy-1').checked).toBe(true);
      fireEvent.keyDown(radio('form-histo-energy-1'), { key: 'ArrowLeft' });
      expect(radio('form-histo-energy-5').checked).toBe(true);
      fireEvent.keyDown(radio('form-histo-energy-5'), { key: 'ArrowUp' });
      expect(radio('form-histo-energy-4').checked).toBe(true);
    });

    it('a reversed histogram shows its highest value first, and its ends say their legends', () => {
      run(
        makeForm([
          step('one', [
            {
              id: 'energy',
              type: 'histo',
              title: { en: 'Energy' },
              scaleSize: 3,
              direction: 'reverse',
              legendLow: { en: 'Tired' },
              legendHigh: { en: 'Full of energy' },
            },
          ]),
        ]),
      );
      const radios = [...screen.getByTestId('form-histo-energy').querySelectorAll('input')];
      expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual([
        '3 (Full of energy)',
        '2',
        '1 (Tired)',
      ]);
      fireEvent.click(radios[0] as HTMLInputElement);
      fireEvent.keyDown(radios[0] as HTMLInputElement, { key: 'ArrowRight' });
      expect(radio('form-histo-energy-2').checked).toBe(true);
    });

    it('the arrow keys move along a likert scale and choose', () => {
      run(
        makeForm([
          step('one', [
            {
              id: 'mood',
              type: 'likert',
              title: { en: 'Mood' },
              display: 'vertical',
              options: [1, 2, 3].map((value) => ({ value, legend: { en: `Level ${value}` } })),
            },
          ]),
        ]),
      );
      expect(screen.getByLabelText('Level 2')).toBe(radio('form-likert-mood-2'));
      fireEvent.click(radio('form-likert-mood-2'));
      fireEvent.keyDown(radio('form-likert-mood-2'), { key: 'ArrowDown' });
      expect(radio('form-likert-mood-3').checked).toBe(true);
      expect(document.activeElement).toBe(radio('form-likert-mood-3'));
      fireEvent.keyDown(radio('form-likert-mood-3'), { key: 'ArrowUp' });
      expect(radio('form-likert-mood-2').checked).toBe(true);
    });

    it('a single choice picked with the pointer scrolls to the next answer, not one picked with the keys', () => {
      const scrolled: Element[] = [];
      vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
        scrolled.push(this);
      });
      run(makeForm([step('one', [yesNo('q1'), yesNo('q2')])]));
      fireEvent.click(radio('form-choice-q1-yes'));
      expect(scrolled).toEqual([answer('q2')]);

      fireEvent.keyDown(radio('form-choice-q1-yes'), { key: 'ArrowDown' });
      expect(radio('form-choice-q1-no').checked).toBe(true);
      expect(scrolled).toHaveLength(1);
    });
  });

  it("shows the form's logo above its title, as decoration the title names; none without a logo", () => {
    const form = makeForm([step('a', [yesNo('q1')])]);
    run({ ...form, logoUrl: 'https://assets.example/logos/forms/wellbeing.png' });
    const logo = screen.getByTestId('form-runner-logo');
    expect(logo.getAttribute('src')).toBe('https://assets.example/logos/forms/wellbeing.png');
    expect(logo.getAttribute('alt')).toBe('');
    cleanup();
    run(form);
    expect(screen.queryByTestId('form-runner-logo')).toBeNull();
  });

  it('read only, answers are shown and pages turn, nothing is saved', () => {
    run(makeForm([step('one', [yesNo('q1')]), step('two', [yesNo('q2')])]), {
      readOnly: true,
      initialValues: { q1: 'yes' },
    });
    expect(radio('form-choice-q1-yes').checked).toBe(true);
    expect(radio('form-choice-q1-yes').disabled).toBe(true);
    next();
    expect(progress()).toBe('Page 2 of 2');
    expect(screen.queryByTestId('form-runner-save')).toBeNull();
  });
});

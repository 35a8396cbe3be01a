import type { FormReport } from '@shared/contracts/form-reports';
import { FormFieldsSchema, type FormInput } from '@shared/contracts/forms';
import type { ShownFormFigure } from './export-shapes';

/**
 * A questionnaire as a report reads it: a likert with legends, a histogram with its ends' legends,
 * a multiple choice, a text and a date (never counted), a likert too few people answer, and two
 * additional results on the scales of their questions.
 */
export function testForm(extra: Partial<FormInput> = {}): FormReport['form'] {
  return FormFieldsSchema.parse({
    id: 'wellbeing',
    title: { fr: 'Bilan de bien-être', en: 'Wellbeing check' },
    languages: ['fr', 'en'],
    updateDate: '2026-01-01T00:00:00.000Z',
    steps: [
      {
        id: 'two-weeks',
        title: { fr: 'Ces deux semaines', en: 'These two weeks' },
        description: { fr: 'Pour chaque phrase…', en: 'For each statement…' },
        answers: [
          {
            id: 'mood',
            type: 'likert',
            title: { fr: 'J’ai eu le moral', en: 'My mood was bright' },
            shortTitle: { fr: 'Moral', en: 'Mood' },
            options: [
              { value: 0, legend: { fr: 'Jamais', en: 'Never' } },
              { value: 1, legend: { fr: 'Parfois', en: 'Sometimes' } },
              { value: 2, legend: { fr: 'Souvent', en: 'Often' } },
            ],
          },
          {
            id: 'energy',
            type: 'histo',
            // Written in French only: shown in it to every reader.
            title: { fr: 'Mon énergie' },
            firstValue: 1,
            stepValue: 0.5,
            scaleSize: 9,
            legendLow: { fr: 'Faible', en: 'Low' },
            legendHigh: { fr: 'Forte', en: 'High' },
          },
          {
            id: 'site',
            type: 'choice',
            title: { fr: 'Où avez-vous travaillé ?', en: 'Where did you work?' },
            multiChoice: true,
            values: [
              { title: { fr: 'Au bureau', en: 'At the office' }, value: 'office' },
              { title: { fr: 'À la maison', en: 'At home' }, value: 'home' },
            ],
          },
          { id: 'comment', type: 'text', title: { fr: 'Un mot ?', en: 'A word?' } },
          { id: 'since', type: 'date', title: { fr: 'Depuis quand ?', en: 'Since when?' } },
          {
            id: 'sleep',
            type: 'likert',
            title: { fr: 'J’ai bien dormi', en: 'I slept well' },
            shortTitle: { fr: 'Sommeil', en: 'Sleep' },
          },
        ],
      },
    ],
    additionalResults: [
      {
        id: 'calm',
        title: { fr: 'Sérénité', en: 'Calm' },
        computeType: 'average',
        boundaries: { min: 0, max: 2 },
        sources: { questions: ['mood'] },
      },
      {
        id: 'vigour',
        title: { fr: 'Vitalité', en: 'Vigour' },
        computeType: 'average',
        boundaries: { min: 1, max: 5 },
        sources: { questions: ['energy'] },
      },
    ],
    ...extra,
  });
}

/** The whole period of the test report: every question and result but `sleep` and `vigour` shown. */
export function testTotal(): ShownFormFigure {
  return {
    shown: true,
    people: 12,
    answers: 30,
    questions: [
      {
        answerId: 'mood',
        shown: true,
        answers: 30,
        average: 1.3333,
        values: [
          { value: 0, count: 5 },
          { value: 1, count: 10 },
          { value: 2, count: 15 },
        ],
      },
      {
        answerId: 'energy',
        shown: true,
        answers: 28,
        average: 3.5,
        values: [
          { value: 5, count: 16 },
          { value: 1, count: 2 },
          { value: 2.5, count: 10 },
        ],
      },
      {
        answerId: 'site',
        shown: true,
        answers: 20,
        choices: [
          { value: 'home', count: 9 },
          { value: 'office', count: 14 },
        ],
      },
      { answerId: 'sleep', shown: false, reason: 'too-few-answers', threshold: 8 },
    ],
    results: [
      { resultId: 'calm', shown: true, answers: 30, average: 1.3333 },
      { resultId: 'vigour', shown: false, reason: 'too-few-answers', threshold: 8 },
    ],
  };
}

/** A sphere's report of the test form over three weeks: one shown, two hidden for their reasons. */
export function testFormReport(extra: Partial<FormReport> = {}): FormReport {
  return {
    sphereId: 'sphere-1',
    formId: 'wellbeing',
    interval: 'week',
    anonymityNotGuaranteed: false,
    tagIds: [],
    start: '2026-03-01',
    end: '2026-03-22',
    weeks: ['2026-W10', '2026-W11', '2026-W12'],
    covered: { first: '2026-03-02', last: '2026-03-22' },
    form: testForm(),
    total: testTotal(),
    series: [
      {
        period: '2026-W10',
        first: '2026-03-02',
        last: '2026-03-08',
        figure: {
          shown: true,
          people: 9,
          answers: 20,
          questions: [],
          results: [
            { resultId: 'calm', shown: true, answers: 20, average: 1.1 },
            { resultId: 'vigour', shown: true, answers: 18, average: 3.456 },
          ],
        },
      },
      {
        period: '2026-W11',
        first: '2026-03-09',
        last: '2026-03-15',
        figure: { shown: false, reason: 'too-few-people', threshold: 8 },
      },
      {
        period: '2026-W12',
        first: '2026-03-16',
        last: '2026-03-22',
        figure: { shown: false, reason: 'too-close-to-another-group', threshold: 5 },
      },
    ],
    ...extra,
  };
}

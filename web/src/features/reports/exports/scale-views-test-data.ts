import type { FormReport, ResultFigure } from '@shared/contracts/form-reports';
import { FormFieldsSchema } from '@shared/contracts/forms';
import type { MultilingualText } from '@shared/domain/sessions';
import type { ShownFormFigure } from './export-shapes';
import { testFormReport } from './form-report-test-data';

type ReportForm = FormReport['form'];
type Boundaries = ReportForm['additionalResults'][number]['boundaries'];

/** One additional result of a test form: its id, titles and scale (1 to 5 unless told). */
export interface TestResult {
  id: string;
  title?: MultilingualText;
  boundaries?: Boundaries;
}

/**
 * A questionnaire of agreement statements from 1 to 5 whose additional results average them, as a
 * report reads it; each result is written in French and English.
 */
export function scaleForm(results: readonly TestResult[], id = 'scale-form'): ReportForm {
  return FormFieldsSchema.parse({
    id,
    title: { fr: 'Questionnaire', en: 'Questionnaire' },
    languages: ['fr', 'en'],
    updateDate: '2026-01-01T00:00:00.000Z',
    steps: [
      {
        id: 'statements',
        title: { fr: 'Je suis quelqu’un…', en: 'I am someone…' },
        description: { fr: 'Pour chaque phrase…', en: 'For each statement…' },
        answers: [{ id: 'q1', type: 'likert', title: { fr: 'Phrase', en: 'Statement' } }],
      },
    ],
    additionalResults: results.map((result) => ({
      id: result.id,
      title: result.title ?? { fr: result.id, en: result.id },
      computeType: 'average',
      boundaries: result.boundaries ?? { min: 1, max: 5 },
      sources: { questions: ['q1'] },
    })),
  });
}

/** The five traits of the demo's Big Five questionnaire, in its order, on a scale from 1 to 5. */
export const BIG_FIVE_RESULTS: readonly TestResult[] = [
  { id: 'e', title: { fr: 'Extraversion', en: 'Extraversion' } },
  { id: 'a', title: { fr: 'Agréabilité', en: 'Agreeableness' } },
  { id: 'c', title: { fr: 'Conscienciosité', en: 'Conscientiousness' } },
  { id: 'n', title: { fr: 'Névrosisme', en: 'Neuroticism' } },
  { id: 'o', title: { fr: 'Ouverture', en: 'Openness' } },
];

/** The demo's self-esteem results: worthiness, competence and their overall average, from 1 to 5. */
export const SELF_ESTEEM_RESULTS: readonly TestResult[] = [
  { id: 'worthiness', title: { fr: 'Valeur de soi', en: 'Worthiness' } },
  { id: 'competence', title: { fr: 'Compétence', en: 'Competence' } },
  { id: 'selfEsteem', title: { fr: 'Estime de soi', en: 'Self-esteem' } },
];

/** A shown result's figure of 20 answers. */
export const shownResult = (resultId: string, average: number, answers = 20): ResultFigure => ({
  resultId,
  shown: true,
  answers,
  average,
});

/** A result too few people answered: hidden with the threshold it missed. */
export const hiddenResult = (resultId: string, threshold = 8): ResultFigure => ({
  resultId,
  shown: false,
  reason: 'too-few-answers',
  threshold,
});

/** A shown group's whole period with these results' figures. */
export function scaleFigure(results: readonly ResultFigure[]): ShownFormFigure {
  return { shown: true, people: 14, answers: 20, questions: [], results: [...results] };
}

/**
 * A Big Five and self-esteem questionnaire over three weeks: the first with agreeableness too few
 * answered, the second hidden as a whole, the third with worthiness too few answered.
 */
export function scaleReport(): FormReport {
  const bigFive = (averages: readonly number[]) =>
    BIG_FIVE_RESULTS.map((r, i) => shownResult(r.id, averages[i] ?? 0));
  return testFormReport({
    form: scaleForm([...BIG_FIVE_RESULTS, ...SELF_ESTEEM_RESULTS], 'wellbeing'),
    total: scaleFigure([
      ...bigFive([3.4, 3.125, 2.8, 2.05, 4]),
      shownResult('worthiness', 3.2),
      shownResult('competence', 3.5),
      shownResult('selfEsteem', 3.3),
    ]),
    series: [
      {
        period: '2026-W10',
        first: '2026-03-02',
        last: '2026-03-08',
        figure: scaleFigure([
          ...bigFive([3.5, 0, 2.75, 2, 4.125]).filter((r) => r.resultId !== 'a'),
          hiddenResult('a', 8),
          shownResult('worthiness', 2.4),
          shownResult('competence', 3.8),
        ]),
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
        figure: scaleFigure([
          ...bigFive([3.3, 3.2, 2.9, 2.1, 3.9]),
          hiddenResult('worthiness', 8),
          shownResult('competence', 3),
        ]),
      },
    ],
  });
}

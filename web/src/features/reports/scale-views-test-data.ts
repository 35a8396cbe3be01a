import type { FormReport, ResultFigure } from '../../../../shared/contracts/form-reports';
import { FormFieldsSchema } from '../../../../shared/contracts/forms';
import type { MultilingualText } from '../../../../shared/domain/sessions';
import type { ShownFormFigure } from './form-export';

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

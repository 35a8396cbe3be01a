import type { StepAnswer } from '../contracts/campaigns';
import type { Form } from '../contracts/forms';
import { feelingColor, feelingEnergy, feelingValue } from './feelings';
import { computeAdditionalResults, formAnswers } from './forms';
import { assessmentCounts, feelingCounts, surveyCounts, thinkingCounts, type Counts } from './report-rollups';

/**
 * What a campaign's sealed answers add to their cycle's rollups (decision 0035). A cycle's step
 * stands where a week stands in the other rollups: each step is one "period" of the cycle's scope,
 * and its people are its answers (one per person and step, decision 0025). The counts keep the
 * shapes the reports already read: a feeling's as a feeling's, a thinking's as a thinking's, every
 * other step's as a questionnaire's (numbers and choices, `q|<id>|…`), so that the same figure
 * functions and the same privacy rules turn them into figures. Free text is never counted.
 */

/** The period of a cycle's step in the cycle's rollups (`s:` sorts them apart from ISO weeks). */
export const stepPeriod = (stepId: string) => `s:${stepId}`;

/** The question a refusal's reason is counted under, and the step its answers are filed under. */
export const REFUSAL_QUESTION_ID = 'reason';
export const REFUSAL_STEP_ID = '-';

/** What a step's answer needs besides itself: the questionnaire of a form measure, as it is now. */
export interface AnswerContext {
  form?: Pick<Form, 'steps' | 'additionalResults'> | undefined;
}

/** The values of a record that are numbers, counted as a strategy assessment's levels are. */
const numbersAsLikert = (values: Readonly<Record<string, unknown>>): Counts =>
  assessmentCounts(
    Object.entries(values).flatMap(([id, value]) =>
      typeof value === 'number' && Number.isFinite(value) ? [{ id, value }] : [],
    ),
  );

/** The values of a record as choices (a string, or a list of them): profile and tag questions. */
function asChoices(values: Readonly<Record<string, unknown>>): Counts {
  return surveyCounts(
    Object.keys(values).map((id) => ({ id, type: 'choice' as const })),
    values,
    {},
  );
}

/**
 * The counts one sealed answer adds to its step. A refusal counts its reason as a choice (its
 * comment is free text and never counted). A form's answer counts as a survey of that form does,
 * additional results included, when the form is known; otherwise as its numbers alone.
 */
export function campaignAnswerCounts(
  answer: StepAnswer | { type: 'refusal'; reason: string },
  context: AnswerContext = {},
): Counts {
  switch (answer.type) {
    case 'feeling': {
      const value = feelingValue(answer.intensityStep, answer.mood);
      const energy = feelingEnergy(answer.energyStep);
      return feelingCounts({ value, energy, color: feelingColor(value, energy), wordId: answer.wordId });
    }
    case 'thinking':
      return thinkingCounts(answer.axes);
    case 'assessment':
    case 'custom-form':
      return numbersAsLikert(answer.values);
    case 'form':
      return context.form
        ? surveyCounts(
            formAnswers(context.form),
            answer.values,
            computeAdditionalResults(context.form, answer.values),
          )
        : numbersAsLikert(answer.values);
    case 'profile':
    case 'tags':
      return asChoices(answer.values);
    case 'refusal':
      return asChoices({ [REFUSAL_QUESTION_ID]: answer.reason });
  }
}

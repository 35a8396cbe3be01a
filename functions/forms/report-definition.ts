import type { FormReportDefinition } from '@shared/contracts/report-definitions';
import type { Form } from '@shared/contracts/forms';
import { formAnswers } from '@shared/domain/forms';

/**
 * A form's report definition (decision 0038): its counted questions in the form's order (histograms
 * and Likert scales as numbers with their scale's ends, choices and selects with their values) and
 * its additional results, with their titles. Texts and dates are never counted.
 */
export function reportDefinitionOf(
  form: Pick<Form, 'id' | 'title' | 'languages' | 'steps' | 'additionalResults' | 'updateDate'>,
): FormReportDefinition {
  return {
    formId: form.id,
    title: form.title,
    languages: [...form.languages],
    questions: countedQuestions(form),
    results: form.additionalResults.map((r) => ({
      id: r.id,
      title: r.title,
      ...(r.shortTitle && Object.keys(r.shortTitle).length ? { shortTitle: r.shortTitle } : {}),
      ...(r.boundaries.min !== undefined ? { min: r.boundaries.min } : {}),
      ...(r.boundaries.max !== undefined ? { max: r.boundaries.max } : {}),
    })),
    updatedAt: form.updateDate,
  };
}

/** A form's counted questions, in its order, as its report definition names them. */
export function countedQuestions(form: Pick<Form, 'steps'>): FormReportDefinition['questions'] {
  return formAnswers(form).flatMap((answer): FormReportDefinition['questions'] => {
    if (answer.type === 'histo')
      return [
        {
          id: answer.id,
          kind: 'number',
          title: answer.title,
          min: answer.firstValue,
          max: answer.firstValue + answer.stepValue * (answer.scaleSize - 1),
        },
      ];
    if (answer.type === 'likert') {
      const values = answer.options.map((o) => o.value);
      return [
        {
          id: answer.id,
          kind: 'number',
          title: answer.title,
          min: Math.min(...values),
          max: Math.max(...values),
        },
      ];
    }
    if (answer.type === 'choice' || answer.type === 'select')
      return [
        {
          id: answer.id,
          kind: 'choice',
          title: answer.title,
          choices: answer.values.map((v) => ({ value: v.value, title: v.title })),
        },
      ];
    return [];
  });
}

import {
  CUSTOM_LIKERT_POINTS,
  PROFILE_QUESTIONS,
  type Measure,
  type StepAnswer,
} from '@shared/contracts/campaigns';
import type { FieldError } from '@shared/contracts/errors';
import type { Form } from '@shared/contracts/forms';
import { validateSurvey } from '@shared/domain/forms';

/**
 * Whether an answer fits the step it is given to (spec 02 §4: each measure type runs its real
 * flow): the measure's own questions, axes, form, strategy items or tags, and nothing else. The
 * schema has already checked the shapes; these are the rules that need the measure.
 */
export function answerProblems(
  answer: StepAnswer,
  step: { kind: 'main' | 'tags' },
  measure: Measure,
  context: { form?: Form | undefined; strategyIds?: ReadonlySet<string> | undefined },
): FieldError[] {
  const expected = step.kind === 'tags' ? 'tags' : measure.type;
  if (answer.type !== expected) return [{ key: 'not-valid', field: 'type' }];
  const problems: FieldError[] = [];
  const add = (key: string, field: string) => problems.push({ key, field });
  switch (answer.type) {
    case 'feeling':
      if (!measure.wordSelection && answer.wordId !== undefined) add('unexpected-value-error', 'wordId');
      break;
    case 'thinking': {
      const asked = new Set(measure.axes);
      const seen = new Set<string>();
      answer.axes.forEach((a, i) => {
        if (!asked.has(a.id) || seen.has(a.id)) add('not-valid', `axes.${i}.id`);
        seen.add(a.id);
      });
      break;
    }
    case 'profile': {
      for (const key of Object.keys(answer.values))
        if (!(measure.profileQuestions as string[]).includes(key))
          add('unexpected-value-error', `values.${key}`);
      for (const question of measure.profileQuestions) {
        const value = answer.values[question];
        if (value === undefined) add('required', `values.${question}`);
        else if (!(PROFILE_QUESTIONS[question] as readonly string[]).includes(value))
          add('not-valid', `values.${question}`);
      }
      break;
    }
    case 'form': {
      if (!context.form) return [{ key: 'form-not-available', field: 'formId' }];
      for (const problem of validateSurvey(context.form, answer.values))
        add(problem.key, `values.${problem.answerId ?? ''}`);
      break;
    }
    case 'assessment': {
      const ids = context.strategyIds ?? new Set<string>();
      let given = 0;
      for (const [id, value] of Object.entries(answer.values)) {
        if (!ids.has(id)) add('unexpected-value-error', `values.${id}`);
        if (value !== null) given += 1;
      }
      if (given === 0) add('required', 'values');
      break;
    }
    case 'custom-form': {
      const questions = measure.customTheme?.questions ?? [];
      const known = new Set(questions.map((q) => q.id));
      for (const key of Object.keys(answer.values))
        if (!known.has(key)) add('unexpected-value-error', `values.${key}`);
      for (const q of questions) {
        const value = answer.values[q.id];
        if (value === undefined || value === '') {
          if (q.required) add('required', `values.${q.id}`);
        } else if (q.kind === 'likert') {
          if (
            typeof value !== 'number' ||
            !Number.isInteger(value) ||
            value < 1 ||
            value > CUSTOM_LIKERT_POINTS
          )
            add('value-out-of-range-error', `values.${q.id}`);
        } else if (typeof value !== 'string') add('not-valid', `values.${q.id}`);
      }
      break;
    }
    case 'tags': {
      const questions = new Map(measure.tagQuestions.map((q) => [q.id, q]));
      for (const [id, chosen] of Object.entries(answer.values)) {
        const q = questions.get(id);
        if (!q) {
          add('unexpected-value-error', `values.${id}`);
          continue;
        }
        if (chosen.some((t) => !q.tagIds.includes(t))) add('not-valid', `values.${id}`);
        if (!q.multiChoice && chosen.length > 1) add('too-many', `values.${id}`);
      }
      for (const q of measure.tagQuestions)
        if (q.required && (answer.values[q.id]?.length ?? 0) === 0) add('required', `values.${q.id}`);
      break;
    }
  }
  return problems;
}

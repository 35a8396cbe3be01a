import type { TFunction } from 'i18next';
import type { Participation, StepDefinition } from '@shared/contracts/campaigns';
import { canOpenStep, measureStatuses, type StepState, type StepStatus } from '@shared/domain/campaigns';
import { ApiError, errorMessages, translateErrorItem } from '../../lib/errors';

/** One entry of the step menu: its status, and whether it can be opened yet (spec 02 §4). */
export interface MenuStep {
  definition: StepDefinition;
  status: StepStatus;
  locked: boolean;
}

/** The steps of one measure, under the measure's title and status. */
export interface MenuGroup {
  measureId: string;
  title: string;
  status: 'todo' | 'inProgress' | 'done';
  steps: MenuStep[];
}

/** The participation's steps in order, with their statuses (a step unknown to `values` is to do). */
export function stepStates(participation: Participation): StepState[] {
  const statuses = new Map(participation.values.map((v) => [v.stepId, v.stepStatus]));
  return participation.stepDefinitions.map((d) => ({
    stepId: d.stepId,
    measureId: d.measureId,
    status: statuses.get(d.stepId) ?? 'todo',
  }));
}

/** The step menu: steps grouped by measure, in the order of their first step. */
export function menuGroups(participation: Participation): MenuGroup[] {
  const states = stepStates(participation);
  return measureStatuses(states).map(({ measureId, status }) => {
    const definitions = participation.stepDefinitions.filter((d) => d.measureId === measureId);
    return {
      measureId,
      title: definitions[0]?.title ?? '',
      status,
      steps: definitions.map((definition) => ({
        definition,
        status: states.find((s) => s.stepId === definition.stepId)?.status ?? 'todo',
        locked: !canOpenStep(states, definition.stepId),
      })),
    };
  });
}

/** The field of a refused answer, without the request part the schema check adds (`body.`). */
function answerField(field: string | undefined): string {
  return field?.startsWith('body.') ? field.slice('body.'.length) : (field ?? '');
}

/**
 * What the server refused in an answer, split for the step: the messages of each field
 * (`values.<id>`, `axes.<i>.id`, `wordId`…), shown on it, and the others as one message.
 */
export function answerErrors(
  error: unknown,
  t: TFunction,
): { byField: Record<string, string>; general: string | undefined } {
  if (!error) return { byField: {}, general: undefined };
  if (!(error instanceof ApiError)) return { byField: {}, general: errorMessages(error, t) };
  const byField: Record<string, string> = {};
  const others = [];
  for (const item of error.errors) {
    const field = answerField(item.field);
    if (field && field !== 'body' && field !== 'type') {
      byField[field] ??= translateErrorItem(item, t);
    } else others.push(item);
  }
  const general =
    others.length > 0
      ? [...new Set(others.map((item) => translateErrorItem(item, t)))].join('; ')
      : Object.keys(byField).length > 0
        ? t('participation.step.refused', { count: Object.keys(byField).length })
        : undefined;
  return { byField, general };
}

/** The answer problems of one answer: `values.<id>` (or anything inside it). */
export function valueError(byField: Record<string, string>, id: string): string | undefined {
  const prefix = `values.${id}`;
  const key = Object.keys(byField).find((f) => f === prefix || f.startsWith(`${prefix}.`));
  return key ? byField[key] : undefined;
}

/** How a participation screen reacts to a failed load: the campaign is forbidden, or the link is not valid. */
export function loadFailure(error: unknown): 'forbidden' | 'invalid-link' | 'other' {
  if (!(error instanceof ApiError)) return 'other';
  if (error.status === 403 || error.keys.includes('campaign-forbidden')) return 'forbidden';
  if (
    error.status === 400 ||
    error.status === 404 ||
    error.keys.includes('invalid-link') ||
    error.keys.includes('link-expired')
  )
    return 'invalid-link';
  return 'other';
}

import type { TFunction } from 'i18next';
import { ApiError, errorMessages, translateErrorItem } from '../../lib/errors';

const VALUES_FIELD = 'body.values.';

/**
 * What the server refused in a survey, split for the runner (spec 02 §5): the problems of one answer
 * (`body.values.<answerId>`) by answer id, shown on that answer, and the others as one message.
 */
export function surveyErrors(
  error: unknown,
  t: TFunction,
): { byAnswer: Record<string, string>; general: string | undefined } {
  if (!(error instanceof ApiError)) return { byAnswer: {}, general: errorMessages(error, t) };
  const byAnswer: Record<string, string> = {};
  const others = [];
  for (const item of error.errors) {
    const answerId = item.field?.startsWith(VALUES_FIELD) ? item.field.slice(VALUES_FIELD.length) : '';
    if (answerId && !(answerId in byAnswer)) byAnswer[answerId] = translateErrorItem(item, t);
    else if (!answerId) others.push(item);
  }
  const general =
    others.length > 0
      ? [...new Set(others.map((item) => translateErrorItem(item, t)))].join('; ')
      : Object.keys(byAnswer).length > 0
        ? t('formsCentre.answer.refused', { count: Object.keys(byAnswer).length })
        : undefined;
  return { byAnswer, general };
}

/** The server's keys for a form the caller may not answer (spec 01 §6). */
export const ESSENTIALS_REQUIRED = 'essentials-required';
export const FORM_NOT_AVAILABLE = 'form-not-available';
export const SURVEY_FROZEN = 'survey-frozen';

export function hasKey(error: unknown, key: string): boolean {
  return error instanceof ApiError && error.keys.includes(key);
}

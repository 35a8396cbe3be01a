import type { TFunction } from 'i18next';
import type { FieldError } from '@shared/contracts/errors';
import { translateErrorItem } from '../../../lib/errors';

/** The spec's own messages for the save rules (spec 02 §5), by the field a `required` is on. */
const RULES: readonly { pattern: RegExp; key: string }[] = [
  { pattern: /^title$/, key: 'forms.rules.formTitle' },
  { pattern: /^steps\.\d+\.title$/, key: 'forms.rules.pageTitle' },
  { pattern: /^steps\.\d+\.description$/, key: 'forms.rules.pageDescription' },
  { pattern: /^steps\.\d+\.answers\.\d+\.title$/, key: 'forms.rules.questionTitle' },
  { pattern: /^additionalResults\.\d+\.title$/, key: 'forms.rules.resultTitle' },
  { pattern: /^additionalResults\.\d+\.computeType$/, key: 'forms.rules.resultComputeType' },
  { pattern: /^additionalResults\.\d+\.children$/, key: 'forms.rules.resultChild' },
];

/** The message of one problem: the save rule's when it is one, the catalogue's otherwise. */
export function problemMessage(item: FieldError, t: TFunction): string {
  const field = item.field?.replace(/^body\./, '') ?? '';
  if (item.key === 'required' || item.key === 'not-valid') {
    const rule = RULES.find((r) => r.pattern.test(field));
    if (rule && (item.key === 'required' || field.endsWith('computeType'))) return t(rule.key);
  }
  if (item.key === 'not-valid' && field.endsWith('displayCondition')) return t('forms.rules.conditionOrder');
  if (item.key === 'conflict') return t('forms.editor.conflict');
  return translateErrorItem(item, t);
}

/** `messageFor` over a list of problems: the first on the field or inside it. */
export function messagesOf(problems: readonly FieldError[], t: TFunction) {
  return (field: string): string | undefined => {
    const item = problems.find((p) => p.field === `body.${field}` || p.field?.startsWith(`body.${field}.`));
    return item ? problemMessage(item, t) : undefined;
  };
}

/** The save rules broken, once each, for the summary above the tabs. */
export function ruleSummary(problems: readonly FieldError[], t: TFunction): string[] {
  return [...new Set(problems.map((p) => problemMessage(p, t)))];
}

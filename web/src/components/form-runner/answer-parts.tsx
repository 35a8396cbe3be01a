import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { Input, Text, VisuallyHidden, type DataAttributes, type InputDescriptionProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/contracts/headers';
import type {
  ChoiceAnswer,
  FormAnswer,
  HistoAnswer,
  LikertAnswer,
  SurveyValue,
} from '@shared/contracts/forms';
import { arrowTarget } from './runner-rules';

/** How a value was chosen: a single choice picked with the pointer scrolls to the next answer. */
export type ChoiceWay = 'pointer' | 'keyboard';

/** The ids that tie an answer's parts together (label, description, error). */
export interface AnswerIds {
  /** The control Mantine inputs are given; their label, description and error ids derive from it. */
  control: string;
  /** A group's title (histogram, likert, choice), which names it. */
  title: string;
  description: string;
  error: string;
}

export function answerIds(base: string): AnswerIds {
  return {
    control: `${base}-control`,
    title: `${base}-title`,
    description: `${base}-description`,
    error: `${base}-error`,
  };
}

/** What every answer's input receives from the runner. */
export interface AnswerInputProps<A extends FormAnswer> {
  answer: A;
  value: SurveyValue | undefined;
  /** A new value, or undefined to take the answer's value away. */
  onChange(value: SurveyValue | undefined, way?: ChoiceWay): void;
  onBlur(): void;
  language: Language;
  /** The form's first language, read where the reader's is missing. */
  primary: Language;
  readOnly: boolean;
  ids: AnswerIds;
  /** The question's title with its optional mark, to name the control. */
  label: ReactNode;
  /** The question's description (markdown, already rendered), or null. */
  description: ReactNode;
  error: string | undefined;
}

/** What frames an answer's input: its ids, label, description and error. */
export type AnswerFrame = Pick<AnswerInputProps<FormAnswer>, 'ids' | 'label' | 'description' | 'error'>;

/** An answer's input's test id (`form-histo-mood`), which its parts' test ids extend. */
export function answerTestId(answer: FormAnswer): string {
  return `form-${answer.type}-${answer.id}`;
}

/**
 * Mantine puts an input's description in a `<p>`; a question's description is markdown (paragraphs,
 * lists), so it goes in a `<div>`, still tied to the input by `aria-describedby`.
 */
const blockDescription = { component: 'div' } as InputDescriptionProps & DataAttributes;

/**
 * What a Mantine input (text, date, drop-down list) is given from its answer: it is labelled,
 * described and marked in error as Mantine lays these out, "required" said without an asterisk.
 */
export function inputFrameProps({
  answer,
  ids,
  label,
  description,
  error,
  readOnly,
  onBlur,
}: AnswerInputProps<FormAnswer>) {
  return {
    id: ids.control,
    label,
    description,
    descriptionProps: blockDescription,
    error,
    required: answer.required,
    withAsterisk: false,
    readOnly,
    size: 'md',
    onBlur,
    'data-testid': answerTestId(answer),
  } as const;
}

/**
 * A question's title as its label: "optional" is written out on optional answers (spec 02 §5);
 * a required group that cannot say `aria-required` (check boxes) says "required" to screen readers.
 */
export function AnswerLabel({
  title,
  required,
  sayRequired = false,
}: {
  title: string;
  required: boolean;
  sayRequired?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {title}
      {!required && (
        <Text span c="dimmed" fz="sm" fw={400}>
          {` (${t('formRunner.optional')})`}
        </Text>
      )}
      {required && sayRequired && <VisuallyHidden>{` (${t('formRunner.required')})`}</VisuallyHidden>}
    </>
  );
}

/** The attributes that name and describe a group of radio buttons or check boxes. */
export function groupAria({ ids, description, error }: AnswerFrame, required?: boolean) {
  const describedBy = [description ? ids.description : '', error ? ids.error : ''].filter(Boolean).join(' ');
  return {
    'aria-labelledby': ids.title,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(required !== undefined ? { 'aria-required': required } : {}),
    ...(error ? { 'aria-invalid': true } : {}),
  };
}

/**
 * A group's title, description and error around the group itself (histogram, likert, choice),
 * laid out as Mantine lays out an input's.
 */
export function GroupFrame({
  frame: { ids, label, description, error },
  children,
}: {
  frame: AnswerFrame;
  children: ReactNode;
}) {
  return (
    <>
      <Text id={ids.title} fw={500} fz="md">
        {label}
      </Text>
      {description && (
        <Text component="div" id={ids.description} c="dimmed" fz="sm">
          {description}
        </Text>
      )}
      <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>{children}</div>
      {error && (
        <Input.Error id={ids.error} size="sm" mt={4}>
          {error}
        </Input.Error>
      )}
    </>
  );
}

/**
 * Arrow keys in a radio group, as a browser moves through native radio buttons (next, previous,
 * wrapping round), handled here so every group behaves the same and the move is a keyboard one.
 */
export function radioArrowKeys(
  group: RefObject<HTMLElement | null>,
  keys: readonly string[],
  choose: (key: string) => void,
) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement) || target.type !== 'radio' || target.disabled) return;
    const index = keys.indexOf(target.value);
    const next = index < 0 ? undefined : arrowTarget(event.key, index, keys.length);
    const key = next === undefined ? undefined : keys[next];
    if (next === undefined || key === undefined) return;
    event.preventDefault();
    choose(key);
    group.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]')[next]?.focus();
  };
}

/**
 * What makes an element a group of radio buttons for its answer (histogram, likert, single
 * choice): its role, name, description and state, the arrow keys choosing among `values` (in the
 * order shown) and the answer's test id. The element takes `group` as its ref.
 */
export function radioGroupProps(
  props: AnswerInputProps<HistoAnswer | LikertAnswer | ChoiceAnswer>,
  group: RefObject<HTMLElement | null>,
  values: readonly (number | string)[],
) {
  const keys = values.map(String);
  return {
    role: 'radiogroup',
    ...groupAria(props, props.answer.required),
    onKeyDown: radioArrowKeys(group, keys, (key) => props.onChange(values[keys.indexOf(key)], 'keyboard')),
    'data-testid': answerTestId(props.answer),
  };
}

/** A number as the reader writes it (0,5 in French and Dutch). */
export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 6 }).format(value);
}

/** A counter "n/max", read out as a sentence; `live` ones are announced as they change. */
export function Counter({
  count,
  max,
  spoken,
  live = false,
  testId,
}: {
  count: number;
  max: number;
  spoken: string;
  live?: boolean;
  testId?: string;
}) {
  return (
    <Text fz="xs" c="dimmed" mt={4} aria-live={live ? 'polite' : undefined} data-testid={testId}>
      <span aria-hidden="true">{`${count}/${max}`}</span>
      <VisuallyHidden>{spoken}</VisuallyHidden>
    </Text>
  );
}

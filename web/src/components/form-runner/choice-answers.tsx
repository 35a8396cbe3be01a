import { useRef } from 'react';
import { Checkbox, MultiSelect, Radio, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChoiceAnswer, SelectAnswer, SurveyValue } from '@shared/contracts/forms';
import { choiceCapReached, choiceCounter, isChoiceDisabled, toggleChoice } from '@shared/domain/forms';
import { textIn } from '@shared/domain/sessions';
import {
  Counter,
  GroupFrame,
  answerTestId,
  groupAria,
  inputFrameProps,
  radioGroupProps,
  type AnswerInputProps,
} from './answer-parts';

/** The values chosen in a multi-choice (none for anything else). */
function chosenValues(value: SurveyValue | undefined): string[] {
  return Array.isArray(value) ? value : [];
}

/** The count of a multi-choice's values chosen, n/max, said when it changes. */
function ChoiceCounter({ answer, selected }: { answer: ChoiceAnswer | SelectAnswer; selected: string[] }) {
  const { t } = useTranslation();
  const { count, max } = choiceCounter(answer, selected);
  return (
    <Counter
      count={count}
      max={max}
      live
      spoken={
        choiceCapReached(answer, selected)
          ? t('formRunner.chosenAll', { count, max })
          : t('formRunner.chosen', { count, max })
      }
      testId={`${answerTestId(answer)}-counter`}
    />
  );
}

/**
 * A choice (spec 02 §3 choice): radio buttons for one value; check boxes for several, capped at
 * `multiChoiceMax` with the count shown as n/max and the other boxes disabled once it is reached.
 */
export function ChoiceAnswerInput(props: AnswerInputProps<ChoiceAnswer>) {
  const { answer, value, onChange, language, primary, readOnly, ids } = props;
  const group = useRef<HTMLDivElement>(null);
  const title = (v: ChoiceAnswer['values'][number]) => textIn(v.title, language, primary);

  if (!answer.multiChoice) {
    return (
      <GroupFrame frame={props}>
        <Stack
          ref={group}
          gap="xs"
          {...radioGroupProps(
            props,
            group,
            answer.values.map((v) => v.value),
          )}
        >
          {answer.values.map((v) => (
            <Radio
              key={v.value}
              name={ids.control}
              value={v.value}
              label={title(v)}
              checked={value === v.value}
              onChange={() => onChange(v.value, 'pointer')}
              disabled={readOnly}
              size="md"
              data-testid={`form-choice-${answer.id}-${v.value}`}
            />
          ))}
        </Stack>
      </GroupFrame>
    );
  }

  const selected = chosenValues(value);
  return (
    <GroupFrame frame={props}>
      <Stack gap="xs" role="group" {...groupAria(props)} data-testid={answerTestId(answer)}>
        {answer.values.map((v) => (
          <Checkbox
            key={v.value}
            value={v.value}
            label={title(v)}
            checked={selected.includes(v.value)}
            disabled={readOnly || isChoiceDisabled(answer, selected, v.value)}
            onChange={() => {
              const next = toggleChoice(answer, selected, v.value);
              onChange(next.length > 0 ? next : undefined);
            }}
            size="md"
            data-testid={`form-choice-${answer.id}-${v.value}`}
          />
        ))}
      </Stack>
      <ChoiceCounter answer={answer} selected={selected} />
    </GroupFrame>
  );
}

/**
 * A drop-down list (spec 02 §3 select): one value, or several with their cap, counted n/max, the
 * other options disabled once it is reached.
 */
export function SelectAnswerInput(props: AnswerInputProps<SelectAnswer>) {
  const { answer, value, onChange, language, primary } = props;
  const { t } = useTranslation();
  const placeholder = textIn(answer.placeholder, language, primary) || t('formRunner.choose');

  if (!answer.multiChoice) {
    return (
      <Select
        {...inputFrameProps(props)}
        placeholder={placeholder}
        data={answer.values.map((v) => ({ value: v.value, label: textIn(v.title, language, primary) }))}
        value={typeof value === 'string' ? value : null}
        onChange={(next) => onChange(next ?? undefined)}
        allowDeselect={false}
      />
    );
  }

  const selected = chosenValues(value);
  return (
    <>
      <MultiSelect
        {...inputFrameProps(props)}
        placeholder={selected.length === 0 ? placeholder : undefined}
        data={answer.values.map((v) => ({
          value: v.value,
          label: textIn(v.title, language, primary),
          disabled: isChoiceDisabled(answer, selected, v.value),
        }))}
        value={selected}
        // Kept in the order the values are offered, as check boxes keep them.
        onChange={(next) => {
          const ordered = answer.values.map((v) => v.value).filter((v) => next.includes(v));
          onChange(ordered.length > 0 ? ordered : undefined);
        }}
        maxValues={choiceCounter(answer, selected).max}
      />
      <ChoiceCounter answer={answer} selected={selected} />
    </>
  );
}

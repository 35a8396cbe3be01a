import { Button, Checkbox, Group, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormAnswer } from '@shared/contracts/forms';
import { AnswerLabel, answerIds, type AnswerInputProps } from './answer-parts';
import { ChoiceAnswerInput, SelectAnswerInput } from './choice-answers';
import { HistoAnswerInput, LikertAnswerInput } from './scale-answers';
import { DateAnswerInput, TextAnswerInput } from './text-answers';

export interface AnswerFieldProps extends Omit<AnswerInputProps<FormAnswer>, 'ids' | 'label'> {
  /** Prefix of the answer's element ids; `${idBase}` itself is its outer element's. */
  idBase: string;
  /** The title with templates applied, in the reader's language. */
  title: string;
  /** Takes the answer's value away (an optional answer's clear button). */
  onClear(): void;
}

/** The input of an answer's type. */
function AnswerInput(props: AnswerInputProps<FormAnswer>) {
  const { answer } = props;
  switch (answer.type) {
    case 'histo':
      return <HistoAnswerInput {...props} answer={answer} />;
    case 'likert':
      return <LikertAnswerInput {...props} answer={answer} />;
    case 'text':
      return <TextAnswerInput {...props} answer={answer} />;
    case 'choice':
      return <ChoiceAnswerInput {...props} answer={answer} />;
    case 'select':
      return <SelectAnswerInput {...props} answer={answer} />;
    case 'date':
      return <DateAnswerInput {...props} answer={answer} />;
  }
}

/**
 * One question of the runner: its title (with "optional" on optional answers), description, input
 * and error, then "not applicable" where the answer offers it (the value `null`) and, on an
 * optional answer that has a value, a button that clears it.
 */
export function AnswerField({ idBase, title, onClear, ...input }: AnswerFieldProps) {
  const { t } = useTranslation();
  const { answer, value, readOnly, onChange } = input;
  // Check boxes cannot carry aria-required: their group says "required" in words.
  const sayRequired = answer.type === 'choice' && answer.multiChoice;
  const clearable = !answer.required && value !== undefined && !readOnly;
  return (
    <div id={idBase} data-testid={`form-answer-${answer.id}`}>
      <AnswerInput
        {...input}
        ids={answerIds(idBase)}
        label={<AnswerLabel title={title} required={answer.required} sayRequired={sayRequired} />}
      />
      {(answer.enableNotApplicable || clearable) && (
        <Group gap="md" mt="xs">
          {answer.enableNotApplicable && (
            <Checkbox
              label={
                <>
                  {t('formRunner.notApplicable')}
                  <VisuallyHidden>{` — ${title}`}</VisuallyHidden>
                </>
              }
              checked={value === null}
              onChange={(event) => onChange(event.currentTarget.checked ? null : undefined)}
              disabled={readOnly}
              data-testid={`form-answer-${answer.id}-not-applicable`}
            />
          )}
          {clearable && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={onClear}
              data-testid={`form-answer-${answer.id}-clear`}
            >
              {t('formRunner.clear')}
              <VisuallyHidden>{` — ${title}`}</VisuallyHidden>
            </Button>
          )}
        </Group>
      )}
    </div>
  );
}

import type { ClipboardEvent } from 'react';
import { TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useTranslation } from 'react-i18next';
import type { DateAnswer, TextAnswer } from '@shared/contracts/forms';
import { normaliseText, singleLine } from '@shared/domain/forms';
import { textIn } from '@shared/domain/sessions';
import { Counter, answerTestId, inputFrameProps, type AnswerInputProps } from './answer-parts';

// A typed date is read in the answer's own format.
dayjs.extend(customParseFormat);

/**
 * A text answer (spec 02 §3 text): one line, or several (`multiline`), with its placeholder and a
 * counter n/max. A single line drops line breaks, typed or pasted, each with the spaces around it
 * becoming one space (`normaliseText`).
 */
export function TextAnswerInput(props: AnswerInputProps<TextAnswer>) {
  const { answer, value, onChange, language, primary } = props;
  const { t } = useTranslation();
  const text = typeof value === 'string' ? value : '';
  const change = (typed: string) => {
    const kept = normaliseText(answer, typed).slice(0, answer.max);
    onChange(kept === '' ? undefined : kept);
  };
  const common = {
    ...inputFrameProps(props),
    placeholder: textIn(answer.placeholder, language, primary) || undefined,
    maxLength: answer.max,
    value: text,
  } as const;

  // The browser would glue the pasted lines together: they are joined with spaces instead.
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!/[\r\n]/.test(pasted)) return;
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    change(`${input.value.slice(0, start)}${singleLine(pasted)}${input.value.slice(end)}`);
  };

  return (
    <>
      {answer.multiline ? (
        <Textarea
          {...common}
          autosize
          minRows={3}
          maxRows={12}
          onChange={(event) => change(event.currentTarget.value)}
        />
      ) : (
        <TextInput {...common} onChange={(event) => change(event.currentTarget.value)} onPaste={paste} />
      )}
      <Counter
        count={text.length}
        max={answer.max}
        spoken={t('formRunner.characters', { count: text.length, max: answer.max })}
        testId={`${answerTestId(answer)}-counter`}
      />
    </>
  );
}

/** A typed date in `format` → `YYYY-MM-DD`, or null when it is no real day. */
export function parseDateAnswer(text: string, format: DateAnswer['format']): string | null {
  const day = dayjs(text.trim(), format, true);
  return day.isValid() ? day.format('YYYY-MM-DD') : null;
}

/**
 * A date answer (spec 02 §3 date): typed or picked, shown in the answer's format, kept as
 * `YYYY-MM-DD`.
 */
export function DateAnswerInput(props: AnswerInputProps<DateAnswer>) {
  const { answer, value, onChange, language } = props;
  const { t } = useTranslation();
  const placeholders: Record<DateAnswer['format'], string> = {
    'DD/MM/YYYY': t('formRunner.dateFormat.dayMonthYear'),
    'MM/DD/YYYY': t('formRunner.dateFormat.monthDayYear'),
    'YYYY-MM-DD': t('formRunner.dateFormat.yearMonthDay'),
  };
  return (
    <DateInput
      {...inputFrameProps(props)}
      valueFormat={answer.format}
      dateParser={(text) => parseDateAnswer(text, answer.format)}
      placeholder={placeholders[answer.format]}
      locale={language}
      value={typeof value === 'string' ? value : null}
      onChange={(next) => onChange(next ?? undefined)}
    />
  );
}

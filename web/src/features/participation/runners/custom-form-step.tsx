import { useState } from 'react';
import { Group, Radio, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CUSTOM_LIKERT_POINTS } from '@shared/contracts/campaigns';
import { textIn } from '@shared/domain/sessions';
import { currentLanguage } from '../../../i18n';
import { valueError } from '../rules';
import { SaveBar, type RunnerProps } from './runner';

const POINTS = Array.from({ length: CUSTOM_LIKERT_POINTS }, (_, i) => i + 1);
const TEXT_MAX = 2000;

/**
 * A custom questionnaire step (spec 02 §3 custom-form): a five-point scale for each Likert question,
 * worded by the theme's legend (agreement or frequency) and shown in its direction, and a text
 * area for each text question. Required questions left empty are marked on Save, before sending.
 */
export function CustomFormStep({ step, saving, errors, onSave }: RunnerProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const theme = step.measure.customTheme;
  const given = step.answer?.type === 'custom-form' ? step.answer.values : {};
  const [values, setValues] = useState<Record<string, number | string>>(() => ({ ...given }));
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const questions = theme?.questions ?? [];
  const legend = theme?.legend ?? 'agreement';
  const shown = theme?.direction === 'reverse' ? [...POINTS].reverse() : POINTS;
  const set = (id: string, value: number | string) => {
    setValues((current) => ({ ...current, [id]: value }));
    setMissing((current) => {
      if (!current.has(id)) return current;
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  };
  const errorOf = (id: string) => (missing.has(id) ? t('errors.required') : valueError(errors, id));

  function save() {
    const empty = questions.filter((q) => {
      const value = values[q.id];
      return q.required && (value === undefined || (typeof value === 'string' && value.trim() === ''));
    });
    setMissing(new Set(empty.map((q) => q.id)));
    if (empty.length > 0) return;
    const answer: Record<string, number | string> = {};
    for (const q of questions) {
      const value = values[q.id];
      if (value === undefined) continue;
      if (typeof value === 'string') {
        if (value.trim() !== '') answer[q.id] = value.trim();
      } else answer[q.id] = value;
    }
    onSave({ type: 'custom-form', values: answer });
  }

  return (
    <Stack>
      {questions.map((q) => {
        const title = textIn(q.title, language);
        return q.kind === 'likert' ? (
          <Radio.Group
            key={q.id}
            label={title}
            required={q.required}
            value={typeof values[q.id] === 'number' ? String(values[q.id]) : ''}
            onChange={(v) => set(q.id, Number(v))}
            error={errorOf(q.id)}
            data-testid={`participation-question-${q.id}`}
          >
            <Group gap="md" mt="xs">
              {shown.map((point) => (
                <Radio
                  key={point}
                  value={String(point)}
                  label={t(`participation.customForm.${legend}.${point}`)}
                  data-testid={`participation-question-${q.id}-${point}`}
                />
              ))}
            </Group>
          </Radio.Group>
        ) : (
          <Textarea
            key={q.id}
            label={title}
            required={q.required}
            value={typeof values[q.id] === 'string' ? (values[q.id] as string) : ''}
            onChange={(event) => set(q.id, event.currentTarget.value)}
            error={errorOf(q.id)}
            maxLength={TEXT_MAX}
            autosize
            minRows={2}
            data-testid={`participation-question-${q.id}`}
          />
        );
      })}
      <SaveBar saving={saving} onSave={save} />
    </Stack>
  );
}

import { useState } from 'react';
import { Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { valueError } from '../rules';
import { SaveBar, type RunnerProps } from './runner';

/** The five levels of an assessment, very unhappy (1) … very happy (5). */
export const ASSESSMENT_LEVELS = [1, 2, 3, 4, 5] as const;
const INDENT_PX = 20;

/**
 * An assessment step (spec 02 §3): each item of the strategy, indented as in the strategy, rated on
 * five levels or left unanswered; at least one rated.
 */
export function AssessmentStep({ step, saving, errors, onSave }: RunnerProps) {
  const { t } = useTranslation();
  const given = step.answer?.type === 'assessment' ? step.answer.values : {};
  const [values, setValues] = useState<Record<string, number | null>>(() => ({ ...given }));
  const rated = step.items.filter((item) => typeof values[item.id] === 'number');
  if (step.items.length === 0)
    return (
      <Text c="dimmed" data-testid="participation-assessment-empty">
        {t('participation.assessment.empty')}
      </Text>
    );
  return (
    <Stack>
      <Text size="sm">{t('participation.assessment.intro')}</Text>
      {step.items.map((item) => (
        <div key={item.id} style={{ paddingLeft: Math.min(item.indent, 6) * INDENT_PX }}>
          <Radio.Group
            label={item.title}
            description={item.description || undefined}
            value={typeof values[item.id] === 'number' ? String(values[item.id]) : ''}
            onChange={(v) => setValues((current) => ({ ...current, [item.id]: Number(v) }))}
            error={valueError(errors, item.id)}
            data-testid={`participation-item-${item.id}`}
          >
            <Group gap="md" mt="xs">
              {ASSESSMENT_LEVELS.map((level) => (
                <Radio
                  key={level}
                  value={String(level)}
                  label={t(`participation.assessment.levels.${level}`)}
                  data-testid={`participation-item-${item.id}-${level}`}
                />
              ))}
            </Group>
          </Radio.Group>
        </div>
      ))}
      {errors.values && (
        <Text size="sm" c="red.9" role="alert">
          {errors.values}
        </Text>
      )}
      <SaveBar
        saving={saving}
        incomplete={rated.length === 0 ? t('participation.assessment.incomplete') : undefined}
        onSave={() =>
          onSave({
            type: 'assessment',
            values: Object.fromEntries(step.items.map((item) => [item.id, values[item.id] ?? null])),
          })
        }
      />
    </Stack>
  );
}

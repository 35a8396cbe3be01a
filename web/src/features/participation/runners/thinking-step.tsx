import { useState } from 'react';
import { Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { THINKING_VALUES } from '@shared/domain/thinkings';
import { SaveBar, type RunnerProps } from './runner';

/** The key of a thinking value's words (`m1` for −1, `p05` for 0.5). */
export const thinkingValueKey = (value: number) =>
  value === 0 ? '0' : `${value < 0 ? 'm' : 'p'}${String(Math.abs(value)).replace('.', '')}`;

/** A thinking step (spec 01 §2 thinking): each axis of the measure, five values from −1 to 1. */
export function ThinkingStep({ step, saving, errors, onSave }: RunnerProps) {
  const { t } = useTranslation();
  const given = step.answer?.type === 'thinking' ? step.answer.axes : [];
  const [values, setValues] = useState<Record<string, number>>(() =>
    Object.fromEntries(given.map((a) => [a.id, a.value])),
  );
  const answered = step.items.filter((item) => values[item.id] !== undefined);
  return (
    <Stack>
      <Text size="sm">{t('participation.thinking.intro')}</Text>
      {step.items.map((item, index) => (
        <Radio.Group
          key={item.id}
          label={item.title}
          description={item.description || undefined}
          value={values[item.id] === undefined ? '' : String(values[item.id])}
          onChange={(v) => setValues((current) => ({ ...current, [item.id]: Number(v) }))}
          error={errors[`axes.${index}.id`] ?? errors[`axes.${index}.value`]}
          data-testid={`participation-axis-${item.id}`}
        >
          <Group gap="md" mt="xs">
            {THINKING_VALUES.map((v) => (
              <Radio
                key={v}
                value={String(v)}
                label={t(`participation.thinking.values.${thinkingValueKey(v)}`)}
                data-testid={`participation-axis-${item.id}-${thinkingValueKey(v)}`}
              />
            ))}
          </Group>
        </Radio.Group>
      ))}
      <SaveBar
        saving={saving}
        incomplete={answered.length === 0 ? t('participation.thinking.incomplete') : undefined}
        onSave={() =>
          onSave({
            type: 'thinking',
            axes: answered.map((item) => ({ id: item.id, value: values[item.id] as number })),
          })
        }
      />
    </Stack>
  );
}

import { useState } from 'react';
import { Alert, Button, Group, Radio, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Strategy } from '@shared/contracts/strategies';
import {
  ASSESSMENT_LEVELS,
  ASSESSMENT_LEVEL_VALUES,
  assessmentLevel,
  givenAnswers,
} from '@shared/domain/strategies';
import type { AssessmentValues } from './api/assessments';
import { AssessmentFace } from './assessment-face';
import { ItemBadges, indentStyle, useItemName } from './outline-view';

/**
 * An assessment of a strategy (spec 02 §2): each item it shows answered on five levels, very unhappy
 * … very happy, named in words beside a face (a native radio group that arrow keys move through),
 * any of them left empty or cleared. Saving needs at least one answer (spec 01 §5): without one,
 * the form says so instead of sending.
 */
export function AssessmentForm({
  items,
  initial = {},
  submitLabel,
  pending,
  problem,
  onSubmit,
}: {
  /** The items that may be assessed: the visible ones, in order. */
  items: readonly Strategy[];
  initial?: Readonly<Record<string, number>>;
  submitLabel: string;
  pending: boolean;
  /** What went wrong with the last save, in words. */
  problem?: string | undefined;
  onSubmit: (values: AssessmentValues) => void;
}) {
  const { t } = useTranslation();
  const name = useItemName();
  const [values, setValues] = useState<AssessmentValues>(() =>
    Object.fromEntries(
      items.filter((i) => initial[i.id] !== undefined).map((i) => [i.id, initial[i.id] ?? null]),
    ),
  );
  const [noAnswer, setNoAnswer] = useState(false);
  const answers: AssessmentValues = Object.fromEntries(items.map((i) => [i.id, values[i.id] ?? null]));
  const answered = givenAnswers(answers).length;
  const set = (id: string, value: number | null) => {
    setNoAnswer(false);
    setValues((all) => ({ ...all, [id]: value }));
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (pending) return;
        if (answered === 0) {
          setNoAnswer(true);
          return;
        }
        onSubmit(answers);
      }}
      noValidate
      data-testid="assessment-form"
    >
      <Stack gap="lg">
        <Text size="sm">{t('strategies.assessment.intro')}</Text>
        {items.map((item) => {
          const value = values[item.id] ?? null;
          const level = value === null ? undefined : assessmentLevel(value);
          const title = name(item);
          return (
            <Stack
              key={item.id}
              gap={6}
              style={indentStyle(item.indent)}
              data-testid={`assessment-item-${item.id}`}
            >
              <ItemBadges item={item} />
              <Radio.Group
                value={value === null ? null : String(value)}
                onChange={(next) => set(item.id, Number(next))}
                label={title}
                description={item.description}
                name={`assessment-${item.id}`}
                styles={{ description: { whiteSpace: 'pre-wrap' } }}
              >
                <Group gap="md" mt="xs" wrap="wrap">
                  {ASSESSMENT_LEVELS.map((option) => (
                    <Radio
                      key={option}
                      value={String(ASSESSMENT_LEVEL_VALUES[option])}
                      label={
                        <Group gap={6} wrap="nowrap" component="span">
                          <AssessmentFace level={option} />
                          <span>{t(`strategies.levels.${option}`)}</span>
                        </Group>
                      }
                      styles={{ body: { alignItems: 'center' } }}
                      data-testid={`assessment-${item.id}-${option}`}
                    />
                  ))}
                </Group>
              </Radio.Group>
              {level && (
                <Group gap="xs">
                  <Text size="xs" c="dimmed">
                    {t('strategies.assessment.chosen', { level: t(`strategies.levels.${level}`) })}
                  </Text>
                  <UnstyledButton
                    fz="xs"
                    td="underline"
                    onClick={() => set(item.id, null)}
                    aria-label={t('strategies.assessment.clearLabel', { title })}
                    data-testid={`assessment-${item.id}-clear`}
                  >
                    {t('strategies.assessment.clear')}
                  </UnstyledButton>
                </Group>
              )}
            </Stack>
          );
        })}
        {noAnswer && (
          <Alert color="red" role="alert" data-testid="assessment-none">
            {t('strategies.assessment.atLeastOne')}
          </Alert>
        )}
        {problem && (
          <Alert color="red" role="alert" data-testid="assessment-error">
            {problem}
          </Alert>
        )}
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="assessment-progress">
            {t('strategies.assessment.answered', { count: answered, total: items.length })}
          </Text>
          <Button type="submit" loading={pending} data-testid="assessment-save">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A frozen assessment's answers, to read: each item with the level given, in words and with its face. */
export function AssessmentAnswers({
  items,
  values,
}: {
  items: readonly Strategy[];
  values: Readonly<Record<string, number>>;
}) {
  const { t } = useTranslation();
  const name = useItemName();
  const known = new Set(items.map((i) => i.id));
  const gone = Object.keys(values).filter((id) => !known.has(id)).length;
  return (
    <Stack gap="sm" data-testid="assessment-answers">
      {items
        .filter((item) => values[item.id] !== undefined)
        .map((item) => {
          const level = assessmentLevel(values[item.id] ?? 0);
          return (
            <Stack key={item.id} gap={2} style={indentStyle(item.indent)}>
              <Text fw={600}>{name(item)}</Text>
              {level && (
                <Group gap={6}>
                  <AssessmentFace level={level} size={22} />
                  <Text size="sm">{t(`strategies.levels.${level}`)}</Text>
                </Group>
              )}
            </Stack>
          );
        })}
      {gone > 0 && (
        <Text size="sm" c="dimmed">
          {t('strategies.assessment.gone', { count: gone })}
        </Text>
      )}
    </Stack>
  );
}

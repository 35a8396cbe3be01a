import { ActionIcon, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FeelingGoalInput } from '../../../../shared/contracts/feelings';
import { goalLevelLabel } from '../../../../shared/domain/feeling-days';
import { GOAL_AXES, GOAL_LEVELS, type GoalLevel } from '../../../../shared/domain/goals';
import { currentLanguage } from '../../i18n';
import { useAbility } from '../../lib/ability';
import { ReservedFeature } from '../../components/reserved-feature';

/**
 * The goals a feeling moves closer or away (spec 01 §3 Goal), an Essentials feature: others see
 * why it is closed and how to open it (plans for a starter user, an account for a guest).
 */
export function GoalsEditor({
  value,
  onChange,
}: {
  value: FeelingGoalInput[];
  onChange: (goals: FeelingGoalInput[]) => void;
}) {
  const { t } = useTranslation();
  const ability = useAbility();
  const language = currentLanguage();

  if (!ability.can('put', 'feeling-goal'))
    return (
      <ReservedFeature
        title={t('feelings.goals.title')}
        reason={t('feelings.goals.reserved')}
        guestReason={t('feelings.goals.guest')}
        testId="goals-reserved"
      />
    );

  const label = (id: string) => GOAL_AXES.find((g) => g.id === id)?.label[language] ?? id;
  const remaining = GOAL_AXES.filter((g) => !value.some((v) => v.id === g.id));
  return (
    <Stack gap="xs" component="section" aria-labelledby="feeling-goals-title" data-testid="goals-editor">
      <Text id="feeling-goals-title" fw={600}>
        {t('feelings.goals.title')}
      </Text>
      {value.map((goal) => (
        <Group key={goal.id} gap="xs" wrap="nowrap" data-testid={`goal-${goal.id}`}>
          <NativeSelect
            style={{ flex: 1 }}
            label={label(goal.id)}
            value={String(goal.level)}
            onChange={(event) =>
              onChange(
                value.map((g) =>
                  g.id === goal.id ? { ...g, level: Number(event.currentTarget.value) as GoalLevel } : g,
                ),
              )
            }
            data={[...GOAL_LEVELS].reverse().map((level) => ({
              value: String(level),
              label: goalLevelLabel(level, language),
            }))}
            data-testid={`goal-level-${goal.id}`}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={24}
            aria-label={t('feelings.goals.remove', { goal: label(goal.id) })}
            onClick={() => onChange(value.filter((g) => g.id !== goal.id))}
            data-testid={`goal-remove-${goal.id}`}
          >
            ✕
          </ActionIcon>
        </Group>
      ))}
      {remaining.length > 0 && (
        <NativeSelect
          aria-label={t('feelings.goals.add')}
          value=""
          onChange={(event) => {
            const id = event.currentTarget.value;
            if (id) onChange([...value, { id, level: 1 }]);
          }}
          data={[
            { value: '', label: t('feelings.goals.add') },
            ...remaining.map((g) => ({ value: g.id, label: g.label[language] })),
          ]}
          data-testid="goal-add"
        />
      )}
    </Stack>
  );
}

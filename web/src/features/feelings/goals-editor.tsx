import { ActionIcon, Badge, Button, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeelingGoalInput } from '@shared/contracts/feelings';
import { goalLevelLabel } from '@shared/domain/feeling-days';
import {
  DEFAULT_GOAL_RANKING,
  GOAL_AXES,
  GOAL_LEVELS,
  SUB_GOALS_PER_ROW,
  isGoalLevel,
  isHighlightedRanking,
  type GoalLevel,
} from '@shared/domain/goals';
import { currentLanguage } from '../../i18n';
import { useAbility } from '../../lib/ability';
import { ReservedFeature } from '../../components/reserved-feature';
import { useGoalRankings } from './api/goal-rankings';

/**
 * The goals a feeling moves closer or away (spec 01 §3 Goal), an Essentials feature: others see
 * why it is closed and how to open it (plans for a starter user, an account for a guest). Each goal
 * carries the person's ranking from their goal-ranking survey (20 when unranked): the goals ranked
 * 5 or better are offered first and highlighted, and a goal added records its ranking.
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
  const allowed = ability.can('put', 'feeling-goal');
  const rankings = useGoalRankings(allowed).data?.rankings;

  if (!allowed)
    return (
      <ReservedFeature
        title={t('feelings.goals.title')}
        reason={t('feelings.goals.reserved')}
        guestReason={t('feelings.goals.guest')}
        testId="goals-reserved"
      />
    );

  const label = (id: string) => GOAL_AXES.find((g) => g.id === id)?.label[language] ?? id;
  const rankingOf = (id: string) => rankings?.[id] ?? DEFAULT_GOAL_RANKING;
  // The goals that matter most first; the taxonomy's order otherwise (the sort is stable).
  const remaining = GOAL_AXES.filter((g) => !value.some((v) => v.id === g.id)).sort(
    (a, b) => rankingOf(a.id) - rankingOf(b.id),
  );
  const optionLabel = (id: string) =>
    isHighlightedRanking(rankingOf(id))
      ? `${label(id)} (${t('feelings.goals.priority', { ranking: rankingOf(id) })})`
      : label(id);
  return (
    <Stack gap="xs" component="section" aria-labelledby="feeling-goals-title" data-testid="goals-editor">
      <Text id="feeling-goals-title" fw={600}>
        {t('feelings.goals.title')}
      </Text>
      {value.map((goal) => (
        <Stack key={goal.id} gap={4} data-testid={`goal-${goal.id}`}>
          <Group gap="xs" wrap="nowrap">
            <NativeSelect
              style={{ flex: 1 }}
              label={
                isHighlightedRanking(goal.ranking ?? rankingOf(goal.id)) ? (
                  <Group gap={6} component="span">
                    {label(goal.id)}
                    <Badge size="xs" variant="light" data-testid={`goal-ranking-${goal.id}`}>
                      {t('feelings.goals.priority', { ranking: goal.ranking ?? rankingOf(goal.id) })}
                    </Badge>
                  </Group>
                ) : (
                  label(goal.id)
                )
              }
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
          <SimpleGrid cols={{ base: 1, xs: SUB_GOALS_PER_ROW }} spacing="xs" pl="md">
            {(GOAL_AXES.find((g) => g.id === goal.id)?.subs ?? []).map((sub) => {
              const current = goal.subs?.find((s) => s.id === sub.id);
              return (
                <NativeSelect
                  key={sub.id}
                  size="xs"
                  label={sub.label[language]}
                  value={current ? String(current.level) : ''}
                  onChange={(event) => {
                    const raw = event.currentTarget.value;
                    const others = (goal.subs ?? []).filter((s) => s.id !== sub.id);
                    const subs =
                      raw === '' ? others : [...others, { id: sub.id, level: Number(raw) as GoalLevel }];
                    onChange(value.map((g) => (g.id === goal.id ? { ...g, subs } : g)));
                  }}
                  data={[
                    { value: '', label: t('feelings.goals.untouched') },
                    ...[...GOAL_LEVELS].reverse().map((level) => ({
                      value: String(level),
                      label: goalLevelLabel(level, language),
                    })),
                  ]}
                  data-testid={`goal-sub-${goal.id}-${sub.id}`}
                />
              );
            })}
          </SimpleGrid>
        </Stack>
      ))}
      {remaining.length > 0 && (
        <NativeSelect
          aria-label={t('feelings.goals.add')}
          value=""
          onChange={(event) => {
            const id = event.currentTarget.value;
            if (id) onChange([...value, { id, level: 1, ...(rankings ? { ranking: rankingOf(id) } : {}) }]);
          }}
          data={[
            { value: '', label: t('feelings.goals.add') },
            ...remaining.map((g) => ({ value: g.id, label: optionLabel(g.id) })),
          ]}
          data-testid="goal-add"
        />
      )}
    </Stack>
  );
}

/**
 * The goals of a recorded feeling (spec 01 §2 update feeling): shown as they are; "Change the
 * goals" opens a draft, which Validate applies and Cancel drops, so a half-edited goal never
 * reaches the save. `onEditing` tells the overlay a draft is open.
 */
export function GoalsDraftEditor({
  value,
  onChange,
  onEditing,
}: {
  value: FeelingGoalInput[];
  onChange: (goals: FeelingGoalInput[]) => void;
  onEditing: (editing: boolean) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const ability = useAbility();
  const [draft, setDraft] = useState<FeelingGoalInput[] | null>(null);
  const label = (id: string) => GOAL_AXES.find((g) => g.id === id)?.label[language] ?? id;
  const edit = (next: FeelingGoalInput[] | null) => {
    setDraft(next);
    onEditing(next !== null);
  };
  if (draft !== null)
    return (
      <Stack gap="xs" data-testid="goals-draft">
        <GoalsEditor value={draft} onChange={setDraft} />
        <Group gap="xs">
          <Button
            size="xs"
            onClick={() => {
              onChange(draft);
              edit(null);
            }}
            data-testid="goals-validate"
          >
            {t('feelings.goals.validate')}
          </Button>
          <Button size="xs" variant="default" onClick={() => edit(null)} data-testid="goals-cancel">
            {t('feelings.goals.cancel')}
          </Button>
        </Group>
      </Stack>
    );
  return (
    <Stack gap="xs" component="section" aria-labelledby="feeling-goals-summary" data-testid="goals-summary">
      <Text id="feeling-goals-summary" fw={600}>
        {t('feelings.goals.title')}
      </Text>
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('feelings.goals.none')}
        </Text>
      ) : (
        value.map((goal) => (
          <Text key={goal.id} size="sm" data-testid={`goal-summary-${goal.id}`}>
            {label(goal.id)} — {isGoalLevel(goal.level) ? goalLevelLabel(goal.level, language) : goal.level}
          </Text>
        ))
      )}
      {ability.can('put', 'feeling-goal') && (
        <Group>
          <Button size="xs" variant="light" onClick={() => edit(value)} data-testid="goals-edit">
            {t('feelings.goals.edit')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

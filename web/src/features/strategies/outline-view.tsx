import type { ReactNode } from 'react';
import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Strategy } from '@shared/contracts/strategies';
import { GOAL_AXES } from '@shared/domain/goals';
import { currentLanguage } from '../../i18n';
import { levelOf } from './outline-rules';

/** An item's name: its title, or its type's name when it has none (only custom and life-compass items must). */
export function useItemName() {
  const { t } = useTranslation();
  return (item: Pick<Strategy, 'title' | 'type'>) => item.title.trim() || t(`strategies.types.${item.type}`);
}

/** The indent as the eye sees it: one step in per level, with a line along nested items. */
export function indentStyle(indent: number) {
  return {
    marginInlineStart: `calc(${indent} * var(--mantine-spacing-lg))`,
    borderInlineStart: indent > 0 ? '3px solid var(--mantine-color-gray-4)' : undefined,
    paddingInlineStart: indent > 0 ? 'var(--mantine-spacing-sm)' : undefined,
  };
}

/** The type and the level of an item, in words (the level is read out, not only shown by the indent). */
export function ItemBadges({ item, children }: { item: Strategy; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="wrap">
      <Badge variant="light" tt="none">
        {t(`strategies.types.${item.type}`)}
      </Badge>
      <Badge variant="outline" color="gray" tt="none" data-testid={`strategy-level-${item.id}`}>
        {t('strategies.outline.level', { level: levelOf(item.indent) })}
      </Badge>
      {children}
    </Group>
  );
}

/** The life goals an item serves, named in the reader's language. */
export function LinkedGoals({ item }: { item: Strategy }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const names = item.goalsLinked.flatMap((id) => {
    const goal = GOAL_AXES.find((g) => g.id === id);
    return goal ? [goal.label[language]] : [];
  });
  if (names.length === 0) return null;
  return (
    <Text size="xs" c="dimmed" data-testid={`strategy-goals-${item.id}`}>
      {t('strategies.outline.goals', { goals: names.join(', ') })}
    </Text>
  );
}

/**
 * A strategy to read (a sphere's or a group's, spec 02 §2): its items in order, each indented and
 * with its level in words, its type, title and description.
 */
export function OutlineView({ items, testId }: { items: readonly Strategy[]; testId: string }) {
  const name = useItemName();
  return (
    <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid={testId}>
      {items.map((item) => (
        <Box component="li" key={item.id} style={indentStyle(item.indent)} data-testid={`${testId}-item`}>
          <Stack gap={2}>
            <ItemBadges item={item} />
            <Text fw={600}>{name(item)}</Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {item.description}
            </Text>
            <LinkedGoals item={item} />
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

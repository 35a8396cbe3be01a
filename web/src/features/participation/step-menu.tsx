import { useId } from 'react';
import { ActionIcon, Box, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Participation } from '@shared/contracts/campaigns';
import type { StepStatus } from '@shared/domain/campaigns';
import { menuGroups, type MenuStep } from './rules';

/** The menu's widths (spec 02 §2): 250 px open, 50 px closed. */
export const MENU_OPEN_WIDTH = 250;
export const MENU_CLOSED_WIDTH = 50;

/** The thank-you entry's id in the menu, after the steps. */
export const THANKS_ENTRY = 'thanks';

/** Each status has its own mark and its own words: never colour alone. */
const MARKS: Record<StepStatus | 'locked', string> = {
  todo: '○',
  inProgress: '◐',
  done: '✓',
  cancelled: '–',
  locked: '🔒',
};

/**
 * The left step menu (spec 02 §2): the steps grouped by measure, each with its status as a mark and
 * as words; a locked step is disabled and says why; once the participation is done, a final
 * "Thank you" entry. Closed, it keeps only the marks, each button still named in full.
 */
export function StepMenu({
  participation,
  selected,
  onSelect,
  open,
  onToggle,
}: {
  participation: Participation;
  selected: string | null;
  onSelect: (stepId: string) => void;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const groups = menuGroups(participation);
  const done = participation.status === 'done';
  const statusText = (step: MenuStep) =>
    step.locked && step.status === 'todo'
      ? `${t('participation.menu.todo')}, ${t('participation.menu.locked')}`
      : t(`participation.menu.${step.status}`);
  const stepTitle = (step: MenuStep) =>
    step.definition.kind === 'tags'
      ? t('participation.menu.tags', { title: step.definition.title })
      : step.definition.title || t(`participation.types.${step.definition.type}`);
  return (
    <Box
      component="nav"
      aria-label={t('participation.menu.label')}
      w={open ? MENU_OPEN_WIDTH : MENU_CLOSED_WIDTH}
      style={{ flexShrink: 0, transition: 'width 150ms' }}
      data-testid="participation-menu"
      data-open={open}
    >
      <ActionIcon
        variant="subtle"
        c="blue.9"
        size="lg"
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t(open ? 'participation.menu.close' : 'participation.menu.open')}
        mb="xs"
        data-testid="participation-menu-toggle"
      >
        <span aria-hidden="true">{open ? '«' : '»'}</span>
      </ActionIcon>
      <Stack gap="sm" id={listId}>
        {groups.map((group) => (
          <div key={group.measureId} role="group" aria-label={open ? undefined : group.title}>
            {open && (
              <Text size="sm" fw={700} mb={4} style={{ overflowWrap: 'anywhere' }}>
                {group.title}{' '}
                <Text component="span" size="xs" c="dimmed" fw={400}>
                  ({t(`participation.menu.${group.status}`)})
                </Text>
              </Text>
            )}
            <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {group.steps.map((step) => {
                const current = selected === step.definition.stepId;
                const mark = step.locked ? MARKS.locked : MARKS[step.status];
                const label = `${stepTitle(step)}: ${statusText(step)}`;
                return (
                  <li key={step.definition.stepId}>
                    <UnstyledButton
                      onClick={() => onSelect(step.definition.stepId)}
                      disabled={step.locked || step.status === 'cancelled'}
                      aria-current={current ? 'step' : undefined}
                      aria-label={open ? undefined : label}
                      title={open ? undefined : label}
                      data-testid={`participation-step-${step.definition.stepId}`}
                      data-status={step.status}
                      style={{
                        display: 'flex',
                        gap: 8,
                        width: '100%',
                        padding: '6px 8px',
                        borderRadius: 4,
                        alignItems: 'flex-start',
                        background: current ? 'var(--mantine-color-blue-0)' : undefined,
                        borderLeft: current
                          ? '3px solid var(--mantine-color-blue-9)'
                          : '3px solid transparent',
                        opacity: step.locked ? 0.75 : 1,
                        cursor: step.locked ? 'not-allowed' : 'pointer',
                      }}
                    >
                      <span aria-hidden="true" style={{ width: 18, textAlign: 'center', flexShrink: 0 }}>
                        {mark}
                      </span>
                      {open && (
                        <span style={{ minWidth: 0 }}>
                          <Text
                            component="span"
                            size="sm"
                            display="block"
                            style={{ overflowWrap: 'anywhere' }}
                          >
                            {stepTitle(step)}
                          </Text>
                          <Text component="span" size="xs" c="dimmed" display="block">
                            {statusText(step)}
                          </Text>
                        </span>
                      )}
                    </UnstyledButton>
                  </li>
                );
              })}
            </Stack>
          </div>
        ))}
        {done && (
          <UnstyledButton
            onClick={() => onSelect(THANKS_ENTRY)}
            aria-current={selected === THANKS_ENTRY ? 'step' : undefined}
            aria-label={open ? undefined : t('participation.menu.thanks')}
            data-testid="participation-step-thanks"
            style={{
              display: 'flex',
              gap: 8,
              padding: '6px 8px',
              borderRadius: 4,
              background: selected === THANKS_ENTRY ? 'var(--mantine-color-blue-0)' : undefined,
              borderLeft:
                selected === THANKS_ENTRY ? '3px solid var(--mantine-color-blue-9)' : '3px solid transparent',
            }}
          >
            <span aria-hidden="true" style={{ width: 18, textAlign: 'center' }}>
              ♥
            </span>
            {open && (
              <Text component="span" size="sm" fw={600}>
                {t('participation.menu.thanks')}
              </Text>
            )}
          </UnstyledButton>
        )}
      </Stack>
    </Box>
  );
}

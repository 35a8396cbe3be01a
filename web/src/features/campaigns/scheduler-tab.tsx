import { useState } from 'react';
import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Campaign, Cycle, CycleCommand, CycleParticipants } from '@shared/contracts/campaigns';
import {
  CYCLE_ACTIONS,
  TEST_ACTIONS,
  nextCycleStatus,
  nextTestState,
  participantCountKey,
} from '@shared/domain/campaigns';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { listStatus } from '../../components/list-status';
import { formatDateTime } from '../../lib/dates';
import { errorMessages } from '../../lib/errors';
import { useCommandCycle, useCycles, useFetchCycleParticipants } from './api/campaigns';
import { cycleDates } from './cycles-tab';
import { StatusBadge } from './parts';

type Command = CycleCommand['action'];

/** The commands that erase something: their confirmation says so and its button is red. */
export const DESTRUCTIVE_COMMANDS: readonly Command[] = ['cancel', 'resetTestMode', 'disableTestMode'];

/** The commands the state machines allow on a cycle now (docs/campaign-states.md), in their order. */
export function allowedCommands(cycle: Cycle): Command[] {
  const history = { collected: cycle.log.length > 0 };
  const test = { testMode: cycle.testMode, testRunning: cycle.testRunning };
  return [
    ...CYCLE_ACTIONS.filter((a) => nextCycleStatus(cycle.status, a, history) !== null),
    ...TEST_ACTIONS.filter((a) => nextTestState(cycle.status, test, a) !== null),
  ];
}

/** The people who took part in a cycle, as the server counts them for the stop confirmation. */
export function tookPart(counts: CycleParticipants['counts']): number {
  return counts.inProgress + counts.done + counts.refused;
}

/**
 * The scheduler tab (spec 02 §4): each cycle's status, version, test mode and logbook, and the
 * commands its state machines allow now, each behind a confirmation. Stopping the collection first
 * reads how many took part and says it: nobody, one person, or how many.
 */
export function SchedulerTab({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const cycles = useCycles(campaign.campaignId);
  const status = listStatus(cycles, {
    loadError: t('campaigns.cycles.loadError'),
    empty: t('campaigns.cycles.empty'),
    skeletonHeight: 160,
    testIds: { loading: 'scheduler-loading', error: 'scheduler-error', empty: 'scheduler-empty' },
  });
  return (
    <Stack data-testid="scheduler-tab">
      <Title order={2} size="h4">
        {t('campaigns.scheduler.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('campaigns.scheduler.intro')}
      </Text>
      {!campaign.active && (
        <Alert color="gray" data-testid="scheduler-inactive">
          {t('campaigns.scheduler.inactive')}
        </Alert>
      )}
      {status ??
        cycles.data?.items.map((cycle) => (
          <CycleCommands
            key={cycle.cycleId}
            campaignId={campaign.campaignId}
            cycle={cycle}
            active={campaign.active}
          />
        ))}
    </Stack>
  );
}

export function CycleCommands({
  campaignId,
  cycle,
  active,
}: {
  campaignId: string;
  cycle: Cycle;
  active: boolean;
}) {
  const { t } = useTranslation();
  const command = useCommandCycle(campaignId);
  const fetchParticipants = useFetchCycleParticipants(campaignId);
  const [count, setCount] = useState<{ pending: boolean; value?: number; error?: unknown }>({
    pending: false,
  });
  const testId = `scheduler-${cycle.cycleId}`;
  const none = t('campaigns.list.noDate');

  /** Before stopping the collection: how many took part, once counted. */
  const stopExplanation = () => {
    if (count.pending) return <Skeleton height={24} data-testid="scheduler-count-loading" />;
    if (count.value === undefined)
      return (
        <Alert color="orange" data-testid="scheduler-count-error">
          {t('campaigns.scheduler.countError', { error: errorMessages(count.error, t) })}
        </Alert>
      );
    return (
      <Text data-testid="scheduler-count">
        {t(`campaigns.scheduler.stopCount.${participantCountKey(count.value)}`, { count: count.value })}
      </Text>
    );
  };
  const confirmation = useConfirmedRemoval<Command>({
    remove: (action) => command.mutateAsync({ cycleId: cycle.cycleId, action }),
    title: (action) => t(`campaigns.scheduler.confirm.${action}.title`, { name: cycle.internalLabel }),
    message: (action) => (
      <Stack gap="xs">
        <Text>{t(`campaigns.scheduler.confirm.${action}.text`)}</Text>
        {action === 'stopCollection' && stopExplanation()}
      </Stack>
    ),
    confirmLabel: (action) => t(`campaigns.scheduler.actions.${action}`),
    cancelLabel: t('campaigns.scheduler.keep'),
    destructive: (action) => DESTRUCTIVE_COMMANDS.includes(action),
    success: (action) => `campaigns.scheduler.done.${action}`,
    testId: 'scheduler-confirm',
  });
  const ask = (action: Command) => {
    confirmation.ask(action);
    if (action !== 'stopCollection') return;
    setCount({ pending: true });
    fetchParticipants(cycle.cycleId).then(
      (participants) => setCount({ pending: false, value: tookPart(participants.counts) }),
      (error: unknown) => setCount({ pending: false, error }),
    );
  };

  const dates = cycleDates(cycle, none);
  return (
    <Paper withBorder p="md" component="section" aria-label={cycle.internalLabel} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600}>{cycle.internalLabel}</Text>
            <StatusBadge kind="cycle" status={cycle.status} testId={`${testId}-status`} />
            {cycle.testMode && (
              <Text span size="sm" data-testid={`${testId}-test`}>
                {t(cycle.testRunning ? 'campaigns.scheduler.testRunning' : 'campaigns.scheduler.testMode')}
              </Text>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('campaigns.scheduler.version', { version: cycle.version })}
          </Text>
        </Group>
        <Text size="sm">{t('campaigns.page.cycleDates', dates)}</Text>
        {active && (
          <Group gap="xs">
            {allowedCommands(cycle).map((action) => (
              <Button
                key={action}
                size="compact-sm"
                variant={DESTRUCTIVE_COMMANDS.includes(action) ? 'subtle' : 'light'}
                color={DESTRUCTIVE_COMMANDS.includes(action) ? 'red' : undefined}
                c={DESTRUCTIVE_COMMANDS.includes(action) ? 'red.9' : undefined}
                onClick={() => ask(action)}
                data-testid={`${testId}-${action}`}
              >
                {t(`campaigns.scheduler.actions.${action}`)}
              </Button>
            ))}
          </Group>
        )}
        {cycle.log.length > 0 && (
          <Table.ScrollContainer minWidth={420}>
            <Table data-testid={`${testId}-log`}>
              <Table.Caption>{t('campaigns.scheduler.log')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('campaigns.scheduler.logAt')}</Table.Th>
                  <Table.Th>{t('campaigns.scheduler.logAction')}</Table.Th>
                  <Table.Th>{t('campaigns.scheduler.logCount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {cycle.log.map((entry) => (
                  <Table.Tr key={`${entry.at}-${entry.action}`}>
                    <Table.Td>{formatDateTime(entry.at)}</Table.Td>
                    <Table.Td>
                      {t(`campaigns.scheduler.actions.${entry.action}`, { defaultValue: entry.action })}
                    </Table.Td>
                    <Table.Td>{entry.participantCount}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {confirmation.dialog}
    </Paper>
  );
}

import { useState } from 'react';
import {
  Alert,
  NativeSelect,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '@shared/contracts/campaigns';
import { currentCycle } from '@shared/domain/campaigns';
import { ErrorState } from '../../components/error-state';
import { useCycleParticipants, useCycles } from './api/campaigns';

/**
 * The participation tab (spec 02 §2 participation and status views): per cycle, the counts and
 * the people asked with their status and completion — never their answers, which are anonymous.
 */
export function ParticipationTab({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const cycles = useCycles(campaign.campaignId);
  const [chosen, setChosen] = useState<string>();
  const items = cycles.data?.items ?? [];
  const cycle =
    items.find((c) => c.cycleId === chosen) ?? (cycles.data ? (currentCycle(items) ?? items[0]) : undefined);
  const participants = useCycleParticipants(campaign.campaignId, cycle?.cycleId);

  let body;
  if (cycles.isPending) body = <Skeleton height={160} data-testid="participation-loading" />;
  else if (cycles.isError)
    body = (
      <ErrorState
        title={t('campaigns.cycles.loadError')}
        error={cycles.error}
        onRetry={() => void cycles.refetch()}
        testId="participation-error"
      />
    );
  else if (!cycle)
    body = (
      <Text c="dimmed" data-testid="participation-no-cycle">
        {t('campaigns.notifications.noCycle')}
      </Text>
    );
  else
    body = (
      <Stack>
        <NativeSelect
          label={t('campaigns.cycles.cycle')}
          value={cycle.cycleId}
          onChange={(e) => setChosen(e.currentTarget.value)}
          data={items.map((c) => ({ value: c.cycleId, label: c.internalLabel }))}
          data-testid="participation-cycle"
        />
        {participants.isPending ? (
          <Skeleton height={120} />
        ) : participants.isError ? (
          <ErrorState
            title={t('campaigns.participation.loadError')}
            error={participants.error}
            onRetry={() => void participants.refetch()}
            testId="participants-error"
          />
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, sm: 5 }} data-testid="participation-counts">
              {(['invited', 'blank', 'inProgress', 'done', 'refused'] as const).map((k) => (
                <Stack key={k} gap={0}>
                  <Text size="xl" fw={700} data-testid={`participation-count-${k}`}>
                    {participants.data.counts[k]}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t(`campaigns.participation.counts.${k}`)}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
            {participants.data.people.length === 0 ? (
              <Text c="dimmed" data-testid="participation-empty">
                {t('campaigns.participation.empty')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table data-testid="participation-people">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('campaigns.participation.name')}</Table.Th>
                      <Table.Th>{t('campaigns.participation.status')}</Table.Th>
                      <Table.Th>{t('campaigns.participation.completion')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {participants.data.people.map((p) => (
                      <Table.Tr key={p.userId}>
                        <Table.Td>{p.name}</Table.Td>
                        <Table.Td>{t(`campaigns.participation.statuses.${p.status}`)}</Table.Td>
                        <Table.Td>
                          <Progress
                            value={p.completion}
                            aria-label={t('campaigns.participation.completionOf', {
                              name: p.name,
                              percent: p.completion,
                            })}
                          />
                          <Text size="xs">{`${p.completion} %`}</Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
      </Stack>
    );

  return (
    <Stack data-testid="participation-tab">
      <Title order={2} size="h4">
        {t('campaigns.participation.title')}
      </Title>
      <Alert color="blue" data-testid="participation-anonymous">
        {t('campaigns.participation.anonymous')}
      </Alert>
      {body}
    </Stack>
  );
}

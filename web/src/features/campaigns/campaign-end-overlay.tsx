import { useState } from 'react';
import { Alert, Button, Group, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_ACTIONS, type CampaignAction } from '@shared/domain/campaigns';
import { ErrorState } from '../../components/error-state';
import { notifySuccess } from '../../components/notify';
import { errorMessages } from '../../lib/errors';
import type { OverlayProps } from '../../lib/overlays';
import { useCampaign, useCommandCampaign, useCycles } from './api/campaigns';
import { StatusBadge } from './parts';

/**
 * The actions a campaign allows now (spec 02 §4): close (when no cycle collects) or cancel an
 * active campaign, reopen a closed or cancelled one. Mirrors `nextCampaignFlags`.
 */
export function campaignActions(active: boolean, collecting: boolean): CampaignAction[] {
  return CAMPAIGN_ACTIONS.filter((a) =>
    a === 'reopen' ? !active : active && (a === 'cancel' || !collecting),
  );
}

/**
 * `show=campaign end&campaignId=…`: the campaign-level close or cancel confirmation — cancelling
 * stops its cycles and their schedules — or its reopening.
 */
export default function CampaignEndOverlay({ params, done }: OverlayProps) {
  const { t } = useTranslation();
  const campaignId = params.get('campaignId') ?? '';
  const campaign = useCampaign(campaignId);
  const cycles = useCycles(campaignId);
  const command = useCommandCampaign(campaignId);
  const [action, setAction] = useState<CampaignAction>();

  if (campaign.isPending || cycles.isPending)
    return <Skeleton height={160} data-testid="campaign-end-loading" />;
  if (campaign.isError || cycles.isError)
    return (
      <ErrorState
        title={t('campaigns.page.loadError')}
        error={campaign.error ?? cycles.error}
        onRetry={() => void (campaign.isError ? campaign.refetch() : cycles.refetch())}
        testId="campaign-end-error"
      />
    );
  const collecting = cycles.data.items.some((c) => c.status === 'inProgress');
  const actions = campaignActions(campaign.data.active, collecting);
  const chosen = action ?? actions[0];
  return (
    <Stack data-testid="campaign-end">
      <Group gap="xs">
        <Text fw={600}>{campaign.data.name}</Text>
        <StatusBadge kind="campaign" status={campaign.data.status} />
      </Group>
      {collecting && campaign.data.active && (
        <Alert color="orange" data-testid="campaign-end-collecting">
          {t('campaigns.end.collecting')}
        </Alert>
      )}
      <Radio.Group
        label={t('campaigns.end.choose')}
        value={chosen ?? ''}
        onChange={(v) => setAction(v as CampaignAction)}
      >
        <Stack gap="xs" mt="xs">
          {actions.map((a) => (
            <Radio
              key={a}
              value={a}
              label={t(`campaigns.end.actions.${a}`)}
              description={t(`campaigns.end.explain.${a}`)}
              data-testid={`campaign-end-${a}`}
            />
          ))}
        </Stack>
      </Radio.Group>
      {command.error && (
        <Alert color="red" role="alert" data-testid="campaign-end-problem">
          {errorMessages(command.error, t)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={done} disabled={command.isPending} data-testid="campaign-end-keep">
          {t('campaigns.end.keep')}
        </Button>
        <Button
          color={chosen === 'reopen' ? undefined : 'red.9'}
          disabled={!chosen}
          loading={command.isPending}
          onClick={() =>
            chosen &&
            command.mutate(chosen, {
              onSuccess: () => {
                notifySuccess(`campaigns.end.done.${chosen}`);
                done();
              },
            })
          }
          data-testid="campaign-end-confirm"
        >
          {chosen ? t(`campaigns.end.actions.${chosen}`) : t('campaigns.end.title')}
        </Button>
      </Group>
    </Stack>
  );
}

import { Alert, Anchor, Button, Group, Skeleton, Stack, Tabs, Title } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Campaign } from '@shared/contracts/campaigns';
import type { Sphere } from '@shared/contracts/spheres';
import { ErrorState } from '../../components/error-state';
import { useAbility } from '../../lib/ability';
import { overlaySearch } from '../../lib/overlays';
import { useTabParam } from '../../lib/use-tab-param';
import { useCampaignSphere } from './api/campaigns';
import { ContextTab } from './context-tab';
import { CyclesTab } from './cycles-tab';
import { MeasuresEditor } from './measures-editor';
import { NotificationsTab } from './notifications-tab';
import { ParticipationTab } from './participation-tab';
import { CAMPAIGN_END_OVERLAY, campaignPath } from './paths';
import { SchedulerTab } from './scheduler-tab';
import { SettingsForm } from './settings-form';
import { TargetsTab } from './targets-tab';
import { WithCampaign } from './with-campaign';

/** The tabs of a campaign's settings (spec 02 §2 campaign admin), `?tab=…`. */
export const CAMPAIGN_SETTINGS_TABS = [
  'settings',
  'measures',
  'cycles',
  'emails',
  'scheduler',
  'targets',
  'participation',
  'context',
] as const;

/**
 * A campaign's settings (spec 02 §2 `/apps/campaigns/{campaignId}/settings`), for those with `put`
 * on it (spec 02 §6 menu rules).
 */
export default function CampaignSettingsPage() {
  return <WithCampaign>{(campaign) => <WithSphere campaign={campaign} />}</WithCampaign>;
}

function WithSphere({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const allowed = ability.can('put', subject('campaign', { sphereId: campaign.sphereId }));
  const sphere = useCampaignSphere(allowed ? campaign.sphereId : undefined);
  if (!allowed)
    return (
      <Alert
        color="gray"
        title={t('campaigns.page.unavailableTitle')}
        data-testid="campaign-settings-forbidden"
      >
        {t('errors.campaign-forbidden')}
      </Alert>
    );
  if (sphere.isPending) return <Skeleton height={320} data-testid="campaign-settings-loading" />;
  if (sphere.isError)
    return (
      <ErrorState
        title={t('campaigns.page.loadError')}
        error={sphere.error}
        onRetry={() => void sphere.refetch()}
        testId="campaign-settings-error"
      />
    );
  return <CampaignSettings campaign={campaign} sphere={sphere.data} />;
}

function CampaignSettings({ campaign, sphere }: { campaign: Campaign; sphere: Sphere }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [tab, setTab] = useTabParam(CAMPAIGN_SETTINGS_TABS);
  const openEnd = () => {
    const params = new URLSearchParams(overlaySearch(location.search, CAMPAIGN_END_OVERLAY));
    params.set('campaignId', campaign.campaignId);
    void navigate({ pathname: location.pathname, search: `?${params.toString()}` });
  };
  return (
    <Stack maw={960} data-testid="campaign-settings">
      <Anchor component={Link} to={campaignPath(campaign.campaignId)} size="sm">
        {t('campaigns.settings.back', { name: campaign.name })}
      </Anchor>
      <Group justify="space-between">
        <Title order={1}>{t('campaigns.settings.title', { name: campaign.name })}</Title>
        <Button variant="default" onClick={openEnd} data-testid="campaign-end-open">
          {t(campaign.active ? 'campaigns.end.open' : 'campaigns.end.reopen')}
        </Button>
      </Group>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          {CAMPAIGN_SETTINGS_TABS.map((id) => (
            <Tabs.Tab key={id} value={id} data-testid={`campaign-tab-${id}`}>
              {t(`campaigns.settings.tabs.${id}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="settings" pt="md">
          <SettingsForm key={campaign.updateDate} campaign={campaign} sphere={sphere} />
        </Tabs.Panel>
        <Tabs.Panel value="measures" pt="md">
          <MeasuresEditor key={campaign.updateDate} campaign={campaign} sphere={sphere} />
        </Tabs.Panel>
        <Tabs.Panel value="cycles" pt="md">
          <CyclesTab campaign={campaign} sphere={sphere} />
        </Tabs.Panel>
        <Tabs.Panel value="emails" pt="md">
          <NotificationsTab campaign={campaign} sphere={sphere} />
        </Tabs.Panel>
        <Tabs.Panel value="scheduler" pt="md">
          <SchedulerTab campaign={campaign} />
        </Tabs.Panel>
        <Tabs.Panel value="targets" pt="md">
          <TargetsTab key={campaign.updateDate} campaign={campaign} sphere={sphere} />
        </Tabs.Panel>
        <Tabs.Panel value="participation" pt="md">
          <ParticipationTab campaign={campaign} />
        </Tabs.Panel>
        <Tabs.Panel value="context" pt="md">
          <ContextTab campaign={campaign} sphere={sphere} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

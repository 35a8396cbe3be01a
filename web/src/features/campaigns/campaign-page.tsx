import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Campaign } from '@shared/contracts/campaigns';
import { currentCycle } from '@shared/domain/campaigns';
import { campaignReportsOffered } from '@shared/domain/entitlements';
import { textIn } from '@shared/domain/sessions';
import { LinkWithQr } from '../../components/link-with-qr';
import { currentLanguage } from '../../i18n';
import { useAbility } from '../../lib/ability';
import { formatDateTime } from '../../lib/dates';
import { errorMessages } from '../../lib/errors';
import { useMe } from '../../lib/me';
import { campaignCustomReportsPath, campaignReportPath } from '../../lib/routes';
import { useSphere } from '../../lib/sphere';
import { useCycleParticipants, useCycles } from './api/campaigns';
import { StatusBadge } from './parts';
import { campaignJoinLink, campaignSettingsPath, participationPath } from './paths';
import { WithCampaign } from './with-campaign';

/**
 * A campaign's page (spec 02 §2 `/apps/campaigns/{campaignId}`): what it is, its current cycle with
 * its dates, status and participation counts, the join link and its QR code, a way to take part,
 * its results and custom reports for its sphere's admins (smartReport; custom reports unless their
 * subscription is starter, and only while the sphere has its campaign templates), and its settings
 * for those who may change it.
 */
export default function CampaignPage() {
  return <WithCampaign>{(campaign) => <CampaignLanding campaign={campaign} />}</WithCampaign>;
}

function CampaignLanding({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const ability = useAbility();
  const me = useMe();
  // Each check gets its own object: CASL marks an object with the subject type it was checked as.
  const canChange = ability.can('put', subject('campaign', { sphereId: campaign.sphereId }));
  const canReadCycles = ability.can('get', subject('campaign-cycle', { sphereId: campaign.sphereId }));
  const canReadResults = ability.can('smartReport', subject('campaign', { sphereId: campaign.sphereId }));
  // Custom reports are an Essentials feature (spec 02 §6 menu rules): not for a guest nor starter.
  const customReportsOffered =
    me.data !== undefined && !me.data.profile.isGuest && me.data.ability.subscription !== 'starter';
  // Campaign-based reports only while the sphere has its campaign templates (spec 02 §6, decision
  // 0047): the sphere is read only for those the link is otherwise for, and the link waits for it.
  const sphere = useSphere(campaign.sphereId, canReadResults && customReportsOffered);
  const campaignReportsOpen = sphere.data !== undefined && campaignReportsOffered(sphere.data.entitlements);
  const publicName = textIn(campaign.publicName, language, campaign.defaultLocale);
  const description = textIn(campaign.description, language, campaign.defaultLocale);
  return (
    <Stack maw={860} data-testid="campaign-page">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{campaign.name}</Title>
          {publicName && publicName !== campaign.name && (
            <Text c="dimmed" data-testid="campaign-public-name">
              {publicName}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          {canReadResults && (
            <Button
              component={Link}
              to={campaignReportPath(campaign.campaignId)}
              variant="default"
              data-testid="campaign-results-link"
            >
              {t('campaigns.page.results')}
            </Button>
          )}
          {canReadResults && customReportsOffered && campaignReportsOpen && (
            <Button
              component={Link}
              to={campaignCustomReportsPath(campaign.campaignId)}
              variant="default"
              data-testid="campaign-custom-reports-link"
            >
              {t('campaigns.page.customReports')}
            </Button>
          )}
          {canChange && (
            <Button
              component={Link}
              to={campaignSettingsPath(campaign.campaignId)}
              variant="default"
              data-testid="campaign-settings-link"
            >
              {t('campaigns.page.settings')}
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="xs">
        <StatusBadge kind="campaign" status={campaign.status} testId="campaign-status" />
        <StatusBadge kind="preparation" status={campaign.preparationStatus} testId="campaign-preparation" />
      </Group>
      {description && <Text style={{ whiteSpace: 'pre-wrap' }}>{description}</Text>}
      <Group>
        <Button component={Link} to={participationPath(campaign.campaignId)} data-testid="campaign-take-part">
          {t('campaigns.page.takePart')}
        </Button>
      </Group>
      {canReadCycles && <CurrentCycle campaign={campaign} />}
      <Paper withBorder p="md" component="section" aria-labelledby="campaign-join-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="campaign-join-title">
            {t('campaigns.page.joinTitle')}
          </Title>
          <JoinLink campaign={campaign} />
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The campaign's join link and its QR code, when the campaign answers its code. */
export function JoinLink({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  if (!campaign.validationCode)
    return (
      <Text c="dimmed" size="sm" data-testid="campaign-join-none">
        {t('campaigns.page.joinNone')}
      </Text>
    );
  return (
    <Stack gap="sm" data-testid="campaign-join">
      <Text size="sm" c="dimmed">
        {t('campaigns.page.joinIntro')}
      </Text>
      <LinkWithQr
        link={campaignJoinLink(campaign.campaignId, campaign.validationCode)}
        fileName={`${campaign.name}-campaign.png`}
        labels={{
          link: t('campaigns.page.joinLabel'),
          copy: t('campaigns.page.copy'),
          copied: t('campaigns.page.copied'),
          download: t('campaigns.page.download'),
          qrAlt: t('campaigns.page.qrAlt', { name: campaign.name }),
        }}
        testId="campaign-join"
      />
    </Stack>
  );
}

function CurrentCycle({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const cycles = useCycles(campaign.campaignId);
  const cycle = cycles.data ? currentCycle(cycles.data.items) : undefined;
  const participants = useCycleParticipants(campaign.campaignId, cycle?.cycleId);
  let body;
  if (cycles.isPending) body = <Skeleton height={80} />;
  else if (cycles.isError)
    body = (
      <Alert color="red" role="alert" data-testid="campaign-cycle-error">
        {errorMessages(cycles.error, t)}
      </Alert>
    );
  else if (!cycle)
    body = (
      <Text c="dimmed" data-testid="campaign-no-cycle">
        {t('campaigns.page.noCycle')}
      </Text>
    );
  else
    body = (
      <Stack gap="xs" data-testid="campaign-current-cycle">
        <Group gap="xs">
          <Text fw={600}>{cycle.internalLabel}</Text>
          <StatusBadge kind="cycle" status={cycle.status} testId="campaign-cycle-status" />
        </Group>
        <Text size="sm">
          {t('campaigns.page.cycleDates', {
            start: cycle.start ? formatDateTime(cycle.start) : t('campaigns.list.noDate'),
            end: cycle.end ? formatDateTime(cycle.end) : t('campaigns.list.noDate'),
          })}
        </Text>
        {participants.isError ? (
          <Alert color="red" role="alert">
            {errorMessages(participants.error, t)}
          </Alert>
        ) : participants.data ? (
          <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="campaign-counts">
            {(['invited', 'inProgress', 'done', 'refused'] as const).map((k) => (
              <Stack key={k} gap={0}>
                <Text size="xl" fw={700} data-testid={`campaign-count-${k}`}>
                  {participants.data.counts[k]}
                </Text>
                <Text size="sm" c="dimmed">
                  {t(`campaigns.participation.counts.${k}`)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        ) : (
          <Skeleton height={48} />
        )}
      </Stack>
    );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="campaign-cycle-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="campaign-cycle-title">
          {t('campaigns.page.currentCycle')}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}

import { useState } from 'react';
import { Alert, Anchor, Button, NativeSelect, Skeleton, Stack, Text } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Cycle } from '@shared/contracts/campaigns';
import { campaignReportsOffered } from '@shared/domain/entitlements';
import { ErrorState } from '../../../components/error-state';
import { useAbility } from '../../../lib/ability';
import { useMe } from '../../../lib/me';
import { beyondStarter } from '../access';
import { useReportCampaign } from '../api/campaign-reports';
import { useReportSphere } from '../api/reports';
import {
  useCampaignCustomReports,
  useCampaignCycles,
  useCreateCampaignCustomReport,
} from '../api/custom-reports';
import { cycleLabel } from '../exports/campaign-report-export';
import { CustomFrame, pageStatus, refused } from './custom-report-parts';
import { CustomReportList } from './custom-reports-page';
import { CreateReportDialog } from './create-report-dialog';
import { campaignPath, campaignReportPath } from '../paths';

/**
 * `/apps/campaigns/{campaignId}/custom-reports` (spec 02 §2; decision 0036): the campaign's custom
 * reports for those who hold smartReport on it (its sphere's admins), unless their subscription is
 * starter — name, status, period, cards, last change — and a new one, about one of its cycles if
 * the reader chooses one. The reports are its sphere's: they open, change and render there. They
 * are campaign-based reports, offered only while the sphere has its campaign templates (spec 02 §6,
 * decision 0047): opened without them, the page says so and leads to the campaign's results.
 */
export default function CampaignCustomReportsPage() {
  const { t } = useTranslation();
  const { campaignId = '' } = useParams();
  const me = useMe();
  const ability = useAbility();
  const campaign = useReportCampaign(campaignId);
  const c = campaign.data;
  const allowed =
    c !== undefined &&
    beyondStarter(me.data) &&
    ability.can('smartReport', subject('campaign', { sphereId: c.sphereId }));
  const sphere = useReportSphere(c?.sphereId ?? '', allowed);
  const offered = sphere.data !== undefined && campaignReportsOffered(sphere.data.entitlements);
  // Asked only once the sphere offers them: the server would still answer (the rule is a menu
  // rule), but a page opened by its address shows no more than the menus lead to.
  const list = useCampaignCustomReports(campaignId, allowed && offered);
  const [creating, setCreating] = useState(false);

  let body;
  if (campaign.isError && !refused(campaign.error))
    body = (
      <ErrorState
        title={t('reports.campaign.campaignError')}
        error={campaign.error}
        onRetry={() => void campaign.refetch()}
        testId="campaign-custom-reports-campaign-error"
      />
    );
  else if (allowed && sphere.isError && !refused(sphere.error))
    body = (
      <ErrorState
        title={t('reports.page.sphereError')}
        error={sphere.error}
        onRetry={() => void sphere.refetch()}
        testId="campaign-custom-reports-sphere-error"
      />
    );
  else if (c && allowed && sphere.data && !offered) body = <NotOffered campaignId={c.campaignId} />;
  else
    body =
      pageStatus(
        list,
        {
          pending: me.isPending || campaign.isPending || (allowed && sphere.isPending),
          allowed: allowed && !refused(sphere.error),
        },
        { loadError: t('reports.custom.campaignReports.loadError'), testId: 'custom-reports' },
        t,
      ) ??
      (c && (
        <CustomReportList
          scope={{ sphereId: c.sphereId }}
          reports={list.data?.reports ?? []}
          caption={t('reports.custom.campaignReports.caption')}
          empty={t('reports.custom.campaignReports.empty')}
        />
      ));

  return (
    <CustomFrame
      title={
        c
          ? t('reports.custom.campaignReports.title', { name: c.name })
          : t('reports.custom.campaignReports.titleAlone')
      }
      back={c ? { to: campaignPath(c.campaignId), label: t('reports.page.back', { name: c.name }) } : null}
      testId="campaign-custom-reports-page"
      actions={
        allowed &&
        offered &&
        !refused(list.error) && (
          <Button onClick={() => setCreating(true)} data-testid="custom-report-new">
            {t('reports.custom.list.new')}
          </Button>
        )
      }
    >
      <Text size="sm" c="dimmed">
        {t('reports.custom.campaignReports.intro')}
      </Text>
      {body}
      {creating && <CreateCampaignReportDialog campaignId={campaignId} onClose={() => setCreating(false)} />}
    </CustomFrame>
  );
}

/**
 * The campaign's custom reports while its sphere has no campaign templates: what is missing, who
 * grants it, and the campaign's results, which stay.
 */
function NotOffered({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="gray"
      title={t('reports.custom.campaignReports.unavailable.title')}
      data-testid="campaign-custom-reports-unavailable"
    >
      <Stack gap="xs">
        <Text size="sm">{t('reports.custom.campaignReports.unavailable.body')}</Text>
        <Anchor
          component={Link}
          to={campaignReportPath(campaignId)}
          size="sm"
          data-testid="campaign-custom-reports-unavailable-results"
        >
          {t('reports.custom.campaignReports.unavailable.results')}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** A cycle a report may be about: any but a cancelled one, the most recent first. */
export function reportableCycles(cycles: readonly Cycle[]): Cycle[] {
  const when = (cycle: Cycle) => cycle.start ?? cycle.creationDate;
  return cycles.filter((c) => c.status !== 'cancelled').sort((a, b) => when(b).localeCompare(when(a)));
}

/**
 * The "New report" form of the campaign, with the cycle it is about (none by default): choosing one
 * sets the period to the cycle's days, as far as a report's period may go.
 */
function CreateCampaignReportDialog({ campaignId, onClose }: { campaignId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateCampaignCustomReport(campaignId);
  const cycles = useCampaignCycles(campaignId);
  const [cycleId, setCycleId] = useState('');
  const choices = reportableCycles(cycles.data?.items ?? []);

  return (
    <CreateReportDialog
      onClose={onClose}
      onCreate={(body, opened) =>
        create.mutate({ ...body, ...(cycleId ? { cycleId } : {}) }, { onSuccess: opened })
      }
      pending={create.isPending}
      error={create.error}
      extraFields={({ setPeriod, messageFor, pending }) =>
        cycles.isPending ? (
          <Skeleton height={60} data-testid="custom-report-create-cycle-loading" />
        ) : (
          <NativeSelect
            label={t('reports.custom.campaignReports.cycle')}
            description={t('reports.custom.campaignReports.cycleHelp')}
            value={cycleId}
            disabled={pending || cycles.isError}
            onChange={(e) => {
              const chosen = choices.find((c) => c.cycleId === e.currentTarget.value);
              setCycleId(chosen?.cycleId ?? '');
              if (chosen?.start || chosen?.end)
                setPeriod({
                  start: chosen.start ? new Date(chosen.start) : undefined,
                  end: chosen.end ? new Date(chosen.end) : undefined,
                });
            }}
            data={[
              { value: '', label: t('reports.custom.campaignReports.noCycle') },
              ...choices.map((c) => ({ value: c.cycleId, label: cycleLabel(c, t) })),
            ]}
            error={
              messageFor('cycleId') ??
              (cycles.isError ? t('reports.custom.campaignReports.cyclesError') : undefined)
            }
            data-testid="custom-report-create-cycle"
          />
        )
      }
    />
  );
}

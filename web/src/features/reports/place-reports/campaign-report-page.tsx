import { useMemo, useState } from 'react';
import { Alert, Anchor, Card, Container, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { CampaignCycleReport, CampaignStepReport } from '@shared/contracts/campaign-reports';
import type { Campaign } from '@shared/contracts/campaigns';
import { campaignReportsOffered } from '@shared/domain/entitlements';
import { inLanguage } from '@shared/domain/thinkings';
import { ErrorState } from '../../../components/error-state';
import { currentLanguage } from '../../../i18n';
import { useAbility } from '../../../lib/ability';
import { ApiError } from '../../../lib/errors';
import { useEmotionWords } from '../../../lib/feeling-words';
import { useMe } from '../../../lib/me';
import { beyondStarter } from '../access';
import { useCampaignReport, useReportCampaign } from '../api/campaign-reports';
import { useReportAxes, useReportGroups, useReportSphere } from '../api/reports';
import {
  campaignExportTable,
  cycleLabel,
  stepTitle,
  type StepNames,
} from '../exports/campaign-report-export';
import { StepFigures } from './campaign-step-parts';
import { campaignCustomReportsPath, campaignPath } from '../paths';
import { fileSlug } from '../exports/report-export';
import { AnonymityAlert, ExportButtons, useTableExport, type ExportFormat } from '../common/report-parts';
import { GroupFilter, groupHint, tagLabel } from './report-filters';
import { FigureReport } from '../common/figure-report';

/** A read the reader may not make, or of something that is not there: the same answer for both. */
const refused = (error: unknown) => error instanceof ApiError && [403, 404].includes(error.status);

/**
 * A campaign's results page (spec 02 §2 `/apps/campaigns/{campaignId}/reports`; decision 0035),
 * for those who hold smartReport on its sphere (its admins): the figures of one stopped cycle, step
 * by step, for everyone asked or the people under one or two tags, as cards, charts with their
 * tables, and the same figures as CSV or Excel. A cycle still collecting or not started has none
 * yet, and says so. The results are every campaign's; the way to its custom reports is shown only
 * while its sphere has the campaign templates (spec 02 §6, decision 0047).
 */
export default function CampaignReportPage() {
  const { campaignId = '' } = useParams();
  const { t } = useTranslation();
  const me = useMe();
  const ability = useAbility();
  const campaign = useReportCampaign(campaignId);
  const c = campaign.data;
  // `subject` marks the object it is given with its type: each check gets its own copy.
  const allowed =
    c !== undefined && ability.can('smartReport', subject('campaign', { sphereId: c.sphereId }));
  const customOffered = allowed && beyondStarter(me.data);
  // Read only for those the link is otherwise for; until it answers, the link is not shown.
  const sphere = useReportSphere(c?.sphereId ?? '', customOffered);
  const customOpen =
    customOffered && sphere.data !== undefined && campaignReportsOffered(sphere.data.entitlements);

  let body;
  if (me.isPending || campaign.isPending)
    body = <Skeleton height={160} data-testid="campaign-report-loading" />;
  else if (refused(campaign.error) || (me.isSuccess && !allowed)) body = <NotAllowed />;
  else if (campaign.isError)
    body = (
      <ErrorState
        title={t('reports.campaign.campaignError')}
        error={campaign.error}
        onRetry={() => void campaign.refetch()}
        testId="campaign-report-campaign-error"
      />
    );
  else body = <CampaignResults campaign={campaign.data} />;

  return (
    <Container size="lg">
      <Stack data-testid="campaign-report-page">
        <Title order={1}>
          {c ? t('reports.campaign.title', { name: c.name }) : t('reports.campaign.titleAlone')}
        </Title>
        {c && (
          <Group gap="lg">
            <Text size="sm">
              <Anchor component={Link} to={campaignPath(c.campaignId)} data-testid="campaign-report-back">
                {t('reports.page.back', { name: c.name })}
              </Anchor>
            </Text>
            {customOpen && (
              <Text size="sm">
                <Anchor
                  component={Link}
                  to={campaignCustomReportsPath(c.campaignId)}
                  data-testid="campaign-report-custom-link"
                >
                  {t('reports.custom.campaignReports.open')}
                </Anchor>
              </Text>
            )}
          </Group>
        )}
        {body}
      </Stack>
    </Container>
  );
}

function NotAllowed() {
  const { t } = useTranslation();
  return (
    <Alert color="gray" data-testid="campaign-report-not-allowed">
      {t('reports.page.notAllowed')}
    </Alert>
  );
}

/** The results of the campaign: the filters, the cycles without figures yet, then the chosen cycle. */
function CampaignResults({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [chosenTagIds, setTagIds] = useState<string[]>([]);
  const [chosenCycleId, chooseCycle] = useState<string | null>(null);
  const groups = useReportGroups(campaign.sphereId, chosenTagIds[0], true);
  // Refused by the server (rules changed since the start call): the results cover everyone asked.
  const groupsForbidden = groups.error instanceof ApiError && groups.error.status === 403;
  const tagIds = useMemo(() => (groupsForbidden ? [] : chosenTagIds), [groupsForbidden, chosenTagIds]);
  const report = useCampaignReport({ campaignId: campaign.campaignId, tagIds }, true);
  const cycles = report.data?.cycles ?? [];
  const anyThinking = cycles.some((cycle) => cycle.steps.some((step) => step.kind === 'thinking'));
  const axes = useReportAxes(anyThinking);
  const words = useEmotionWords();

  const firstTagId = chosenTagIds[0];
  // An answer kept while the next one loads was paired with another first tag: its pairs say nothing.
  const pairsKnown = firstTagId === undefined || !groups.isPlaceholderData;
  const tagOptions = useMemo(
    () =>
      (groups.data?.items ?? [])
        .map((group) => ({
          id: group.tagId,
          label: tagLabel({ id: group.tagId, name: group.name }, language, undefined),
          hint: groups.data && pairsKnown ? groupHint(group, groups.data, firstTagId, t) : undefined,
        }))
        .sort((a, b) => a.label.localeCompare(b.label, language)),
    [groups.data, pairsKnown, firstTagId, t, language],
  );
  const chosenNames = tagIds.map((id) => tagOptions.find((o) => o.id === id)?.label ?? id);

  const names = useMemo<StepNames>(() => {
    const tagNames = new Map(tagOptions.map((o) => [o.id, o.label]));
    const axisNames = new Map((axes.data?.items ?? []).map((a) => [a.id, inLanguage(a.name, language)]));
    const wordNames = new Map((words.data?.items ?? []).map((w) => [w.id, w.label[language]]));
    return {
      campaign,
      language,
      tag: (id) => tagNames.get(id) ?? id,
      axis: (id) => axisNames.get(id) || id,
      word: (id) => wordNames.get(id) || id,
    };
  }, [campaign, language, tagOptions, axes.data, words.data]);

  if (refused(report.error)) return <NotAllowed />;

  const ready = cycles.filter((cycle) => cycle.ready);
  const waiting = cycles.filter((cycle) => !cycle.ready);
  // The most recent cycle that stopped collecting, unless the reader chose another.
  const cycle = ready.find((c) => c.cycleId === chosenCycleId) ?? ready.at(-1);

  return (
    <Stack>
      {report.data?.anonymityNotGuaranteed && <AnonymityAlert />}
      <Card withBorder component="section" aria-label={t('reports.filters.title')} className="no-print">
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label={t('reports.campaign.cycle')}
            data={ready.map((c) => ({ value: c.cycleId, label: cycleLabel(c, t) }))}
            value={cycle?.cycleId ?? null}
            onChange={(value) => {
              if (value) chooseCycle(value);
            }}
            placeholder={ready.length === 0 ? t('reports.campaign.noReadyCycleShort') : undefined}
            disabled={ready.length === 0}
            allowDeselect={false}
            miw={220}
            data-testid="campaign-report-cycle"
          />
          {!groupsForbidden && (
            <GroupFilter
              label={t('reports.filters.group')}
              whole={t('reports.filters.wholeSphere')}
              tagIds={tagIds}
              onChange={setTagIds}
              options={tagOptions}
              pending={groups.isPending}
            />
          )}
        </Group>
        {groups.isError && !groupsForbidden && (
          <Text size="sm" c="dimmed" mt="xs" data-testid="report-tags-error">
            {t('reports.filters.tagsError')}
          </Text>
        )}
      </Card>

      <FigureReport query={report} testId="campaign-report" loadingTestId="campaign-report-results-loading">
        {(data) => (
          <>
            {waiting.length > 0 && <WaitingCycles cycles={waiting} />}
            {!cycle && (
              <Card withBorder data-testid="campaign-report-no-cycle">
                <Text>{t('reports.campaign.noReadyCycle')}</Text>
              </Card>
            )}
            {cycle && (
              <CycleResults
                campaign={campaign}
                cycle={cycle}
                names={names}
                group={chosenNames.join(' + ') || t('reports.filters.wholeSphere')}
                anonymityNotGuaranteed={data.anonymityNotGuaranteed}
              />
            )}
          </>
        )}
      </FigureReport>
    </Stack>
  );
}

/** The cycles without figures yet: each with its state, and when its figures come. */
function WaitingCycles({ cycles }: { cycles: CampaignCycleReport[] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder component="section" aria-labelledby="campaign-report-waiting-title">
      <Title order={2} size="h5" id="campaign-report-waiting-title" mb="xs">
        {t('reports.campaign.waitingTitle')}
      </Title>
      <Stack component="ul" gap={4} m={0} pl="lg">
        {cycles.map((cycle) => (
          <li key={cycle.cycleId} data-testid={`campaign-report-waiting-${cycle.cycleId}`}>
            <Text size="sm" span>
              {t('reports.campaign.waiting', {
                cycle: cycleLabel(cycle, t),
                state: t(
                  cycle.status === 'inProgress'
                    ? 'reports.campaign.states.collecting'
                    : 'reports.campaign.states.notStarted',
                ),
              })}
            </Text>
          </li>
        ))}
      </Stack>
    </Card>
  );
}

/** One stopped cycle: its title with the files of its figures, then a card per step. */
function CycleResults({
  campaign,
  cycle,
  names,
  group,
  anonymityNotGuaranteed,
}: {
  campaign: Campaign;
  cycle: CampaignCycleReport;
  names: StepNames;
  group: string;
  anonymityNotGuaranteed: boolean;
}) {
  const { t } = useTranslation();
  const { exporting, exportAs } = useTableExport();
  const label = cycleLabel(cycle, t);
  const exportCycle = (format: ExportFormat) =>
    void exportAs(format, (extension) => ({
      table: campaignExportTable(
        cycle.steps,
        { campaignName: campaign.name, cycle: label, group, anonymityNotGuaranteed },
        names,
        t,
      ),
      fileName: `campaign-report-${fileSlug({ id: campaign.campaignId, name: campaign.name })}-${fileSlug({
        id: cycle.cycleId,
        name: label,
      })}.${extension}`,
      sheet: t('reports.export.sheet'),
    }));

  return (
    <Stack data-testid="campaign-report-cycle-results">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          {t('reports.campaign.cycleTitle', { cycle: label })}
        </Title>
        <ExportButtons onExport={exportCycle} exporting={exporting} testIdPrefix="campaign-report" />
      </Group>
      {cycle.participation && (
        <Text size="sm" c="dimmed" data-testid="campaign-report-participation">
          {t('reports.campaign.participation', cycle.participation)}
        </Text>
      )}
      {cycle.steps.length === 0 ? (
        <Card withBorder data-testid="campaign-report-no-step">
          <Text>{t('reports.campaign.noStep')}</Text>
        </Card>
      ) : (
        cycle.steps.map((step, index) => (
          <StepCard key={step.stepId} step={step} index={index} names={names} />
        ))
      )}
    </Stack>
  );
}

/** One step: its title, then its figures, or why they are hidden (never a number). */
function StepCard({ step, index, names }: { step: CampaignStepReport; index: number; names: StepNames }) {
  const { t } = useTranslation();
  const idPrefix = `campaign-step-${index}`;
  const body = <StepFigures step={step} names={names} idPrefix={idPrefix} />;
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby={`${idPrefix}-title`}
      data-testid={`campaign-step-${step.stepId}`}
    >
      <Title order={3} size="h4" id={`${idPrefix}-title`} mb="sm">
        {stepTitle(step, names, t)}
      </Title>
      {body}
    </Card>
  );
}

import { Anchor, Button, Group, NativeSelect, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { CUSTOM_REPORT_STATUSES, type CustomReportDetail } from '@shared/contracts/custom-reports';
import { campaignReportsOffered } from '@shared/domain/entitlements';
import { notifySuccess } from '../../../components/notify';
import { useAbility } from '../../../lib/ability';
import { overlaySearch } from '../../../lib/overlays';
import { useTabParam } from '../../../lib/use-tab-param';
import { useCustomReport, useUpdateCustomReport, refOf, type ReportRef } from '../api/custom-reports';
import { useReportSphere } from '../api/reports';
import {
  AnonymityAlert,
  CustomFrame,
  StatusBadge,
  pageStatus,
  periodText,
  mayRenderReports,
  useReportsAccess,
} from './custom-report-parts';
import { RENDER_REPORT_OVERLAY, campaignCustomReportsPath, customReportsPath } from '../paths';
import { StructureTab } from './structure-tab';
import { MarkedCards, DocumentsTab, DimensionsTab } from './report-tabs';

/** The tabs of a report (spec 02 §2 custom reports). */
export const REPORT_TABS = ['structure', 'favourites', 'bookmarks', 'documents', 'dimensions'] as const;

/**
 * `/apps/spheres/{sphereId}/custom-reports/{reportId}` (spec 02 §2): one report — its status, its
 * period, the study-programme warning, the way to its campaign's reports when it is a campaign's and
 * its sphere has the campaign templates (spec 02 §6, decision 0047) —
 * with its structure (parts and their cards as a tree), its favourite and bookmarked cards, its
 * rendered documents and its dimensions (tag types); "Render" opens the render overlay. A group's
 * report is the same page under `/apps/sessions/{sessionId}/custom-reports/{reportId}` (decision
 * 0037), for the group's members alone.
 */
export default function CustomReportPage() {
  const { t } = useTranslation();
  const { reportId = '' } = useParams();
  const access = useReportsAccess();
  const ref = { ...access.scope, reportId };
  const report = useCustomReport(ref, access.allowed);
  const status = pageStatus(
    report,
    access,
    { loadError: t('reports.custom.report.loadError'), testId: 'custom-report' },
    t,
  );
  const ofGroup = ref.sessionId !== undefined;
  const campaignId = report.data?.campaignId;
  // The report stays the sphere's whatever its entitlements; only the way to the campaign's list
  // follows them, so the sphere is read for a campaign's report alone.
  const sphere = useReportSphere(ref.sphereId, campaignId !== undefined && ref.sphereId !== '');
  const campaignListOpen = sphere.data !== undefined && campaignReportsOffered(sphere.data.entitlements);

  return (
    <CustomFrame
      title={report.data?.name ?? t('reports.custom.report.titleAlone')}
      back={{
        to: customReportsPath(ref),
        label: t(ofGroup ? 'reports.custom.group.back' : 'reports.custom.report.back'),
      }}
      testId="custom-report-page"
      actions={report.data && <RenderButton reportRef={ref} />}
    >
      {campaignId && (
        <Text size="sm" data-testid="custom-report-campaign">
          {t('reports.custom.campaignReports.reportOf')}
          {campaignListOpen && (
            <>
              {' · '}
              <Anchor
                component={Link}
                to={campaignCustomReportsPath(campaignId)}
                data-testid="custom-report-campaign-link"
              >
                {t('reports.custom.campaignReports.list')}
              </Anchor>
            </>
          )}
        </Text>
      )}
      {status ?? (report.data && <ReportBody report={report.data} />)}
    </CustomFrame>
  );
}

/**
 * "Render": opens the render overlay for those who may render the report (a sphere's: who may
 * export its reports; a group's: its members who work on them).
 */
function RenderButton({ reportRef }: { reportRef: ReportRef }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const navigate = useNavigate();
  const location = useLocation();
  if (!mayRenderReports(ability, reportRef)) return null;
  const open = () => {
    const params = new URLSearchParams(overlaySearch(location.search, RENDER_REPORT_OVERLAY));
    params.set('sphereId', reportRef.sphereId);
    if (reportRef.sessionId !== undefined) params.set('sessionId', reportRef.sessionId);
    else params.delete('sessionId');
    params.set('reportId', reportRef.reportId);
    void navigate({ pathname: location.pathname, search: `?${params.toString()}` });
  };
  return (
    <Button onClick={open} data-testid="custom-report-render">
      {t('reports.custom.report.render')}
    </Button>
  );
}

function ReportBody({ report }: { report: CustomReportDetail }) {
  const { t } = useTranslation();
  const ref = refOf(report);
  const update = useUpdateCustomReport(ref);
  const [tab, setTab] = useTabParam(REPORT_TABS);

  return (
    <Stack>
      {report.anonymityNotGuaranteed && <AnonymityAlert />}
      <Group align="flex-end" gap="lg" wrap="wrap">
        <NativeSelect
          label={t('reports.custom.fields.status')}
          value={report.status}
          onChange={(e) => {
            const status = CUSTOM_REPORT_STATUSES.find((s) => s === e.currentTarget.value);
            if (status)
              update.mutate(
                { status },
                { onSuccess: () => notifySuccess('reports.custom.report.statusSaved') },
              );
          }}
          disabled={update.isPending}
          data={CUSTOM_REPORT_STATUSES.map((s) => ({
            value: s,
            label: t(`reports.custom.status.report.${s}`),
          }))}
          data-testid="custom-report-status"
        />
        <StatusBadge kind="report" status={report.status} testId="custom-report-status-badge" />
        <Text size="sm" data-testid="custom-report-period">
          {periodText(report, t)}
        </Text>
        <Text size="sm">
          {t('reports.custom.report.languages', {
            languages: report.languages.map((l) => t(`reports.custom.languages.${l}`)).join(', '),
          })}
        </Text>
      </Group>
      {report.description && <Text size="sm">{report.description}</Text>}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          {REPORT_TABS.map((id) => (
            <Tabs.Tab key={id} value={id} data-testid={`custom-report-tab-${id}`}>
              {t(`reports.custom.tabs.${id}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="structure" pt="md">
          <StructureTab report={report} />
        </Tabs.Panel>
        <Tabs.Panel value="favourites" pt="md">
          <MarkedCards report={report} mark="favourite" />
        </Tabs.Panel>
        <Tabs.Panel value="bookmarks" pt="md">
          <MarkedCards report={report} mark="bookmark" />
        </Tabs.Panel>
        <Tabs.Panel value="documents" pt="md">
          <DocumentsTab reportRef={ref} />
        </Tabs.Panel>
        <Tabs.Panel value="dimensions" pt="md">
          <DimensionsTab report={report} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

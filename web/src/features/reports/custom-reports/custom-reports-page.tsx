import { useState } from 'react';
import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type CustomReport } from '@shared/contracts/custom-reports';
import { formatDateTime } from '../../../lib/dates';
import { useReportSphere } from '../api/reports';
import {
  useCreateCustomReport,
  useCustomReports,
  useDeleteCustomReport,
  type ReportScope,
} from '../api/custom-reports';
import { CustomFrame, StatusBadge, pageStatus, periodText, useReportsAccess } from './custom-report-parts';
import { customReportPath, sessionPagePath, spherePagePath } from '../paths';
import { CreateReportDialog } from './create-report-dialog';
import { useConfirmedRemoval } from '../../../components/confirmed-removal';

/**
 * `/apps/spheres/{sphereId}/custom-reports` (spec 02 §2 custom reports): the sphere's custom
 * reports for its admins (smartReport) — name, status, period, cards, last change — a new one, and
 * the deletion of one after a confirmation. `/apps/sessions/{sessionId}/custom-reports` (decision
 * 0037): a group's, the same for its members alone.
 */
export default function CustomReportsPage() {
  const { t } = useTranslation();
  const access = useReportsAccess();
  const { scope, group } = access;
  // A group's member may not read its sphere: the group's page names it.
  const sphere = useReportSphere(scope.sphereId, access.allowed && scope.sessionId === undefined);
  const list = useCustomReports(scope, access.allowed);
  const [creating, setCreating] = useState(false);
  const create = useCreateCustomReport(scope);

  const status = pageStatus(
    list,
    access,
    { loadError: t('reports.custom.list.loadError'), testId: 'custom-reports' },
    t,
  );
  const named = group
    ? { name: group.name, to: sessionPagePath(group.id) }
    : sphere.data
      ? { name: sphere.data.name, to: spherePagePath(scope.sphereId) }
      : null;
  const ofGroup = scope.sessionId !== undefined;

  return (
    <CustomFrame
      title={
        named
          ? t(ofGroup ? 'reports.custom.group.title' : 'reports.custom.list.title', { name: named.name })
          : t(ofGroup ? 'reports.custom.group.titleAlone' : 'reports.custom.list.titleAlone')
      }
      back={named ? { to: named.to, label: t('reports.page.back', { name: named.name }) } : null}
      testId="custom-reports-page"
      actions={
        access.allowed && (
          <Button onClick={() => setCreating(true)} data-testid="custom-report-new">
            {t('reports.custom.list.new')}
          </Button>
        )
      }
    >
      <Text size="sm" c="dimmed">
        {t(ofGroup ? 'reports.custom.group.intro' : 'reports.custom.list.intro')}
      </Text>
      {status ?? (
        <CustomReportList
          scope={scope}
          reports={list.data?.reports ?? []}
          caption={t(ofGroup ? 'reports.custom.group.caption' : 'reports.custom.list.caption')}
          empty={t('reports.custom.list.empty')}
          campaignBadge
        />
      )}
      {creating && (
        <CreateReportDialog
          onClose={() => {
            create.reset();
            setCreating(false);
          }}
          onCreate={(body, opened) => create.mutate(body, { onSuccess: opened })}
          pending={create.isPending}
          error={create.error}
        />
      )}
    </CustomFrame>
  );
}

/**
 * A list of custom reports, last changed first — name (the way to the report), status, period,
 * cards, last change — and the deletion of one after a confirmation; a campaign's report is marked
 * with `campaignBadge`. All are reports of `scope` (a sphere, or one of its groups).
 */
export function CustomReportList({
  scope,
  reports,
  caption,
  empty,
  campaignBadge = false,
}: {
  scope: ReportScope;
  reports: readonly CustomReport[];
  caption: string;
  empty: string;
  campaignBadge?: boolean;
}) {
  const { t } = useTranslation();
  const remove = useDeleteCustomReport(scope);
  const removal = useConfirmedRemoval<CustomReport>({
    remove: (report) => remove.mutateAsync(report.reportId),
    title: t('reports.custom.list.deleteTitle'),
    message: (report) => <Text>{t('reports.custom.list.deleteMessage', { name: report.name })}</Text>,
    confirmLabel: t('reports.custom.list.delete'),
    cancelLabel: t('reports.custom.cancel'),
    destructive: false,
    success: (report) => ({ key: 'reports.custom.list.deleted', values: { name: report.name } }),
    testId: 'custom-report-delete',
  });
  const sorted = [...reports].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));

  if (sorted.length === 0)
    return (
      <Text c="dimmed" data-testid="custom-reports-empty">
        {empty}
      </Text>
    );
  return (
    <>
      <Table.ScrollContainer
        minWidth={760}
        scrollAreaProps={{
          viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption },
        }}
      >
        <Table data-testid="custom-reports-list">
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('reports.custom.fields.name')}</Table.Th>
              <Table.Th scope="col">{t('reports.custom.fields.status')}</Table.Th>
              <Table.Th scope="col">{t('reports.custom.fields.period')}</Table.Th>
              <Table.Th scope="col">{t('reports.custom.fields.cards')}</Table.Th>
              <Table.Th scope="col">{t('reports.custom.fields.updatedAt')}</Table.Th>
              <Table.Th scope="col">{t('reports.custom.list.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((r) => (
              <Table.Tr key={r.reportId} data-testid={`custom-report-row-${r.reportId}`}>
                <Table.Th scope="row">
                  <Group gap="xs" wrap="nowrap">
                    <Anchor component={Link} to={customReportPath(r)}>
                      {r.name}
                    </Anchor>
                    {campaignBadge && r.campaignId && (
                      // Its text says it: the colour is never the only sign.
                      <Badge
                        size="sm"
                        variant="outline"
                        color="gray"
                        c="dark.8"
                        tt="none"
                        data-testid={`custom-report-campaign-${r.reportId}`}
                      >
                        {t('reports.custom.campaignReports.badge')}
                      </Badge>
                    )}
                  </Group>
                </Table.Th>
                <Table.Td>
                  <StatusBadge
                    kind="report"
                    status={r.status}
                    testId={`custom-report-status-${r.reportId}`}
                  />
                </Table.Td>
                <Table.Td>{periodText(r, t)}</Table.Td>
                <Table.Td>{r.cardCount}</Table.Td>
                <Table.Td>{formatDateTime(r.updatedAt)}</Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    color="red"
                    c="red.9"
                    size="xs"
                    onClick={() => {
                      remove.reset();
                      removal.ask(r);
                    }}
                    aria-label={t('reports.custom.list.deleteNamed', { name: r.name })}
                    data-testid={`custom-report-delete-${r.reportId}`}
                  >
                    {t('reports.custom.list.delete')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {removal.dialog}
    </>
  );
}

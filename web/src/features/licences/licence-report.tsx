import { useMemo, useState } from 'react';
import { Button, Group, NativeSelect, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { EChartsCoreOption } from 'echarts/core';
import { useTranslation } from 'react-i18next';
import type { SphereLicenceReport } from '@shared/contracts/licences';
import { LICENCE_REPORT_INTERVALS, type LicenceReportInterval } from '@shared/domain/licence-history';
import { LICENCE_TIERS, type LicenceTier } from '@shared/domain/licences';
import { Chart } from '../../lib/chart';
import { REPORT_PERIODS, monthsAgo, type ReportPeriod } from '../../lib/report-periods';
import { formatDate } from '../../lib/dates';
import { XLSX_MEDIA_TYPE, saveBlob, workbookOf, type TableCell } from '../../lib/table-export';
import { ErrorState } from '../../components/error-state';
import { notifyError } from '../../components/notify';
import { useSphereLicenceReport } from './api/licences';

const COUNT_COLOUR = '#1C5D99';
const USED_COLOUR = '#8A4B00';

/** Held and used of one tier as two lines, told apart by their marks and dashes as well as colour. */
function chartOf(
  points: SphereLicenceReport['series'][number]['points'],
  labels: { count: string; used: string },
): EChartsCoreOption {
  return {
    // The decal patterns without ECharts' own description, which would replace the chart's label.
    aria: { enabled: true, label: { enabled: false }, decal: { show: true } },
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: points.map((p) => formatDate(p.day)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: labels.count,
        type: 'line',
        step: 'end',
        symbol: 'circle',
        symbolSize: 7,
        lineStyle: { type: 'solid', width: 2, color: COUNT_COLOUR },
        itemStyle: { color: COUNT_COLOUR },
        data: points.map((p) => p.count),
      },
      {
        name: labels.used,
        type: 'line',
        step: 'end',
        symbol: 'diamond',
        symbolSize: 9,
        lineStyle: { type: 'dashed', width: 2, color: USED_COLOUR },
        itemStyle: { color: USED_COLOUR },
        data: points.map((p) => p.used),
      },
    ],
  };
}

/**
 * The licences over time (spec 02 §7 subscriptions report): for a plan, how many the sphere held
 * and used at the end of each week, month or day of the last months, as a chart with its table,
 * and every plan's figures as an Excel file.
 */
export function LicenceReport({ sphereId, sphereName }: { sphereId: string; sphereName: string }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<ReportPeriod>(3);
  const [interval, setInterval] = useState<LicenceReportInterval>('week');
  const [tier, setTier] = useState<LicenceTier>('essentials');
  const [busy, setBusy] = useState(false);
  const report = useSphereLicenceReport(sphereId, { from: monthsAgo(period), interval });
  const tierName = (x: LicenceTier) => t(`licences.tiers.${x}`);
  const points = useMemo(
    () => report.data?.series.find((s) => s.tier === tier)?.points ?? [],
    [report.data, tier],
  );
  const option = useMemo(
    () => chartOf(points, { count: t('licences.report.count'), used: t('licences.report.used') }),
    [points, t],
  );

  const download = async () => {
    if (!report.data) return;
    setBusy(true);
    try {
      const lines: TableCell[][] = [
        [t('licences.report.fileTitle', { name: sphereName })],
        [
          t('licences.report.fileRange', {
            from: formatDate(report.data.from),
            to: formatDate(report.data.to),
          }),
        ],
        [],
        [
          t('licences.table.tier'),
          t('licences.report.day'),
          t('licences.report.count'),
          t('licences.report.used'),
          t('licences.table.remaining'),
        ],
        ...report.data.series.flatMap((s) =>
          s.points.map((p) => [
            tierName(s.tier),
            formatDate(p.day),
            p.count,
            p.used,
            Math.max(p.count - p.used, 0),
          ]),
        ),
      ];
      const data = await workbookOf(lines, {
        sheetName: t('licences.report.sheet'),
        columnWidths: [16, 14, 10, 10, 10],
      });
      saveBlob(new Blob([data], { type: XLSX_MEDIA_TYPE }), `${sphereName || 'sphere'}-licences.xlsx`);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (report.isPending) body = <Skeleton height={260} data-testid="licence-report-loading" />;
  else if (report.isError)
    body = (
      <ErrorState
        title={t('licences.report.loadError')}
        error={report.error}
        onRetry={() => void report.refetch()}
        testId="licence-report-error"
      />
    );
  else
    body = (
      <>
        <Chart
          option={option}
          label={t('licences.report.chartLabel', { tier: tierName(tier) })}
          testId="licence-report-chart"
        />
        <Table.ScrollContainer minWidth={420}>
          <Table striped withTableBorder data-testid="licence-report-table">
            <Table.Caption>
              {t('licences.report.caption', {
                tier: tierName(tier),
                from: formatDate(report.data.from),
                to: formatDate(report.data.to),
              })}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('licences.report.day')}</Table.Th>
                <Table.Th scope="col">{t('licences.report.count')}</Table.Th>
                <Table.Th scope="col">{t('licences.report.used')}</Table.Th>
                <Table.Th scope="col">{t('licences.table.remaining')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {points.map((p) => (
                <Table.Tr key={p.day} data-testid="licence-report-row">
                  <Table.Th scope="row">{formatDate(p.day)}</Table.Th>
                  <Table.Td>{p.count}</Table.Td>
                  <Table.Td>{p.used}</Table.Td>
                  <Table.Td>{Math.max(p.count - p.used, 0)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </>
    );

  return (
    <Stack gap="sm" component="section" aria-labelledby="licence-report-title" data-testid="licence-report">
      <Title order={3} size="h4" id="licence-report-title">
        {t('licences.report.title')}
      </Title>
      <Text size="sm">{t('licences.report.intro')}</Text>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('licences.table.tier')}
          value={tier}
          onChange={(e) => setTier(e.currentTarget.value as LicenceTier)}
          data={LICENCE_TIERS.map((x) => ({ value: x, label: tierName(x) }))}
          data-testid="licence-report-tier"
        />
        <NativeSelect
          label={t('licences.report.period')}
          value={String(period)}
          onChange={(e) => setPeriod(Number(e.currentTarget.value) as ReportPeriod)}
          data={REPORT_PERIODS.map((months) => ({
            value: String(months),
            label: t('licences.report.months', { count: months }),
          }))}
          data-testid="licence-report-period"
        />
        <NativeSelect
          label={t('licences.report.interval')}
          value={interval}
          onChange={(e) => setInterval(e.currentTarget.value as LicenceReportInterval)}
          data={LICENCE_REPORT_INTERVALS.map((x) => ({
            value: x,
            label: t(`licences.report.intervals.${x}`),
          }))}
          data-testid="licence-report-interval"
        />
        <Button
          variant="light"
          onClick={() => void download()}
          loading={busy}
          disabled={!report.data}
          data-testid="licence-report-download"
        >
          {t('licences.report.download')}
        </Button>
      </Group>
      {body}
    </Stack>
  );
}

import { useMemo, useState } from 'react';
import { Button, Group, NativeSelect, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { EChartsCoreOption } from 'echarts/core';
import { useTranslation } from 'react-i18next';
import type { SubscriptionsReport } from '@shared/contracts/subscriptions';
import { LICENCE_REPORT_INTERVALS, type LicenceReportInterval } from '@shared/domain/licence-history';
import { PLAN_CHANGE_KINDS, type PlanChangeKind } from '@shared/domain/plan-report';
import { Chart } from '../../lib/chart';
import { REPORT_PERIODS, monthsAgo, type ReportPeriod } from '../../lib/report-periods';
import { formatDate } from '../../lib/dates';
import { XLSX_MEDIA_TYPE, saveBlob, workbookOf, type TableCell } from '../../lib/table-export';
import { ErrorState } from '../../components/error-state';
import { notifyError } from '../../components/notify';
import { usePlansReport } from './api/plans-report';
import { useReadsPlansReport } from './rights';

/** Each kind of change has its colour, mark and dash: none is told apart by colour alone. */
const LOOKS: Record<PlanChangeKind, { colour: string; symbol: string; dash: 'solid' | 'dashed' | 'dotted' }> =
  {
    'trial-started': { colour: '#1C5D99', symbol: 'circle', dash: 'solid' },
    'paid-started': { colour: '#2B7A3D', symbol: 'rect', dash: 'solid' },
    renewed: { colour: '#5B4B8A', symbol: 'triangle', dash: 'dashed' },
    'payment-failed': { colour: '#B3261E', symbol: 'diamond', dash: 'dashed' },
    ended: { colour: '#6B6B6B', symbol: 'pin', dash: 'dotted' },
    'code-redeemed': { colour: '#8A4B00', symbol: 'roundRect', dash: 'dotted' },
  };

function chartOf(
  periods: SubscriptionsReport['periods'],
  name: (k: PlanChangeKind) => string,
): EChartsCoreOption {
  return {
    aria: { enabled: true, label: { enabled: false }, decal: { show: true } },
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 56, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: periods.map((p) => formatDate(p.end)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: PLAN_CHANGE_KINDS.map((kind) => ({
      name: name(kind),
      type: 'line',
      symbol: LOOKS[kind].symbol,
      symbolSize: 8,
      lineStyle: { type: LOOKS[kind].dash, width: 2, color: LOOKS[kind].colour },
      itemStyle: { color: LOOKS[kind].colour },
      data: periods.map((p) => p.counts[kind]),
    })),
  };
}

type HolderRow = 'paid' | 'trial' | 'pastDue';
const HOLDER_ROWS: readonly HolderRow[] = ['paid', 'trial', 'pastDue'];

/**
 * Page `/apps/global/subscriptions` (spec 02 §7 subscriptions report; decision 0053), for
 * super-admins: who holds a plan now and how, what each week, month or day changed (chart and
 * table), the promotion codes created, and all of it as an Excel file. It names nobody who bought
 * or redeemed.
 */
export default function PlansReportPage() {
  const { t } = useTranslation();
  const allowed = useReadsPlansReport();
  const [period, setPeriod] = useState<ReportPeriod>(3);
  const [interval, setInterval] = useState<LicenceReportInterval>('week');
  const [busy, setBusy] = useState(false);
  const report = usePlansReport({ from: monthsAgo(period), interval }, allowed);
  const kindName = (kind: PlanChangeKind) => t(`plansReport.kinds.${kind}`);
  const option = useMemo(
    () => chartOf(report.data?.periods ?? [], (kind) => t(`plansReport.kinds.${kind}`)),
    [report.data, t],
  );

  if (!allowed)
    return (
      <Text role="alert" data-testid="plans-report-forbidden">
        {t('errors.forbidden')}
      </Text>
    );

  const download = async (data: SubscriptionsReport) => {
    setBusy(true);
    try {
      const h = data.holders;
      const lines: TableCell[][] = [
        [t('plansReport.title')],
        [t('plansReport.file.range', { from: formatDate(data.from), to: formatDate(data.to) })],
        [],
        [t('plansReport.holders.title')],
        [t('plansReport.holders.how'), t('plansReport.plans.essentials'), t('plansReport.plans.premium')],
        ...HOLDER_ROWS.map((row) => [t(`plansReport.holders.${row}`), h[row].essentials, h[row].premium]),
        [t('plansReport.holders.freeMonth'), h.freeMonth, 0],
        [],
        [t('plansReport.changes.title')],
        [t('plansReport.changes.periodEnd'), ...PLAN_CHANGE_KINDS.map(kindName)],
        ...data.periods.map((p) => [formatDate(p.end), ...PLAN_CHANGE_KINDS.map((k) => p.counts[k])]),
        [],
        [t('plansReport.codes.title')],
        [
          t('plansReport.codes.code'),
          t('plansReport.codes.name'),
          t('plansReport.codes.ambassador'),
          t('plansReport.codes.place'),
          t('plansReport.codes.validOn'),
          t('plansReport.codes.count'),
          t('plansReport.codes.used'),
        ],
        ...data.codes.map((c) => [
          c.code,
          c.name,
          c.ambassadorName,
          [c.sphereName, c.sessionName].filter(Boolean).join(' · '),
          formatDate(c.validOn),
          c.count,
          c.used,
        ]),
      ];
      const file = await workbookOf(lines, {
        sheetName: t('plansReport.file.sheet'),
        columnWidths: [28, 16, 16, 18, 14, 12, 14],
      });
      saveBlob(new Blob([file], { type: XLSX_MEDIA_TYPE }), `plans-${data.from}-${data.to}.xlsx`);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (report.isPending) body = <Skeleton height={320} data-testid="plans-report-loading" />;
  else if (report.isError)
    body = (
      <ErrorState
        title={t('plansReport.loadError')}
        error={report.error}
        onRetry={() => void report.refetch()}
        testId="plans-report-error"
      />
    );
  else {
    const data = report.data;
    const h = data.holders;
    const range = { from: formatDate(data.from), to: formatDate(data.to) };
    body = (
      <>
        <Stack gap="xs" component="section" aria-labelledby="plans-report-holders">
          <Title order={2} size="h3" id="plans-report-holders">
            {t('plansReport.holders.title')}
          </Title>
          <Table.ScrollContainer minWidth={420}>
            <Table striped withTableBorder data-testid="plans-report-holders">
              <Table.Caption>{t('plansReport.holders.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('plansReport.holders.how')}</Table.Th>
                  <Table.Th scope="col">{t('plansReport.plans.essentials')}</Table.Th>
                  <Table.Th scope="col">{t('plansReport.plans.premium')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {HOLDER_ROWS.map((row) => (
                  <Table.Tr key={row} data-testid={`plans-report-holders-${row}`}>
                    <Table.Th scope="row">{t(`plansReport.holders.${row}`)}</Table.Th>
                    <Table.Td>{h[row].essentials}</Table.Td>
                    <Table.Td>{h[row].premium}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr data-testid="plans-report-holders-freeMonth">
                  <Table.Th scope="row">{t('plansReport.holders.freeMonth')}</Table.Th>
                  <Table.Td>{h.freeMonth}</Table.Td>
                  <Table.Td>{t('plansReport.holders.notApplicable')}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>

        <Stack gap="xs" component="section" aria-labelledby="plans-report-changes">
          <Title order={2} size="h3" id="plans-report-changes">
            {t('plansReport.changes.title')}
          </Title>
          <Chart
            option={option}
            label={t('plansReport.changes.chartLabel', range)}
            testId="plans-report-chart"
          />
          <Table.ScrollContainer minWidth={720}>
            <Table striped withTableBorder data-testid="plans-report-changes">
              <Table.Caption>{t('plansReport.changes.caption', range)}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('plansReport.changes.periodEnd')}</Table.Th>
                  {PLAN_CHANGE_KINDS.map((kind) => (
                    <Table.Th scope="col" key={kind}>
                      {kindName(kind)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.periods.map((p) => (
                  <Table.Tr key={p.end} data-testid="plans-report-period">
                    <Table.Th scope="row">{formatDate(p.end)}</Table.Th>
                    {PLAN_CHANGE_KINDS.map((kind) => (
                      <Table.Td key={kind} data-kind={kind}>
                        {p.counts[kind]}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>

        <Stack gap="xs" component="section" aria-labelledby="plans-report-codes">
          <Title order={2} size="h3" id="plans-report-codes">
            {t('plansReport.codes.title')}
          </Title>
          {data.codes.length === 0 ? (
            <Text c="dimmed" data-testid="plans-report-codes-empty">
              {t('plansReport.codes.empty', range)}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table striped withTableBorder data-testid="plans-report-codes">
                <Table.Caption>
                  {t('plansReport.codes.caption', { count: data.codes.length, ...range })}
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('plansReport.codes.code')}</Table.Th>
                    <Table.Th scope="col">{t('plansReport.codes.name')}</Table.Th>
                    <Table.Th scope="col">{t('plansReport.codes.ambassador')}</Table.Th>
                    <Table.Th scope="col">{t('plansReport.codes.place')}</Table.Th>
                    <Table.Th scope="col">{t('plansReport.codes.validOn')}</Table.Th>
                    <Table.Th scope="col">{t('plansReport.codes.used')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.codes.map((c) => (
                    <Table.Tr key={c.code} data-testid="plans-report-code">
                      <Table.Th scope="row">
                        <Text ff="monospace" size="sm">
                          {c.code}
                        </Text>
                      </Table.Th>
                      <Table.Td>{c.name}</Table.Td>
                      <Table.Td>{c.ambassadorName || t('plansReport.codes.formerAmbassador')}</Table.Td>
                      <Table.Td>{[c.sphereName, c.sessionName].filter(Boolean).join(' · ') || '—'}</Table.Td>
                      <Table.Td>{formatDate(c.validOn)}</Table.Td>
                      <Table.Td>{t('plansReport.codes.usedOf', { used: c.used, count: c.count })}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </>
    );
  }

  return (
    <Stack>
      <Title order={1}>{t('plansReport.title')}</Title>
      <Text>{t('plansReport.intro')}</Text>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('plansReport.period')}
          value={String(period)}
          onChange={(e) => setPeriod(Number(e.currentTarget.value) as ReportPeriod)}
          data={REPORT_PERIODS.map((months) => ({
            value: String(months),
            label: t('plansReport.months', { count: months }),
          }))}
          data-testid="plans-report-period-select"
        />
        <NativeSelect
          label={t('plansReport.interval')}
          value={interval}
          onChange={(e) => setInterval(e.currentTarget.value as LicenceReportInterval)}
          data={LICENCE_REPORT_INTERVALS.map((x) => ({ value: x, label: t(`plansReport.intervals.${x}`) }))}
          data-testid="plans-report-interval"
        />
        <Button
          variant="light"
          onClick={() => report.data && void download(report.data)}
          loading={busy}
          disabled={!report.data}
          data-testid="plans-report-download"
        >
          {t('plansReport.download')}
        </Button>
      </Group>
      {body}
    </Stack>
  );
}

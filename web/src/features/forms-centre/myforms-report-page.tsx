import { useMemo, useState } from 'react';
import { Alert, Group, NativeSelect, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { EChartsCoreOption } from 'echarts/core';
import { useTranslation } from 'react-i18next';
import type { FormMyselfReport } from '@shared/contracts/forms';
import { DATE_FILTER_MIN_DAY, defaultDateFilter } from '@shared/domain/date-filter';
import { textIn } from '@shared/domain/sessions';
import { ErrorState } from '../../components/error-state';
import { currentLanguage } from '../../i18n';
import { Chart } from '../../lib/chart';
import { formatDate, formatDateTime } from '../../lib/dates';
import { useMe } from '../../lib/me';
import { useAvailableForms, useMyFormsReport } from './api/forms';
import { PERIODS, customRange, dayOf, reportRequest, type CustomDays, type Period } from './report-period';

/** A stored value in words: a list joined, not applicable said, nothing as a dash. */
function shown(value: unknown, notApplicable: string): string {
  if (value === null) return notApplicable;
  if (Array.isArray(value)) return value.join(', ');
  if (value === undefined || value === '') return '—';
  return String(value);
}

/**
 * My forms report (`/apps/myforms-report`, spec 01 §2): my answers to one of my forms over a
 * period (everything, the last 12 or 3 months, or days of my choice from 2018-01-01 to today),
 * oldest first, as a table, and the form's additional results over time as a chart with the same
 * figures in the table. Not for guests.
 */
export default function MyFormsReportPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const me = useMe();
  const isGuest = me.data?.profile.isGuest ?? false;
  const available = useAvailableForms(!isGuest);
  const [formId, setFormId] = useState('');
  const [period, setPeriod] = useState<Period>('year');
  const [days, setDays] = useState<CustomDays>(() => {
    const range = defaultDateFilter(new Date());
    return { start: dayOf(range.start), end: dayOf(range.end) };
  });
  const chosen = formId || available.data?.items[0]?.form.id || '';
  const request = useMemo(() => reportRequest(chosen, period, days, new Date()), [chosen, period, days]);
  const custom = period === 'custom' ? customRange(days, new Date()) : undefined;
  const problem = custom && 'problem' in custom ? custom.problem : undefined;
  const problemText = problem && t(`formsCentre.report.dates.${problem.key}`);
  const today = dayOf(new Date());
  const report = useMyFormsReport(isGuest ? undefined : request);

  let body;
  if (me.isPending || (!isGuest && available.isPending)) body = <Skeleton height={120} />;
  else if (isGuest)
    body = (
      <Alert color="blue" data-testid="myforms-report-guest">
        {t('formsCentre.report.guest')}
      </Alert>
    );
  else if (available.isError)
    body = (
      <ErrorState
        title={t('formsCentre.home.loadError')}
        error={available.error}
        onRetry={() => void available.refetch()}
        testId="myforms-report-error"
      />
    );
  else if (!chosen)
    body = (
      <Text c="dimmed" data-testid="myforms-report-no-form">
        {t('formsCentre.home.empty')}
      </Text>
    );
  else
    body = (
      <Stack>
        <NativeSelect
          label={t('formsCentre.report.form')}
          value={chosen}
          onChange={(event) => setFormId(event.currentTarget.value)}
          data={(available.data?.items ?? []).map(({ form }) => ({
            value: form.id,
            label: textIn(form.title, language, form.languages[0]) || form.id,
          }))}
          data-testid="myforms-report-form"
        />
        <NativeSelect
          label={t('formsCentre.report.period')}
          value={period}
          onChange={(event) => setPeriod(event.currentTarget.value as Period)}
          data={(Object.keys(PERIODS) as Period[]).map((p) => ({
            value: p,
            label: t(`formsCentre.report.periods.${p}`),
          }))}
          data-testid="myforms-report-period"
        />
        {period === 'custom' && (
          <Group align="flex-start" gap="sm" data-testid="myforms-report-dates">
            <TextInput
              type="date"
              label={t('formsCentre.report.dates.start')}
              value={days.start}
              min={DATE_FILTER_MIN_DAY}
              max={today}
              required
              error={problem?.field === 'start' ? problemText : undefined}
              onChange={(event) => setDays({ ...days, start: event.currentTarget.value })}
              data-testid="myforms-report-start"
            />
            <TextInput
              type="date"
              label={t('formsCentre.report.dates.end')}
              value={days.end}
              min={days.start || DATE_FILTER_MIN_DAY}
              max={today}
              required
              error={problem?.field === 'end' ? problemText : undefined}
              onChange={(event) => setDays({ ...days, end: event.currentTarget.value })}
              data-testid="myforms-report-end"
            />
          </Group>
        )}
        {problem ? null : report.isPending ? (
          <Skeleton height={120} />
        ) : report.isError ? (
          <ErrorState
            title={t('formsCentre.report.loadError')}
            error={report.error}
            onRetry={() => void report.refetch()}
            testId="myforms-report-load-error"
          />
        ) : (
          <ReportView report={report.data} />
        )}
      </Stack>
    );

  return (
    <Stack data-testid="myforms-report-page">
      <Title order={1}>{t('formsCentre.report.title')}</Title>
      {body}
    </Stack>
  );
}

function ReportView({ report }: { report: FormMyselfReport }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const primary = report.form.languages[0];
  const label = (item: {
    title: FormMyselfReport['form']['answers'][number]['title'];
    shortTitle: typeof item.title;
  }) => textIn(item.shortTitle, language, primary) || textIn(item.title, language, primary);
  const results = report.form.additionalResults;
  const option: EChartsCoreOption = {
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll' },
    xAxis: { type: 'category', data: report.items.map((i) => formatDate(new Date(i.creationDate))) },
    yAxis: { type: 'value' },
    series: results.map((r) => ({
      type: 'line',
      name: label(r),
      connectNulls: true,
      data: report.items.map((i) => i.results[r.id] ?? null),
    })),
  };
  if (report.items.length === 0)
    return (
      <Text c="dimmed" data-testid="myforms-report-empty">
        {t('formsCentre.report.empty')}
      </Text>
    );
  const notApplicable = t('formsCentre.report.notApplicable');
  return (
    <Stack data-testid="myforms-report">
      <Text size="sm">{t('formsCentre.report.count', { count: report.count })}</Text>
      {results.length > 0 && report.items.length > 1 && (
        <Chart option={option} label={t('formsCentre.report.chartLabel')} testId="myforms-report-chart" />
      )}
      <Table.ScrollContainer
        minWidth={500}
        // A table wider than a phone scrolls sideways: its scroller takes the focus so arrows can do it.
        scrollAreaProps={{
          viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('formsCentre.report.tableCaption') },
        }}
      >
        <Table striped data-testid="myforms-report-table">
          <Table.Caption>{t('formsCentre.report.tableCaption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('formsCentre.report.date')}</Table.Th>
              {results.map((r) => (
                <Table.Th scope="col" key={`r-${r.id}`}>
                  {label(r)}
                </Table.Th>
              ))}
              {report.form.answers.map((a) => (
                <Table.Th scope="col" key={a.id}>
                  {label(a)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Th scope="row">{formatDateTime(new Date(item.creationDate))}</Table.Th>
                {results.map((r) => (
                  <Table.Td key={`r-${r.id}`}>
                    {item.results[r.id] === undefined || item.results[r.id] === null
                      ? '—'
                      : (item.results[r.id] ?? 0).toFixed(2)}
                  </Table.Td>
                ))}
                {report.form.answers.map((a) => (
                  <Table.Td key={a.id}>{shown(item.values[a.id], notApplicable)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

import { useMemo } from 'react';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/contracts/headers';
import type { SphereReportRequest, ThinkingReport } from '@shared/contracts/reports';
import { inLanguage } from '@shared/domain/thinkings';
import { Chart } from '../../../lib/chart';
import { useReportAxes, useThinkingReport } from '../api/reports';
import { FreeTexts } from './free-texts';
import type { StepTexts } from '../exports/export-shapes';
import { axisAverages } from '../common/report-chart';
import { TOTAL_ROW, reportFileName, signed } from '../exports/report-export';
import {
  CoveredNotice,
  PeopleFigures,
  ReportTable,
  SeriesCard,
  TotalCard,
  useTableExport,
  type ExportFormat,
  Withheld,
} from '../common/report-parts';
import {
  axisDetailColumns,
  axisDetails,
  reportAxes,
  thinkingColumns,
  thinkingExportTable,
  thinkingFigureColumnCount,
  thinkingRows,
  thinkingTexts,
  type AxisColumn,
  type AxisDetail,
  type ThinkingRow,
} from '../exports/thinking-export';
import { FigureReport, coversWeeks, type Covered } from '../common/figure-report';

/** The sphere whose thinkings are reported. */
export interface ThinkingTarget {
  id: string;
  name: string;
}

/**
 * A sphere's thinkings report (spec 01 §7 `POST /thinkings/sphere-reports`, spec 02 §5 report
 * privacy): with the filters of its feelings report, for the whole period each axis by its name
 * with its answers, average and the count of each value, then the average of each axis week by
 * week or month by month, and that table as CSV or Excel. Each axis's comments of the whole period
 * follow its figures, for a group of at least 8 people (decision 0033). A hidden figure says why,
 * never a number.
 */
export function ThinkingReportSection({
  body,
  target,
  tagNames,
  language,
}: {
  body: SphereReportRequest;
  target: ThinkingTarget;
  tagNames: string[];
  language: Language;
}) {
  const report = useThinkingReport(body, true);
  const catalogue = useReportAxes(true);
  const names = useMemo(() => {
    const byId = new Map<string, string>();
    for (const axis of catalogue.data?.items ?? []) byId.set(axis.id, inLanguage(axis.name, language));
    return byId;
  }, [catalogue.data, language]);
  // The axes that take comments; unknown while the catalogue is not read (every axis then does).
  const commented = useMemo(
    () =>
      catalogue.data ? new Set(catalogue.data.items.filter((a) => a.allowComment).map((a) => a.id)) : null,
    [catalogue.data],
  );

  return (
    <FigureReport query={report} testId="thinking" covers={coversWeeks<ThinkingReport>}>
      {(data) => (
        <ThinkingView
          report={data}
          target={target}
          tagNames={tagNames}
          language={language}
          names={names}
          namesMissing={catalogue.isError}
          commented={commented}
        />
      )}
    </FigureReport>
  );
}

function ThinkingView({
  report,
  target,
  tagNames,
  language,
  names,
  namesMissing,
  commented,
}: {
  report: Covered<ThinkingReport>;
  target: ThinkingTarget;
  tagNames: string[];
  language: Language;
  /** The axes' names in the reader's language, by id; an axis not in it is shown by its id. */
  names: ReadonlyMap<string, string>;
  namesMissing: boolean;
  /** The axes that take comments, by id; null when not known. */
  commented: ReadonlySet<string> | null;
}) {
  const { t } = useTranslation();
  const { exporting, exportAs } = useTableExport();
  const axes = useMemo(
    () => reportAxes(report, (id) => names.get(id) || id, language),
    [report, names, language],
  );
  const rows = useMemo(() => thinkingRows(report, axes, language, t), [report, axes, language, t]);
  const details = useMemo(
    () => (report.total.shown ? axisDetails(report.total, axes) : []),
    [report.total, axes],
  );
  const takesComments = useMemo(
    () => (commented ? (axisId: string) => commented.has(axisId) : undefined),
    [commented],
  );
  const comments = useMemo(
    () => thinkingTexts(report, axes, t, takesComments),
    [report, axes, t, takesComments],
  );
  const seriesRows = rows.filter((r) => r.key !== TOTAL_ROW);
  const totalRow = rows.find((r) => r.key === TOTAL_ROW);

  const exportThinking = (format: ExportFormat) =>
    void exportAs(format, (extension) => ({
      table: thinkingExportTable(
        report,
        axes,
        { sphereName: target.name, tagNames },
        language,
        t,
        takesComments,
      ),
      fileName: reportFileName(target, report, extension, 'sphere-thinking'),
      sheet: t('reports.thinking.sheet'),
    }));

  return (
    <Stack data-testid="thinking-report">
      <CoveredNotice weeks={report.weeks.length} covered={report.covered} testId="thinking-covered" />
      {namesMissing && (
        <Text size="sm" c="dimmed" data-testid="thinking-axes-error">
          {t('reports.thinking.axesError')}
        </Text>
      )}

      <TotalCard idPrefix="thinking" hidden={report.total.shown ? null : report.total}>
        {report.total.shown && (
          <Stack>
            <PeopleFigures
              idPrefix="thinking"
              people={report.total.people}
              answers={report.total.answers}
              answersLabel={t('reports.thinking.answers')}
            />
            <AxisTable details={details} />
            <AxisComments parts={comments} />
          </Stack>
        )}
      </TotalCard>

      <SeriesCard
        idPrefix="thinking"
        interval={report.interval}
        onExport={exportThinking}
        exporting={exporting}
      >
        <ThinkingSeriesTable
          caption={t(
            report.interval === 'week' ? 'reports.thinking.captionWeeks' : 'reports.thinking.captionMonths',
          )}
          columns={thinkingColumns(axes, t)}
          axes={axes}
          rows={seriesRows}
          total={totalRow}
        />
      </SeriesCard>
    </Stack>
  );
}

/** The whole period axis by axis: a chart of the averages, and the table it stands for. */
export function AxisTable({ details }: { details: AxisDetail[] }) {
  const { t } = useTranslation();
  const columns = axisDetailColumns(t);
  const chart = useMemo(
    () =>
      axisAverages(details, {
        low: t('reports.thinking.values.m1'),
        high: t('reports.thinking.values.p1'),
      }),
    [details, t],
  );
  if (details.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="thinking-no-axis">
        {t('reports.thinking.noAxis')}
      </Text>
    );
  return (
    <Stack>
      <Chart
        option={chart}
        label={t('reports.thinking.chart', { count: details.length })}
        height={Math.max(140, 48 + details.length * 36)}
        testId="thinking-chart"
      />
      <ReportTable
        caption={t('reports.thinking.axesTitle')}
        columns={columns}
        minWidth={760}
        testId="thinking-axes"
      >
        <Table.Tbody>
          {details.map((axis) => (
            <Table.Tr key={axis.axisId} data-testid={`thinking-axis-${axis.axisId}`}>
              <Table.Th scope="row">{axis.name}</Table.Th>
              <Table.Td>{axis.answers}</Table.Td>
              <Table.Td>{signed(axis.average)}</Table.Td>
              {axis.counts.map((count, i) => (
                <Table.Td key={i}>{count}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ReportTable>
    </Stack>
  );
}

/** Each axis's comments of the whole period under its name, or why they are hidden; none: nothing. */
export function AxisComments({ parts }: { parts: readonly StepTexts[] }) {
  const { t } = useTranslation();
  if (parts.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="thinking-comments-title" data-testid="thinking-comments">
      <Title order={3} size="h5" id="thinking-comments-title">
        {t('reports.thinking.commentsTitle')}
      </Title>
      {parts.map((part) => (
        <FreeTexts key={part.id} part={part} testId={`thinking-comments-${part.id}`} />
      ))}
    </Stack>
  );
}

function ThinkingRowCells({ row, axes }: { row: ThinkingRow; axes: readonly AxisColumn[] }) {
  if (!row.shown)
    return (
      <Table.Td colSpan={thinkingFigureColumnCount(axes)} data-testid={`thinking-hidden-${row.key}`}>
        <Withheld>{row.reason}</Withheld>
      </Table.Td>
    );
  return (
    <>
      <Table.Td>{row.people}</Table.Td>
      <Table.Td>{row.answers}</Table.Td>
      {row.averages.map((average, i) => (
        <Table.Td key={axes[i]?.id ?? i}>{signed(average)}</Table.Td>
      ))}
    </>
  );
}

/** One row per period, then the whole period: each axis's average; what the files hold. */
function ThinkingSeriesTable({
  caption,
  columns,
  axes,
  rows,
  total,
}: {
  caption: string;
  columns: string[];
  axes: readonly AxisColumn[];
  rows: ThinkingRow[];
  total: ThinkingRow | undefined;
}) {
  return (
    <ReportTable
      caption={caption}
      columns={columns}
      minWidth={Math.max(560, 200 + axes.length * 140)}
      testId="thinking-table"
    >
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key} data-testid={`thinking-row-${row.key}`}>
            <Table.Th scope="row">{row.label}</Table.Th>
            <ThinkingRowCells row={row} axes={axes} />
          </Table.Tr>
        ))}
      </Table.Tbody>
      {total && (
        <Table.Tfoot>
          <Table.Tr data-testid={`thinking-row-${total.key}`}>
            <Table.Th scope="row">{total.label}</Table.Th>
            <ThinkingRowCells row={total} axes={axes} />
          </Table.Tr>
        </Table.Tfoot>
      )}
    </ReportTable>
  );
}

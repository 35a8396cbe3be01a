import { useMemo, useState } from 'react';
import {
  Badge,
  Box,
  Card,
  Group,
  Progress,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/contracts/headers';
import type { StrategyReport } from '@shared/contracts/strategy-reports';
import { ASSESSMENT_LEVELS, type AssessmentLevel } from '@shared/domain/strategies';
import { ErrorState } from '../../components/error-state';
import { Chart } from '../../lib/chart';
import { ApiError } from '../../lib/errors';
import { useStrategyReport, type StrategyReportRequest } from './api/reports';
import type { FormReportFilters, FormReportTarget } from './form-report';
import { TOTAL_ROW, reportFileName, round2, type ExportContext } from './report-export';
import {
  AnonymityAlert,
  CoveredNotice,
  PeopleFigures,
  ReportTable,
  SeriesCard,
  TotalCard,
  useTableExport,
  type ExportFormat,
} from './report-parts';
import {
  averageWithLevel,
  levelName,
  outline,
  strategyAverages,
  strategyDetails,
  strategyExportTable,
  strategyFigureColumnCount,
  strategyHeader,
  strategyRows,
  type StrategyCell,
  type StrategyDetail,
  type StrategyRow,
} from './strategy-export';

/** The key of the answer saying the sphere keeps no strategy (decision 0019). */
const STRATEGY_NOT_ENABLED = 'strategy-not-enabled';
const isNotEnabled = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.keys.includes(STRATEGY_NOT_ENABLED);

/** Each level's colour in a distribution bar, from very unhappy to very happy; its count is also text. */
const LEVEL_COLORS: Record<AssessmentLevel, string> = {
  veryUnhappy: 'red.8',
  unhappy: 'orange.7',
  neutral: 'gray.6',
  happy: 'teal.7',
  veryHappy: 'green.9',
};

type StrategyView = 'tree' | 'graphic';

/**
 * The strategy assessments of a sphere's or a group's report (spec 02 §2 "strategy assessment (tree
 * or graphic view)", §5 report privacy): with the page's filters, the people and assessments of the
 * whole period, then each item of the place's strategy, either as the outline (its depth, its type,
 * its average and nearest level, the count of each level) or as a chart of the averages with its
 * table, and each item's average period by period, as CSV or Excel too. A hidden figure says why,
 * never a number.
 */
export function StrategyReportSection({
  target,
  filters,
  tagNames,
  language,
  anonymityShown,
}: {
  target: FormReportTarget;
  filters: FormReportFilters;
  tagNames: string[];
  language: Language;
  /** The page already says that anonymity is not guaranteed (a study programme). */
  anonymityShown: boolean;
}) {
  const { t } = useTranslation();
  const request = useMemo<StrategyReportRequest>(
    () =>
      target.kind === 'session'
        ? { kind: 'session', body: { sessionId: target.id, ...filters } }
        : { kind: 'sphere', body: { sphereId: target.id, ...filters } },
    [target.kind, target.id, filters],
  );
  const report = useStrategyReport(request, true);

  if (report.isPending) return <Skeleton height={320} data-testid="strategy-report-loading" />;
  if (report.isError)
    return isNotEnabled(report.error) ? (
      <Card withBorder data-testid="strategy-report-not-enabled">
        <Text>{t('reports.strategy.notEnabled')}</Text>
      </Card>
    ) : (
      <ErrorState
        title={t('reports.strategy.loadError')}
        error={report.error}
        onRetry={() => void report.refetch()}
        testId="strategy-report-error"
      />
    );
  return (
    <StrategyReportView
      report={report.data}
      target={target}
      tagNames={tagNames}
      language={language}
      anonymityShown={anonymityShown}
    />
  );
}

function StrategyReportView({
  report,
  target,
  tagNames,
  language,
  anonymityShown,
}: {
  report: StrategyReport;
  target: FormReportTarget;
  tagNames: string[];
  language: Language;
  anonymityShown: boolean;
}) {
  const { t } = useTranslation();
  const { exporting, exportAs } = useTableExport();
  const [view, setView] = useState<StrategyView>('tree');
  const items = useMemo(() => outline(report.strategies), [report.strategies]);
  const rows = useMemo(() => strategyRows(report, language, t), [report, language, t]);
  const details = useMemo(
    () => (report.total.shown ? strategyDetails(report.strategies, report.total, t) : []),
    [report.strategies, report.total, t],
  );
  const ofGroup = target.kind === 'session';
  const anonymity = report.anonymityNotGuaranteed && !anonymityShown && <AnonymityAlert />;

  if (items.length === 0)
    return (
      <Stack data-testid="strategy-report-section">
        {anonymity}
        <Card withBorder data-testid="strategy-report-none">
          <Text>{t(ofGroup ? 'reports.strategy.noneGroup' : 'reports.strategy.none')}</Text>
        </Card>
      </Stack>
    );

  if (!report.covered || report.weeks.length === 0)
    return (
      <Stack data-testid="strategy-report-section">
        {anonymity}
        <Card withBorder data-testid="strategy-report-empty">
          <Text>{t('reports.empty.noWeek')}</Text>
        </Card>
      </Stack>
    );

  const exportStrategy = (format: ExportFormat) =>
    void exportAs(format, (extension) => {
      const context: ExportContext = ofGroup
        ? { groupName: target.name, tagNames }
        : { sphereName: target.name, tagNames };
      return {
        table: strategyExportTable(report, context, language, t),
        fileName: reportFileName(
          { id: target.id, name: target.name },
          report,
          extension,
          ofGroup ? 'session-strategy' : 'sphere-strategy',
        ),
        sheet: t('reports.strategy.sheet'),
      };
    });

  const seriesRows = rows.filter((r) => r.key !== TOTAL_ROW);
  const totalRow = rows.find((r) => r.key === TOTAL_ROW);

  return (
    <Stack data-testid="strategy-report-section">
      {anonymity}
      <CoveredNotice weeks={report.weeks.length} covered={report.covered} testId="strategy-report-covered" />
      <Text size="sm" data-testid="strategy-report-scale">
        {t('reports.strategy.scale')}
      </Text>

      <TotalCard idPrefix="strategy-report" hidden={report.total.shown ? null : report.total}>
        {report.total.shown && (
          <Stack>
            <PeopleFigures
              idPrefix="strategy-report"
              people={report.total.people}
              answers={report.total.answers}
              answersLabel={t('reports.strategy.answers')}
            />
            <Stack gap={4} className="no-print">
              <Text size="sm" fw={500} id="strategy-view-label">
                {t('reports.strategy.view.label')}
              </Text>
              <SegmentedControl
                aria-labelledby="strategy-view-label"
                value={view}
                onChange={(value) => setView(value === 'graphic' ? 'graphic' : 'tree')}
                data={[
                  { value: 'tree', label: t('reports.strategy.view.tree') },
                  { value: 'graphic', label: t('reports.strategy.view.graphic') },
                ]}
                style={{ alignSelf: 'flex-start' }}
                data-testid="strategy-view"
              />
            </Stack>
            {view === 'tree' ? <TreeView details={details} /> : <GraphicView details={details} />}
          </Stack>
        )}
      </TotalCard>

      <SeriesCard
        idPrefix="strategy-report"
        interval={report.interval}
        onExport={exportStrategy}
        exporting={exporting}
      >
        <StrategySeriesTable
          caption={t(
            report.interval === 'week' ? 'reports.strategy.captionWeeks' : 'reports.strategy.captionMonths',
          )}
          header={strategyHeader(items, t)}
          itemCount={items.length}
          rows={seriesRows}
          total={totalRow}
        />
      </SeriesCard>
    </Stack>
  );
}

/** An average to two decimals; a dash when there is none. */
const averageText = (n: number | null) => (n === null ? '—' : round2(n).toFixed(2));

/** The item's name in its row: indented by its depth, its depth also said in words. */
function ItemHeader({ detail }: { detail: StrategyDetail }) {
  const { t } = useTranslation();
  return (
    <Table.Th
      scope="row"
      fw={500}
      style={{ paddingLeft: `calc(var(--mantine-spacing-sm) + ${detail.indent * 1.25}rem)` }}
    >
      <Stack gap={2} align="flex-start">
        <Text size="sm" fw={500} span>
          {detail.title}
          <VisuallyHidden>{`, ${t('reports.strategy.outlineLevel', { level: detail.indent + 1 })}`}</VisuallyHidden>
        </Text>
        <Group gap={6}>
          <Text size="xs" c="gray.7" span>
            {detail.typeName}
          </Text>
          {detail.isHidden && (
            <Badge
              size="xs"
              variant="light"
              color="gray"
              c="gray.9"
              data-testid={`strategy-report-hidden-item-${detail.id}`}
            >
              {t('reports.strategy.hiddenFromMembers')}
            </Badge>
          )}
        </Group>
      </Stack>
    </Table.Th>
  );
}

/** The count of each level as a stacked bar (each part named) and as text. */
function Distribution({ detail }: { detail: Extract<StrategyDetail, { shown: true }> }) {
  const { t } = useTranslation();
  const text = detail.levels.map((l) =>
    t('reports.strategy.segment', { level: l.label, count: l.count, share: l.share }),
  );
  return (
    <Stack gap={4} miw={200}>
      {detail.answers > 0 && (
        <Progress.Root
          role="group"
          size="lg"
          aria-label={t('reports.strategy.distributionLabel', { count: detail.answers, title: detail.title })}
        >
          {detail.levels.map((l, i) =>
            l.count > 0 ? (
              <Progress.Section
                key={l.level}
                value={(l.count / detail.answers) * 100}
                color={LEVEL_COLORS[l.level]}
                aria-label={text[i]}
                title={text[i]}
              />
            ) : null,
          )}
        </Progress.Root>
      )}
      <Text size="xs" data-testid={`strategy-report-levels-${detail.id}`}>
        {text.join(' · ')}
      </Text>
    </Stack>
  );
}

/** The outline over the whole period: each item at its depth, its figures or why they are hidden. */
function TreeView({ details }: { details: StrategyDetail[] }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="strategy-report-tree">
      <ReportTable
        caption={t('reports.strategy.treeCaption')}
        columns={[
          t('reports.strategy.columns.item'),
          t('reports.strategy.columns.answers'),
          t('reports.strategy.columns.average'),
          t('reports.strategy.columns.distribution'),
        ]}
        minWidth={720}
        testId="strategy-report-items"
      >
        <Table.Tbody>
          {details.map((detail) => (
            <Table.Tr key={detail.id} data-testid={`strategy-report-item-${detail.id}`}>
              <ItemHeader detail={detail} />
              {detail.shown ? (
                <>
                  <Table.Td>{detail.answers}</Table.Td>
                  <Table.Td data-testid={`strategy-report-average-${detail.id}`}>
                    {detail.average === null ? (
                      <Text size="sm" fs="italic" span>
                        {t('reports.strategy.noAssessment')}
                      </Text>
                    ) : (
                      averageWithLevel(detail.average, t)
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Distribution detail={detail} />
                  </Table.Td>
                </>
              ) : (
                <Table.Td colSpan={3} data-testid={`strategy-report-item-reason-${detail.id}`}>
                  <Text size="sm" fs="italic" span>
                    {detail.reason}
                  </Text>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ReportTable>
    </Box>
  );
}

/** The averages as horizontal bars on the five levels, then the same figures as a table. */
function GraphicView({ details }: { details: StrategyDetail[] }) {
  const { t } = useTranslation();
  const drawn = useMemo(
    () =>
      details.flatMap((d) =>
        d.shown && d.average !== null ? [{ id: d.id, title: d.title, average: d.average }] : [],
      ),
    [details],
  );
  const option = useMemo(
    () =>
      strategyAverages(
        drawn,
        ASSESSMENT_LEVELS.map((level) => levelName(level, t)),
      ),
    [drawn, t],
  );
  return (
    <Stack data-testid="strategy-report-graphic">
      {drawn.length > 0 ? (
        <Chart
          option={option}
          label={t('reports.strategy.chart', { count: drawn.length })}
          height={Math.max(160, 56 + drawn.length * 36)}
          testId="strategy-report-chart"
        />
      ) : (
        <Text size="sm" data-testid="strategy-report-no-chart">
          {t('reports.strategy.noChart')}
        </Text>
      )}
      <ReportTable
        caption={t('reports.strategy.graphicCaption')}
        columns={[
          t('reports.strategy.columns.item'),
          t('reports.strategy.columns.answers'),
          t('reports.strategy.columns.average'),
          t('reports.strategy.columns.level'),
        ]}
        minWidth={560}
        testId="strategy-report-averages"
      >
        <Table.Tbody>
          {details.map((detail) => (
            <Table.Tr key={detail.id} data-testid={`strategy-report-bar-${detail.id}`}>
              <ItemHeader detail={detail} />
              {detail.shown ? (
                <>
                  <Table.Td>{detail.answers}</Table.Td>
                  <Table.Td>{averageText(detail.average)}</Table.Td>
                  <Table.Td>
                    {detail.average === null ? t('reports.strategy.noAssessment') : detail.levelName}
                  </Table.Td>
                </>
              ) : (
                <Table.Td colSpan={3}>
                  <Text size="sm" fs="italic" span>
                    {detail.reason}
                  </Text>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ReportTable>
    </Stack>
  );
}

function Cell({ cell }: { cell: StrategyCell }) {
  if (typeof cell === 'string')
    return (
      <Table.Td>
        <Text size="sm" fs="italic" span>
          {cell}
        </Text>
      </Table.Td>
    );
  return <Table.Td>{cell === null ? '—' : cell.toFixed(2)}</Table.Td>;
}

function RowCells({ row, itemCount }: { row: StrategyRow; itemCount: number }) {
  if (!row.shown)
    return (
      <Table.Td
        colSpan={strategyFigureColumnCount(itemCount)}
        data-testid={`strategy-report-hidden-${row.key}`}
      >
        <Text size="sm" fs="italic" span>
          {row.reason}
        </Text>
      </Table.Td>
    );
  return (
    <>
      <Table.Td>{row.people}</Table.Td>
      <Table.Td>{row.answers}</Table.Td>
      {row.cells.map((cell, i) => (
        <Cell key={i} cell={cell} />
      ))}
    </>
  );
}

/** One row per period, then the whole period: people, assessments and each item's average; what the files hold. */
function StrategySeriesTable({
  caption,
  header,
  itemCount,
  rows,
  total,
}: {
  caption: string;
  header: string[];
  itemCount: number;
  rows: StrategyRow[];
  total: StrategyRow | undefined;
}) {
  return (
    <ReportTable
      caption={caption}
      columns={header}
      minWidth={Math.max(560, 260 + itemCount * 140)}
      testId="strategy-report-table"
    >
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key} data-testid={`strategy-report-row-${row.key}`}>
            <Table.Th scope="row">{row.label}</Table.Th>
            <RowCells row={row} itemCount={itemCount} />
          </Table.Tr>
        ))}
      </Table.Tbody>
      {total && (
        <Table.Tfoot>
          <Table.Tr data-testid={`strategy-report-row-${total.key}`}>
            <Table.Th scope="row">{total.label}</Table.Th>
            <RowCells row={total} itemCount={itemCount} />
          </Table.Tr>
        </Table.Tfoot>
      )}
    </ReportTable>
  );
}

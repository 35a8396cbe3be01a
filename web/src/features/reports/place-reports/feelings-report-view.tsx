import { useMemo } from 'react';
import { Box, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/contracts/headers';
import { type SphereReport } from '@shared/contracts/reports';
import { FEELING_COLORS, QUADRANTS } from '@shared/domain/feelings';
import { Chart } from '../../../lib/chart';
import { useEmotionWords } from '../../../lib/feeling-words';
import { quadrantSwatch } from '../../../lib/quadrants';
import { colorsOverTime, hiddenPeriods } from '../common/report-chart';
import { Figure } from '../common/report-figure';
import {
  FIGURE_COLUMN_COUNT,
  TOTAL_ROW,
  exportTable,
  reportColumns,
  reportFileName,
  reportRows,
  round2,
  signed,
  type ExportContext,
  type ReportRow,
  type ShownFigure,
} from '../exports/report-export';
import {
  CoveredNotice,
  SeriesCard,
  TotalCard,
  useTableExport,
  type ExportFormat,
  Withheld,
} from '../common/report-parts';
import { type ReportTarget } from './report-target';
import type { Covered } from '../common/figure-report';

export const plain = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : round2(n).toFixed(2);

/** Which column of the table a figure cell is in: the averages are written signed or to two decimals. */
export function cellText(value: number | null, column: number): string {
  if (column === 2) return signed(value);
  if (column === 3) return plain(value);
  return value === null ? '—' : String(value);
}

export function ReportView({
  report,
  target,
  tagNames,
  language,
}: {
  report: Covered<SphereReport>;
  target: ReportTarget;
  tagNames: string[];
  language: Language;
}) {
  const { t } = useTranslation();
  const { exporting, exportAs } = useTableExport();
  const rows = useMemo(() => reportRows(report, language, t), [report, language, t]);
  const columns = useMemo(() => reportColumns(language, t), [language, t]);
  const seriesRows = rows.filter((r) => r.key !== TOTAL_ROW);
  const totalRow = rows.find((r) => r.key === TOTAL_ROW);
  const chart = useMemo(
    () =>
      colorsOverTime(
        report,
        seriesRows.map((r) => r.label),
        language,
      ),
    // The labels follow from the report and the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [report, language],
  );

  const exportReport = (format: ExportFormat) =>
    void exportAs(format, (extension) => {
      const context: ExportContext =
        target.kind === 'session'
          ? { groupName: target.name, tagNames }
          : { sphereName: target.name, tagNames };
      return {
        table: exportTable(report, context, language, t),
        fileName: reportFileName({ id: target.id, name: target.name }, report, extension, target.kind),
        sheet: t('reports.export.sheet'),
      };
    });

  const hidden = hiddenPeriods(report);
  const periods = report.series.length;
  const chartLabel = [
    t(report.interval === 'week' ? 'reports.chart.labelWeeks' : 'reports.chart.labelMonths', {
      count: periods,
    }),
    hidden > 0 ? t('reports.chart.hidden', { count: hidden }) : '',
  ]
    .filter(Boolean)
    .join(' ');
  const anyBar = report.series.some((s) => s.figure.shown && s.figure.colors);

  return (
    <Stack data-testid="report">
      <CoveredNotice weeks={report.weeks.length} covered={report.covered} testId="report-covered" />

      <TotalCard idPrefix="report" hidden={report.total.shown ? null : report.total}>
        {report.total.shown && <TotalFigures figure={report.total} language={language} />}
      </TotalCard>

      <SeriesCard idPrefix="report" interval={report.interval} onExport={exportReport} exporting={exporting}>
        {anyBar && <Chart option={chart} label={chartLabel} testId="report-chart" />}
        <SeriesTable
          caption={t(
            report.interval === 'week' ? 'reports.table.captionWeeks' : 'reports.table.captionMonths',
          )}
          columns={columns}
          rows={seriesRows}
          total={totalRow}
        />
      </SeriesCard>
    </Stack>
  );
}

/**
 * A shown figure's people, feelings, averages, quadrants (a table, each by its symbol and name) and
 * most chosen words. `idPrefix` keeps the words' title id unique when a page shows several figures.
 */
export function TotalFigures({
  figure,
  language,
  idPrefix = 'report',
}: {
  figure: ShownFigure;
  language: Language;
  idPrefix?: string;
}) {
  const { t } = useTranslation();
  const words = useEmotionWords();
  const wordLabel = (id: string) => words.data?.items.find((w) => w.id === id)?.label[language] ?? id;
  const colors = figure.colors;
  const colorTotal = colors ? FEELING_COLORS.reduce((sum, c) => sum + colors[c], 0) : 0;
  const share = (n: number) => (colorTotal > 0 ? Math.round((n / colorTotal) * 100) : 0);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="report-figures">
        <Figure label={t('reports.columns.people')} value={String(figure.people)} testId="report-people" />
        <Figure label={t('reports.columns.answers')} value={String(figure.answers)} testId="report-answers" />
        <Figure label={t('reports.columns.averageValue')} value={signed(figure.averageValue)} />
        <Figure label={t('reports.columns.averageEnergy')} value={plain(figure.averageEnergy)} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {colors && (
          <Table.ScrollContainer
            minWidth={320}
            scrollAreaProps={{
              viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('reports.total.colors') },
            }}
          >
            <Table data-testid="report-colors">
              <Table.Caption>{t('reports.total.colors')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('reports.total.quadrant')}</Table.Th>
                  <Table.Th scope="col">{t('reports.columns.answers')}</Table.Th>
                  <Table.Th scope="col">{t('reports.total.share')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {FEELING_COLORS.map((c) => (
                  <Table.Tr key={c} data-testid={`report-color-${c}`}>
                    <Table.Th scope="row">
                      <Group gap="xs" wrap="nowrap">
                        <Box
                          aria-hidden
                          w={14}
                          h={14}
                          style={{ ...quadrantSwatch(c), borderRadius: 3, flex: 'none' }}
                        />
                        <span>{`${QUADRANTS[c].symbol} ${QUADRANTS[c].label[language]}`}</span>
                      </Group>
                    </Table.Th>
                    <Table.Td>{colors[c]}</Table.Td>
                    <Table.Td>{t('reports.total.percent', { value: share(colors[c]) })}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {figure.words && (
          <Box>
            <Title order={3} size="h5" mb="xs" id={`${idPrefix}-words-title`}>
              {t('reports.total.words')}
            </Title>
            {figure.words.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('reports.total.noWords')}
              </Text>
            ) : (
              <Box
                component="ol"
                aria-labelledby={`${idPrefix}-words-title`}
                m={0}
                pl="lg"
                data-testid="report-words"
              >
                {figure.words.map((w) => (
                  <li key={w.wordId}>
                    <Text size="sm" span>
                      {t('reports.total.word', { word: wordLabel(w.wordId), count: w.count })}
                    </Text>
                  </li>
                ))}
              </Box>
            )}
          </Box>
        )}
      </SimpleGrid>
    </Stack>
  );
}

export function RowCells({ row }: { row: ReportRow }) {
  if (!row.shown)
    return (
      <Table.Td colSpan={FIGURE_COLUMN_COUNT} data-testid={`report-hidden-${row.key}`}>
        <Withheld>{row.reason}</Withheld>
      </Table.Td>
    );
  return (
    <>
      {row.cells.map((value, i) => (
        <Table.Td key={i}>{cellText(value, i)}</Table.Td>
      ))}
    </>
  );
}

/** The table beside the chart: one row per period, then the whole period; what the files hold. */
export function SeriesTable({
  caption,
  columns,
  rows,
  total,
}: {
  caption: string;
  columns: string[];
  rows: ReportRow[];
  total: ReportRow | undefined;
}) {
  return (
    <Table.ScrollContainer
      minWidth={820}
      // A table wider than a phone scrolls sideways: its scroller takes the focus so arrows can do it.
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption } }}
    >
      <Table striped data-testid="report-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th scope="col" key={column}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} data-testid={`report-row-${row.key}`}>
              <Table.Th scope="row">{row.label}</Table.Th>
              <RowCells row={row} />
            </Table.Tr>
          ))}
        </Table.Tbody>
        {total && (
          <Table.Tfoot>
            <Table.Tr data-testid={`report-row-${total.key}`}>
              <Table.Th scope="row">{total.label}</Table.Th>
              <RowCells row={total} />
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

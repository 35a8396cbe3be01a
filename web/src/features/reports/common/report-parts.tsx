import { XLSX_MEDIA_TYPE } from '../../../lib/table-export';
import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Group, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SphereReportInterval } from '@shared/contracts/reports';
import { notifyError } from '../../../components/notify';
import { formatDate } from '../../../lib/dates';
import {
  download,
  hiddenReason,
  toCsv,
  toXlsx,
  type HiddenFigure,
  type ReportExport,
} from '../exports/report-export';
import { Figure } from './report-figure';

/** The two files a report's table is given as. */
export type ExportFormat = 'csv' | 'xlsx';

/** What one export writes: the table, and the file's name for the chosen format. */
export interface ExportFile {
  table: ReportExport;
  fileName: string;
  /** The name of the Excel sheet. */
  sheet: string;
}

/**
 * The export of a report's table: which format is being written, and the writer, which builds the
 * file at the moment of the click and says any failure instead of throwing it.
 */
export function useTableExport() {
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  async function exportAs(format: ExportFormat, build: (format: ExportFormat) => ExportFile) {
    setExporting(format);
    try {
      const { table, fileName, sheet } = build(format);
      if (format === 'csv') download(toCsv(table), 'text/csv;charset=utf-8', fileName);
      else download(await toXlsx(table, sheet), XLSX_MEDIA_TYPE, fileName);
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(null);
    }
  }
  return { exporting, exportAs };
}

/** The "Export the table" group: one button per format, the one being written spinning. */
export function ExportButtons({
  onExport,
  exporting,
  testIdPrefix,
}: {
  onExport: (format: ExportFormat) => void;
  exporting: ExportFormat | null;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="group" aria-label={t('reports.export.title')} className="no-print">
      <Text size="sm" c="dimmed" aria-hidden>
        {t('reports.export.title')}
      </Text>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="default"
          size="xs"
          onClick={() => onExport(format)}
          loading={exporting === format}
          data-testid={`${testIdPrefix}-export-${format}`}
        >
          {t(format === 'csv' ? 'reports.export.csv' : 'reports.export.xlsx')}
        </Button>
      ))}
    </Group>
  );
}

/**
 * The whole period's card: its figures when shown, else why they are hidden, never a number.
 * `hidden` is the total when it is hidden.
 */
export function TotalCard({
  idPrefix,
  hidden,
  children,
}: {
  idPrefix: string;
  hidden: HiddenFigure | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder component="section" aria-labelledby={`${idPrefix}-total-title`}>
      <Title order={2} size="h4" id={`${idPrefix}-total-title`} mb="xs">
        {t('reports.total.title')}
      </Title>
      {hidden ? <Text data-testid={`${idPrefix}-total-hidden`}>{hiddenReason(hidden, t)}</Text> : children}
    </Card>
  );
}

/** The period-by-period card: its title by week or month, the export buttons, then its content. */
export function SeriesCard({
  idPrefix,
  interval,
  onExport,
  exporting,
  children,
}: {
  idPrefix: string;
  interval: SphereReportInterval;
  onExport: (format: ExportFormat) => void;
  exporting: ExportFormat | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder component="section" aria-labelledby={`${idPrefix}-series-title`}>
      <Group justify="space-between" wrap="wrap" mb="xs">
        <Title order={2} size="h4" id={`${idPrefix}-series-title`}>
          {t(interval === 'week' ? 'reports.series.titleWeeks' : 'reports.series.titleMonths')}
        </Title>
        <ExportButtons onExport={onExport} exporting={exporting} testIdPrefix={idPrefix} />
      </Group>
      {children}
    </Card>
  );
}

/**
 * A report's table with its caption and column headers. Wider than a phone, it scrolls sideways:
 * its scroller, named by the caption, takes the focus so arrows can do it. `children` are its body
 * (and foot).
 */
export function ReportTable({
  caption,
  columns,
  minWidth,
  testId,
  children,
}: {
  caption: string;
  columns: readonly ReactNode[];
  minWidth: number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption } }}
    >
      <Table striped data-testid={testId}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, i) => (
              <Table.Th scope="col" key={i}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}

/** What a report's figures cover: how many closed weeks, from which Monday to which Sunday. */
export function CoveredNotice({
  weeks,
  covered,
  testId,
}: {
  weeks: number;
  covered: { first: string; last: string };
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Text size="sm" data-testid={testId}>
      {t('reports.notice.covered', {
        count: weeks,
        first: formatDate(covered.first),
        last: formatDate(covered.last),
      })}
    </Text>
  );
}

/** The people of a shown period and what they gave (feelings, surveys, assessments), side by side. */
export function PeopleFigures({
  idPrefix,
  people,
  answers,
  answersLabel,
}: {
  idPrefix: string;
  people: number;
  answers: number;
  answersLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid={`${idPrefix}-figures`}>
      <Figure label={t('reports.columns.people')} value={String(people)} testId={`${idPrefix}-people`} />
      <Figure label={answersLabel} value={String(answers)} testId={`${idPrefix}-answers`} />
    </SimpleGrid>
  );
}

/**
 * The study-programme warning (spec 01 §1): a sphere that shares its data with researchers says
 * "anonymity not guaranteed" on every report page.
 */
export function AnonymityAlert() {
  const { t } = useTranslation();
  return (
    <Alert color="orange" role="alert" title={t('reports.anonymity.title')} data-testid="report-anonymity">
      {t('reports.anonymity.body')}
    </Alert>
  );
}

/** Why a figure is not shown (too few people, nothing closed yet), said in place of it. */
export function Withheld({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" fs="italic" span>
      {children}
    </Text>
  );
}

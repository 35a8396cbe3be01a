import { useMemo, useState } from 'react';
import { Card, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/contracts/headers';
import type { StrategyReport } from '@shared/contracts/strategy-reports';
import { ApiError } from '../../../lib/errors';
import { useStrategyReport, type StrategyReportRequest } from '../api/reports';
import type { FormReportFilters, FormReportTarget } from './form-report';
import { TOTAL_ROW, reportFileName, type ExportContext } from '../exports/report-export';
import {
  AnonymityAlert,
  CoveredNotice,
  PeopleFigures,
  SeriesCard,
  TotalCard,
  useTableExport,
  type ExportFormat,
} from '../common/report-parts';
import {
  outline,
  strategyDetails,
  strategyExportTable,
  strategyHeader,
  strategyRows,
} from '../exports/strategy-export';
import { TreeView, GraphicView, StrategySeriesTable } from './strategy-views';
import { FigureReport, NoWeekCard, coversWeeks } from '../common/figure-report';

/** The key of the answer saying the sphere keeps no strategy (decision 0019). */
const STRATEGY_NOT_ENABLED = 'strategy-not-enabled';
const isNotEnabled = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.keys.includes(STRATEGY_NOT_ENABLED);

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

  return (
    <FigureReport
      query={report}
      testId="strategy-report"
      errorTitle={t('reports.strategy.loadError')}
      refusal={(error) =>
        isNotEnabled(error) ? (
          <Card withBorder data-testid="strategy-report-not-enabled">
            <Text>{t('reports.strategy.notEnabled')}</Text>
          </Card>
        ) : null
      }
    >
      {(data) => (
        <StrategyReportView
          report={data}
          target={target}
          tagNames={tagNames}
          language={language}
          anonymityShown={anonymityShown}
        />
      )}
    </FigureReport>
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

  if (!coversWeeks(report))
    return (
      <Stack data-testid="strategy-report-section">
        {anonymity}
        <NoWeekCard testId="strategy-report-empty" />
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

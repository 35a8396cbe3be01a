import { useMemo, useState } from 'react';
import { Card, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormReport } from '@shared/contracts/form-reports';
import type { Language } from '@shared/contracts/headers';
import type { SphereReportInterval } from '@shared/contracts/reports';
import { FREE_TEXT_MIN_PARTICIPANTS } from '@shared/domain/report-privacy';
import { textIn } from '@shared/domain/sessions';
import { ErrorState } from '../../../components/error-state';
import {
  useFormReport,
  useReportAvailableForms,
  useReportSphereForms,
  type FormReportRequest,
} from '../api/reports';
import { formColumns, formExportTable, formHeader, formPeriods, formRows } from '../exports/form-export';
import { formTexts, questionDetails, resultDetails } from '../exports/form-details';
import { TOTAL_ROW, reportFileName, type ExportContext } from '../exports/report-export';
import {
  AnonymityAlert,
  PeopleFigures,
  CoveredNotice,
  SeriesCard,
  TotalCard,
  useTableExport,
  type ExportFormat,
} from '../common/report-parts';
import { ScaleView } from './scale-view';
import { FreeTexts } from './free-texts';
import { QuestionTable, ResultsCard, FormSeriesTable } from './form-report-tables';
import { FigureReport, NoWeekCard, coversWeeks } from '../common/figure-report';

/** What a questionnaires report covers: a whole sphere (its admins), or one of its groups (its members). */
export interface FormReportTarget {
  kind: 'sphere' | 'session';
  id: string;
  name: string;
}

/** The filters of the page, the same as the feelings report's. */
export interface FormReportFilters {
  start: string;
  end: string;
  tagIds: string[];
  interval: SphereReportInterval;
}

/**
 * The questionnaires of a sphere's or a group's report (spec 02 §2 report views, §5 report
 * privacy; decision 0033): the reader picks one of the forms entitled to the sphere (its admins) or
 * available through the group (its members), then reads, with the page's filters, the people and
 * surveys of the whole period, each counted question's average and the count of each value or
 * choice, the views of the scale models it measures (each also period by period), the form's
 * additional results as a chart and a table, and the averages period by period, as CSV or Excel
 * too. Texts and dates are never counted; each free-text question's texts of the whole period are
 * listed under the questions for a group of at least 8 people. A hidden figure says why, never a
 * number.
 */
export function FormReportSection({
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
  const ofGroup = target.kind === 'session';
  const sphereForms = useReportSphereForms(target.id, !ofGroup);
  const available = useReportAvailableForms(ofGroup);
  const list = ofGroup ? available : sphereForms;
  const options = useMemo(() => {
    const forms = ofGroup
      ? (available.data?.items ?? [])
          .filter((entry) => entry.places.some((place) => place.sessionId === target.id))
          .map(({ form }) => ({
            id: form.id,
            title: textIn(form.title, language, form.languages[0]),
            archived: false,
          }))
      : (sphereForms.data?.items ?? []).map((e) => ({
          id: e.formId,
          title: textIn(e.title, language),
          archived: e.archived,
        }));
    return forms
      .map((form) => ({
        value: form.id,
        label: form.archived
          ? t('reports.forms.archived', { title: form.title || form.id })
          : form.title || form.id,
        title: form.title || form.id,
        archived: form.archived,
      }))
      .sort((a, b) => Number(a.archived) - Number(b.archived) || a.label.localeCompare(b.label, language));
  }, [ofGroup, available.data, sphereForms.data, target.id, language, t]);
  const [chosen, choose] = useState<string | null>(null);
  const formId = options.find((o) => o.value === chosen)?.value ?? options[0]?.value ?? null;
  const request = useMemo<FormReportRequest>(
    () =>
      ofGroup
        ? { kind: 'session', body: { sessionId: target.id, formId: formId ?? '', ...filters } }
        : { kind: 'sphere', body: { sphereId: target.id, formId: formId ?? '', ...filters } },
    [ofGroup, target.id, formId, filters],
  );
  const report = useFormReport(request, formId !== null);

  if (list.isPending) return <Skeleton height={60} data-testid="form-report-forms-loading" />;
  if (list.isError)
    return (
      <ErrorState
        title={t('reports.forms.formsError')}
        error={list.error}
        onRetry={() => void list.refetch()}
        testId="form-report-forms-error"
      />
    );
  if (formId === null)
    return (
      <Card withBorder data-testid="form-report-none">
        <Text>{t(ofGroup ? 'reports.forms.noneGroup' : 'reports.forms.none')}</Text>
      </Card>
    );

  const formTitle = options.find((o) => o.value === formId)?.title ?? formId;
  return (
    <Stack data-testid="form-report-section">
      <Select
        label={t('reports.forms.form')}
        data={options.map(({ value, label }) => ({ value, label }))}
        value={formId}
        onChange={(value) => {
          if (value) choose(value);
        }}
        allowDeselect={false}
        searchable={options.length > 8}
        maw={480}
        className="no-print"
        data-testid="form-report-form"
      />
      <FigureReport query={report} testId="form-report">
        {(data) => (
          <FormReportView
            report={data}
            target={target}
            formTitle={formTitle}
            tagNames={tagNames}
            language={language}
            anonymityShown={anonymityShown}
          />
        )}
      </FigureReport>
    </Stack>
  );
}

function FormReportView({
  report,
  target,
  formTitle,
  tagNames,
  language,
  anonymityShown,
}: {
  report: FormReport;
  target: FormReportTarget;
  formTitle: string;
  tagNames: string[];
  language: Language;
  anonymityShown: boolean;
}) {
  const { t } = useTranslation();
  const { exporting, exportAs } = useTableExport();
  const columns = useMemo(() => formColumns(report.form, language), [report.form, language]);
  const rows = useMemo(() => formRows(report, columns, language, t), [report, columns, language, t]);
  const questions = useMemo(
    () => (report.total.shown ? questionDetails(report.total, report.form, language, t) : []),
    [report.total, report.form, language, t],
  );
  const results = useMemo(
    () => (report.total.shown ? resultDetails(report.total, report.form, language, t) : []),
    [report.total, report.form, language, t],
  );
  const texts = useMemo(() => formTexts(report, language, t), [report, language, t]);
  const scaleViewSeries = useMemo(
    () => ({ interval: report.interval, periods: formPeriods(report, language, t) }),
    [report, language, t],
  );
  const seriesRows = rows.filter((r) => r.key !== TOTAL_ROW);
  const totalRow = rows.find((r) => r.key === TOTAL_ROW);
  const anonymity = report.anonymityNotGuaranteed && !anonymityShown && <AnonymityAlert />;

  if (!coversWeeks(report))
    return (
      <Stack>
        {anonymity}
        <NoWeekCard testId="form-report-empty" />
      </Stack>
    );

  const exportForm = (format: ExportFormat) =>
    void exportAs(format, (extension) => {
      const context: ExportContext =
        target.kind === 'session'
          ? { groupName: target.name, tagNames }
          : { sphereName: target.name, tagNames };
      return {
        table: formExportTable(report, context, language, t),
        fileName: reportFileName(
          { id: target.id, name: `${target.name} ${formTitle}` },
          report,
          extension,
          target.kind === 'session' ? 'session-form' : 'sphere-form',
        ),
        sheet: t('reports.forms.sheet'),
      };
    });

  return (
    <Stack data-testid="form-report">
      {anonymity}
      <CoveredNotice weeks={report.weeks.length} covered={report.covered} testId="form-report-covered" />
      <Text size="sm" data-testid="form-report-uncounted">
        {t('reports.forms.uncounted', { threshold: FREE_TEXT_MIN_PARTICIPANTS })}
      </Text>

      <TotalCard idPrefix="form-report" hidden={report.total.shown ? null : report.total}>
        {report.total.shown && (
          <Stack>
            <PeopleFigures
              idPrefix="form-report"
              people={report.total.people}
              answers={report.total.answers}
              answersLabel={t('reports.forms.answers')}
            />
            <QuestionTable details={questions} />
            {texts.map((part) => (
              <FreeTexts key={part.id} part={part} testId={`form-report-texts-${part.id}`} />
            ))}
          </Stack>
        )}
      </TotalCard>

      <ScaleView form={report.form} figure={report.total} language={language} series={scaleViewSeries} />

      {report.total.shown && report.form.additionalResults.length > 0 && (
        <ResultsCard details={results} language={language} />
      )}

      <SeriesCard
        idPrefix="form-report"
        interval={report.interval}
        onExport={exportForm}
        exporting={exporting}
      >
        <FormSeriesTable
          caption={t(
            columns.some((c) => c.kind === 'result')
              ? report.interval === 'week'
                ? 'reports.forms.captionResultsWeeks'
                : 'reports.forms.captionResultsMonths'
              : report.interval === 'week'
                ? 'reports.forms.captionQuestionsWeeks'
                : 'reports.forms.captionQuestionsMonths',
          )}
          header={formHeader(columns, t)}
          columns={columns}
          rows={seriesRows}
          total={totalRow}
        />
      </SeriesCard>
    </Stack>
  );
}

import { useMemo, type ReactNode } from 'react';
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FormFigure, FormReport } from '@shared/contracts/form-reports';
import type { Language } from '@shared/contracts/headers';
import type { SphereReportInterval } from '@shared/contracts/reports';
import { Chart } from '../../../lib/chart';
import { ReportTable, Withheld } from '../common/report-parts';
import { dimensionReason, quadrantNames, unplacedReason } from '../exports/form-export';
import { scaleText } from '../exports/form-details';
import { type FormPeriod } from '../exports/export-shapes';
import { TOTAL_ROW, hiddenReason } from '../exports/report-export';
import {
  scaleSeries,
  scaleViews,
  viewDimensions,
  type BarsView,
  type DimensionFigure,
  type ModelSeries,
  type PeriodView,
  type SelfEsteemView,
  type ShownDimension,
} from '../exports/scale-views';
import { dimensionBars, quadrantChart, twoDecimals } from '../exports/scale-charts';

/** The periods of the series to read each model by, and whether they are weeks or months. */
export interface ScaleViewSeries {
  interval: SphereReportInterval;
  /** Each week or month and the whole period (see formPeriods). */
  periods: readonly FormPeriod[];
}

/**
 * The report views of the scale models the form measures (spec 02 §2 report views, §3 scale
 * models): the Big Five traits and the dimensions of engagement as bars, the self-esteem quadrants
 * as a point among four named areas, each with a table of the same figures and, when the series is
 * given, a table of each period to unfold. Shown for a group's shown figure only, and nothing for a
 * form that measures no known model.
 */
export function ScaleView({
  form,
  figure,
  language,
  series,
}: {
  form: FormReport['form'];
  figure: FormFigure;
  language: Language;
  series?: ScaleViewSeries | undefined;
}) {
  const views = useMemo(() => scaleViews(form, figure, language), [form, figure, language]);
  const models = useMemo(
    () => (series ? scaleSeries(form, series.periods, language) : []),
    [form, series, language],
  );
  const periodsOf = (view: { kind: ModelSeries['kind'] }) => {
    const model = models.find((m) => m.kind === view.kind);
    return model && series ? <PeriodTable model={model} interval={series.interval} /> : null;
  };
  return (
    <>
      {views.map((view) =>
        view.kind === 'selfEsteem' ? (
          <SelfEsteemCard key={view.kind} view={view} language={language}>
            {periodsOf(view)}
          </SelfEsteemCard>
        ) : (
          <BarsCard key={view.kind} view={view} language={language}>
            {periodsOf(view)}
          </BarsCard>
        ),
      )}
    </>
  );
}

/** An end or a middle of a scale in the reader's language, as the tables' scales write them. */
const scaleNumber = (n: number, language: Language) =>
  new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(n);

/** A shown dimension's average in words, with its scale when the form gives both ends. */
function valueInWords(dimension: ShownDimension, language: Language, t: TFunction) {
  const value = twoDecimals(dimension.average);
  return dimension.min !== undefined && dimension.max !== undefined
    ? t('reports.forms.views.valueOnScale', {
        name: dimension.title,
        value,
        min: scaleNumber(dimension.min, language),
        max: scaleNumber(dimension.max, language),
      })
    : t('reports.forms.views.value', { name: dimension.title, value });
}

/** The Big Five traits or the dimensions of engagement: bars of their averages and their table. */
function BarsCard({
  view,
  language,
  children,
}: {
  view: BarsView;
  language: Language;
  /** The model period by period, under its table. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const shown = useMemo(() => view.dimensions.flatMap((d) => (d.shown ? [d] : [])), [view.dimensions]);
  const chart = useMemo(() => dimensionBars(shown), [shown]);
  const texts =
    view.kind === 'bigFive'
      ? {
          title: t('reports.forms.views.bigFive.title'),
          caption: t('reports.forms.views.bigFive.caption'),
          dimension: t('reports.forms.views.bigFive.dimension'),
          chart: (values: string) => t('reports.forms.views.bigFive.chart', { values }),
        }
      : {
          title: t('reports.forms.views.engagement.title'),
          caption: t('reports.forms.views.engagement.caption'),
          dimension: t('reports.forms.views.engagement.dimension'),
          chart: (values: string) => t('reports.forms.views.engagement.chart', { values }),
        };
  const hidden = view.dimensions.filter((d) => !d.shown).map((d) => d.title);
  const label = [
    texts.chart(shown.map((d) => valueInWords(d, language, t)).join('; ')),
    ...(hidden.length > 0 ? [t('reports.forms.views.notShown', { names: hidden.join(', ') })] : []),
  ].join(' ');
  const titleId = `form-report-view-${view.kind}-title`;
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby={titleId}
      data-testid={`form-report-view-${view.kind}`}
    >
      <Title order={2} size="h4" id={titleId} mb="xs">
        {texts.title}
      </Title>
      <Stack>
        {shown.length > 0 && (
          <Chart
            option={chart}
            label={label}
            height={Math.max(140, 48 + shown.length * 40)}
            testId={`form-report-view-${view.kind}-chart`}
          />
        )}
        <ReportTable
          caption={texts.caption}
          columns={[
            texts.dimension,
            t('reports.forms.questionAnswers'),
            t('reports.forms.average'),
            t('reports.forms.scale'),
          ]}
          minWidth={560}
          testId={`form-report-view-${view.kind}-table`}
        >
          <Table.Tbody>
            {view.dimensions.map((dimension) => (
              <Table.Tr
                key={dimension.resultId}
                data-testid={`form-report-view-${view.kind}-row-${dimension.resultId}`}
              >
                <Table.Th scope="row" fw={500}>
                  {dimension.title}
                </Table.Th>
                {dimension.shown ? (
                  <>
                    <Table.Td>{dimension.answers}</Table.Td>
                    <Table.Td>{twoDecimals(dimension.average)}</Table.Td>
                    <Table.Td>{scaleText(dimension, language) || '—'}</Table.Td>
                  </>
                ) : (
                  <Table.Td colSpan={3}>
                    <Withheld>{dimensionReason(dimension, t)}</Withheld>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ReportTable>
        {children}
      </Stack>
    </Card>
  );
}

/** A cell of the self-esteem table: a dimension's average, or why it has none. */
function DimensionCell({ dimension }: { dimension: DimensionFigure }) {
  const { t } = useTranslation();
  if (dimension.shown) return <Table.Td>{twoDecimals(dimension.average)}</Table.Td>;
  return (
    <Table.Td>
      <Withheld>{dimensionReason(dimension, t)}</Withheld>
    </Table.Td>
  );
}

/**
 * The self-esteem quadrants: a sentence naming the quadrant of the group's average (or why it is not
 * placed), the quadrant chart when it is, and a table of competence, worthiness and the quadrant.
 */
function SelfEsteemCard({
  view,
  language,
  children,
}: {
  view: SelfEsteemView;
  language: Language;
  /** The model period by period, under its table. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const names = useMemo(() => quadrantNames(t), [t]);
  const { placement, competence, worthiness } = view;
  const chart = useMemo(
    () => (placement.placed ? quadrantChart(placement, names) : null),
    [placement, names],
  );
  const number = (n: number) => scaleNumber(n, language);
  let sentence: string;
  let label = '';
  if (placement.placed) {
    const quadrant = names[placement.quadrant];
    sentence = t('reports.forms.views.selfEsteem.lies', { quadrant });
    const { competence: c, worthiness: w } = placement.axes;
    label = t('reports.forms.views.selfEsteem.chart', {
      competence: c.title,
      competenceMin: number(placement.ranges.competence.min),
      competenceMax: number(placement.ranges.competence.max),
      competenceMid: number(placement.midpoints.competence),
      worthiness: w.title,
      worthinessMin: number(placement.ranges.worthiness.min),
      worthinessMax: number(placement.ranges.worthiness.max),
      worthinessMid: number(placement.midpoints.worthiness),
      competenceValue: twoDecimals(placement.point.competence),
      worthinessValue: twoDecimals(placement.point.worthiness),
      quadrant,
    });
  } else {
    sentence = unplacedReason(view, t);
  }
  const caption = t('reports.forms.views.selfEsteem.caption');
  const midpointOf = (d: DimensionFigure) => (d.midpoint === null ? '—' : twoDecimals(d.midpoint));
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby="form-report-view-selfEsteem-title"
      data-testid="form-report-view-selfEsteem"
    >
      <Title order={2} size="h4" id="form-report-view-selfEsteem-title" mb="xs">
        {t('reports.forms.views.selfEsteem.title')}
      </Title>
      <Stack>
        <Text data-testid="form-report-view-selfEsteem-sentence">{sentence}</Text>
        {chart && (
          <Chart option={chart} label={label} height={360} testId="form-report-view-selfEsteem-chart" />
        )}
        <ReportTable
          caption={caption}
          columns={[
            t('reports.forms.views.selfEsteem.figure'),
            competence.title,
            worthiness.title,
            t('reports.forms.views.selfEsteem.quadrant'),
          ]}
          minWidth={560}
          testId="form-report-view-selfEsteem-table"
        >
          <Table.Tbody>
            <Table.Tr data-testid="form-report-view-selfEsteem-average">
              <Table.Th scope="row" fw={500}>
                {t('reports.forms.views.selfEsteem.average')}
              </Table.Th>
              <DimensionCell dimension={competence} />
              <DimensionCell dimension={worthiness} />
              <Table.Td>{placement.placed ? names[placement.quadrant] : '—'}</Table.Td>
            </Table.Tr>
            <Table.Tr data-testid="form-report-view-selfEsteem-midpoint">
              <Table.Th scope="row" fw={500}>
                {t('reports.forms.views.selfEsteem.midpoint')}
              </Table.Th>
              <Table.Td>{midpointOf(competence)}</Table.Td>
              <Table.Td>{midpointOf(worthiness)}</Table.Td>
              <Table.Td>—</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </ReportTable>
        {children}
      </Stack>
    </Card>
  );
}

/** The cells of a period in a model's table by period: each dimension, then the quadrant for self-esteem. */
function PeriodCells({ model, period }: { model: ModelSeries; period: PeriodView }) {
  const { t } = useTranslation();
  const names = useMemo(() => quadrantNames(t), [t]);
  if (!period.shown)
    return (
      <Table.Td colSpan={model.dimensions.length + (model.kind === 'selfEsteem' ? 1 : 0)}>
        <Withheld>{hiddenReason(period.hidden, t)}</Withheld>
      </Table.Td>
    );
  const { view } = period;
  const figures = viewDimensions(view);
  return (
    <>
      {model.dimensions.map((dimension) => {
        const figure = figures.find((d) => d.resultId === dimension.resultId);
        return figure ? (
          <DimensionCell key={dimension.resultId} dimension={figure} />
        ) : (
          <Table.Td key={dimension.resultId}>{t('reports.forms.views.notComputed')}</Table.Td>
        );
      })}
      {view.kind === 'selfEsteem' && (
        <Table.Td>
          {view.placement.placed
            ? names[view.placement.quadrant]
            : t(
                view.placement.why === 'hidden'
                  ? 'reports.forms.views.selfEsteem.notPlaced'
                  : 'reports.forms.views.selfEsteem.noMiddle',
              )}
        </Table.Td>
      )}
    </>
  );
}

/**
 * A model week by week or month by month, then over the whole period, folded under its view: one
 * row per period, one column per dimension (and the quadrant for self-esteem), a hidden group or
 * dimension with its reason in words. The text alternative of the view's chart in each period.
 */
function PeriodTable({ model, interval }: { model: ModelSeries; interval: SphereReportInterval }) {
  const { t } = useTranslation();
  const rows = model.periods.filter((p) => p.key !== TOTAL_ROW);
  const total = model.periods.find((p) => p.key === TOTAL_ROW);
  const columns = [
    t('reports.columns.period'),
    ...model.dimensions.map((d) => d.title),
    ...(model.kind === 'selfEsteem' ? [t('reports.forms.views.selfEsteem.quadrant')] : []),
  ];
  const testId = `form-report-view-${model.kind}-periods`;
  const row = (period: PeriodView) => (
    <Table.Tr key={period.key} data-testid={`${testId}-row-${period.key}`}>
      <Table.Th scope="row">{period.label}</Table.Th>
      <PeriodCells model={model} period={period} />
    </Table.Tr>
  );
  return (
    <details data-testid={testId}>
      <summary>
        <Text component="span" size="sm">
          {t(interval === 'week' ? 'reports.series.titleWeeks' : 'reports.series.titleMonths')}
        </Text>
      </summary>
      <ReportTable
        caption={t(
          `reports.forms.views.${model.kind}.${interval === 'week' ? 'captionWeeks' : 'captionMonths'}`,
        )}
        columns={columns}
        minWidth={Math.max(560, 200 + (columns.length - 1) * 140)}
        testId={`${testId}-table`}
      >
        <Table.Tbody>{rows.map(row)}</Table.Tbody>
        {total && <Table.Tfoot>{row(total)}</Table.Tfoot>}
      </ReportTable>
    </details>
  );
}

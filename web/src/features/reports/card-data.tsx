import { formStepCardData } from '@shared/domain/custom-reports';
import { useMemo } from 'react';
import { Box, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CampaignStepReport } from '@shared/contracts/campaign-reports';
import type { CardData, DataShot, SphereDataShot } from '@shared/contracts/custom-reports';
import { LANGUAGES, type Language } from '@shared/contracts/headers';
import type { QuestionFigure, ResultFigure } from '@shared/contracts/form-reports';
import type { ReportFigure, ThinkingFigure } from '@shared/contracts/reports';
import { FEELING_COLORS, QUADRANTS } from '@shared/domain/feelings';
import { textIn } from '@shared/domain/sessions';
import { inLanguage } from '@shared/domain/thinkings';
import { Chart } from '../../lib/chart';
import { useEmotionWords } from '../../lib/feeling-words';
import { useReportAxes } from './api/reports';
import { colorsOverTime, hiddenPeriods, measureOverTime } from './report-chart';
import {
  hiddenReason,
  periodLabel,
  round2,
  signed,
  type HiddenFigure,
  type ShownFigure,
} from './report-export';
import { ownLanguage, partHiddenReason } from './form-export';
import { ReportTable } from './report-parts';
import { type StepNames } from './campaign-report-export';
import { StepFigures } from './campaign-step-parts';
import { Figure } from './report-figure';

/** A sphere's data shot's figures: a face of the sphere over the report's period. */
type SphereCardData = Exclude<CardData, { source: 'campaign' | 'form' }>;
type CampaignCardData = Extract<CardData, { source: 'campaign' }>;
type FormCardData = Extract<CardData, { source: 'form' }>;

const plain = (n: number | undefined) => (n === undefined ? '—' : round2(n).toFixed(2));

/** The Monday and the Sunday of an ISO week `YYYY-Www`, as `YYYY-MM-DD`; null for anything else. */
export function isoWeekDays(period: string): { first: string; last: string } | null {
  const match = /^(\d{4})-W(\d{2})$/.exec(period);
  if (!match) return null;
  const year = Number(match[1]);
  const week = Number(match[2]);
  // 4 January is always in week 1.
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const monday = new Date(jan4);
  monday.setUTCDate(jan4.getUTCDate() - ((jan4.getUTCDay() + 6) % 7) + (week - 1) * 7);
  const sunday = new Date(monday);
  sunday.setUTCDate(monday.getUTCDate() + 6);
  return { first: monday.toISOString().slice(0, 10), last: sunday.toISOString().slice(0, 10) };
}

/** A card's period in words: a month by its name, a week by its days (as on the sphere's report). */
export function cardPeriodLabel(
  period: string,
  interval: SphereDataShot['interval'],
  language: Language,
): string {
  const days = isoWeekDays(period);
  if (interval === 'week' && days) return periodLabel({ period, ...days }, 'week', language);
  if (interval === 'month') return periodLabel({ period, first: period, last: period }, 'month', language);
  return period;
}

/** The number a feelings figure gives for a measure; null when it has none. */
function feelingValue(figure: ShownFigure, measure: SphereDataShot['measure']): number | null {
  if (measure === 'answers') return figure.answers;
  if (measure === 'averageValue')
    return figure.averageValue === undefined ? null : round2(figure.averageValue);
  if (measure === 'averageEnergy')
    return figure.averageEnergy === undefined ? null : round2(figure.averageEnergy);
  return figure.people;
}

/** A measure's value as the sphere's report writes it. */
function valueText(value: number | null, measure: SphereDataShot['measure']): string {
  if (value === null) return '—';
  if (measure === 'averageValue') return signed(value);
  if (measure === 'averageEnergy') return plain(value);
  return String(value);
}

/** The measures a thinkings card counts: its people or its answers (its axes show beside). */
const thinkingMeasure = (measure: SphereDataShot['measure']) =>
  measure === 'answers' ? 'answers' : 'people';

function measureName(
  source: SphereDataShot['source'],
  measure: SphereDataShot['measure'],
  t: TFunction,
): string {
  if (source === 'thinkings')
    return thinkingMeasure(measure) === 'answers'
      ? t('reports.thinking.answers')
      : t('reports.columns.people');
  return t(`reports.custom.measures.${measure}`);
}

/**
 * A data shot's figures (spec 02 §3 Card, §5 report privacy): the whole period as figures, or the
 * period week by week or month by month as a chart with its table. A hidden figure says why and
 * the threshold it missed, never a number.
 */
export function CardDataView({
  cardId,
  dataShot,
  data,
  language,
}: {
  cardId: string;
  dataShot: DataShot;
  data: CardData;
  language: Language;
}) {
  if (data.source === 'campaign') return <CampaignCardData cardId={cardId} data={data} language={language} />;
  if (data.source === 'form') return <FormCardView cardId={cardId} data={data} language={language} />;
  // A sphere's face: what the shot shows decides how (a campaign's or a questionnaire's data never
  // comes with one).
  if (dataShot.source === 'campaign' || dataShot.source === 'form') return null;
  if (dataShot.view === 'series')
    return <SeriesData cardId={cardId} dataShot={dataShot} data={data} language={language} />;
  return data.source === 'feelings' ? (
    <FeelingsTotal cardId={cardId} figure={data.total} measure={dataShot.measure} language={language} />
  ) : (
    <ThinkingsTotal cardId={cardId} figure={data.total} language={language} />
  );
}

function HiddenText({ cardId, figure }: { cardId: string; figure: { shown: true } | HiddenFigure }) {
  const { t } = useTranslation();
  if (figure.shown) return null;
  return (
    <Text fs="italic" data-testid={`card-hidden-${cardId}`}>
      {hiddenReason(figure, t)}
    </Text>
  );
}

function FeelingsTotal({
  cardId,
  figure,
  measure,
  language,
}: {
  cardId: string;
  figure: ReportFigure;
  measure: SphereDataShot['measure'];
  language: Language;
}) {
  const { t } = useTranslation();
  const words = useEmotionWords();
  if (!figure.shown) return <HiddenText cardId={cardId} figure={figure} />;
  const wordLabel = (id: string) => words.data?.items.find((w) => w.id === id)?.label[language] ?? id;
  const colors = figure.colors;
  return (
    <Stack gap="sm" data-testid={`card-total-${cardId}`}>
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        <Figure label={t('reports.columns.people')} value={String(figure.people)} />
        <Figure label={t('reports.columns.answers')} value={String(figure.answers)} />
        {(measure === 'averageValue' || measure === 'averageEnergy') && (
          <Figure
            label={t(`reports.custom.measures.${measure}`)}
            value={valueText(feelingValue(figure, measure), measure)}
            testId={`card-measure-${cardId}`}
          />
        )}
      </SimpleGrid>
      {measure === 'colors' && colors && (
        <Table.ScrollContainer
          minWidth={320}
          scrollAreaProps={{
            viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('reports.total.colors') },
          }}
        >
          <Table>
            <Table.Caption>{t('reports.total.colors')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('reports.total.quadrant')}</Table.Th>
                <Table.Th scope="col">{t('reports.columns.answers')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {FEELING_COLORS.map((c) => (
                <Table.Tr key={c}>
                  <Table.Th scope="row">{`${QUADRANTS[c].symbol} ${QUADRANTS[c].label[language]}`}</Table.Th>
                  <Table.Td>{colors[c]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {measure === 'words' &&
        (figure.words && figure.words.length > 0 ? (
          <Box component="ol" m={0} pl="lg" aria-label={t('reports.total.words')}>
            {figure.words.map((w) => (
              <li key={w.wordId}>
                <Text size="sm" span>
                  {t('reports.total.word', { word: wordLabel(w.wordId), count: w.count })}
                </Text>
              </li>
            ))}
          </Box>
        ) : (
          <Text size="sm" c="dimmed">
            {t('reports.total.noWords')}
          </Text>
        ))}
    </Stack>
  );
}

function ThinkingsTotal({
  cardId,
  figure,
  language,
}: {
  cardId: string;
  figure: ThinkingFigure;
  language: Language;
}) {
  const { t } = useTranslation();
  const catalogue = useReportAxes(figure.shown);
  if (!figure.shown) return <HiddenText cardId={cardId} figure={figure} />;
  const nameOf = (id: string) => {
    const axis = catalogue.data?.items.find((a) => a.id === id);
    return axis ? inLanguage(axis.name, language) || id : id;
  };
  return (
    <Stack gap="sm" data-testid={`card-total-${cardId}`}>
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        <Figure label={t('reports.columns.people')} value={String(figure.people)} />
        <Figure label={t('reports.thinking.answers')} value={String(figure.answers)} />
      </SimpleGrid>
      {figure.axes.length > 0 && (
        <Table.ScrollContainer
          minWidth={420}
          scrollAreaProps={{
            viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('reports.thinking.axesTitle') },
          }}
        >
          <Table striped>
            <Table.Caption>{t('reports.thinking.axesTitle')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('reports.thinking.axis')}</Table.Th>
                <Table.Th scope="col">{t('reports.thinking.axisAnswers')}</Table.Th>
                <Table.Th scope="col">{t('reports.thinking.average')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {figure.axes.map((axis) => (
                <Table.Tr key={axis.axisId}>
                  <Table.Th scope="row">{nameOf(axis.axisId)}</Table.Th>
                  <Table.Td>{axis.answers}</Table.Td>
                  <Table.Td>{signed(axis.average)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** One row of a series table: its period, then its figures or why they are hidden. */
interface SeriesRow {
  key: string;
  label: string;
  cells: string[] | null;
  reason: string;
}

function SeriesData({
  cardId,
  dataShot,
  data,
  language,
}: {
  cardId: string;
  dataShot: SphereDataShot;
  data: SphereCardData;
  language: Language;
}) {
  const { t } = useTranslation();
  const words = useEmotionWords();
  const { measure, interval } = dataShot;
  const wordLabel = (id: string) => words.data?.items.find((w) => w.id === id)?.label[language] ?? id;
  const labels = data.series.map((s) => cardPeriodLabel(s.period, interval, language));
  const name = measureName(data.source, measure, t);
  const colorsShown = data.source === 'feelings' && measure === 'colors';

  const columns: string[] = colorsShown
    ? FEELING_COLORS.map((c) => `${QUADRANTS[c].symbol} ${QUADRANTS[c].label[language]}`)
    : [name];

  const feelingCells = (figure: ShownFigure): string[] => {
    if (colorsShown) return FEELING_COLORS.map((c) => (figure.colors ? String(figure.colors[c]) : '—'));
    if (measure === 'words')
      return [
        (figure.words ?? [])
          .map((w) => t('reports.total.word', { word: wordLabel(w.wordId), count: w.count }))
          .join(', ') || t('reports.total.noWords'),
      ];
    return [valueText(feelingValue(figure, measure), measure)];
  };
  const row = (period: string, i: number, figure: ReportFigure | ThinkingFigure, cells: () => string[]) => ({
    key: period,
    label: labels[i] ?? period,
    cells: figure.shown ? cells() : null,
    reason: figure.shown ? '' : hiddenReason(figure, t),
  });
  const thinkingCount = (figure: Extract<ThinkingFigure, { shown: true }>) =>
    thinkingMeasure(measure) === 'answers' ? figure.answers : figure.people;
  const rows: SeriesRow[] =
    data.source === 'thinkings'
      ? data.series.map(({ period, figure }, i) =>
          row(period, i, figure, () => (figure.shown ? [String(thinkingCount(figure))] : [])),
        )
      : data.series.map(({ period, figure }, i) =>
          row(period, i, figure, () => (figure.shown ? feelingCells(figure) : [])),
        );

  const chart = useMemo(() => {
    if (data.source === 'thinkings')
      return measureOverTime(
        labels,
        data.series.map(({ figure }) => (figure.shown ? thinkingCount(figure) : null)),
        name,
      );
    if (measure === 'colors') return colorsOverTime(data, labels, language);
    if (measure === 'words') return null;
    return measureOverTime(
      labels,
      data.series.map(({ figure }) => (figure.shown ? feelingValue(figure, measure) : null)),
      name,
    );
    // The labels, the name and the counts follow from the data, the interval and the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, measure, interval, language]);

  if (data.series.length === 0)
    return (
      <Text c="dimmed" data-testid={`card-no-period-${cardId}`}>
        {t('reports.custom.card.noPeriod')}
      </Text>
    );

  const hidden = hiddenPeriods(data);
  const caption = t(
    interval === 'week' ? 'reports.custom.card.captionWeeks' : 'reports.custom.card.captionMonths',
    { measure: name },
  );
  const chartLabel = [caption, hidden > 0 ? t('reports.chart.hidden', { count: hidden }) : '']
    .filter(Boolean)
    .join('. ');

  return (
    <Stack gap="sm" data-testid={`card-series-${cardId}`}>
      {chart && <Chart option={chart} label={chartLabel} testId={`card-chart-${cardId}`} />}
      <Table.ScrollContainer
        minWidth={Math.max(360, 200 + columns.length * 120)}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption } }}
      >
        <Table striped data-testid={`card-table-${cardId}`}>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('reports.columns.period')}</Table.Th>
              {columns.map((c) => (
                <Table.Th scope="col" key={c}>
                  {c}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Th scope="row">{row.label}</Table.Th>
                {row.cells ? (
                  row.cells.map((cell, i) => <Table.Td key={i}>{cell}</Table.Td>)
                ) : (
                  <Table.Td colSpan={columns.length} data-testid={`card-hidden-${cardId}-${row.key}`}>
                    <Text size="sm" fs="italic" span>
                      {row.reason}
                    </Text>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/**
 * A campaign step's figures in a custom report (decision 0036): the step as the campaign's results
 * page shows it, named by what the cycle kept of it when it stopped.
 */
function CampaignCardData({
  cardId,
  data,
  language,
}: {
  cardId: string;
  data: CampaignCardData;
  language: Language;
}) {
  const { t } = useTranslation();
  const words = useEmotionWords();
  const axes = useReportAxes(data.result.kind === 'thinking');
  const { result } = data;
  const names = useMemo<StepNames>(() => {
    const questions =
      result.kind === 'custom-form'
        ? [
            ...result.questions.map((q) => ({ id: q.id, kind: 'likert' as const, title: q.title })),
            ...result.texts.map((q) => ({
              id: q.question.id,
              kind: 'text' as const,
              title: q.question.title,
            })),
          ]
        : [];
    return {
      campaign: {
        measures: [{ id: data.stepId, title: data.title, customTheme: { questions } }],
        defaultLocale: (LANGUAGES as readonly string[]).includes(data.defaultLocale)
          ? (data.defaultLocale as Language)
          : 'fr',
      },
      language,
      tag: (id) => id,
      axis: (id) => {
        const axis = axes.data?.items.find((a) => a.id === id);
        return axis ? inLanguage(axis.name, language) || id : id;
      },
      word: (id) => words.data?.items.find((w) => w.id === id)?.label[language] ?? id,
    };
  }, [data, result, language, axes.data, words.data]);
  const head = { stepId: data.stepId, measureId: data.stepId };
  const stepTitle = (
    <Text size="sm" c="dimmed">
      {t('reports.custom.card.campaignStep', {
        step: textIn(data.title, language, names.campaign.defaultLocale),
        cycle: data.cycle.internalLabel || t('reports.campaign.cycleUnnamed'),
      })}
    </Text>
  );
  // A questionnaire step (decision 0038) reads as a questionnaire card of the form the cycle asked.
  if (result.kind === 'form')
    return (
      <Stack gap="sm" data-testid={`card-campaign-${cardId}`}>
        {stepTitle}
        <FormCardView cardId={cardId} data={formStepCardData(result)} language={language} />
      </Stack>
    );
  const step: CampaignStepReport =
    result.kind === 'custom-form'
      ? {
          ...head,
          type: 'custom-form',
          kind: 'questions',
          figure: result.figure,
          texts: result.texts.map((q) => q.figure),
        }
      : result.kind === 'feeling'
        ? { ...head, type: 'feeling', kind: 'feeling', figure: result.figure }
        : { ...head, type: 'thinking', kind: 'thinking', figure: result.figure };
  return (
    <Stack gap="sm" data-testid={`card-campaign-${cardId}`}>
      {stepTitle}
      <StepFigures step={step} names={names} idPrefix={`card-${cardId}`} />
    </Stack>
  );
}

/** How many of a choice question's values a card names: the most chosen first. */
export const FORM_CARD_TOP_CHOICES = 3;

/** One row of a questionnaire card's table: a question or a result, its figures or why they are hidden. */
type FormCardRow = { id: string; title: string } & (
  { shown: true; answers: number; figure: string } | { shown: false; reason: string }
);

/**
 * A questionnaire's figures in a custom report (decision 0038): the form's title, its people and
 * surveys over the report's period, then each counted question and additional result in the
 * form's order — a number's average on its scale, a choice's most chosen values with their counts,
 * a hidden one's reason. Free texts are never in a card.
 */
function FormCardView({
  cardId,
  data,
  language,
}: {
  cardId: string;
  data: FormCardData;
  language: Language;
}) {
  const { t } = useTranslation();
  const { definition, total } = data;
  const primary = ownLanguage(definition);
  const text = (value: Parameters<typeof textIn>[0]) => textIn(value, language, primary);
  const title = text(definition.title) || data.formId;
  const rows = useMemo(() => formCardRows(data, language, t), [data, language, t]);
  return (
    <Stack gap="sm" data-testid={`card-form-${cardId}`}>
      <Text size="sm" c="dimmed" data-testid={`card-form-title-${cardId}`}>
        {t('reports.custom.formCard.form', { title })}
      </Text>
      {!total.shown ? (
        <HiddenText cardId={cardId} figure={total} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3 }} data-testid={`card-total-${cardId}`}>
            <Figure label={t('reports.columns.people')} value={String(total.people)} />
            <Figure label={t('reports.forms.answers')} value={String(total.answers)} />
          </SimpleGrid>
          {rows.questions.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid={`card-form-no-question-${cardId}`}>
              {t('reports.forms.noQuestion')}
            </Text>
          ) : (
            <FormCardTable
              cardId={cardId}
              kind="question"
              rows={rows.questions}
              caption={t('reports.custom.formCard.questions')}
              columns={[
                t('reports.forms.question'),
                t('reports.forms.questionAnswers'),
                t('reports.custom.formCard.figure'),
              ]}
            />
          )}
          {rows.results.length > 0 && (
            <FormCardTable
              cardId={cardId}
              kind="result"
              rows={rows.results}
              caption={t('reports.custom.formCard.results')}
              columns={[
                t('reports.forms.result'),
                t('reports.forms.questionAnswers'),
                t('reports.forms.average'),
              ]}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function FormCardTable({
  cardId,
  kind,
  rows,
  caption,
  columns,
}: {
  cardId: string;
  kind: 'question' | 'result';
  rows: FormCardRow[];
  caption: string;
  columns: string[];
}) {
  return (
    <ReportTable caption={caption} columns={columns} minWidth={480} testId={`card-form-${kind}s-${cardId}`}>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id} data-testid={`card-form-${kind}-${cardId}-${row.id}`}>
            <Table.Th scope="row" fw={500}>
              {row.title}
            </Table.Th>
            {row.shown ? (
              <>
                <Table.Td>{row.answers}</Table.Td>
                <Table.Td>{row.figure}</Table.Td>
              </>
            ) : (
              <Table.Td colSpan={2} data-testid={`card-form-hidden-${cardId}-${row.id}`}>
                <Text size="sm" fs="italic" span>
                  {row.reason}
                </Text>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ReportTable>
  );
}

/** An average on its scale, "4.20 on 1–7"; the average alone when the scale has no ends. */
function onScale(
  average: number | undefined,
  scale: { min?: number | undefined; max?: number | undefined },
  t: TFunction,
): string {
  if (average === undefined) return '—';
  const value = plain(average);
  if (scale.min === undefined || scale.max === undefined) return value;
  return t('reports.custom.formCard.onScale', { average: value, min: scale.min, max: scale.max });
}

/**
 * A questionnaire card's rows, in the form's order: its counted questions, then its additional
 * results; a question or result with no figure in the period is left out.
 */
export function formCardRows(
  data: FormCardData,
  language: Language,
  t: TFunction,
): { questions: FormCardRow[]; results: FormCardRow[] } {
  const { definition, total } = data;
  if (!total.shown) return { questions: [], results: [] };
  const primary = ownLanguage(definition);
  const text = (value: Parameters<typeof textIn>[0]) => textIn(value, language, primary);
  const questionFigures = new Map<string, QuestionFigure>(total.questions.map((q) => [q.answerId, q]));
  const resultFigures = new Map<string, ResultFigure>(total.results.map((r) => [r.resultId, r]));
  const questions = definition.questions.flatMap((question): FormCardRow[] => {
    const part = questionFigures.get(question.id);
    if (!part) return [];
    const head = { id: question.id, title: text(question.title) || question.id };
    if (!part.shown) return [{ ...head, shown: false, reason: partHiddenReason(part, t) }];
    if (question.kind === 'number')
      return [{ ...head, shown: true, answers: part.answers, figure: onScale(part.average, question, t) }];
    const titles = new Map(question.choices.map((c) => [c.value, text(c.title) || c.value]));
    // The most chosen first; equal counts in the form's order of its choices.
    const order = new Map(question.choices.map((c, i) => [c.value, i]));
    const chosen = (part.choices ?? [])
      .filter((c) => c.count > 0)
      .sort(
        (a, b) =>
          b.count - a.count ||
          (order.get(a.value) ?? Number.MAX_SAFE_INTEGER) - (order.get(b.value) ?? Number.MAX_SAFE_INTEGER),
      )
      .slice(0, FORM_CARD_TOP_CHOICES)
      .map((c) =>
        t('reports.custom.formCard.choice', { label: titles.get(c.value) ?? c.value, count: c.count }),
      );
    return [
      {
        ...head,
        shown: true,
        answers: part.answers,
        figure: chosen.length > 0 ? chosen.join(' · ') : t('reports.custom.formCard.noChoice'),
      },
    ];
  });
  const results = definition.results.flatMap((result): FormCardRow[] => {
    const part = resultFigures.get(result.id);
    if (!part) return [];
    const head = { id: result.id, title: text(result.title) || result.id };
    if (!part.shown) return [{ ...head, shown: false, reason: partHiddenReason(part, t) }];
    return [{ ...head, shown: true, answers: part.answers, figure: onScale(part.average, result, t) }];
  });
  return { questions, results };
}

import { useMemo } from 'react';
import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SphereDataShot } from '@shared/contracts/custom-reports';
import { type Language } from '@shared/contracts/headers';
import type { ReportFigure, ThinkingFigure } from '@shared/contracts/reports';
import { FEELING_COLORS, QUADRANTS } from '@shared/domain/feelings';
import { Chart } from '../../../lib/chart';
import { useEmotionWords } from '../../../lib/feeling-words';
import { colorsOverTime, hiddenPeriods, measureOverTime } from '../common/report-chart';
import { hiddenReason, type ShownFigure } from '../exports/report-export';
import {
  type SphereCardData,
  cardPeriodLabel,
  feelingValue,
  valueText,
  thinkingMeasure,
  measureName,
} from './card-figures';
import { Withheld } from '../common/report-parts';

/** One row of a series table: its period, then its figures or why they are hidden. */
export interface SeriesRow {
  key: string;
  label: string;
  cells: string[] | null;
  reason: string;
}

export function SeriesData({
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
                    <Withheld>{row.reason}</Withheld>
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

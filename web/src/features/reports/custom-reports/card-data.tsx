import { formStepCardData } from '@shared/domain/custom-reports';
import { useMemo } from 'react';
import { Box, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CampaignStepReport } from '@shared/contracts/campaign-reports';
import type { CardData, DataShot, SphereDataShot } from '@shared/contracts/custom-reports';
import { LANGUAGES, type Language } from '@shared/contracts/headers';
import type { ReportFigure, ThinkingFigure } from '@shared/contracts/reports';
import { FEELING_COLORS, QUADRANTS } from '@shared/domain/feelings';
import { textIn } from '@shared/domain/sessions';
import { inLanguage } from '@shared/domain/thinkings';
import { useEmotionWords } from '../../../lib/feeling-words';
import { useReportAxes } from '../api/reports';
import { signed } from '../exports/report-export';
import { type StepNames } from '../exports/campaign-report-export';
import { StepFigures } from '../place-reports/campaign-step-parts';
import { Figure } from '../common/report-figure';
import { feelingValue, valueText, HiddenText } from './card-figures';
import { SeriesData } from './card-series';
import { FormCardView } from './form-card';
type CampaignCardData = Extract<CardData, { source: 'campaign' }>;

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

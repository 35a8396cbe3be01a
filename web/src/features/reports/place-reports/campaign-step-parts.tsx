import { useMemo } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CampaignStepReport } from '@shared/contracts/campaign-reports';
import type { Language } from '@shared/contracts/headers';
import { FEELING_COLORS } from '@shared/domain/feelings';
import { Chart } from '../../../lib/chart';
import {
  stepAxes,
  stepQuestions,
  stepScale,
  stepTexts,
  type QuestionsStep,
  type StepNames,
} from '../exports/campaign-report-export';
import { FreeTexts } from './free-texts';
import { QuestionTable } from './form-report-tables';
import { colorBars } from '../common/report-chart';
import { hiddenReason } from '../exports/report-export';
import { PeopleFigures } from '../common/report-parts';
import { TotalFigures } from './feelings-report-view';
import { AxisTable } from './thinking-report';

/**
 * A campaign step's figures as its results page and a custom report's data shot show them
 * (decisions 0035, 0036): a feeling's quadrants, a thinking's axes, a questionnaire's questions and
 * a custom theme's free texts; a hidden figure says why, never a number.
 */
export function StepFigures({
  step,
  names,
  idPrefix,
}: {
  step: CampaignStepReport;
  names: StepNames;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  let body;
  if (!step.figure.shown)
    body = (
      <Text fs="italic" data-testid={`campaign-step-hidden-${step.stepId}`}>
        {hiddenReason(step.figure, t)}
      </Text>
    );
  else if (step.kind === 'feeling')
    body = <FeelingStep figure={step.figure} language={names.language} idPrefix={idPrefix} />;
  else if (step.kind === 'thinking')
    body = (
      <Stack>
        <PeopleFigures
          idPrefix={idPrefix}
          people={step.figure.people}
          answers={step.figure.answers}
          answersLabel={t('reports.thinking.answers')}
        />
        <AxisTable details={stepAxes(step, names)} />
      </Stack>
    );
  else body = <QuestionsStepView step={step} names={names} idPrefix={idPrefix} />;
  return body;
}

type ShownFeeling = Extract<Extract<CampaignStepReport, { kind: 'feeling' }>['figure'], { shown: true }>;

/** A feeling step: a chart of its quadrants, then its figures, the quadrants' table and its words. */
function FeelingStep({
  figure,
  language,
  idPrefix,
}: {
  figure: ShownFeeling;
  language: Language;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const colors = figure.colors;
  const chart = useMemo(() => (colors ? colorBars(colors, language) : null), [colors, language]);
  const anyColor = colors !== undefined && FEELING_COLORS.some((c) => colors[c] > 0);
  return (
    <Stack>
      {chart && anyColor && (
        <Chart
          option={chart}
          label={t('reports.campaign.colorsChart')}
          height={220}
          testId={`${idPrefix}-chart`}
        />
      )}
      <TotalFigures figure={figure} language={language} idPrefix={idPrefix} />
    </Stack>
  );
}

/** A questionnaire step: its people and answers, its scale, then question by question. */
function QuestionsStepView({
  step,
  names,
  idPrefix,
}: {
  step: QuestionsStep;
  names: StepNames;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const details = useMemo(() => stepQuestions(step, names, t), [step, names, t]);
  const texts = useMemo(() => stepTexts(step, names, t), [step, names, t]);
  if (!step.figure.shown) return null;
  const scale = stepScale(step, t);
  return (
    <Stack>
      <PeopleFigures
        idPrefix={idPrefix}
        people={step.figure.people}
        answers={step.figure.answers}
        answersLabel={t('reports.campaign.answers')}
      />
      {scale && (
        <Text size="sm" c="dimmed">
          {scale}
        </Text>
      )}
      <QuestionTable details={details} />
      {texts.map((part) => (
        <FreeTexts key={part.id} part={part} testId={`${idPrefix}-texts-${part.id}`} />
      ))}
    </Stack>
  );
}

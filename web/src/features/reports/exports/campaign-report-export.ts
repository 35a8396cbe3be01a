import type { TFunction } from 'i18next';
import type { CampaignCycleReport, CampaignStepReport } from '@shared/contracts/campaign-reports';
import { CUSTOM_LIKERT_POINTS, PROFILE_QUESTIONS, type Campaign } from '@shared/contracts/campaigns';
import type { QuestionFigure } from '@shared/contracts/form-reports';
import type { Language } from '@shared/contracts/headers';
import { REFUSAL_QUESTION_ID } from '@shared/domain/campaign-rollups';
import { REFUSAL_REASONS } from '@shared/domain/campaigns';
import { FEELING_COLORS, QUADRANTS } from '@shared/domain/feelings';
import { textIn } from '@shared/domain/sessions';
import { ASSESSMENT_LEVEL_VALUES } from '@shared/domain/strategies';
import { formatDate } from '../../../lib/dates';
import { partHiddenReason, questionDetails, type QuestionDetail, type ShareOf } from './form-details';
import { hiddenReason, round2, type ExportCell, type ReportExport } from './report-export';
import { axisDetails, reportAxes, type AxisDetail } from './thinking-export';
import { type StepTexts } from './export-shapes';

/**
 * A campaign's results, once for the page and its files (spec 02 §2 campaign admin reports, §5
 * report privacy; decision 0035): each step of a stopped cycle by its title, a questionnaire step
 * question by question with its answers, its average on its scale and the count of each value or
 * choice, named as the campaign names them. A hidden figure or question is its reason in words with
 * the threshold it missed, never a number.
 */

export type QuestionsStep = Extract<CampaignStepReport, { kind: 'questions' }>;

type Measure = Campaign['measures'][number];

/**
 * What names a measure's questions: the campaign's measure, or what a sealed cycle kept of a step
 * (a custom report's data shot, decision 0036).
 */
export type MeasureNames = Pick<Measure, 'id' | 'title'> &
  Partial<Pick<Measure, 'profileQuestions' | 'tagQuestions'>> & {
    customTheme?: {
      questions: readonly { id: string; kind: 'likert' | 'text'; title: Measure['title'] }[];
    };
  };

/** The names a step's figures need that the report does not carry, in the reader's language. */
export interface StepNames {
  campaign: { measures: readonly MeasureNames[]; defaultLocale: Campaign['defaultLocale'] };
  language: Language;
  /** A sphere tag's name, else its id. */
  tag: (tagId: string) => string;
  /** A feeling word's label, else its id. */
  word: (wordId: string) => string;
  /** A thinking axis's name, else its id. */
  axis: (axisId: string) => string;
}

/** A custom theme's questions are answered from 1 to 5. */
const LIKERT_VALUES = Array.from({ length: CUSTOM_LIKERT_POINTS }, (_, i) => i + 1);
/** A strategy item is assessed on five levels, 1 to 5. */
const ASSESSMENT_VALUES = Object.values(ASSESSMENT_LEVEL_VALUES).sort((a, b) => a - b);

/** A cycle by its label, else by its start, else in words. */
export function cycleLabel(
  cycle: Pick<CampaignCycleReport, 'internalLabel' | 'start'>,
  t: TFunction,
): string {
  if (cycle.internalLabel) return cycle.internalLabel;
  return cycle.start
    ? t('reports.campaign.cycleFrom', { date: formatDate(cycle.start) })
    : t('reports.campaign.cycleUnnamed');
}

const measureOf = (step: CampaignStepReport, names: StepNames) =>
  names.campaign.measures.find((measure) => measure.id === step.measureId);

/**
 * A step's title: its measure's, "Additional questions" for a measure's tag questions, "Reasons for
 * declining" for the reasons of those who declined.
 */
export function stepTitle(step: CampaignStepReport, names: StepNames, t: TFunction): string {
  if (step.type === 'refusal') return t('reports.campaign.refusal.title');
  const measure = measureOf(step, names);
  const title = measure ? textIn(measure.title, names.language, names.campaign.defaultLocale) : '';
  if (step.type === 'tags')
    return title ? t('reports.campaign.tagsOf', { measure: title }) : t('reports.campaign.tags');
  return title || step.measureId;
}

/** The scale a questionnaire step's averages are on, in a sentence; empty when it has none to say. */
export function stepScale(step: QuestionsStep, t: TFunction): string {
  if (step.type === 'custom-form') return t('reports.campaign.likertScale', { max: CUSTOM_LIKERT_POINTS });
  if (step.type === 'assessment') return t('reports.strategy.scale');
  return '';
}

/** A question as the campaign asks it: its title, and its values or choices in their order. */
interface AskedQuestion {
  id: string;
  title: string;
  values?: readonly number[];
  choices?: readonly { value: string; label: string }[];
}

function askedQuestions(step: QuestionsStep, names: StepNames, t: TFunction): AskedQuestion[] {
  const measure = measureOf(step, names);
  const text = (value: Partial<Record<Language, string>>) =>
    textIn(value, names.language, names.campaign.defaultLocale);
  switch (step.type) {
    case 'custom-form':
      return (measure?.customTheme?.questions ?? [])
        .filter((question) => question.kind === 'likert')
        .map((question) => ({
          id: question.id,
          title: text(question.title) || question.id,
          values: LIKERT_VALUES,
        }));
    case 'assessment':
      return (step.items ?? []).map((item) => ({
        id: item.id,
        title: item.title || item.id,
        values: ASSESSMENT_VALUES,
      }));
    case 'profile':
      return (measure?.profileQuestions ?? []).map((question) => ({
        id: question,
        title: t(`reports.campaign.profile.questions.${question}`),
        choices: PROFILE_QUESTIONS[question].map((value) => ({
          value,
          label: t(`reports.campaign.profile.values.${value}`),
        })),
      }));
    case 'tags':
      return (measure?.tagQuestions ?? []).map((question) => ({
        id: question.id,
        title: text(question.title) || question.id,
        choices: question.tagIds.map((tagId) => ({ value: tagId, label: names.tag(tagId) })),
      }));
    case 'refusal':
      return [
        {
          id: REFUSAL_QUESTION_ID,
          title: t('reports.campaign.refusal.question'),
          choices: REFUSAL_REASONS.map((reason) => ({
            value: reason,
            label: t(`reports.campaign.refusal.reasons.${reason}`),
          })),
        },
      ];
    default:
      return [];
  }
}

/**
 * A custom theme's free-text questions, in the report's order: their texts for a group of at least
 * 8 people whose figure is shown, else why they are hidden (decision 0035), in words.
 */
export function stepTexts(step: QuestionsStep, names: StepNames, t: TFunction): StepTexts[] {
  const measure = measureOf(step, names);
  const titles = new Map(
    (measure?.customTheme?.questions ?? []).map((q) => [
      q.id,
      textIn(q.title, names.language, names.campaign.defaultLocale),
    ]),
  );
  return (step.texts ?? []).map((part): StepTexts => {
    const title = titles.get(part.answerId) || part.answerId;
    if (part.shown) return { id: part.answerId, title, shown: true, texts: part.texts };
    const reason =
      part.reason === 'too-few-people'
        ? t('reports.campaign.texts.tooFew', { threshold: part.threshold })
        : hiddenReason(part, t);
    return { id: part.answerId, title, shown: false, reason };
  });
}

/**
 * Each value or choice of a shown question with its count and share of the question's answers: the
 * ones the campaign offers in their order (those nobody gave at 0), then any other as recorded.
 */
function distribution(
  asked: AskedQuestion | undefined,
  part: Extract<QuestionFigure, { shown: true }>,
): ShareOf[] {
  const of = (label: string, count: number): ShareOf => ({
    label,
    count,
    share: part.answers > 0 ? Math.round((count / part.answers) * 100) : 0,
  });
  const given = part.values ?? [];
  const chosen = part.choices ?? [];
  const offeredValues = asked?.values ?? [];
  const offeredChoices = asked?.choices ?? [];
  return [
    ...offeredValues.map((value) => of(String(value), given.find((v) => v.value === value)?.count ?? 0)),
    ...given.filter((v) => !offeredValues.includes(v.value)).map((v) => of(String(v.value), v.count)),
    ...offeredChoices.map((choice) =>
      of(choice.label, chosen.find((c) => c.value === choice.value)?.count ?? 0),
    ),
    ...chosen
      .filter((c) => !offeredChoices.some((o) => o.value === c.value))
      .map((c) => of(c.value, c.count)),
  ];
}

/**
 * A questionnaire step's questions, in the campaign's order (a question it no longer asks last, by
 * its id): a form's through the form report's own reading, every other by its campaign's names.
 */
export function stepQuestions(step: QuestionsStep, names: StepNames, t: TFunction): QuestionDetail[] {
  if (!step.figure.shown) return [];
  if (step.type === 'form' && step.form) return questionDetails(step.figure, step.form, names.language, t);
  const asked = askedQuestions(step, names, t);
  const parts = new Map(step.figure.questions.map((part) => [part.answerId, part]));
  const order = [
    ...asked.filter((question) => parts.has(question.id)).map((question) => question.id),
    ...step.figure.questions.map((part) => part.answerId).filter((id) => !asked.some((q) => q.id === id)),
  ];
  return order.flatMap((id): QuestionDetail[] => {
    const part = parts.get(id);
    if (!part) return [];
    const question = asked.find((q) => q.id === id);
    const title = question?.title ?? id;
    if (!part.shown) return [{ answerId: id, title, shown: false, reason: partHiddenReason(part, t) }];
    return [
      {
        answerId: id,
        title,
        shown: true,
        answers: part.answers,
        average: part.average === undefined ? null : round2(part.average),
        distribution: distribution(question, part),
      },
    ];
  });
}

/** A thinking step's axes, by their names, each with its answers, average and values' counts. */
export function stepAxes(
  step: Extract<CampaignStepReport, { kind: 'thinking' }>,
  names: StepNames,
): AxisDetail[] {
  if (!step.figure.shown) return [];
  const axes = reportAxes({ total: step.figure, series: [] }, names.axis, names.language);
  return axisDetails(step.figure, axes);
}

/** What a campaign's file says above its table, and of which cycle and group. */
export interface CampaignExportContext {
  campaignName: string;
  cycle: string;
  /** The chosen tags' names joined, or the whole sphere in words. */
  group: string;
  anonymityNotGuaranteed: boolean;
}

/** The table's header: cycle, step, group, then the figure, its answers, its value and share. */
export function campaignColumns(t: TFunction): string[] {
  return [
    t('reports.campaign.export.cycle'),
    t('reports.campaign.export.step'),
    t('reports.campaign.export.group'),
    t('reports.campaign.export.figure'),
    t('reports.forms.questionAnswers'),
    t('reports.forms.value'),
    t('reports.forms.sharePercent'),
  ];
}

/** A step's lines after the cycle, step and group: figure, answers, value, share. */
function stepLines(step: CampaignStepReport, names: StepNames, t: TFunction): ExportCell[][] {
  if (!step.figure.shown) return [['', '', hiddenReason(step.figure, t)]];
  const people: ExportCell[] = [t('reports.columns.people'), '', step.figure.people];
  switch (step.kind) {
    case 'feeling': {
      const figure = step.figure;
      if (!figure.shown) return [];
      const colors = figure.colors;
      const colorTotal = colors ? FEELING_COLORS.reduce((sum, c) => sum + colors[c], 0) : 0;
      const lines: ExportCell[][] = [people, [t('reports.columns.answers'), '', figure.answers]];
      if (figure.averageValue !== undefined)
        lines.push([t('reports.columns.averageValue'), '', round2(figure.averageValue)]);
      if (figure.averageEnergy !== undefined)
        lines.push([t('reports.columns.averageEnergy'), '', round2(figure.averageEnergy)]);
      if (colors)
        for (const c of FEELING_COLORS)
          lines.push([
            `${QUADRANTS[c].symbol} ${QUADRANTS[c].label[names.language]}`,
            '',
            colors[c],
            colorTotal > 0 ? Math.round((colors[c] / colorTotal) * 100) : 0,
          ]);
      for (const w of figure.words ?? [])
        lines.push([t('reports.campaign.export.word', { word: names.word(w.wordId) }), '', w.count]);
      return lines;
    }
    case 'thinking':
      return [
        people,
        [t('reports.thinking.answers'), '', step.figure.answers],
        ...stepAxes(step, names).map((axis): ExportCell[] => [axis.name, axis.answers, axis.average]),
      ];
    case 'questions':
      return [
        people,
        [t('reports.campaign.answers'), '', step.figure.answers],
        ...stepQuestions(step, names, t).flatMap((question): ExportCell[][] => {
          if (!question.shown) return [[question.title, '', question.reason]];
          return [
            ...(question.average === null ? [] : [[question.title, question.answers, question.average]]),
            ...question.distribution.map((v): ExportCell[] => [
              `${question.title} – ${v.label}`,
              question.answers,
              v.count,
              v.share,
            ]),
          ];
        }),
        ...stepTexts(step, names, t).flatMap((part): ExportCell[][] =>
          part.shown
            ? part.texts.map((text): ExportCell[] => [part.title, '', text])
            : [[part.title, '', part.reason]],
        ),
      ];
  }
}

/**
 * A cycle's results as a file's rows: the campaign, the notice of a study programme, the cycle and
 * the group above; then one line per figure of each step (per question, value and choice of a
 * questionnaire) with its cycle, step and group, a hidden one with its reason in words.
 */
export function campaignExportTable(
  steps: readonly CampaignStepReport[],
  context: CampaignExportContext,
  names: StepNames,
  t: TFunction,
): ReportExport {
  const preamble: string[][] = [[t('reports.campaign.export.campaign', { name: context.campaignName })]];
  if (context.anonymityNotGuaranteed) preamble.push([t('reports.anonymity.line')]);
  preamble.push([t('reports.campaign.export.cycleLine', { cycle: context.cycle })]);
  preamble.push([t('reports.export.group', { group: context.group })]);
  return {
    preamble,
    header: campaignColumns(t),
    rows: steps.flatMap((step) => {
      const head = [context.cycle, stepTitle(step, names, t), context.group];
      return stepLines(step, names, t).map((line) => [...head, ...line]);
    }),
  };
}

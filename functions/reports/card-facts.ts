import { formStepCardData } from '@shared/domain/custom-reports';
import type { CardData, DataShot, ReportLanguage } from '@shared/contracts/custom-reports';
import type { Language } from '@shared/contracts/headers';
import type { ReportFigure, ThinkingFigure } from '@shared/contracts/reports';
import { CUSTOM_LIKERT_POINTS } from '@shared/domain/campaigns';
import { textIn } from '@shared/domain/sessions';
import { FEELING_COLORS, type FeelingColor } from '@shared/domain/feelings';
import { minParticipants, type HiddenReason } from '@shared/domain/report-privacy';
import { EMOTION_WORDS } from '../feelings';

/**
 * What a card's text may say (decision 0032): the facts of its figures, read once, so that the local
 * writer and the model's prompt start from the same place. A hidden figure keeps its reason and
 * threshold and nothing else (it has nothing else); within a shown figure, words come as labels
 * and quadrants as shares, and a count below the group's threshold (an axis answered by few) is
 * left out.
 */

/** A share of a total, 0…1. */
export interface ColorShare {
  color: FeelingColor;
  share: number;
}

export interface AxisFact {
  name: string;
  /** −1 (not at all) … +1 (fully). */
  average: number;
  /** Thinkings that answered it, only when at least the group's threshold. */
  answers?: number;
}

export interface ShownFacts {
  shown: true;
  people: number;
  answers: number;
  /** −1 (unpleasant) … +1 (pleasant). */
  averageValue?: number;
  /** 0 … 1. */
  averageEnergy?: number;
  /** Each quadrant's share of the feelings, in the quadrants' order. */
  colors?: ColorShare[];
  /** Share of pleasant feelings (yellow and green). */
  pleasantShare?: number;
  /** Labels of the most chosen words in the card's language, most chosen first. */
  words?: string[];
  /** Thinking axes, by their average, highest first. */
  axes?: AxisFact[];
}

export interface HiddenFacts {
  shown: false;
  reason: HiddenReason;
  threshold: number;
}

export type FigureFacts = ShownFacts | HiddenFacts;

export interface PeriodFacts {
  /** The period as the series names it: an ISO week (2026-W03) or a month (2026-03). */
  period: string;
  figure: FigureFacts;
}

/** What a trend follows, by what the card shows. */
export type TrendMetric = 'people' | 'answers' | 'averageValue' | 'averageEnergy' | 'pleasantShare';

/** What a sphere's data shot shows (a campaign step shows its whole figure: `people`). */
type Measure = Extract<DataShot, { source: 'feelings' | 'thinkings' }>['measure'];

export interface CardFacts {
  /** What was counted: feelings, thinkings, or the answers to a questionnaire's or theme's questions. */
  source: 'feelings' | 'thinkings' | 'questions';
  measure: Measure;
  total: FigureFacts;
  series: PeriodFacts[];
  trendMetric: TrendMetric;
}

/** Words a text names at most. */
export const WORDS_SAID = 3;

const wordLabels = (lang: ReportLanguage) =>
  new Map(EMOTION_WORDS.map((word) => [word.id, word.label[lang] ?? word.label.fr ?? word.id]));

function feelingFacts(figure: ReportFigure, labels: ReadonlyMap<string, string>): FigureFacts {
  if (!figure.shown) return { shown: false, reason: figure.reason, threshold: figure.threshold };
  const facts: ShownFacts = { shown: true, people: figure.people, answers: figure.answers };
  if (figure.averageValue !== undefined) facts.averageValue = figure.averageValue;
  if (figure.averageEnergy !== undefined) facts.averageEnergy = figure.averageEnergy;
  if (figure.colors) {
    const colors = figure.colors;
    const all = FEELING_COLORS.reduce((sum, color) => sum + colors[color], 0);
    if (all > 0) {
      facts.colors = FEELING_COLORS.map((color) => ({ color, share: colors[color] / all }));
      facts.pleasantShare = (colors.yellow + colors.green) / all;
    }
  }
  if (figure.words) {
    // A word the list no longer holds is left out rather than named by its id.
    facts.words = figure.words
      .map((w) => labels.get(w.wordId))
      .filter((label): label is string => label !== undefined)
      .slice(0, WORDS_SAID);
  }
  return facts;
}

function thinkingFacts(
  figure: ThinkingFigure,
  threshold: number,
  axisNames: Readonly<Record<string, string>>,
): FigureFacts {
  if (!figure.shown) return { shown: false, reason: figure.reason, threshold: figure.threshold };
  const axes = figure.axes
    .filter((axis) => axis.answers > 0)
    .map((axis): AxisFact => ({
      name: axisNames[axis.axisId] ?? axis.axisId,
      average: axis.average,
      ...(axis.answers >= threshold ? { answers: axis.answers } : {}),
    }))
    .sort((a, b) => b.average - a.average || a.name.localeCompare(b.name));
  return { shown: true, people: figure.people, answers: figure.answers, axes };
}

function trendMetricOf(source: CardFacts['source'], measure: Measure): TrendMetric {
  if (measure === 'answers') return 'answers';
  if (source === 'thinkings') return 'people';
  if (measure === 'averageValue' || measure === 'averageEnergy') return measure;
  if (measure === 'colors') return 'pleasantShare';
  return 'people';
}

/** The facts of a card's figures, in the card's language. */
export function cardFacts(
  data: CardData,
  options: {
    lang: ReportLanguage;
    dataShot?: DataShot | undefined;
    axisNames?: Readonly<Record<string, string>> | undefined;
  },
): CardFacts {
  if (data.source === 'campaign') return campaignFacts(data, options);
  if (data.source === 'form') return formFacts(data, options);
  const shot =
    options.dataShot?.source === 'campaign' || options.dataShot?.source === 'form'
      ? undefined
      : options.dataShot;
  const measure = shot?.measure ?? 'people';
  const trendMetric = trendMetricOf(data.source, measure);
  if (data.source === 'feelings') {
    const labels = wordLabels(options.lang);
    return {
      source: 'feelings',
      measure,
      total: feelingFacts(data.total, labels),
      series: data.series.map((p) => ({ period: p.period, figure: feelingFacts(p.figure, labels) })),
      trendMetric,
    };
  }
  // The people a group of this card needs: an axis answered by fewer is not counted aloud.
  const threshold = minParticipants(options.dataShot?.tagIds.length ?? 0);
  const names = options.axisNames ?? {};
  return {
    source: 'thinkings',
    measure,
    total: thinkingFacts(data.total, threshold, names),
    series: data.series.map((p) => ({ period: p.period, figure: thinkingFacts(p.figure, threshold, names) })),
    trendMetric,
  };
}

/** Where an average sits on its scale as an axis: its lowest value −1, its middle 0, its highest +1. */
const toAxis = (average: number, min: number, max: number) => (2 * average - min - max) / (max - min);

/** Where a campaign's Likert answers sit: 1 … CUSTOM_LIKERT_POINTS, its middle saying neither. */
const likertToAxis = (average: number) => toAxis(average, 1, CUSTOM_LIKERT_POINTS);

/**
 * A questionnaire's facts (decision 0038): one figure, no series; its numbers and its results with
 * a scale told as axes, each placed from its scale's lowest value (−1) to its highest (+1). Choices
 * and free texts are never told.
 */
function formFacts(
  data: Extract<CardData, { source: 'form' }>,
  options: { lang: ReportLanguage; dataShot?: DataShot | undefined },
): CardFacts {
  const threshold = minParticipants(options.dataShot?.tagIds.length ?? 0);
  const figure = data.total;
  if (!figure.shown)
    return {
      source: 'questions',
      measure: 'people',
      total: { shown: false, reason: figure.reason, threshold: figure.threshold },
      series: [],
      trendMetric: 'people',
    };
  const own = (data.definition.languages[0] ?? 'fr') as Language;
  const scales = new Map<string, { name: string; min: number; max: number }>();
  for (const q of data.definition.questions)
    if (q.kind === 'number')
      scales.set(`q:${q.id}`, { name: textIn(q.title, options.lang, own), min: q.min, max: q.max });
  for (const r of data.definition.results)
    if (r.min !== undefined && r.max !== undefined && r.max > r.min)
      scales.set(`r:${r.id}`, {
        name: textIn(r.shortTitle ?? r.title, options.lang, own),
        min: r.min,
        max: r.max,
      });
  const averages = [
    ...figure.questions.flatMap((q) =>
      q.shown && q.average !== undefined
        ? [{ key: `q:${q.answerId}`, average: q.average, answers: q.answers }]
        : [],
    ),
    ...figure.results.flatMap((r) =>
      r.shown ? [{ key: `r:${r.resultId}`, average: r.average, answers: r.answers }] : [],
    ),
  ];
  const axes = averages
    .flatMap((a): AxisFact[] => {
      const scale = scales.get(a.key);
      if (!scale || scale.max <= scale.min || a.answers === 0) return [];
      return [
        {
          name: scale.name || a.key.slice(2),
          average: toAxis(a.average, scale.min, scale.max),
          ...(a.answers >= threshold ? { answers: a.answers } : {}),
        },
      ];
    })
    .sort((a, b) => b.average - a.average || a.name.localeCompare(b.name));
  return {
    source: 'questions',
    measure: 'people',
    total: { shown: true, people: figure.people, answers: figure.answers, axes },
    series: [],
    trendMetric: 'people',
  };
}

/**
 * A campaign step's facts (decision 0036): one figure, no series. A feeling step is told as a
 * feeling's figure; a thinking's and a custom theme's as axes, a theme's questions placed from
 * "strongly disagree" (−1) to "strongly agree" (+1); free texts are never told.
 */
function campaignFacts(
  data: Extract<CardData, { source: 'campaign' }>,
  options: {
    lang: ReportLanguage;
    dataShot?: DataShot | undefined;
    axisNames?: Readonly<Record<string, string>> | undefined;
  },
): CardFacts {
  const threshold = minParticipants(options.dataShot?.tagIds.length ?? 0);
  const { result } = data;
  if (result.kind === 'feeling')
    return {
      source: 'feelings',
      measure: 'colors',
      total: feelingFacts(result.figure, wordLabels(options.lang)),
      series: [],
      trendMetric: 'pleasantShare',
    };
  if (result.kind === 'thinking')
    return {
      source: 'thinkings',
      measure: 'people',
      total: thinkingFacts(result.figure, threshold, options.axisNames ?? {}),
      series: [],
      trendMetric: 'people',
    };
  if (result.kind === 'form') return formFacts(formStepCardData(result), options);
  const figure = result.figure;
  const names = new Map(
    result.questions.map((q) => [q.id, textIn(q.title, options.lang, data.defaultLocale as Language)]),
  );
  const total: FigureFacts = figure.shown
    ? {
        shown: true,
        people: figure.people,
        answers: figure.answers,
        axes: figure.questions
          .flatMap((q): AxisFact[] =>
            q.shown && q.average !== undefined && q.answers > 0
              ? [
                  {
                    name: names.get(q.answerId) || q.answerId,
                    average: likertToAxis(q.average),
                    ...(q.answers >= threshold ? { answers: q.answers } : {}),
                  },
                ]
              : [],
          )
          .sort((a, b) => b.average - a.average || a.name.localeCompare(b.name)),
      }
    : { shown: false, reason: figure.reason, threshold: figure.threshold };
  return { source: 'questions', measure: 'people', total, series: [], trendMetric: 'people' };
}

/** The value a trend follows in a shown figure, when the figure has it. */
export function metricOf(facts: ShownFacts, metric: TrendMetric): number | undefined {
  return facts[metric];
}

/** A trend between the first and last shown periods that have the metric: both ends and their values. */
export interface Trend {
  metric: TrendMetric;
  first: { period: string; value: number };
  last: { period: string; value: number };
  direction: 'up' | 'down' | 'stable';
}

/** Below this change (5 % of the larger count, or 5 points of a share or average) a trend is stable. */
const STABLE_RATIO = 0.05;

export function trendOf(facts: CardFacts): Trend | undefined {
  const points = facts.series.flatMap((p) => {
    if (!p.figure.shown) return [];
    const value = metricOf(p.figure, facts.trendMetric);
    return value === undefined ? [] : [{ period: p.period, value }];
  });
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last || points.length < 2) return undefined;
  const counted = facts.trendMetric === 'people' || facts.trendMetric === 'answers';
  const change = last.value - first.value;
  const stableBelow = counted ? STABLE_RATIO * Math.max(first.value, last.value) : STABLE_RATIO;
  const direction = Math.abs(change) < stableBelow || change === 0 ? 'stable' : change > 0 ? 'up' : 'down';
  return { metric: facts.trendMetric, first, last, direction };
}

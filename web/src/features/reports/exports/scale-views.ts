import type { FormFigure, FormReport } from '@shared/contracts/form-reports';
import type { Language } from '@shared/contracts/headers';
import { textIn } from '@shared/domain/sessions';
import type { FormPeriod, ShownFormFigure } from './export-shapes';
import { round2, type HiddenFigure } from './report-export';

/**
 * The report views of the scale models a questionnaire may measure (spec 02 §2 report views, §3
 * scale models used in reports): the Big Five traits, the self-esteem quadrants (competence ×
 * worthiness) and engagement. A model is recognised from the ids of the form's additional results,
 * compared in lower case, when every one of its dimensions is a result of the form:
 * - Big Five: `a`, `c`, `e`, `n` and `o` (agreeableness, conscientiousness, extraversion,
 *   neuroticism, openness);
 * - self-esteem: `competence` and `worthiness` (the form's other results, such as an overall
 *   self-esteem, are not part of the quadrants);
 * - engagement: `engagement`, `absorption`, `vigor` or `vigour`, and `devotion` or `dedication`.
 * A form may hold several models; each gets its view. A result hidden by the report's privacy rules,
 * or not computed in the period, never enters a view: the view says why instead of a number.
 */

type ReportForm = FormReport['form'];
type FormResult = ReportForm['additionalResults'][number];

export const SCALE_MODEL_KINDS = ['bigFive', 'selfEsteem', 'engagement'] as const;
export type ScaleModelKind = (typeof SCALE_MODEL_KINDS)[number];

/** Each model's dimensions, and the result ids (lower case) accepted for each. */
const MODEL_DIMENSIONS: Record<ScaleModelKind, Readonly<Record<string, readonly string[]>>> = {
  bigFive: { a: ['a'], c: ['c'], e: ['e'], n: ['n'], o: ['o'] },
  selfEsteem: { competence: ['competence'], worthiness: ['worthiness'] },
  engagement: {
    engagement: ['engagement'],
    absorption: ['absorption'],
    vigor: ['vigor', 'vigour'],
    devotion: ['devotion', 'dedication'],
  },
};

/** One dimension of a recognised model: its key in the model and the form's result standing for it. */
export interface ModelDimension {
  key: string;
  resultId: string;
}

/** A model the form measures, its dimensions in the form's order of results. */
export interface ScaleModel {
  kind: ScaleModelKind;
  dimensions: ModelDimension[];
}

/**
 * The models the form's results measure, in the order Big Five, self-esteem, engagement. When two
 * results stand for one dimension (`vigor` and `vigour`), the first in the form's order counts.
 */
export function recogniseScaleModels(resultIds: readonly string[]): ScaleModel[] {
  return SCALE_MODEL_KINDS.flatMap((kind): ScaleModel[] => {
    const wanted = Object.entries(MODEL_DIMENSIONS[kind]);
    const found = new Map<string, string>();
    for (const resultId of resultIds) {
      const lower = resultId.toLowerCase();
      const entry = wanted.find(([key, ids]) => !found.has(key) && ids.includes(lower));
      if (entry) found.set(entry[0], resultId);
    }
    if (found.size < wanted.length) return [];
    return [{ kind, dimensions: [...found].map(([key, resultId]) => ({ key, resultId })) }];
  });
}

/**
 * The middle of a result's scale, between its low and high halves: the population's average the
 * form gives, else the middle of its ends ((min + max) / 2); null when the form gives neither.
 */
export function scaleMidpoint(boundaries: FormResult['boundaries']): number | null {
  if (boundaries.average !== undefined) return boundaries.average;
  if (boundaries.min !== undefined && boundaries.max !== undefined)
    return (boundaries.min + boundaries.max) / 2;
  return null;
}

/** What a view knows of a dimension from the form: its result, its full title, its scale. */
export interface DimensionBase {
  key: string;
  resultId: string;
  /** The result's full title in the reader's language, else its id. */
  title: string;
  min?: number | undefined;
  max?: number | undefined;
  /** The middle of its scale (see scaleMidpoint), null when the form gives none. */
  midpoint: number | null;
}

/** A dimension of a view over the whole period: its average, or why it has none. */
export type DimensionFigure =
  | (DimensionBase & {
      shown: true;
      answers: number;
      /** To two decimals, as every table of the report shows it. */
      average: number;
    })
  | (DimensionBase & {
      shown: false;
      /** Too few people surely answered it (with the threshold missed), or it has no figure at all. */
      reason: 'too-few-answers' | 'not-computed';
      threshold?: number | undefined;
    });

export type ShownDimension = Extract<DimensionFigure, { shown: true }>;

/**
 * A model's dimensions as the form gives them, in the form's order: each result's full title in the
 * reader's language, else the form's first language (as formText reads it; form-export builds its
 * files from these views, so this module does not import it back), else its id, and scale.
 */
export function dimensionBases(model: ScaleModel, form: ReportForm, language: Language): DimensionBase[] {
  const results = new Map(form.additionalResults.map((r) => [r.id, r]));
  return model.dimensions.flatMap(({ key, resultId }): DimensionBase[] => {
    const result = results.get(resultId);
    if (!result) return [];
    return [
      {
        key,
        resultId,
        title: textIn(result.title, language, form.languages[0]) || resultId,
        min: result.boundaries.min,
        max: result.boundaries.max,
        midpoint: scaleMidpoint(result.boundaries),
      },
    ];
  });
}

/** The figures of a model's dimensions in a shown group's figure, in the form's order. */
export function dimensionFigures(
  model: ScaleModel,
  form: ReportForm,
  figure: ShownFormFigure,
  language: Language,
): DimensionFigure[] {
  const parts = new Map(figure.results.map((r) => [r.resultId, r]));
  return dimensionBases(model, form, language).map((base): DimensionFigure => {
    const part = parts.get(base.resultId);
    if (!part) return { ...base, shown: false, reason: 'not-computed' };
    if (!part.shown) return { ...base, shown: false, reason: part.reason, threshold: part.threshold };
    return { ...base, shown: true, answers: part.answers, average: round2(part.average) };
  });
}

export const SELF_ESTEEM_QUADRANTS = ['authentic', 'competenceBased', 'worthinessBased', 'low'] as const;
/**
 * The four self-esteem quadrants: high worthiness and high competence (authentic self-esteem), high
 * competence and low worthiness (competence-based), high worthiness and low competence
 * (worthiness-based), both low (low self-esteem).
 */
export type SelfEsteemQuadrant = (typeof SELF_ESTEEM_QUADRANTS)[number];

/**
 * The quadrant of a point (competence, worthiness) against the midpoints of their scales. A value
 * exactly on its midpoint counts as high: the midline belongs to the upper half.
 */
export function selfEsteemQuadrant(
  point: { competence: number; worthiness: number },
  midpoints: { competence: number; worthiness: number },
): SelfEsteemQuadrant {
  const highCompetence = point.competence >= midpoints.competence;
  const highWorthiness = point.worthiness >= midpoints.worthiness;
  if (highCompetence && highWorthiness) return 'authentic';
  if (highCompetence) return 'competenceBased';
  if (highWorthiness) return 'worthinessBased';
  return 'low';
}

/** A view of bars, one per dimension: the Big Five traits, or the dimensions of engagement. */
export interface BarsView {
  kind: 'bigFive' | 'engagement';
  dimensions: DimensionFigure[];
}

/** The ends of one axis of the quadrant chart. */
export interface AxisRange {
  min: number;
  max: number;
}

/**
 * The ends of a quadrant chart's axis: the scale's, else whole numbers one beyond the point and the
 * midline, so that both are always inside the chart.
 */
export function axisRange(
  dimension: Pick<ShownDimension, 'min' | 'max' | 'average'>,
  midpoint: number,
): AxisRange {
  const low = Math.min(dimension.average, midpoint);
  const high = Math.max(dimension.average, midpoint);
  return {
    min: dimension.min ?? Math.floor(low) - 1,
    max: dimension.max ?? Math.ceil(high) + 1,
  };
}

/** Where the group's average point lies, or why it is not placed. */
export type SelfEsteemPlacement =
  | {
      placed: true;
      /** The two shown dimensions the point is made of. */
      axes: { competence: ShownDimension; worthiness: ShownDimension };
      point: { competence: number; worthiness: number };
      midpoints: { competence: number; worthiness: number };
      /** The ends of the chart's axes (see axisRange). */
      ranges: { competence: AxisRange; worthiness: AxisRange };
      quadrant: SelfEsteemQuadrant;
    }
  /** A dimension is hidden or has no figure: its reason is in the view's `competence` or `worthiness`. */
  | { placed: false; why: 'hidden' }
  /** The form gives these results no midpoint (neither both ends nor an average). */
  | { placed: false; why: 'no-midpoint'; titles: string[] };

export interface SelfEsteemView {
  kind: 'selfEsteem';
  competence: DimensionFigure;
  worthiness: DimensionFigure;
  placement: SelfEsteemPlacement;
}

export type ScaleViewData = BarsView | SelfEsteemView;

/**
 * The group's self-esteem point: its averages of competence and worthiness as the tables show them
 * (to two decimals), compared to the midpoints of their scales, so that a point shown on a midline
 * is counted as on it (hence high).
 */
function placement(competence: DimensionFigure, worthiness: DimensionFigure): SelfEsteemPlacement {
  if (!competence.shown || !worthiness.shown) return { placed: false, why: 'hidden' };
  if (competence.midpoint === null || worthiness.midpoint === null)
    return {
      placed: false,
      why: 'no-midpoint',
      titles: [competence, worthiness].filter((d) => d.midpoint === null).map((d) => d.title),
    };
  const point = { competence: competence.average, worthiness: worthiness.average };
  const midpoints = { competence: competence.midpoint, worthiness: worthiness.midpoint };
  return {
    placed: true,
    axes: { competence, worthiness },
    point,
    midpoints,
    ranges: {
      competence: axisRange(competence, midpoints.competence),
      worthiness: axisRange(worthiness, midpoints.worthiness),
    },
    quadrant: selfEsteemQuadrant(point, midpoints),
  };
}

/** A model's view of a shown group's figure; null for self-esteem lacking one of its two axes. */
function modelView(
  model: ScaleModel,
  form: ReportForm,
  figure: ShownFormFigure,
  language: Language,
): ScaleViewData | null {
  const dimensions = dimensionFigures(model, form, figure, language);
  if (model.kind !== 'selfEsteem') return { kind: model.kind, dimensions };
  const competence = dimensions.find((d) => d.key === 'competence');
  const worthiness = dimensions.find((d) => d.key === 'worthiness');
  if (!competence || !worthiness) return null;
  return { kind: 'selfEsteem', competence, worthiness, placement: placement(competence, worthiness) };
}

const formModels = (form: ReportForm) => recogniseScaleModels(form.additionalResults.map((r) => r.id));

/** The views of every model the form measures, for a shown group's figure; none when it is hidden. */
export function scaleViews(form: ReportForm, figure: FormFigure, language: Language): ScaleViewData[] {
  if (!figure.shown) return [];
  return formModels(form).flatMap((model) => modelView(model, form, figure, language) ?? []);
}

/** A view's dimensions in the order its tables give them: competence before worthiness. */
export function viewDimensions(view: ScaleViewData): DimensionFigure[] {
  return view.kind === 'selfEsteem' ? [view.competence, view.worthiness] : view.dimensions;
}

/** A model's view in one period: the group's figures, or why the whole group is hidden then. */
export type PeriodView =
  | { key: string; label: string; shown: true; view: ScaleViewData }
  | { key: string; label: string; shown: false; hidden: HiddenFigure };

/** A model the form measures, period by period. */
export interface ModelSeries {
  kind: ScaleModelKind;
  /** Its dimensions as its tables order them (competence before worthiness): their columns or lines. */
  dimensions: DimensionBase[];
  periods: PeriodView[];
}

const SELF_ESTEEM_ORDER = ['competence', 'worthiness'];

/**
 * Every model the form measures, in each of the given periods (the series' weeks or months, the
 * whole period), with the same privacy rules as its view over the whole period: a hidden group
 * gives its reason, a hidden or missing dimension its own. A model is left out only when a period
 * has no view of it (self-esteem without both axes, which recognising it already rules out).
 */
export function scaleSeries(
  form: ReportForm,
  periods: readonly FormPeriod[],
  language: Language,
): ModelSeries[] {
  return formModels(form).flatMap((model): ModelSeries[] => {
    const bases = dimensionBases(model, form, language);
    const dimensions =
      model.kind === 'selfEsteem'
        ? SELF_ESTEEM_ORDER.flatMap((key) => bases.filter((d) => d.key === key))
        : bases;
    const views = periods.flatMap(({ key, label, figure }): PeriodView[] => {
      if (!figure.shown) return [{ key, label, shown: false, hidden: figure }];
      const view = modelView(model, form, figure, language);
      return view ? [{ key, label, shown: true, view }] : [];
    });
    return views.length === periods.length ? [{ kind: model.kind, dimensions, periods: views }] : [];
  });
}

import { describe, expect, it } from 'vitest';
import { testForm, testTotal } from './form-report-test-data';
import {
  axisRange,
  dimensionFigures,
  recogniseScaleModels,
  scaleMidpoint,
  scaleSeries,
  scaleViews,
  selfEsteemQuadrant,
  type SelfEsteemPlacement,
  type SelfEsteemQuadrant,
  type SelfEsteemView,
  type ShownDimension,
} from './scale-views';
import { dimensionBars, quadrantChart } from './scale-charts';
import {
  BIG_FIVE_RESULTS,
  SELF_ESTEEM_RESULTS,
  hiddenResult,
  scaleFigure,
  scaleForm,
  scaleReport,
  shownResult,
} from './scale-views-test-data';

const kinds = (ids: string[]) => recogniseScaleModels(ids).map((m) => m.kind);

const NAMES: Record<SelfEsteemQuadrant, string> = {
  authentic: 'Authentic',
  competenceBased: 'Competence-based',
  worthinessBased: 'Worthiness-based',
  low: 'Low',
};

/** The self-esteem view of the demo's form with these figures of competence and worthiness. */
function selfEsteemView(results: Parameters<typeof scaleFigure>[0], form = scaleForm(SELF_ESTEEM_RESULTS)) {
  const [view] = scaleViews(form, scaleFigure(results), 'en');
  if (view?.kind !== 'selfEsteem') throw new Error('no self-esteem view');
  return view;
}

function placed(view: SelfEsteemView): Extract<SelfEsteemPlacement, { placed: true }> {
  if (!view.placement.placed) throw new Error('not placed');
  return view.placement;
}

describe('recognising a scale model from the form’s result ids', () => {
  it('the Big Five needs all of a, c, e, n and o, in any order', () => {
    expect(kinds(['e', 'a', 'c', 'n', 'o'])).toEqual(['bigFive']);
    expect(kinds(['o', 'n', 'e', 'c', 'a', 'extra'])).toEqual(['bigFive']);
    expect(kinds(['e', 'a', 'c', 'n'])).toEqual([]);
  });

  it('compares ids in lower case', () => {
    expect(kinds(['E', 'A', 'C', 'N', 'O'])).toEqual(['bigFive']);
    expect(kinds(['Competence', 'WORTHINESS'])).toEqual(['selfEsteem']);
    expect(kinds(['Engagement', 'Absorption', 'Vigour', 'Dedication'])).toEqual(['engagement']);
  });

  it('keeps the form’s own ids and its order of results for each dimension', () => {
    expect(recogniseScaleModels(['worthiness', 'Competence', 'selfEsteem'])).toEqual([
      {
        kind: 'selfEsteem',
        dimensions: [
          { key: 'worthiness', resultId: 'worthiness' },
          { key: 'competence', resultId: 'Competence' },
        ],
      },
    ]);
  });

  it('self-esteem needs both competence and worthiness', () => {
    expect(kinds(['competence', 'worthiness'])).toEqual(['selfEsteem']);
    expect(kinds(['competence', 'selfEsteem'])).toEqual([]);
    expect(kinds(['worthiness'])).toEqual([]);
  });

  it('engagement accepts vigor or vigour and devotion or dedication', () => {
    expect(kinds(['engagement', 'absorption', 'vigor', 'devotion'])).toEqual(['engagement']);
    expect(kinds(['engagement', 'absorption', 'vigour', 'dedication'])).toEqual(['engagement']);
    expect(kinds(['engagement', 'absorption', 'vigor', 'dedication'])).toEqual(['engagement']);
    expect(kinds(['engagement', 'vigor', 'devotion'])).toEqual([]);
    expect(kinds(['absorption', 'vigor', 'devotion'])).toEqual([]);
  });

  it('when two results stand for one dimension, the first in the form’s order counts', () => {
    const [model] = recogniseScaleModels(['engagement', 'vigour', 'absorption', 'vigor', 'devotion']);
    expect(model?.dimensions.find((d) => d.key === 'vigor')?.resultId).toBe('vigour');
    expect(model?.dimensions).toHaveLength(4);
  });

  it('a form may measure several models, given Big Five, self-esteem, engagement', () => {
    expect(
      kinds([
        'vigor',
        'competence',
        'e',
        'a',
        'c',
        'n',
        'o',
        'worthiness',
        'engagement',
        'absorption',
        'devotion',
      ]),
    ).toEqual(['bigFive', 'selfEsteem', 'engagement']);
  });

  it('a form of other results, or of none, measures no model', () => {
    expect(kinds(testForm().additionalResults.map((r) => r.id))).toEqual([]);
    expect(kinds([])).toEqual([]);
    // One letter is no trait when it is part of a longer id.
    expect(kinds(['ea', 'c', 'e2', 'n', 'o', 'a1'])).toEqual([]);
  });
});

describe('the middle of a result’s scale', () => {
  it('is the population’s average the form gives, before the middle of the ends', () => {
    expect(scaleMidpoint({ min: 1, max: 5, average: 3.4 })).toBe(3.4);
    expect(scaleMidpoint({ average: 2 })).toBe(2);
  });

  it('else is the middle of the two ends', () => {
    expect(scaleMidpoint({ min: 1, max: 5 })).toBe(3);
    expect(scaleMidpoint({ min: 0, max: 7 })).toBe(3.5);
    expect(scaleMidpoint({ min: -2, max: 2 })).toBe(0);
  });

  it('is unknown when the form gives only one end, or none', () => {
    expect(scaleMidpoint({ min: 1 })).toBeNull();
    expect(scaleMidpoint({ max: 5 })).toBeNull();
    expect(scaleMidpoint({})).toBeNull();
  });
});

describe('the self-esteem quadrant of a point', () => {
  const middle = { competence: 3, worthiness: 3 };

  it('names each of the four quadrants', () => {
    expect(selfEsteemQuadrant({ competence: 4, worthiness: 4.5 }, middle)).toBe('authentic');
    expect(selfEsteemQuadrant({ competence: 4, worthiness: 2 }, middle)).toBe('competenceBased');
    expect(selfEsteemQuadrant({ competence: 2, worthiness: 4 }, middle)).toBe('worthinessBased');
    expect(selfEsteemQuadrant({ competence: 1.5, worthiness: 2.9 }, middle)).toBe('low');
  });

  it('a value exactly on its midpoint counts as high', () => {
    expect(selfEsteemQuadrant({ competence: 3, worthiness: 3 }, middle)).toBe('authentic');
    expect(selfEsteemQuadrant({ competence: 3, worthiness: 2 }, middle)).toBe('competenceBased');
    expect(selfEsteemQuadrant({ competence: 2, worthiness: 3 }, middle)).toBe('worthinessBased');
  });

  it('compares each axis with its own midpoint', () => {
    const own = { competence: 2, worthiness: 4 };
    expect(selfEsteemQuadrant({ competence: 2.5, worthiness: 3.5 }, own)).toBe('competenceBased');
    expect(selfEsteemQuadrant({ competence: 1.5, worthiness: 4.5 }, own)).toBe('worthinessBased');
  });
});

describe('the figures of a model’s dimensions', () => {
  const form = scaleForm(BIG_FIVE_RESULTS);
  const [bigFive] = recogniseScaleModels(form.additionalResults.map((r) => r.id));
  if (!bigFive) throw new Error('no Big Five');

  it('a shown result gives its full title, answers, average to two decimals, scale and midpoint', () => {
    const [e] = dimensionFigures(bigFive, form, scaleFigure([shownResult('e', 3.456, 17)]), 'en');
    expect(e).toEqual({
      key: 'e',
      resultId: 'e',
      title: 'Extraversion',
      shown: true,
      answers: 17,
      average: 3.46,
      min: 1,
      max: 5,
      midpoint: 3,
    });
  });

  it('a hidden result carries its reason and threshold, never an average', () => {
    const dimensions = dimensionFigures(bigFive, form, scaleFigure([hiddenResult('a', 8)]), 'en');
    const a = dimensions.find((d) => d.key === 'a');
    expect(a).toMatchObject({
      shown: false,
      reason: 'too-few-answers',
      threshold: 8,
      title: 'Agreeableness',
    });
    expect(a).not.toHaveProperty('average');
  });

  it('a result without a figure in the period is said not computed', () => {
    const dimensions = dimensionFigures(bigFive, form, scaleFigure([]), 'en');
    expect(dimensions.map((d) => (d.shown ? d.average : d.reason))).toEqual([
      'not-computed',
      'not-computed',
      'not-computed',
      'not-computed',
      'not-computed',
    ]);
  });

  it('titles follow the reader’s language, else the form’s first, and keep the form’s order', () => {
    const figure = scaleFigure(BIG_FIVE_RESULTS.map((r) => shownResult(r.id, 3)));
    expect(dimensionFigures(bigFive, form, figure, 'fr').map((d) => d.title)).toEqual([
      'Extraversion',
      'Agréabilité',
      'Conscienciosité',
      'Névrosisme',
      'Ouverture',
    ]);
    expect(dimensionFigures(bigFive, form, figure, 'nl').map((d) => d.title)[1]).toBe('Agréabilité');
  });
});

describe('the views of a report’s whole period', () => {
  it('a hidden group has no view', () => {
    expect(
      scaleViews(scaleForm(BIG_FIVE_RESULTS), { shown: false, reason: 'too-few-people', threshold: 8 }, 'en'),
    ).toEqual([]);
  });

  it('a form without a model has no view', () => {
    expect(scaleViews(testForm(), testTotal(), 'en')).toEqual([]);
  });

  it('the Big Five is a view of bars of its five traits', () => {
    const figure = scaleFigure(BIG_FIVE_RESULTS.map((r, i) => shownResult(r.id, 2 + i * 0.5)));
    const [view] = scaleViews(scaleForm(BIG_FIVE_RESULTS), figure, 'en');
    expect(view?.kind).toBe('bigFive');
    expect(view?.kind !== 'selfEsteem' && view?.dimensions.map((d) => [d.key, d.shown && d.average])).toEqual(
      [
        ['e', 2],
        ['a', 2.5],
        ['c', 3],
        ['n', 3.5],
        ['o', 4],
      ],
    );
  });

  it('places the group’s self-esteem in its quadrant against the midpoints of the scales', () => {
    const view = selfEsteemView([shownResult('competence', 3.8), shownResult('worthiness', 2.4)]);
    expect(view.placement).toEqual({
      placed: true,
      axes: { competence: view.competence, worthiness: view.worthiness },
      point: { competence: 3.8, worthiness: 2.4 },
      midpoints: { competence: 3, worthiness: 3 },
      ranges: { competence: { min: 1, max: 5 }, worthiness: { min: 1, max: 5 } },
      quadrant: 'competenceBased',
    });
  });

  it('the form’s population average is the midpoint when it gives one', () => {
    const form = scaleForm([
      { id: 'competence', boundaries: { min: 1, max: 5, average: 3.6 } },
      { id: 'worthiness', boundaries: { min: 1, max: 5 } },
    ]);
    const view = selfEsteemView([shownResult('competence', 3.5), shownResult('worthiness', 3.5)], form);
    expect(placed(view).quadrant).toBe('worthinessBased');
  });

  it('a point shown on a midline (to two decimals) is counted on it, hence high', () => {
    const view = selfEsteemView([shownResult('competence', 2.996), shownResult('worthiness', 2.9951)]);
    expect(placed(view).point).toEqual({ competence: 3, worthiness: 3 });
    expect(placed(view).quadrant).toBe('authentic');
  });

  it('a hidden competence or worthiness places no point and keeps its reason', () => {
    const view = selfEsteemView([shownResult('competence', 4), hiddenResult('worthiness', 8)]);
    expect(view.placement).toEqual({ placed: false, why: 'hidden' });
    expect(view.worthiness).toMatchObject({ shown: false, reason: 'too-few-answers', threshold: 8 });
    expect(view.competence).toMatchObject({ shown: true, average: 4 });
  });

  it('a dimension without a figure places no point either', () => {
    const view = selfEsteemView([shownResult('worthiness', 4)]);
    expect(view.placement).toEqual({ placed: false, why: 'hidden' });
    expect(view.competence).toMatchObject({ shown: false, reason: 'not-computed' });
  });

  it('a scale with no midpoint names no quadrant and says which results lack it', () => {
    const form = scaleForm([
      { id: 'competence', title: { en: 'Competence' }, boundaries: { min: 1 } },
      { id: 'worthiness', title: { en: 'Worthiness' }, boundaries: { min: 1, max: 5 } },
    ]);
    const view = selfEsteemView([shownResult('competence', 4), shownResult('worthiness', 4)], form);
    expect(view.placement).toEqual({ placed: false, why: 'no-midpoint', titles: ['Competence'] });
  });

  it('engagement is a view of bars of its four dimensions', () => {
    const form = scaleForm([
      { id: 'engagement' },
      { id: 'absorption' },
      { id: 'vigour' },
      { id: 'dedication' },
    ]);
    const figure = scaleFigure([
      shownResult('engagement', 3.2),
      shownResult('absorption', 2.8),
      hiddenResult('vigour'),
      shownResult('dedication', 4.1),
    ]);
    const [view] = scaleViews(form, figure, 'en');
    expect(view?.kind).toBe('engagement');
    expect(view?.kind === 'engagement' && view.dimensions.map((d) => [d.key, d.shown])).toEqual([
      ['engagement', true],
      ['absorption', true],
      ['vigor', false],
      ['devotion', true],
    ]);
  });
});

describe('the views period by period', () => {
  /** The report's weeks then its whole period, labelled by their keys. */
  const periodsOf = (report: ReturnType<typeof scaleReport>) => [
    ...report.series.map((e) => ({ key: e.period, label: e.period, figure: e.figure })),
    { key: 'total', label: 'total', figure: report.total },
  ];

  it('give each model the periods in order, a hidden week as hidden with its reason, never a figure', () => {
    const report = scaleReport();
    const series = scaleSeries(report.form, periodsOf(report), 'en');
    expect(series.map((m) => m.kind)).toEqual(['bigFive', 'selfEsteem']);
    const [bigFive] = series;
    expect(bigFive?.periods.map((p) => `${p.key}:${p.shown}`)).toEqual([
      '2026-W10:true',
      '2026-W11:false',
      '2026-W12:true',
      'total:true',
    ]);
    expect(bigFive?.periods[1]).toEqual({
      key: '2026-W11',
      label: '2026-W11',
      shown: false,
      hidden: { shown: false, reason: 'too-few-people', threshold: 8 },
    });
  });

  it('order self-esteem’s axes competence first, whatever the form’s order, and place each period', () => {
    const report = scaleReport();
    const selfEsteem = scaleSeries(report.form, periodsOf(report), 'en')[1];
    expect(selfEsteem?.dimensions.map((d) => d.resultId)).toEqual(['competence', 'worthiness']);
    const quadrants = selfEsteem?.periods.map((p) =>
      p.shown && p.view.kind === 'selfEsteem' && p.view.placement.placed ? p.view.placement.quadrant : null,
    );
    expect(quadrants).toEqual(['competenceBased', null, null, 'authentic']);
  });

  it('are none for a form that measures no model', () => {
    const figure = testTotal();
    expect(scaleSeries(testForm(), [{ key: 'total', label: 'total', figure }], 'en')).toEqual([]);
  });
});

describe('the ends of a quadrant chart’s axis', () => {
  it('are the scale’s ends when the form gives them', () => {
    expect(axisRange({ min: 1, max: 5, average: 4.2 }, 3)).toEqual({ min: 1, max: 5 });
  });

  it('else whole numbers one beyond the point and the midline, so both are inside', () => {
    expect(axisRange({ average: 4.2 }, 3)).toEqual({ min: 2, max: 6 });
    expect(axisRange({ min: 0, average: 7.5 }, 3)).toEqual({ min: 0, max: 9 });
    expect(axisRange({ max: 10, average: -0.5 }, 2)).toEqual({ min: -2, max: 10 });
  });
});

describe('the charts of the views', () => {
  const dimension = (title: string, average: number, min?: number, max?: number): ShownDimension => ({
    key: title,
    resultId: title,
    title,
    shown: true,
    answers: 10,
    average,
    min,
    max,
    midpoint: null,
  });

  it('bars run from the lowest end of the scales to the highest, one per dimension by title', () => {
    const option = dimensionBars([dimension('Extraversion', 3.4, 1, 5), dimension('Openness', 2.25, 0, 4)]);
    expect(option.xAxis).toMatchObject({ type: 'value', min: 0, max: 5 });
    expect(option.yAxis).toMatchObject({ type: 'category', data: ['Extraversion', 'Openness'] });
    const [series] = option.series as { data: number[]; label: { show: boolean } }[];
    expect(series?.data).toEqual([3.4, 2.25]);
  });

  it('each bar writes its value to two decimals, so it is never told by colour alone', () => {
    const option = dimensionBars([dimension('Extraversion', 3.4, 1, 5)]);
    const [series] = option.series as {
      label: { show: boolean; formatter: (p: { value: number }) => string };
    }[];
    expect(series?.label.show).toBe(true);
    expect(series?.label.formatter({ value: 3.4 })).toBe('3.40');
  });

  it('bars without ends on the form take the averages’ own scale', () => {
    const option = dimensionBars([dimension('Vigour', 3.4)]);
    expect(option.xAxis).toEqual({ type: 'value' });
  });

  it('the quadrant chart draws the point, the two midlines and the four named areas', () => {
    const view = selfEsteemView([shownResult('competence', 3.8), shownResult('worthiness', 2.4)]);
    const option = quadrantChart(placed(view), NAMES);
    expect(option.xAxis).toMatchObject({ name: 'Competence', min: 1, max: 5 });
    expect(option.yAxis).toMatchObject({ name: 'Worthiness', min: 1, max: 5 });
    const [series] = option.series as {
      type: string;
      data: number[][];
      label: { formatter: string };
      markLine: { data: unknown[] };
      markArea: {
        data: [{ name: string; xAxis: number; yAxis: number }, { xAxis: number; yAxis: number }][];
      };
    }[];
    expect(series?.type).toBe('scatter');
    expect(series?.data).toEqual([[3.8, 2.4]]);
    expect(series?.label.formatter).toBe('3.80 · 2.40');
    expect(series?.markLine.data).toEqual([{ xAxis: 3 }, { yAxis: 3 }]);
    expect(
      series?.markArea.data.map(([from, to]) => [from.name, from.xAxis, to.xAxis, from.yAxis, to.yAxis]),
    ).toEqual([
      ['Authentic', 3, 5, 3, 5],
      ['Competence-based', 3, 5, 1, 3],
      ['Worthiness-based', 1, 3, 3, 5],
      ['Low', 1, 3, 1, 3],
    ]);
  });
});

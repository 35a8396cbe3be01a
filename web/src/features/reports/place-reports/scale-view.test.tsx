// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FormFigure, FormReport, ResultFigure } from '@shared/contracts/form-reports';
import type { Language } from '@shared/contracts/headers';
import i18n from '../../../i18n';
import { renderPage } from '../../../test/render';
import { formPeriods } from '../exports/form-export';
import { testForm, testTotal } from '../exports/form-report-test-data';
import { ScaleView } from './scale-view';
import {
  BIG_FIVE_RESULTS,
  SELF_ESTEEM_RESULTS,
  hiddenResult,
  scaleFigure,
  scaleForm,
  scaleReport,
  shownResult,
} from '../exports/scale-views-test-data';

const BIG_FIVE_AVERAGES: ResultFigure[] = [
  shownResult('e', 3.4),
  shownResult('a', 3.125),
  shownResult('c', 2.8),
  shownResult('n', 2.05),
  shownResult('o', 4),
];

function renderView(form: FormReport['form'], figure: FormFigure, language: Language = 'en') {
  return renderPage(<ScaleView form={form} figure={figure} language={language} />);
}

/** The views of a report with its series: each week (or month) and the whole period. */
function renderSeries(report: FormReport = scaleReport(), language: Language = 'en') {
  const periods = formPeriods(report, language, i18n.getFixedT(language));
  return renderPage(
    <ScaleView
      form={report.form}
      figure={report.total}
      language={language}
      series={{ interval: report.interval, periods }}
    />,
  );
}

const rowCells = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('cell')
    .map((c) => c.textContent);

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('the Big Five view', () => {
  it('lists the five traits by their full names with the group’s average and scale', () => {
    renderView(scaleForm(BIG_FIVE_RESULTS), scaleFigure(BIG_FIVE_AVERAGES));
    const view = screen.getByRole('region', { name: 'Big Five: the five broad personality traits' });
    expect(view).toBe(screen.getByTestId('form-report-view-bigFive'));
    const table = screen.getByTestId('form-report-view-bigFive-table');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Extraversion', 'Agreeableness', 'Conscientiousness', 'Neuroticism', 'Openness']);
    expect(rowCells('form-report-view-bigFive-row-a')).toEqual(['20', '3.13', '1 – 5']);
    expect(rowCells('form-report-view-bigFive-row-o')).toEqual(['20', '4.00', '1 – 5']);
  });

  it('its chart is an image that says every average and its scale in words', () => {
    renderView(scaleForm(BIG_FIVE_RESULTS), scaleFigure(BIG_FIVE_AVERAGES));
    const chart = screen.getByTestId('form-report-view-bigFive-chart');
    expect(chart.getAttribute('role')).toBe('img');
    expect(chart.getAttribute('aria-label')).toBe(
      'Average of each Big Five trait over the whole period: Extraversion: 3.40 on a scale from 1 to 5; ' +
        'Agreeableness: 3.13 on a scale from 1 to 5; Conscientiousness: 2.80 on a scale from 1 to 5; ' +
        'Neuroticism: 2.05 on a scale from 1 to 5; Openness: 4.00 on a scale from 1 to 5. ' +
        'The table below gives the same figures.',
    );
  });

  it('a hidden trait gives its reason in the table and is left out of the chart', () => {
    renderView(
      scaleForm(BIG_FIVE_RESULTS),
      scaleFigure([...BIG_FIVE_AVERAGES.filter((r) => r.resultId !== 'n'), hiddenResult('n', 8)]),
    );
    expect(rowCells('form-report-view-bigFive-row-n')).toEqual([
      'Hidden: fewer than 8 people answered this question',
    ]);
    const label = screen.getByTestId('form-report-view-bigFive-chart').getAttribute('aria-label') ?? '';
    expect(label).not.toContain('Neuroticism:');
    expect(label).toContain('Not drawn, see the table: Neuroticism.');
  });

  it('with every trait hidden, no chart is drawn and the table says why', () => {
    renderView(scaleForm(BIG_FIVE_RESULTS), scaleFigure(BIG_FIVE_RESULTS.map((r) => hiddenResult(r.id))));
    expect(screen.queryByTestId('form-report-view-bigFive-chart')).toBeNull();
    expect(rowCells('form-report-view-bigFive-row-e')).toEqual([
      'Hidden: fewer than 8 people answered this question',
    ]);
  });

  it('speaks the reader’s language: French by default', async () => {
    await i18n.changeLanguage('fr');
    renderView(scaleForm(BIG_FIVE_RESULTS), scaleFigure(BIG_FIVE_AVERAGES), 'fr');
    expect(
      screen.getByRole('region', { name: 'Big Five : les cinq grands traits de personnalité' }),
    ).toBeTruthy();
    expect(
      within(screen.getByTestId('form-report-view-bigFive-table'))
        .getAllByRole('rowheader')
        .map((h) => h.textContent)[1],
    ).toBe('Agréabilité');
  });
});

describe('the self-esteem view', () => {
  it('names the quadrant of the group’s average in a sentence and in its table', () => {
    renderView(
      scaleForm(SELF_ESTEEM_RESULTS),
      scaleFigure([
        shownResult('worthiness', 2.4),
        shownResult('competence', 3.8),
        shownResult('selfEsteem', 3.1),
      ]),
    );
    expect(screen.getByTestId('form-report-view-selfEsteem-sentence').textContent).toBe(
      'The group’s average lies in the quadrant “Competence-based self-esteem”.',
    );
    const table = screen.getByTestId('form-report-view-selfEsteem-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Figure', 'Competence', 'Worthiness', 'Quadrant']);
    expect(rowCells('form-report-view-selfEsteem-average')).toEqual([
      '3.80',
      '2.40',
      'Competence-based self-esteem',
    ]);
    expect(rowCells('form-report-view-selfEsteem-midpoint')).toEqual(['3.00', '3.00', '—']);
  });

  it('its quadrant chart says the axes, the midlines, the point and its quadrant in words', () => {
    renderView(
      scaleForm(SELF_ESTEEM_RESULTS),
      scaleFigure([shownResult('worthiness', 4.25), shownResult('competence', 4.5)]),
    );
    const chart = screen.getByTestId('form-report-view-selfEsteem-chart');
    expect(chart.getAttribute('role')).toBe('img');
    expect(chart.getAttribute('aria-label')).toBe(
      'Self-esteem quadrants: Competence across, from 1 to 5, middle at 3; Worthiness upwards, from 1 to 5, ' +
        'middle at 3. The group’s average, 4.50 in Competence and 4.25 in Worthiness, lies in the quadrant ' +
        '“Authentic self-esteem”. The table below gives the same figures.',
    );
  });

  it('a point on both midlines counts as high: authentic self-esteem', () => {
    renderView(
      scaleForm(SELF_ESTEEM_RESULTS),
      scaleFigure([shownResult('worthiness', 3), shownResult('competence', 3)]),
    );
    expect(screen.getByTestId('form-report-view-selfEsteem-sentence').textContent).toBe(
      'The group’s average lies in the quadrant “Authentic self-esteem”.',
    );
  });

  it('a hidden result shows its reason and no point', () => {
    renderView(
      scaleForm(SELF_ESTEEM_RESULTS),
      scaleFigure([hiddenResult('worthiness', 8), shownResult('competence', 3.8)]),
    );
    expect(screen.getByTestId('form-report-view-selfEsteem-sentence').textContent).toBe(
      'The group’s average cannot be placed in a quadrant: Worthiness: Hidden: fewer than 8 people answered this question.',
    );
    expect(screen.queryByTestId('form-report-view-selfEsteem-chart')).toBeNull();
    expect(rowCells('form-report-view-selfEsteem-average')).toEqual([
      '3.80',
      'Hidden: fewer than 8 people answered this question',
      '—',
    ]);
  });

  it('a scale without a midpoint names no quadrant and says which result lacks it', () => {
    renderView(
      scaleForm([
        { id: 'competence', title: { en: 'Competence' }, boundaries: {} },
        { id: 'worthiness', title: { en: 'Worthiness' } },
      ]),
      scaleFigure([shownResult('worthiness', 3.5), shownResult('competence', 3.8)]),
    );
    expect(screen.getByTestId('form-report-view-selfEsteem-sentence').textContent).toBe(
      'The quadrant cannot be named: the questionnaire gives no middle of the scale for Competence ' +
        '(neither its two ends nor an average).',
    );
    expect(screen.queryByTestId('form-report-view-selfEsteem-chart')).toBeNull();
    expect(rowCells('form-report-view-selfEsteem-midpoint')).toEqual(['—', '3.00', '—']);
  });
});

describe('the engagement view', () => {
  it('gives its four dimensions’ averages as bars and a table', () => {
    renderView(
      scaleForm([
        { id: 'engagement', title: { en: 'Engagement' } },
        { id: 'absorption', title: { en: 'Absorption' } },
        { id: 'vigor', title: { en: 'Vigor' } },
        { id: 'devotion', title: { en: 'Devotion' } },
      ]),
      scaleFigure([
        shownResult('engagement', 3.2),
        shownResult('absorption', 2.75),
        shownResult('vigor', 4.1),
        shownResult('devotion', 3.9),
      ]),
    );
    expect(screen.getByRole('region', { name: 'Engagement' })).toBeTruthy();
    expect(rowCells('form-report-view-engagement-row-absorption')).toEqual(['20', '2.75', '1 – 5']);
    expect(screen.getByTestId('form-report-view-engagement-chart').getAttribute('aria-label')).toContain(
      'Vigor: 4.10 on a scale from 1 to 5',
    );
  });
});

describe('each view period by period', () => {
  const W10 = 'form-report-view-bigFive-periods-row-2026-W10';
  const TOO_FEW_ANSWERS = 'Hidden: fewer than 8 people answered this question';

  it('folds under the view a table of each week then the whole period, one column per trait', () => {
    renderSeries();
    const details = screen.getByTestId('form-report-view-bigFive-periods');
    expect(details.tagName).toBe('DETAILS');
    expect(within(screen.getByTestId('form-report-view-bigFive')).getByTestId(W10)).toBeTruthy();
    // Its summary is the control a keyboard opens it with.
    expect(details.querySelector('summary')?.textContent).toBe('Week by week');
    const table = screen.getByTestId('form-report-view-bigFive-periods-table');
    expect(table.querySelector('caption')?.textContent).toBe(
      'Average of each Big Five trait, week by week and over the whole period',
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Period', 'Extraversion', 'Agreeableness', 'Conscientiousness', 'Neuroticism', 'Openness']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual([
      '02/03/2026 – 08/03/2026',
      '09/03/2026 – 15/03/2026',
      '16/03/2026 – 22/03/2026',
      'The whole period',
    ]);
    expect(table.querySelector('tfoot')?.textContent).toContain('The whole period');
    expect(rowCells('form-report-view-bigFive-periods-row-total')).toEqual([
      '3.40',
      '3.13',
      '2.80',
      '2.05',
      '4.00',
    ]);
  });

  it('a hidden trait gives its reason in its cell, a hidden week the group’s reason across the row, never a number', () => {
    renderSeries();
    expect(rowCells(W10)).toEqual(['3.50', TOO_FEW_ANSWERS, '2.75', '2.00', '4.13']);
    const hiddenWeek = within(
      screen.getByTestId('form-report-view-bigFive-periods-row-2026-W11'),
    ).getAllByRole('cell');
    expect(hiddenWeek.map((c) => c.textContent)).toEqual(['Hidden: fewer than 8 people']);
    expect(hiddenWeek[0]?.getAttribute('colspan')).toBe('5');
  });

  it('self-esteem gives competence, worthiness and the quadrant of each period, or says none is placed', () => {
    renderSeries();
    const table = screen.getByTestId('form-report-view-selfEsteem-periods-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Period', 'Competence', 'Worthiness', 'Quadrant']);
    const row = (period: string) => rowCells(`form-report-view-selfEsteem-periods-row-${period}`);
    expect(row('2026-W10')).toEqual(['3.80', '2.40', 'Competence-based self-esteem']);
    expect(row('2026-W11')).toEqual(['Hidden: fewer than 8 people']);
    expect(row('2026-W12')).toEqual(['3.00', TOO_FEW_ANSWERS, 'No quadrant: see the axes']);
    expect(row('total')).toEqual(['3.50', '3.20', 'Authentic self-esteem']);
  });

  it('a scale without a middle names no quadrant in any period', () => {
    const report = scaleReport();
    renderSeries({
      ...report,
      form: scaleForm([
        { id: 'competence', title: { en: 'Competence' }, boundaries: {} },
        { id: 'worthiness', title: { en: 'Worthiness' } },
      ]),
    });
    expect(rowCells('form-report-view-selfEsteem-periods-row-2026-W10')).toEqual([
      '3.80',
      '2.40',
      'No quadrant: the scale has no middle',
    ]);
  });

  it('months are told as such, in the reader’s language', async () => {
    await i18n.changeLanguage('fr');
    renderSeries({ ...scaleReport(), interval: 'month' }, 'fr');
    const details = screen.getByTestId('form-report-view-selfEsteem-periods');
    expect(details.querySelector('summary')?.textContent).toBe('Mois par mois');
    expect(details.querySelector('caption')?.textContent).toBe(
      'L’estime de soi du groupe et son quadrant, mois par mois et sur toute la période',
    );
  });

  it('without the series, the views have no table by period', () => {
    renderView(scaleForm(BIG_FIVE_RESULTS), scaleFigure(BIG_FIVE_AVERAGES));
    expect(screen.getByTestId('form-report-view-bigFive-table')).toBeTruthy();
    expect(screen.queryByTestId('form-report-view-bigFive-periods')).toBeNull();
  });
});

describe('no view', () => {
  it('for a form that measures no model', () => {
    const { container } = renderView(testForm(), testTotal());
    expect(container.querySelector('[data-testid^="form-report-view-"]')).toBeNull();
  });

  it('for a hidden group, even of a Big Five form', () => {
    const { container } = renderView(scaleForm(BIG_FIVE_RESULTS), {
      shown: false,
      reason: 'too-few-people',
      threshold: 8,
    });
    expect(container.querySelector('[data-testid^="form-report-view-"]')).toBeNull();
  });
});

describe('accessibility', () => {
  it('the tables by period have no serious or critical violation', async () => {
    const { container } = renderSeries();
    for (const details of container.querySelectorAll('details')) details.open = true;
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });

  it('the views have no serious or critical violation', async () => {
    const { container } = renderView(
      scaleForm([...BIG_FIVE_RESULTS, ...SELF_ESTEEM_RESULTS]),
      scaleFigure([
        ...BIG_FIVE_AVERAGES.filter((r) => r.resultId !== 'c'),
        hiddenResult('c'),
        shownResult('worthiness', 2.4),
        shownResult('competence', 3.8),
      ]),
    );
    expect(screen.getByTestId('form-report-view-bigFive')).toBeTruthy();
    expect(screen.getByTestId('form-report-view-selfEsteem')).toBeTruthy();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
});

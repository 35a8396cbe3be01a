import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { formColumns, formExportTable, formHeader, formRows } from './form-export';
import { countedQuestions, questionDetails, resultDetails } from './form-details';
import { testForm, testFormReport, testTotal } from './form-report-test-data';
import { resultAverages } from '../common/report-chart';
import { reportFileName, toCsv, type ExportCell } from './report-export';
import { BIG_FIVE_RESULTS, scaleReport } from './scale-views-test-data';

const t = i18n.getFixedT('en');
const fr = i18n.getFixedT('fr');

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterAll(async () => {
  await i18n.changeLanguage('fr');
});

describe('the questions of a questionnaires report', () => {
  it('are the numbers and choices of the form in its order; texts and dates are never counted', () => {
    expect(countedQuestions(testForm()).map((a) => a.id)).toEqual(['mood', 'energy', 'site', 'sleep']);
  });

  it('a likert gives its average to two decimals and each option with its legend, count and share', () => {
    const [mood] = questionDetails(testTotal(), testForm(), 'en', t);
    expect(mood).toEqual({
      answerId: 'mood',
      title: 'My mood was bright',
      shown: true,
      answers: 30,
      average: 1.33,
      distribution: [
        { label: '0 – Never', count: 5, share: 17 },
        { label: '1 – Sometimes', count: 10, share: 33 },
        { label: '2 – Often', count: 15, share: 50 },
      ],
    });
  });

  it('a histogram gives the values given, lowest first, its ends with their legends, in the reader’s numbers', () => {
    const energy = questionDetails(testTotal(), testForm(), 'en', t)[1];
    expect(energy).toMatchObject({ title: 'Mon énergie', average: 3.5 });
    expect(energy?.shown && energy.distribution).toEqual([
      { label: '1 – Low', count: 2, share: 7 },
      { label: '2.5', count: 10, share: 36 },
      { label: '5 – High', count: 16, share: 57 },
    ]);
    const inFrench = questionDetails(testTotal(), testForm(), 'fr', fr)[1];
    expect(inFrench?.shown && inFrench.distribution.map((v) => v.label)).toEqual([
      '1 – Faible',
      '2,5',
      '5 – Forte',
    ]);
  });

  it('a choice gives each value of the form in its order, with no average; a value no longer offered comes last', () => {
    const total = testTotal();
    const site = total.questions.find((q) => q.answerId === 'site');
    if (site?.shown) site.choices = [...(site.choices ?? []), { value: 'train', count: 2 }];
    expect(questionDetails(total, testForm(), 'en', t)[2]).toEqual({
      answerId: 'site',
      title: 'Where did you work?',
      shown: true,
      answers: 20,
      average: null,
      distribution: [
        { label: 'At the office', count: 14, share: 70 },
        { label: 'At home', count: 9, share: 45 },
        { label: 'train', count: 2, share: 10 },
      ],
    });
  });

  it('a question too few people answered gives its reason with the threshold, never a number', () => {
    expect(questionDetails(testTotal(), testForm(), 'en', t)[3]).toEqual({
      answerId: 'sleep',
      title: 'I slept well',
      shown: false,
      reason: 'Hidden: fewer than 8 people answered this question',
    });
  });

  it('a text or a date is never a row, even when a figure names it', () => {
    const total = testTotal();
    total.questions.push({ answerId: 'comment', shown: true, answers: 4 });
    expect(questionDetails(total, testForm(), 'en', t).map((q) => q.answerId)).toEqual([
      'mood',
      'energy',
      'site',
      'sleep',
    ]);
  });

  it('each additional result gives its answers, its average and its scale, or why it is hidden', () => {
    expect(resultDetails(testTotal(), testForm(), 'en', t)).toEqual([
      { resultId: 'calm', title: 'Calm', shown: true, answers: 30, average: 1.33, min: 0, max: 2 },
      {
        resultId: 'vigour',
        title: 'Vigour',
        shown: false,
        reason: 'Hidden: fewer than 8 people answered this question',
      },
    ]);
  });
});

describe('the series of a questionnaires report', () => {
  it('follows the form’s additional results, and its number questions by short title when it has none', () => {
    expect(formColumns(testForm(), 'en').map((c) => `${c.kind}:${c.title}`)).toEqual([
      'result:Calm',
      'result:Vigour',
    ]);
    const plain = testForm({ additionalResults: [] });
    expect(formColumns(plain, 'en').map((c) => `${c.kind}:${c.title}`)).toEqual([
      'question:Mood',
      'question:Mon énergie',
      'question:Sleep',
    ]);
    expect(formHeader(formColumns(plain, 'en'), t)).toEqual([
      'Period',
      'People',
      'Surveys',
      'Mood',
      'Mon énergie',
      'Sleep',
    ]);
  });

  it('a week gives people, surveys and each average; a hidden figure its reason; a hidden week its reason alone', () => {
    const report = testFormReport();
    const rows = formRows(report, formColumns(report.form, 'en'), 'en', t);
    expect(rows[0]).toEqual({
      key: '2026-W10',
      label: '02/03/2026 – 08/03/2026',
      shown: true,
      people: 9,
      answers: 20,
      cells: [1.1, 3.46],
    });
    expect(rows[1]).toEqual({
      key: '2026-W11',
      label: '09/03/2026 – 15/03/2026',
      shown: false,
      reason: 'Hidden: fewer than 8 people',
    });
    expect(rows[2]).toMatchObject({
      shown: false,
      reason: 'Hidden: too close to another group (fewer than 5 people apart)',
    });
    expect(rows.at(-1)).toEqual({
      key: 'total',
      label: 'The whole period',
      shown: true,
      people: 12,
      answers: 30,
      cells: [1.33, 'Hidden: fewer than 8 people answered this question'],
    });
  });

  it('a question a week has no figure for is empty (null), not 0', () => {
    const report = testFormReport({ form: testForm({ additionalResults: [] }) });
    const rows = formRows(report, formColumns(report.form, 'en'), 'en', t);
    expect(rows[0]).toMatchObject({ shown: true, cells: [null, null, null] });
    expect(rows.at(-1)).toMatchObject({
      cells: [1.33, 3.5, 'Hidden: fewer than 8 people answered this question'],
    });
  });
});

describe('the files of a questionnaires report', () => {
  it('hold the header lines with the form’s title, the series, then each question’s values and each result', () => {
    const table = formExportTable(
      testFormReport({ anonymityNotGuaranteed: true }),
      { sphereName: 'Atelier', tagNames: ['North'] },
      'en',
      t,
    );
    expect(table.preamble).toEqual([
      ['Sphere: Atelier'],
      ['Questionnaire: Wellbeing check'],
      ['Anonymity not guaranteed: this sphere is a study programme; its data is shared with researchers.'],
      ['Period asked: 01/03/2026 to 22/03/2026'],
      [
        'The week in progress is not counted: these figures cover 3 closed weeks, from 02/03/2026 to 22/03/2026.',
      ],
      ['Group: North'],
      ['Interval: Week'],
    ]);
    expect(table.header).toEqual(['Period', 'People', 'Surveys', 'Calm', 'Vigour']);
    expect(table.rows).toEqual([
      ['02/03/2026 – 08/03/2026', 9, 20, 1.1, 3.46],
      ['09/03/2026 – 15/03/2026', 'Hidden: fewer than 8 people'],
      ['16/03/2026 – 22/03/2026', 'Hidden: too close to another group (fewer than 5 people apart)'],
      ['The whole period', 12, 30, 1.33, 'Hidden: fewer than 8 people answered this question'],
      [],
      ['Each question over the whole period'],
      ['Question', 'Answers', 'Average', 'Value', 'Count', 'Share (%)'],
      ['My mood was bright', 30, 1.33, '0 – Never', 5, 17],
      ['', '', '', '1 – Sometimes', 10, 33],
      ['', '', '', '2 – Often', 15, 50],
      ['Mon énergie', 28, 3.5, '1 – Low', 2, 7],
      ['', '', '', '2.5', 10, 36],
      ['', '', '', '5 – High', 16, 57],
      ['Where did you work?', 20, '', 'At the office', 14, 70],
      ['', '', '', 'At home', 9, 45],
      ['I slept well', 'Hidden: fewer than 8 people answered this question'],
      [],
      ['Additional results over the whole period'],
      ['Result', 'Answers', 'Average', 'Scale'],
      ['Calm', 30, 1.33, '0 – 2'],
      ['Vigour', 'Hidden: fewer than 8 people answered this question'],
    ]);
    expect(toCsv(table).split('\r\n')).toContain(
      'The whole period;12;30;1.33;Hidden: fewer than 8 people answered this question',
    );
  });

  it('a hidden whole period carries its reason, and no table of questions or results', () => {
    const table = formExportTable(
      testFormReport({ total: { shown: false, reason: 'too-few-people', threshold: 8 } }),
      { groupName: 'North team', tagNames: [] },
      'en',
      t,
    );
    expect(table.preamble.slice(0, 2)).toEqual([['Group: North team'], ['Questionnaire: Wellbeing check']]);
    expect(table.rows.at(-1)).toEqual(['The whole period', 'Hidden: fewer than 8 people']);
    expect(table.rows.flat()).not.toContain('Question');
    expect(table.rows.flat()).not.toContain(0);
  });

  it('are named after the sphere or the group and the form', () => {
    const report = testFormReport();
    expect(reportFileName({ id: 's', name: 'Atelier Wellbeing check' }, report, 'csv', 'sphere-form')).toBe(
      'sphere-questionnaire-report-atelier-wellbeing-check-2026-03-01-2026-03-22.csv',
    );
    expect(reportFileName({ id: 's', name: 'Équipe Nord Bilan' }, report, 'xlsx', 'session-form')).toBe(
      'group-questionnaire-report-equipe-nord-bilan-2026-03-01-2026-03-22.xlsx',
    );
  });
});

/** The lines of a file from a line holding exactly this text up to the next empty line. */
function section(rows: readonly ExportCell[][], title: string): ExportCell[][] {
  const start = rows.findIndex((row) => row.length === 1 && row[0] === title);
  if (start < 0) return [];
  const end = rows.findIndex((row, i) => i > start && row.length === 0);
  return rows.slice(start, end < 0 ? undefined : end);
}

const W10 = '02/03/2026 – 08/03/2026';
const W11 = '09/03/2026 – 15/03/2026';
const W12 = '16/03/2026 – 22/03/2026';
const TOTAL = 'The whole period';
const TOO_FEW_ANSWERS = 'Hidden: fewer than 8 people answered this question';

describe('the scale models in the files of a questionnaires report', () => {
  const exported = () => formExportTable(scaleReport(), { sphereName: 'Atelier', tagNames: [] }, 'en', t);

  it('come after the results: each model by its title, then each dimension’s average, week by week then over the whole period', () => {
    const { rows } = exported();
    const results = rows.findIndex((row) => row[0] === 'Additional results over the whole period');
    const bigFive = rows.findIndex((row) => row[0] === 'Big Five: the five broad personality traits');
    expect(results).toBeGreaterThan(0);
    expect(bigFive).toBeGreaterThan(results);
    expect(rows[bigFive - 1]).toEqual([]);
    const lines = section(rows, 'Big Five: the five broad personality traits');
    expect(lines.slice(0, 7)).toEqual([
      ['Big Five: the five broad personality traits'],
      ['Period', 'Trait', 'Average'],
      [W10, 'Extraversion', 3.5],
      [W10, 'Agreeableness', TOO_FEW_ANSWERS],
      [W10, 'Conscientiousness', 2.75],
      [W10, 'Neuroticism', 2],
      [W10, 'Openness', 4.13],
    ]);
    expect(lines.slice(-5)).toEqual([
      [TOTAL, 'Extraversion', 3.4],
      [TOTAL, 'Agreeableness', 3.13],
      [TOTAL, 'Conscientiousness', 2.8],
      [TOTAL, 'Neuroticism', 2.05],
      [TOTAL, 'Openness', 4],
    ]);
    // Two header lines, then five traits in each of the three weeks and the whole period.
    expect(lines).toHaveLength(2 + 5 * 4);
  });

  it('a hidden dimension gives its reason, a hidden week the group’s reason on each line, never a number', () => {
    const lines = section(exported().rows, 'Big Five: the five broad personality traits');
    expect(lines.filter((line) => line[0] === W11)).toEqual(
      BIG_FIVE_RESULTS.map((r) => [W11, r.title?.en, 'Hidden: fewer than 8 people']),
    );
    expect(lines.find((line) => line[0] === W10 && line[1] === 'Agreeableness')?.[2]).toBe(TOO_FEW_ANSWERS);
    expect(lines.flatMap((line) => line.slice(2))).not.toContain(0);
  });

  it('self-esteem gives competence, worthiness and the quadrant of each period, or why no point is placed', () => {
    expect(section(exported().rows, 'Self-esteem quadrants')).toEqual([
      ['Self-esteem quadrants'],
      ['Period', 'Axis', 'Average'],
      [W10, 'Competence', 3.8],
      [W10, 'Worthiness', 2.4],
      [W10, 'Quadrant', 'Competence-based self-esteem'],
      [W11, 'Competence', 'Hidden: fewer than 8 people'],
      [W11, 'Worthiness', 'Hidden: fewer than 8 people'],
      [W11, 'Quadrant', 'Hidden: fewer than 8 people'],
      [W12, 'Competence', 3],
      [W12, 'Worthiness', TOO_FEW_ANSWERS],
      [
        W12,
        'Quadrant',
        `The group’s average cannot be placed in a quadrant: Worthiness: ${TOO_FEW_ANSWERS}.`,
      ],
      [TOTAL, 'Competence', 3.5],
      [TOTAL, 'Worthiness', 3.2],
      [TOTAL, 'Quadrant', 'Authentic self-esteem'],
    ]);
  });

  it('speak the reader’s language', () => {
    const { rows } = formExportTable(scaleReport(), { sphereName: 'Atelier', tagNames: [] }, 'fr', fr);
    const lines = section(rows, 'Quadrants de l’estime de soi');
    expect(lines[1]).toEqual(['Période', 'Axe', 'Moyenne']);
    expect(lines.at(-1)).toEqual(['Toute la période', 'Quadrant', 'Estime de soi authentique']);
  });

  it('keep the file valid: one CSV line per row, none wider than the series table', () => {
    const table = exported();
    const csv = toCsv(table).split('\r\n');
    expect(csv).toContain(`${W10};Agreeableness;${TOO_FEW_ANSWERS}`);
    expect(csv).toContain(`${TOTAL};Quadrant;Authentic self-esteem`);
    const widest = Math.max(...table.rows.map((row) => row.length));
    expect(widest).toBe(table.header.length);
  });

  it('a form that measures no model has no scale lines', () => {
    const { rows } = formExportTable(testFormReport(), { sphereName: 'Atelier', tagNames: [] }, 'en', t);
    expect(rows.at(-1)).toEqual(['Vigour', TOO_FEW_ANSWERS]);
    expect(rows.flat()).not.toContain('Trait');
    expect(rows.flat()).not.toContain('Axis');
  });

  it('a hidden whole period has no scale lines, as the page shows no view', () => {
    const { rows } = formExportTable(
      { ...scaleReport(), total: { shown: false, reason: 'too-few-people', threshold: 8 } },
      { sphereName: 'Atelier', tagNames: [] },
      'en',
      t,
    );
    expect(rows.at(-1)).toEqual([TOTAL, 'Hidden: fewer than 8 people']);
    expect(section(rows, 'Self-esteem quadrants')).toEqual([]);
  });
});

describe('the chart of the additional results', () => {
  it('draws one bar per shown result, on the widest scale their ends give', () => {
    const option = resultAverages([
      { title: 'Calm', average: 1.33, min: 0, max: 2 },
      { title: 'Vigour', average: 3.46, min: 1, max: 5 },
    ]) as { xAxis: { min?: number; max?: number }; yAxis: { data: string[] }; series: { data: number[] }[] };
    expect(option.yAxis.data).toEqual(['Calm', 'Vigour']);
    expect(option.series[0]?.data).toEqual([1.33, 3.46]);
    expect([option.xAxis.min, option.xAxis.max]).toEqual([0, 5]);
    const free = resultAverages([{ title: 'Calm', average: 1.33 }]) as { xAxis: { min?: number } };
    expect(free.xAxis.min).toBeUndefined();
  });
});

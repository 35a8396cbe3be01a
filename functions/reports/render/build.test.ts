import { describe, expect, it } from 'vitest';
import type { CardData } from '@shared/contracts/custom-reports';
import { renderCardOf, type CardLabels } from './build';
import { FILE_LABELS } from './labels';

const labels = (lang: 'fr' | 'en' | 'nl'): CardLabels => ({
  file: FILE_LABELS[lang],
  lang,
  word: (id) => id,
  axis: (id) => `axis ${id}`,
});

const card = { title: 'Team', description: '', result: '', legend: '' };
const shot = { source: 'campaign' as const, cycleId: 'c', stepId: 'team', tagIds: [] };

const theme = (questionShown: boolean): CardData => ({
  source: 'campaign',
  cycleId: 'c',
  stepId: 'team',
  cycle: { internalLabel: 'Autumn' },
  title: { en: 'Our team' },
  defaultLocale: 'fr',
  result: {
    kind: 'custom-form',
    figure: {
      shown: true,
      people: 9,
      answers: 9,
      questions: [
        { answerId: 'q1', shown: true, answers: 9, average: 3.667 },
        questionShown
          ? { answerId: 'q3', shown: true, answers: 8, average: 2 }
          : { answerId: 'q3', shown: false, reason: 'too-few-answers', threshold: 8 },
      ],
      results: [],
    },
    questions: [
      { id: 'q1', title: { fr: 'Je peux compter sur mes collègues.', en: 'I can count on my colleagues.' } },
      { id: 'q3', title: { fr: 'Je sais ce qu’on attend de moi.' } },
    ],
    texts: [
      {
        question: { id: 'q2', title: { fr: 'Une idée ?' } },
        figure: { answerId: 'q2', shown: true, texts: ['Plus de calme'] },
      },
    ],
  },
});

describe('a campaign step in a rendered file (decision 0036)', () => {
  it('shows a theme’s questions in the file’s language, falling back to the campaign’s, with their averages on the 1 to 5 scale', () => {
    const rendered = renderCardOf({ ...card, dataShot: shot }, theme(true), labels('en'));
    expect(rendered.table?.header).toEqual(['Question', 'Count', 'Average (1 to 5)']);
    expect(rendered.table?.rows).toEqual([
      ['I can count on my colleagues.', '9', '3.67'],
      ['Je sais ce qu’on attend de moi.', '8', '2'],
    ]);
    expect(rendered.chart?.series[0]?.values).toEqual([3.67, 2]);
  });

  it('says why a question too few answered is hidden, gives it no number, and never prints a free text', () => {
    const rendered = renderCardOf({ ...card, dataShot: shot }, theme(false), labels('fr'));
    expect(rendered.table?.rows[1]).toEqual([
      'Je sais ce qu’on attend de moi.',
      'Masqué : moins de 8 personnes',
      '',
    ]);
    expect(rendered.chart?.series[0]?.values).toEqual([3.67, null]);
    expect(JSON.stringify(rendered)).not.toContain('Plus de calme');
  });

  it('shows a hidden step’s reason and nothing else', () => {
    const hidden: CardData = {
      ...theme(true),
      result: {
        kind: 'feeling',
        figure: { shown: false, reason: 'too-close-to-another-group', threshold: 8 },
      },
    } as CardData;
    const rendered = renderCardOf({ ...card, dataShot: shot }, hidden, labels('nl'));
    expect(rendered).toMatchObject({ hiddenNote: FILE_LABELS.nl.hiddenTooClose(8) });
    expect(rendered.table).toBeUndefined();
    expect(rendered.chart).toBeUndefined();
  });
});

const formShot = { source: 'form' as const, formId: 'pulse', tagIds: [] };
const questionnaire = (total: Extract<CardData, { source: 'form' }>['total']): CardData => ({
  source: 'form',
  formId: 'pulse',
  definition: {
    formId: 'pulse',
    title: { en: 'Team pulse' },
    languages: ['fr', 'en'],
    questions: [
      { id: 'mood', kind: 'number', title: { en: 'My mood', fr: 'Mon humeur' }, min: 1, max: 7 },
      { id: 'sleep', kind: 'number', title: { fr: 'Heures de sommeil' }, min: 4, max: 8.5 },
      {
        id: 'lunch',
        kind: 'choice',
        title: { en: 'Where I had lunch' },
        choices: [
          { value: 'desk', title: { en: 'At my desk' } },
          { value: 'canteen', title: { en: 'In the canteen' } },
          { value: 'outside', title: { en: 'Outside' } },
        ],
      },
    ],
    results: [{ id: 'energy', title: { en: 'Energy' }, min: 1, max: 7 }],
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  total,
});

describe('a questionnaire in a rendered file (decision 0038)', () => {
  const shown = questionnaire({
    shown: true,
    people: 10,
    answers: 10,
    questions: [
      { answerId: 'mood', shown: true, answers: 10, average: 4 },
      { answerId: 'sleep', shown: false, reason: 'too-few-answers', threshold: 8 },
      {
        answerId: 'lunch',
        shown: true,
        answers: 10,
        choices: [
          { value: 'desk', count: 3 },
          { value: 'canteen', count: 7 },
          { value: 'outside', count: 0 },
        ],
      },
    ],
    results: [{ resultId: 'energy', shown: true, answers: 10, average: 5.5 }],
  });

  it('shows each question and result with its average on its own scale, and a choice with its most chosen values', () => {
    const rendered = renderCardOf({ ...card, dataShot: formShot }, shown, labels('en'));
    expect(rendered.table?.header).toEqual(['Question', 'Count', 'Average', 'Scale']);
    expect(rendered.table?.rows).toEqual([
      ['My mood', '10', '4', '1–7'],
      ['Heures de sommeil', 'Hidden: fewer than 8 people', '', ''],
      ['Where I had lunch', '10', 'In the canteen (7), At my desk (3)', 'Most chosen'],
      ['Energy', '10', '5.5', '1–7'],
    ]);
  });

  it('charts each shown average’s place on its scale, so that scales compare, and nothing of a hidden question', () => {
    const rendered = renderCardOf({ ...card, dataShot: formShot }, shown, labels('en'));
    expect(rendered.chart?.categories).toEqual(['My mood', 'Energy']);
    expect(rendered.chart?.series[0]?.values).toEqual([50, 75]);
  });

  it('shows a hidden questionnaire’s reason and nothing else', () => {
    const hidden = questionnaire({ shown: false, reason: 'too-few-people', threshold: 8 });
    const rendered = renderCardOf({ ...card, dataShot: formShot }, hidden, labels('fr'));
    expect(rendered).toMatchObject({ hiddenNote: FILE_LABELS.fr.hiddenTooFew(8) });
    expect(rendered.table).toBeUndefined();
  });
});

describe('a campaign’s questionnaire step in a rendered file (decision 0038)', () => {
  it('is laid out as a questionnaire card of the form the cycle asked', () => {
    const form = questionnaire({
      shown: true,
      people: 9,
      answers: 9,
      questions: [{ answerId: 'mood', shown: true, answers: 9, average: 4 }],
      results: [],
    });
    if (form.source !== 'form') throw new Error('a questionnaire card');
    const step: CardData = {
      source: 'campaign',
      cycleId: 'c',
      stepId: 'check',
      cycle: { internalLabel: 'Autumn' },
      title: { en: 'Wellbeing check' },
      defaultLocale: 'fr',
      result: { kind: 'form', figure: form.total, definition: form.definition },
    };
    const rendered = renderCardOf(
      { ...card, dataShot: { source: 'campaign', cycleId: 'c', stepId: 'check', tagIds: [] } },
      step,
      labels('en'),
    );
    expect(rendered.table?.rows[0]).toEqual(['My mood', '9', '4', '1–7']);
    expect(rendered.chart?.series[0]?.values).toEqual([50]);
  });
});

describe('a figure hidden to protect a smaller group in a rendered file', () => {
  const protects = { shown: false as const, reason: 'protects-a-smaller-group' as const, threshold: 8 };
  const feelings: CardData = {
    source: 'feelings',
    total: protects,
    series: [
      { period: '2026-01', figure: { shown: true, people: 12, answers: 30 } },
      { period: '2026-02', figure: protects },
    ],
  };
  const sphereShot = (view: 'total' | 'series') => ({
    source: 'feelings' as const,
    measure: 'people' as const,
    view,
    interval: 'month' as const,
    tagIds: [],
  });
  const words = {
    fr: 'Masqué pour qu’aucun groupe plus petit ne puisse être déduit',
    en: 'Hidden so that a smaller group cannot be worked out',
    nl: 'Verborgen zodat een kleinere groep niet kan worden afgeleid',
  } as const;

  it.each(['fr', 'en', 'nl'] as const)(
    'says in %s why the whole period is hidden, with no number and no other reason',
    (lang) => {
      const rendered = renderCardOf({ ...card, dataShot: sphereShot('total') }, feelings, labels(lang));
      expect(rendered.hiddenNote).toBe(words[lang]);
      expect(rendered.table).toBeUndefined();
      expect(rendered.chart).toBeUndefined();
    },
  );

  it.each(['fr', 'en', 'nl'] as const)(
    'says in %s why a period of the series is hidden, in its table row, and charts no value for it',
    (lang) => {
      const rendered = renderCardOf({ ...card, dataShot: sphereShot('series') }, feelings, labels(lang));
      expect(rendered.table?.rows).toEqual([
        ['2026-01', '12'],
        ['2026-02', words[lang]],
      ]);
      expect(rendered.chart?.series[0]?.values).toEqual([12, null]);
      expect(rendered.hiddenNote).toBe(FILE_LABELS[lang].hiddenPeriods(1));
    },
  );

  it('says a hidden campaign step protects a smaller group, not that it is too close to another group', () => {
    const hidden = { ...theme(true), result: { kind: 'feeling', figure: protects } } as CardData;
    const rendered = renderCardOf({ ...card, dataShot: shot }, hidden, labels('en'));
    expect(rendered).toMatchObject({ hiddenNote: words.en });
    expect(JSON.stringify(rendered)).not.toContain(FILE_LABELS.en.hiddenTooClose(8));
  });
});

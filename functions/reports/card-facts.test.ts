import { describe, expect, it } from 'vitest';
import type { CardData } from '@shared/contracts/custom-reports';
import { cardFacts } from './card-facts';
import { localCardText } from './local-writer';

const questionnaire = (total: Extract<CardData, { source: 'form' }>['total']): CardData => ({
  source: 'form',
  formId: 'pulse',
  definition: {
    formId: 'pulse',
    title: { en: 'Team pulse' },
    languages: ['en'],
    questions: [
      { id: 'mood', kind: 'number', title: { en: 'My mood', fr: 'Mon humeur' }, min: 1, max: 7 },
      { id: 'sleep', kind: 'number', title: { en: 'Hours of sleep' }, min: 4, max: 8 },
      {
        id: 'lunch',
        kind: 'choice',
        title: { en: 'Lunch' },
        choices: [{ value: 'desk', title: { en: 'Desk' } }],
      },
    ],
    results: [
      { id: 'energy', title: { en: 'Energy' }, min: 1, max: 7 },
      { id: 'raw', title: { en: 'Without a scale' } },
    ],
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  total,
});

describe('a questionnaire’s facts for the card prompt (decision 0038)', () => {
  it('tells numbers and results with a scale as axes from their lowest value (−1) to their highest (+1), and no choice', () => {
    const facts = cardFacts(
      questionnaire({
        shown: true,
        people: 10,
        answers: 12,
        questions: [
          { answerId: 'mood', shown: true, answers: 10, average: 7 },
          { answerId: 'sleep', shown: true, answers: 9, average: 6 },
          { answerId: 'lunch', shown: true, answers: 10, choices: [{ value: 'desk', count: 10 }] },
        ],
        results: [
          { resultId: 'energy', shown: true, answers: 10, average: 1 },
          { resultId: 'raw', shown: true, answers: 10, average: 3 },
        ],
      }),
      { lang: 'fr', dataShot: { source: 'form', formId: 'pulse', tagIds: [] } },
    );
    expect(facts.total).toEqual({
      shown: true,
      people: 10,
      answers: 12,
      axes: [
        { name: 'Mon humeur', average: 1, answers: 10 },
        { name: 'Hours of sleep', average: 0, answers: 9 },
        { name: 'Energy', average: -1, answers: 10 },
      ],
    });
  });

  it('tells a question answered by fewer people than its group needs without its count, and a hidden one not at all', () => {
    const facts = cardFacts(
      questionnaire({
        shown: true,
        people: 8,
        answers: 8,
        questions: [
          { answerId: 'mood', shown: true, answers: 5, average: 4 },
          { answerId: 'sleep', shown: false, reason: 'too-few-answers', threshold: 8 },
        ],
        results: [],
      }),
      { lang: 'en', dataShot: { source: 'form', formId: 'pulse', tagIds: [] } },
    );
    expect(facts.total).toMatchObject({ axes: [{ name: 'My mood', average: 0 }] });
    expect(facts.total.shown && facts.total.axes?.[0]).not.toHaveProperty('answers');
  });

  it('tells a hidden questionnaire’s reason alone', () => {
    const facts = cardFacts(questionnaire({ shown: false, reason: 'too-few-people', threshold: 8 }), {
      lang: 'en',
    });
    expect(facts.total).toEqual({ shown: false, reason: 'too-few-people', threshold: 8 });
  });

  it('are written as answers to questions on their own scales, not as thinkings, by the local writer', () => {
    const data = questionnaire({
      shown: true,
      people: 10,
      answers: 12,
      questions: [
        { answerId: 'mood', shown: true, answers: 10, average: 7 },
        { answerId: 'sleep', shown: true, answers: 9, average: 6 },
      ],
      results: [],
    });
    const text = localCardText({
      lang: 'en',
      title: 'Pulse',
      groupLabel: 'The whole sphere',
      period: { start: '2026-01-01', end: '2026-03-31' },
      facts: cardFacts(data, { lang: 'en' }),
    });
    expect(text).toContain('10 people (The whole sphere) gave 12 answers');
    expect(text).toContain('from −1 (the lowest of each scale) to +1 (the highest)');
    expect(text).not.toContain('thinking');
  });
});

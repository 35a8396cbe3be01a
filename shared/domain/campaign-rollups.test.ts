import { describe, expect, it } from 'vitest';
import { campaignAnswerCounts, stepPeriod } from './campaign-rollups';
import { feelingColor, feelingEnergy, feelingValue } from './feelings';

describe('campaignAnswerCounts', () => {
  it('counts a feeling step as a feeling: one answer, its value and energy in tenths, colour and word', () => {
    const value = feelingValue(7, 'good');
    const energy = feelingEnergy(8);
    expect(
      campaignAnswerCounts({
        type: 'feeling',
        mood: 'good',
        intensityStep: 7,
        energyStep: 8,
        wordId: 'calm',
      }),
    ).toEqual({
      count: 1,
      value: Math.round(value * 10),
      energy: Math.round(energy * 10),
      [`color|${feelingColor(value, energy)}`]: 1,
      'word|calm': 1,
    });
  });

  it('counts a bad feeling with a negative value and no word when none was chosen', () => {
    const counts = campaignAnswerCounts({ type: 'feeling', mood: 'bad', intensityStep: 2, energyStep: 1 });
    expect(counts.value).toBe(-3);
    expect(Object.keys(counts).some((k) => k.startsWith('word|'))).toBe(false);
  });

  it('counts a thinking axis by axis, in halves', () => {
    expect(campaignAnswerCounts({ type: 'thinking', axes: [{ id: 'a1', value: 1.5 }] })).toEqual({
      count: 1,
      'axis|a1|n': 1,
      'axis|a1|sum': 3,
      'axis|a1|v|3': 1,
    });
  });

  it('counts the numbers of a custom theme and never its free text', () => {
    const counts = campaignAnswerCounts({ type: 'custom-form', values: { q1: 4, q2: 'Trop de réunions' } });
    expect(counts).toEqual({ count: 1, 'q|q1|n': 1, 'q|q1|sum': 4000, 'q|q1|v|4000': 1 });
  });

  it('counts an assessment item left unanswered (null) as no answer', () => {
    const counts = campaignAnswerCounts({ type: 'assessment', values: { s1: 5, s2: null } });
    expect(counts).toEqual({ count: 1, 'q|s1|n': 1, 'q|s1|sum': 5000, 'q|s1|v|5000': 1 });
  });

  it('counts profile answers and tag questions as choices, each value chosen once', () => {
    expect(campaignAnswerCounts({ type: 'profile', values: { gender: 'female' } })).toEqual({
      count: 1,
      'q|gender|n': 1,
      'q|gender|c|female': 1,
    });
    expect(campaignAnswerCounts({ type: 'tags', values: { site: ['t1', 't2', 't1'] } })).toEqual({
      count: 1,
      'q|site|n': 1,
      'q|site|c|t1': 1,
      'q|site|c|t2': 1,
    });
  });

  it('counts a refusal by its reason only', () => {
    expect(campaignAnswerCounts({ type: 'refusal', reason: 'frequency' })).toEqual({
      count: 1,
      'q|reason|n': 1,
      'q|reason|c|frequency': 1,
    });
  });

  it('counts a form answer as a survey of its form, additional results included', () => {
    const form = {
      steps: [
        {
          answers: [
            { id: 'e1', type: 'likert' },
            { id: 'note', type: 'text' },
          ],
        },
      ],
      additionalResults: [
        { id: 'energy', children: [], sources: { questions: ['e1'], themes: [], dimensions: [] } },
      ],
    } as unknown as NonNullable<Parameters<typeof campaignAnswerCounts>[1]>['form'];
    const counts = campaignAnswerCounts({ type: 'form', values: { e1: 6, note: 'ok' } }, { form });
    expect(counts['q|e1|sum']).toBe(6000);
    expect(counts['q|note|n']).toBeUndefined();
    expect(counts['r|energy|n']).toBe(1);
    expect(counts['r|energy|sum']).toBe(6000);
  });

  it('files a step under its own period, apart from ISO weeks', () => {
    expect(stepPeriod('m1-main')).toBe('s:m1-main');
    expect(stepPeriod('m1-main') > '2026-W48').toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../contracts/headers';
import { REGULATION_MINUTES, STRATEGIES } from './regulation';

describe('regulation help content', () => {
  it('has 5 strategies of 4 techniques each, with unique ids', () => {
    expect(STRATEGIES).toHaveLength(5);
    for (const strategy of STRATEGIES) expect(strategy.techniques).toHaveLength(4);
    const ids = STRATEGIES.flatMap((s) => [s.id, ...s.techniques.map((t) => t.id)]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('says every title, reason and step in French, English and Dutch, at least three steps each', () => {
    for (const strategy of STRATEGIES) {
      for (const language of LANGUAGES) {
        expect(strategy.title[language].trim(), strategy.id).not.toBe('');
        expect(strategy.summary[language].length, strategy.id).toBeGreaterThan(30);
      }
      for (const technique of strategy.techniques) {
        expect(technique.steps.length, technique.id).toBeGreaterThanOrEqual(3);
        for (const text of [technique.title, technique.why, ...technique.steps])
          for (const language of LANGUAGES)
            expect(text[language].trim(), `${technique.id} ${language}`).not.toBe('');
        // A sentence left untranslated would read the same in two languages.
        for (const text of [technique.why, ...technique.steps]) {
          expect(text.fr, technique.id).not.toBe(text.en);
          expect(text.nl, technique.id).not.toBe(text.en);
        }
      }
    }
  });

  it('offers 5, 15, 30 and 60 minutes', () => {
    expect(REGULATION_MINUTES).toEqual([5, 15, 30, 60]);
  });
});

import { describe, expect, it } from 'vitest';
import { FormSchema } from './forms';
import { validateSurvey } from '../domain/forms';
import { DEFAULT_GOAL_RANKING, GOAL_IDS, isHighlightedRanking } from '../domain/goals';
import {
  goalRankingForm,
  GOAL_RANKING_FORM_ID,
  defaultGoalRankings,
  goalRankingWindow,
  goalRankingsOf,
} from './goal-ranking';

describe('the goal-ranking form', () => {
  it('is a valid, private form asking the importance of every goal of the taxonomy, in three languages', () => {
    expect(FormSchema.safeParse(goalRankingForm()).success).toBe(true);
    expect(goalRankingForm()).toMatchObject({ id: GOAL_RANKING_FORM_ID, isPrivate: true });
    expect(goalRankingForm().languages).toEqual(['fr', 'en', 'nl']);
    const answers = goalRankingForm().steps.flatMap((s) => s.answers);
    expect(answers.map((a) => a.id)).toEqual(GOAL_IDS);
    for (const answer of answers) {
      expect(answer.type).toBe('likert');
      expect(Object.keys(answer.title).sort()).toEqual(['en', 'fr', 'nl']);
    }
  });

  it('accepts a survey that rates every goal and refuses one that skips a goal', () => {
    const all = Object.fromEntries(GOAL_IDS.map((id) => [id, 3]));
    expect(validateSurvey(goalRankingForm(), all)).toEqual([]);
    const { health: _skipped, ...missing } = all;
    expect(validateSurvey(goalRankingForm(), missing)).toEqual([
      { answerId: 'health', problem: 'required', key: 'required' },
    ]);
  });
});

describe('goal rankings from a survey', () => {
  it('ranks the goals that matter most first, equal importance sharing a ranking', () => {
    const rankings = goalRankingsOf({ health: 5, family: 5, success: 4, social: 1 });
    expect(rankings).toMatchObject({ health: 1, family: 1, success: 3, social: 4 });
  });

  it('leaves goals without an importance at the default ranking of 20', () => {
    const rankings = goalRankingsOf({ health: 2 });
    expect(rankings.health).toBe(1);
    expect(rankings.power).toBe(DEFAULT_GOAL_RANKING);
    expect(Object.keys(rankings).sort()).toEqual([...GOAL_IDS].sort());
  });

  it('highlights at most the goals ranked 5 or better', () => {
    const values = Object.fromEntries(GOAL_IDS.map((id, i) => [id, (i % 5) + 1]));
    const rankings = goalRankingsOf(values);
    const highlighted = GOAL_IDS.filter((id) => isHighlightedRanking(rankings[id]));
    // The two goals rated 5 rank 1, the three rated 4 rank 3; those rated 3 rank 6.
    expect(highlighted.every((id) => (values[id] ?? 0) >= 4)).toBe(true);
    expect(highlighted.length).toBe(GOAL_IDS.filter((id) => (values[id] ?? 0) >= 4).length);
  });

  it('ignores values that are not numbers and ids that are not goals', () => {
    expect(goalRankingsOf({ health: 'a lot', other: 5 })).toEqual(defaultGoalRankings());
  });
});

describe('the look-back of the goal-ranking survey', () => {
  it('runs from the start of the year three years before this one to the end of this year', () => {
    expect(goalRankingWindow(Date.parse('2026-06-15T12:00:00Z'))).toEqual({
      start: '2023-01-01T00:00:00.000Z',
      end: '2026-12-31T23:59:59.999Z',
    });
  });
});

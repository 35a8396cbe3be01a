import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GOAL_RANKING,
  GOAL_AXES,
  GOAL_IDS,
  goalText,
  matchesGoalFilter,
  GOAL_LEVELS,
  GOAL_LEVEL_NAMES,
  SUB_GOALS_PER_ROW,
  goalsProblem,
  isGoalLevel,
  isHighlightedRanking,
} from './goals';

describe('goal taxonomy', () => {
  it('has the 14 goal axes of spec 01 §3, in order', () => {
    expect(GOAL_IDS).toEqual([
      'social',
      'virtuous',
      'belief',
      'to_come_true',
      'open_mind',
      'protect_yourself',
      'avoid_hassle',
      'belonging',
      'power',
      'health',
      'family',
      'ambition',
      'intellectual_skills',
      'success',
    ]);
  });

  it('gives each axis sub-goals filling rows of three, with unique ids across the taxonomy', () => {
    const subIds = GOAL_AXES.flatMap((g) => g.subs.map((s) => s.id));
    expect(new Set(subIds).size).toBe(subIds.length);
    for (const goal of GOAL_AXES) expect(goal.subs.length % SUB_GOALS_PER_ROW).toBe(0);
  });

  it('names every axis and sub-goal in fr, en and nl', () => {
    for (const goal of GOAL_AXES)
      for (const label of [goal.label, ...goal.subs.map((s) => s.label)])
        for (const language of ['fr', 'en', 'nl'] as const) expect(label[language].trim()).not.toBe('');
  });
});

describe('goal levels', () => {
  it('run from −2 to 2 by 1, stronglyAway to stronglyCloser', () => {
    expect(GOAL_LEVELS).toEqual([-2, -1, 0, 1, 2]);
    expect(GOAL_LEVELS.map((l) => GOAL_LEVEL_NAMES[l])).toEqual([
      'stronglyAway',
      'away',
      'touched',
      'closer',
      'stronglyCloser',
    ]);
  });

  it.each([-3, 3, 0.5, -1.5, Number.NaN])('%d is not a level', (level) => {
    expect(isGoalLevel(level)).toBe(false);
  });
});

describe('goal rankings', () => {
  it('an unranked goal ranks 20 and is not highlighted', () => {
    expect(DEFAULT_GOAL_RANKING).toBe(20);
    expect(isHighlightedRanking(undefined)).toBe(false);
  });

  it.each([
    [1, true],
    [5, true],
    [6, false],
    [20, false],
  ])('ranking %i highlighted: %s', (ranking, highlighted) => {
    expect(isHighlightedRanking(ranking)).toBe(highlighted);
  });
});

describe('goals of a feeling', () => {
  it('accepts goals of the taxonomy with their own sub-goals', () => {
    expect(
      goalsProblem([
        { id: 'health', level: 2, subs: [{ id: 'sleep', level: 1 }] },
        { id: 'family', level: -1, ranking: 3 },
        { id: 'success', level: 0 },
      ]),
    ).toBeUndefined();
  });

  it.each([
    [[{ id: 'wealth', level: 1 }], 'not-valid'],
    [[{ id: 'health', level: 1, subs: [{ id: 'partner', level: 1 }] }], 'not-valid'],
    [
      [
        { id: 'health', level: 1 },
        { id: 'health', level: 2 },
      ],
      'exist',
    ],
    [
      [
        {
          id: 'health',
          level: 1,
          subs: [
            { id: 'sleep', level: 1 },
            { id: 'sleep', level: 2 },
          ],
        },
      ],
      'exist',
    ],
    [[{ id: 'health', level: 3 }], 'value-out-of-range-error'],
    [[{ id: 'health', level: 1, subs: [{ id: 'sleep', level: -3 }] }], 'value-out-of-range-error'],
  ])('refuses %j with %s', (goals, key) => {
    expect(goalsProblem(goals)).toBe(key);
  });
});

describe('goal filters of the feeling list', () => {
  const goals = [
    { id: 'health', level: 2, ranking: 3 },
    { id: 'family', level: -1 },
  ];
  const none = { goalIds: [], goalLevels: [], goalRankings: [] };
  it('writes each goal’s id, level and ranking once', () => {
    expect(goalText(goals)).toBe('|id:health|level:2|rank:3|id:family|level:-1|');
    expect(goalText([])).toBe('');
  });
  it('an empty filter lets every feeling through', () => {
    expect(matchesGoalFilter('', none)).toBe(true);
  });
  it('a goal id matches any of the ids asked', () => {
    expect(matchesGoalFilter(goalText(goals), { ...none, goalIds: ['power', 'family'] })).toBe(true);
    expect(matchesGoalFilter(goalText(goals), { ...none, goalIds: ['power'] })).toBe(false);
  });
  it('levels do not confuse −1 with 1, nor rankings 3 with 30', () => {
    expect(matchesGoalFilter(goalText(goals), { ...none, goalLevels: [1] })).toBe(false);
    expect(matchesGoalFilter(goalText(goals), { ...none, goalLevels: [-1] })).toBe(true);
    expect(
      matchesGoalFilter(goalText([{ id: 'power', level: 0, ranking: 30 }]), { ...none, goalRankings: [3] }),
    ).toBe(false);
  });
  it('kinds of filter combine with AND', () => {
    expect(matchesGoalFilter(goalText(goals), { ...none, goalIds: ['health'], goalLevels: [2] })).toBe(true);
    expect(matchesGoalFilter(goalText(goals), { ...none, goalIds: ['health'], goalLevels: [0] })).toBe(false);
  });
});

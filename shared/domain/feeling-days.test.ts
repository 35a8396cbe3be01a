import { describe, expect, it } from 'vitest';
import {
  change,
  countsOf,
  flattenCounts,
  combine,
  contribution,
  emptyDay,
  facetsOf,
  type CountedFeeling,
} from './feeling-days';

const joyful: CountedFeeling = {
  value: 0.7,
  energy: 0.8,
  color: 'yellow',
  wordId: 'joyful',
  goals: [
    { id: 'social', level: 2, ranking: 3 },
    { id: 'health', level: -1 },
  ],
  personalNotes: [{ type: 'friends' }, { type: 'friends' }, { type: 'private' }],
};
const tired: CountedFeeling = { value: -0.3, energy: 0.2, color: 'blue', wordId: 'tired' };

describe('a day summary', () => {
  it('counts one feeling: value and energy in tenths, colour, word, goals by level, rankings, notes by type', () => {
    expect(contribution(joyful)).toEqual({
      count: 1,
      valueTenths: 7,
      energyTenths: 8,
      colors: { yellow: 1 },
      words: { joyful: 1 },
      goals: { social: { '2': 1 }, health: { '-1': 1 } },
      rankings: { '3': 1 },
      notes: { friends: 2, private: 1 },
      spheres: {},
      sessions: {},
    });
  });

  it('adds feelings and, taking them away again, gives back exactly the empty day', () => {
    const both = combine(contribution(joyful), contribution(tired));
    expect(both).toMatchObject({
      count: 2,
      valueTenths: 4,
      energyTenths: 10,
      colors: { yellow: 1, blue: 1 },
    });
    const back = combine(combine(both, contribution(tired), -1), contribution(joyful), -1);
    expect(back).toEqual(emptyDay());
  });

  it('keeps sums exact over many tenths (no floating drift)', () => {
    let day = emptyDay();
    for (let i = 0; i < 1000; i++) day = combine(day, contribution({ ...tired, value: -0.1, energy: 0.3 }));
    expect(day.valueTenths).toBe(-1000);
    expect(day.energyTenths).toBe(3000);
  });

  it('moves counts when a feeling changes its word, goals and notes', () => {
    const edited: CountedFeeling = {
      ...joyful,
      wordId: 'grateful',
      goals: [{ id: 'social', level: 1 }],
      personalNotes: [],
    };
    const day = combine(contribution(joyful), change(joyful, edited));
    expect(day).toEqual(contribution(edited));
    expect(day.words).toEqual({ grateful: 1 });
    expect(day.goals).toEqual({ social: { '1': 1 } });
    expect(day.notes).toEqual({});
  });

  it('leaves its arguments unchanged', () => {
    const a = contribution(joyful);
    const copy = structuredClone(a);
    combine(a, contribution(joyful));
    expect(a).toEqual(copy);
  });
});

describe('facets', () => {
  it('count colours, goals, levels and rankings over the days, labelled in the language asked', () => {
    const facets = facetsOf([contribution(joyful), contribution(tired), contribution(joyful)], 'en');
    expect(facets.color).toEqual([
      { value: 'yellow', label: 'Pleasant, high energy', count: 2 },
      { value: 'blue', label: 'Unpleasant, low energy', count: 1 },
    ]);
    expect(facets.goalIds.map((g) => [g.value, g.count])).toEqual([
      ['health', 2],
      ['social', 2],
    ]);
    expect(facets.goalIds.find((g) => g.value === 'social')?.label).toBe('Social ties');
    expect(facets.goalLevels).toEqual([
      { value: '-1', label: 'Away', count: 2 },
      { value: '2', label: 'Strongly closer', count: 2 },
    ]);
    expect(facets.goalRankings).toEqual([{ value: '3', label: '3', count: 2 }]);
    expect(facetsOf([contribution(joyful)], 'nl').color[0]?.label).toBe('Aangenaam en energiek');
  });

  it('are empty lists with no feeling', () => {
    expect(facetsOf([], 'fr')).toEqual({
      color: [],
      sphere: [],
      session: [],
      goalIds: [],
      goalLevels: [],
      goalRankings: [],
    });
  });
});

describe('flat counts: the stored form of a day, added to atomically', () => {
  const feelings = [
    {
      value: 0.7,
      energy: 0.8,
      color: 'yellow' as const,
      wordId: 'joyful',
      goals: [{ id: 'health', level: 2, ranking: 3 }],
    },
    {
      value: -0.4,
      energy: 0.2,
      color: 'blue' as const,
      wordId: 'sad',
      personalNotes: [{ type: 'private' as const }],
    },
    {
      value: 0.3,
      energy: 0.3,
      color: 'green' as const,
      goals: [{ id: 'health', level: -1 }],
      sphereId: 's.1',
    },
  ];
  const total = feelings.reduce((day, f) => combine(day, contribution(f)), emptyDay());

  it('reads back what it wrote', () => {
    expect(countsOf(flattenCounts(total))).toEqual(total);
  });

  it('adding the flat shares one by one, key by key, gives the same day as combining them', () => {
    const stored: Record<string, number> = {};
    for (const f of feelings)
      for (const [key, n] of Object.entries(flattenCounts(contribution(f))))
        stored[key] = (stored[key] ?? 0) + n;
    expect(countsOf(stored)).toEqual(total);
  });

  it('a change moves its counts, and keys back at 0 mean nothing', () => {
    const stored: Record<string, number> = { ...flattenCounts(total) };
    const moved = change(feelings[1] as (typeof feelings)[1], {
      ...(feelings[1] as (typeof feelings)[1]),
      wordId: 'calm',
    });
    for (const [key, n] of Object.entries(flattenCounts(moved))) stored[key] = (stored[key] ?? 0) + n;
    expect(stored['words|sad']).toBe(0);
    expect(countsOf(stored).words).toEqual({ joyful: 1, calm: 1 });
  });

  it('still reads a summary stored whole (nested)', () => {
    expect(countsOf(total)).toEqual(total);
    expect(countsOf(undefined)).toEqual(emptyDay());
  });
});

import { describe, expect, it } from 'vitest';
import {
  formFigure,
  fromBitset,
  periodFigure,
  seriesPeriods,
  toBitset,
  weekPeopleOf,
  weekFamily,
  weekRelease,
  type WeekPeople,
} from './figures';

/** A week of `n` people named `<prefix><i>`, each under the given tag lists. */
function people(spec: [prefix: string, n: number, lists: string[][], session?: string][]): WeekPeople {
  const week: WeekPeople = new Map();
  for (const [prefix, n, lists, session = ''] of spec)
    for (let i = 0; i < n; i++)
      week.set(
        `${prefix}${i}`,
        lists.map((tags) => ({ tags, session })),
      );
  return week;
}

const all = { colors: true, averages: true, words: true };

describe('a week is decided over every group anyone can obtain (decision 0041)', () => {
  it('the family is the sphere and each session, alone, by each tag and by each pair given together', () => {
    const week = people([
      ['a', 2, [['A', 'B']]],
      ['c', 1, [['C']], 's1'],
    ]);
    const ids = weekFamily(week)
      .map((g) => `${g.id}=${g.people.size}`)
      .sort();
    expect(ids).toEqual(
      ['sphere:A+B=2', 'sphere:A=2', 'sphere:B=2', 'sphere:C=1', 'sphere:all=3', 's1:C=1', 's1:all=1'].sort(),
    );
  });

  it('the sphere minus the shown bands of a partition never leaves fewer than 8: one more band is hidden', () => {
    const week = people([
      ['a', 9, [['A']]],
      ['b', 10, [['B']]],
      ['c', 11, [['C']]],
      ['d', 8, [['D']]],
      ['e', 3, [['E']]],
    ]);
    const key = 'test|partition|0';
    expect(weekRelease(week, { tags: [] }, key).release).toEqual({ shown: true, people: 41 });
    expect(weekRelease(week, { tags: ['E'] }, key).release).toMatchObject({
      shown: false,
      reason: 'too-few-people',
    });
    expect(weekRelease(week, { tags: ['D'] }, key).release).toEqual({
      shown: false,
      reason: 'protects-a-smaller-group',
      threshold: 8,
    });
    // Kept for the next group asked, and the same without the key.
    expect(weekRelease(week, { tags: ['A'] }, key)).toMatchObject({ release: { shown: true, people: 9 } });
    expect(weekRelease(week, { tags: ['D'] }).release).toMatchObject({ shown: false });
  });

  it('a group of a session is decided with the sphere’s groups: a session that is all of the sphere but 3 is hidden', () => {
    const week = people([
      ['s', 20, [[]], 's1'],
      ['x', 3, [[]]],
    ]);
    expect(weekRelease(week, { tags: [] }).release).toEqual({ shown: true, people: 23 });
    expect(weekRelease(week, { session: 's1', tags: [] }).release).toMatchObject({ shown: false });
  });
});

describe('a week decides each group from the people who hold it', () => {
  it('shows the whole scope from 8 people and hides it at 7 with its threshold', () => {
    expect(weekRelease(people([['p', 8, [[]]]]), { tags: [] }).release).toEqual({ shown: true, people: 8 });
    expect(weekRelease(people([['p', 7, [[]]]]), { tags: [] }).release).toEqual({
      shown: false,
      reason: 'too-few-people',
      threshold: 8,
    });
  });

  it('needs 8 people under one tag and 5 under two', () => {
    const week = people([
      ['a', 8, [['A', 'B']]],
      ['x', 20, [[]]],
    ]);
    expect(weekRelease(week, { tags: ['A'] }).release).toEqual({ shown: true, people: 8 });
    const four = people([
      ['ab', 4, [['A', 'B']]],
      ['a', 10, [['A']]],
      ['b', 10, [['B']]],
      ['x', 20, [[]]],
    ]);
    expect(weekRelease(four, { tags: ['A', 'B'] }).release).toMatchObject({
      shown: false,
      reason: 'too-few-people',
      threshold: 5,
    });
    const five = people([
      ['ab', 5, [['A', 'B']]],
      ['a', 10, [['A']]],
      ['b', 10, [['B']]],
      ['x', 20, [[]]],
    ]);
    expect(weekRelease(five, { tags: ['A', 'B'] }).release).toEqual({ shown: true, people: 5 });
  });

  it('hides a tag whose people are all but a few of a shown larger group (differencing)', () => {
    // C holds 9 of A's 10 people: A and C side by side would describe the tenth.
    const week = people([
      ['c', 9, [['A', 'C']]],
      ['a', 1, [['A']]],
      ['x', 20, [[]]],
    ]);
    expect(weekRelease(week, { tags: ['A'] }).release).toEqual({ shown: true, people: 10 });
    expect(weekRelease(week, { tags: ['C'] }).release).toEqual({
      shown: false,
      reason: 'too-close-to-another-group',
      threshold: 8,
    });
  });

  it('hides a tag that covers all the scope but a few people, and shows one that covers it all', () => {
    const close = people([
      ['a', 12, [['A']]],
      ['x', 3, [[]]],
    ]);
    expect(weekRelease(close, { tags: ['A'] }).release).toMatchObject({
      reason: 'too-close-to-another-group',
    });
    const whole = people([['a', 12, [['A']]]]);
    expect(weekRelease(whole, { tags: ['A'] }).release).toEqual({ shown: true, people: 12 });
  });

  it('counts a person in a pair only when one answer carried both tags', () => {
    const week = people([
      ['split', 6, [['A'], ['B']]],
      ['x', 20, [[]]],
    ]);
    expect(weekRelease(week, { tags: ['A', 'B'] }).people.size).toBe(0);
    expect(weekRelease(week, { tags: ['A'] }).people.size).toBe(6);
  });
});

describe('a group (session) is decided with its sphere', () => {
  it('hides a group whose people are all but a few of the sphere', () => {
    const week = people([
      ['g', 9, [[]], 'S'],
      ['o', 1, [[]]],
    ]);
    expect(weekRelease(week, { session: 'S', tags: [] }).release).toMatchObject({
      shown: false,
      reason: 'too-close-to-another-group',
    });
    expect(weekRelease(week, { tags: [] }).release).toEqual({ shown: true, people: 10 });
  });

  it('hides a sphere tag whose people are all in a group but a few (the group holds it)', () => {
    // Tag T: 8 people, all in group S of 10; the sphere has 30. S and T differ by 2.
    const week = people([
      ['t', 8, [['T']], 'S'],
      ['s', 2, [[]], 'S'],
      ['o', 20, [[]]],
    ]);
    expect(weekRelease(week, { session: 'S', tags: [] }).release).toEqual({ shown: true, people: 10 });
    expect(weekRelease(week, { tags: ['T'] }).release).toMatchObject({
      reason: 'too-close-to-another-group',
    });
  });

  it('shows a group tag of 8 among 20 of the group, in a sphere of 40', () => {
    const week = people([
      ['t', 8, [['T']], 'S'],
      ['s', 12, [[]], 'S'],
      ['o', 20, [[]]],
    ]);
    expect(weekRelease(week, { session: 'S', tags: ['T'] }).release).toEqual({ shown: true, people: 8 });
  });
});

describe('a period sums the weeks where its group was shown', () => {
  it('adds shown weeks, leaves hidden ones out, and counts people once', () => {
    const shown = weekRelease(people([['p', 8, [[]]]]), { tags: [] });
    const hidden = weekRelease(people([['p', 3, [[]]]]), { tags: [] });
    const decided = new Map([
      ['2026-W01', shown],
      ['2026-W02', hidden],
      ['2026-W03', shown],
    ]);
    const counts = new Map<string, Record<string, number>>([
      ['2026-W01', { count: 10, value: 40, energy: 50, 'color|yellow': 6, 'color|blue': 4, 'word|calm': 3 }],
      ['2026-W02', { count: 3, value: -30, energy: 9, 'color|red': 3 }],
      ['2026-W03', { count: 10, value: 20, energy: 30, 'color|green': 10, 'word|calm': 2, 'word|glad': 4 }],
    ]);
    const figure = periodFigure(['2026-W01', '2026-W02', '2026-W03'], decided, counts, 0, all);
    expect(figure).toEqual({
      shown: true,
      people: 8,
      answers: 20,
      averageValue: 0.3,
      averageEnergy: 0.4,
      colors: { yellow: 6, green: 10, red: 0, blue: 4 },
      words: [
        { wordId: 'calm', count: 5 },
        { wordId: 'glad', count: 4 },
      ],
    });
    expect(periodFigure(['2026-W02'], decided, counts, 0, all)).toEqual({
      shown: false,
      reason: 'too-few-people',
      threshold: 8,
    });
  });

  it('leaves out what the options leave out', () => {
    const decided = new Map([['2026-W01', weekRelease(people([['p', 8, [[]]]]), { tags: [] })]]);
    const counts = new Map<string, Record<string, number>>([
      ['2026-W01', { count: 8, value: 8, energy: 8, 'color|green': 8 }],
    ]);
    expect(
      periodFigure(['2026-W01'], decided, counts, 0, { colors: true, averages: false, words: false }),
    ).toEqual({
      shown: true,
      people: 8,
      answers: 8,
      colors: { yellow: 0, green: 8, red: 0, blue: 0 },
    });
  });
});

describe('stored people items', () => {
  it('read each person with the tag lists of their answers, ignoring zeros', () => {
    const week = weekPeopleOf({
      kind: 'people',
      group: 'all',
      week: '2026-W01',
      amounts: { 'p1|a,b|': 2, 'p1|c|s1': 1, 'p2||': 1, 'p3|a|': 0 },
    });
    expect([...week.entries()]).toEqual([
      [
        'p1',
        [
          { tags: ['a', 'b'], session: '' },
          { tags: ['c'], session: 's1' },
        ],
      ],
      ['p2', [{ tags: [], session: '' }]],
    ]);
  });
});

describe('series', () => {
  it('cuts weeks by month of their Thursday', () => {
    // 2026-W05 runs from Monday 26 January to Sunday 1 February: its Thursday is in January.
    expect(seriesPeriods(['2026-W04', '2026-W05', '2026-W06'], 'month')).toEqual([
      { period: '2026-01', first: '2026-01-19', last: '2026-02-01', weeks: ['2026-W04', '2026-W05'] },
      { period: '2026-02', first: '2026-02-02', last: '2026-02-08', weeks: ['2026-W06'] },
    ]);
    expect(seriesPeriods(['2026-W04'], 'week')).toEqual([
      { period: '2026-W04', first: '2026-01-19', last: '2026-01-25', weeks: ['2026-W04'] },
    ]);
  });
});

describe('bitsets of people', () => {
  it('keep exactly the persons’ numbers, two thousand in 336 characters', () => {
    const people = new Set(Array.from({ length: 2000 }, (_, i) => i.toString(36)));
    const bits = toBitset(people);
    expect(bits.length).toBe(336);
    expect(fromBitset(bits)).toEqual(people);
    const few = new Set(['0', 'z', '1a', '2s']);
    expect(fromBitset(toBitset(few))).toEqual(few);
    expect(fromBitset(toBitset(new Set()))).toEqual(new Set());
  });
});

describe('a form figure shows a question only when enough different people surely answered it', () => {
  const shape = {
    questions: [
      { id: 'mood', kind: 'number' as const },
      { id: 'lunch', kind: 'choice' as const, choices: ['desk', 'canteen'] },
    ],
    results: ['energy'],
  };
  /** A week where the group of n people is the only region: it can spare n − threshold people. */
  const shownWeek = (n: number, threshold = 8) => ({
    release: { shown: true as const, people: n },
    people: new Set(Array.from({ length: n }, (_, i) => i.toString(36))),
    slack: n - threshold,
  });

  it('sums a question over the weeks it passed, in thousandths back to numbers, choices in the form’s order', () => {
    const decided = new Map([
      ['2026-W01', shownWeek(10)],
      ['2026-W02', shownWeek(9)],
    ]);
    const counts = new Map<string, Record<string, number>>([
      [
        '2026-W01',
        {
          count: 10,
          'q|mood|n': 10,
          'q|mood|sum': 35_000,
          'q|mood|v|3000': 5,
          'q|mood|v|4000': 5,
          'q|lunch|n': 9,
          'q|lunch|c|canteen': 9,
          'q|lunch|c|gone': 1,
          'r|energy|n': 10,
          'r|energy|sum': 25_500,
        },
      ],
      // 9 surveys of 9 people, 2 answered mood: hidden that week, and the period shows week 1 alone.
      ['2026-W02', { count: 9, 'q|mood|n': 2, 'q|mood|sum': 2_000, 'q|mood|v|1000': 2 }],
    ]);
    // The same people answered both weeks: 10 people, 19 surveys.
    expect(formFigure(['2026-W01', '2026-W02'], decided, counts, 0, shape)).toEqual({
      shown: true,
      people: 10,
      answers: 19,
      questions: [
        {
          answerId: 'mood',
          shown: true,
          answers: 10,
          average: 3.5,
          values: [
            { value: 3, count: 5 },
            { value: 4, count: 5 },
          ],
        },
        {
          answerId: 'lunch',
          shown: true,
          answers: 9,
          choices: [
            { value: 'desk', count: 0 },
            { value: 'canteen', count: 9 },
            { value: 'gone', count: 1 },
          ],
        },
      ],
      results: [{ resultId: 'energy', shown: true, answers: 10, average: 2.55 }],
    });
  });

  it('hides a question whose answers could come from fewer than 8 people, at 7 and not at 8', () => {
    const decided = new Map([['2026-W01', shownWeek(10)]]);
    // 12 surveys by 10 people: 2 of them may be a person's second. 9 answers: 7 surely different.
    const seven = new Map([['2026-W01', { count: 12, 'q|mood|n': 9, 'q|mood|sum': 9_000 }]]);
    expect(formFigure(['2026-W01'], decided, seven, 0, shape)).toMatchObject({
      questions: [
        { answerId: 'mood', shown: false, reason: 'too-few-answers', threshold: 8 },
        expect.anything(),
      ],
      results: [{ resultId: 'energy', shown: false, reason: 'too-few-answers', threshold: 8 }],
    });
    const eight = new Map([['2026-W01', { count: 12, 'q|mood|n': 10, 'q|mood|sum': 10_000 }]]);
    expect(formFigure(['2026-W01'], decided, eight, 0, shape)).toMatchObject({
      questions: [{ answerId: 'mood', shown: true, answers: 10, average: 1 }, expect.anything()],
    });
  });

  it('needs only 5 surely different people under two tags, and hides the whole group with its reason', () => {
    const decided = new Map([['2026-W01', shownWeek(6, 5)]]);
    const counts = new Map([['2026-W01', { count: 6, 'q|mood|n': 5, 'q|mood|sum': 5_000 }]]);
    expect(formFigure(['2026-W01'], decided, counts, 2, shape)).toMatchObject({
      questions: [{ answerId: 'mood', shown: true, answers: 5 }, expect.anything()],
    });
    const hidden = new Map([
      [
        '2026-W01',
        {
          release: { shown: false as const, reason: 'too-few-people' as const, threshold: 8 },
          people: new Set(['1']),
        },
      ],
    ]);
    expect(formFigure(['2026-W01'], hidden, counts, 0, shape)).toEqual({
      shown: false,
      reason: 'too-few-people',
      threshold: 8,
    });
  });

  it('hides a question for every group of a week when the atom skipped it more than its regions can spare', () => {
    // A tag of 10 shown beside the sphere of 20: each region can spare 2 people (slack 2).
    const decided = new Map([['2026-W01', { ...shownWeek(10), slack: 2 }]]);
    const tag = new Map([
      ['2026-W01', { count: 10, 'q|mood|n': 10, 'q|mood|sum': 10_000, 'r|energy|n': 10 }],
    ]);
    // The sphere's 20 surveys: 3 skipped mood, so the sphere's mood minus the tag's could rest on 7.
    const sphere = new Map([
      ['2026-W01', { count: 20, 'q|mood|n': 17, 'q|mood|sum': 17_000, 'r|energy|n': 20 }],
    ]);
    expect(formFigure(['2026-W01'], decided, tag, 0, shape, sphere)).toMatchObject({
      questions: [
        { answerId: 'mood', shown: false, reason: 'too-few-answers', threshold: 8 },
        expect.anything(),
      ],
      results: [{ resultId: 'energy', shown: true, answers: 10 }],
    });
    // Two skipped: every region still holds 8 who answered.
    const two = new Map([
      ['2026-W01', { count: 20, 'q|mood|n': 18, 'q|mood|sum': 18_000, 'r|energy|n': 20 }],
    ]);
    expect(formFigure(['2026-W01'], decided, tag, 0, shape, two)).toMatchObject({
      questions: [{ answerId: 'mood', shown: true, answers: 10 }, expect.anything()],
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  addCounts,
  assessmentCounts,
  REPORT_TAGS_PER_ANSWER_MAX,
  RollupBook,
  feelingCounts,
  groupDeltas,
  groupKey,
  groupKeysOf,
  isoWeekOf,
  surveyCountKey,
  surveyCounts,
  weekBounds,
  weeksWithin,
  type Contribution,
} from './report-rollups';

describe('ISO weeks', () => {
  it.each([
    ['2026-11-26', '2026-W48'],
    ['2026-01-01', '2026-W01'],
    ['2024-12-30', '2025-W01'],
    ['2021-01-03', '2020-W53'],
    ['2018-01-01', '2018-W01'],
    ['2027-01-03', '2026-W53'],
  ])('%s is in %s', (day, week) => {
    expect(isoWeekOf(day)).toBe(week);
  });

  it('a week runs from Monday to Sunday, and each of its days is in it', () => {
    expect(weekBounds('2026-W48')).toEqual({ first: '2026-11-23', last: '2026-11-29' });
    expect(weekBounds('2020-W53')).toEqual({ first: '2020-12-28', last: '2021-01-03' });
    const { first } = weekBounds('2025-W01');
    expect(first).toBe('2024-12-30');
  });

  it('a day or a week that does not exist is refused', () => {
    expect(() => isoWeekOf('2026-02-30')).toThrow(RangeError);
    expect(() => isoWeekOf('26-11-2026')).toThrow(RangeError);
    expect(() => weekBounds('2026-W54')).toThrow(RangeError);
    expect(() => weekBounds('2025-W53')).toThrow(RangeError);
  });

  it('a period counts the weeks wholly inside it', () => {
    // Wednesday 4 November to Sunday 29 November 2026: the weeks of the 9th, 16th and 23rd.
    expect(weeksWithin('2026-11-04', '2026-11-29')).toEqual(['2026-W46', '2026-W47', '2026-W48']);
    // From a Monday, to a Saturday: the last week is not whole.
    expect(weeksWithin('2026-11-02', '2026-11-28')).toEqual(['2026-W45', '2026-W46', '2026-W47']);
    expect(weeksWithin('2026-11-25', '2026-11-29')).toEqual([]);
  });
});

describe('groups', () => {
  it('a group is named the same whatever the order of its tags', () => {
    expect(groupKey([])).toBe('');
    expect(groupKey(['sales'])).toBe('sales');
    expect(groupKey(['office', 'dept'])).toBe(groupKey(['dept', 'office']));
    expect(groupKey(['dept', 'dept'])).toBe('dept');
    expect(() => groupKey(['a', 'b', 'c'])).toThrow(RangeError);
  });

  it('an answer counts in the scope, in each of its tags and in each pair of them', () => {
    expect(groupKeysOf(['b', 'a', 'c'])).toEqual(['', 'a', 'b', 'c', 'a+b', 'a+c', 'b+c']);
    expect(groupKeysOf([])).toEqual(['']);
    for (let n = 0; n <= 12; n++) {
      const kept = Math.min(n, REPORT_TAGS_PER_ANSWER_MAX);
      const tags = Array.from({ length: n }, (_, i) => `t${String(i).padStart(2, '0')}`);
      expect(groupKeysOf(tags)).toHaveLength(1 + kept + (kept * (kept - 1)) / 2);
    }
  });

  it('a feeling adds one answer, its value and energy in tenths, its colour and its word', () => {
    expect(feelingCounts({ value: -0.7, energy: 0.4, color: 'blue', wordId: 'tired' })).toEqual({
      count: 1,
      value: -7,
      energy: 4,
      'color|blue': 1,
      'word|tired': 1,
    });
    expect(feelingCounts({ value: 0.3, energy: 0.9, color: 'yellow' })).not.toHaveProperty('word|undefined');
  });

  it('removing is adding the opposite', () => {
    const c: Contribution = {
      scope: 's',
      week: '2026-W48',
      person: 'p',
      tagIds: ['a'],
      counts: { count: 1, value: 5 },
    };
    expect(groupDeltas(c, -1)).toEqual([
      { group: '', counts: { count: -1, value: -5 } },
      { group: 'a', counts: { count: -1, value: -5 } },
    ]);
  });
});

describe('live rollups equal a rebuild from the raw answers', () => {
  interface Raw {
    id: string;
    person: string;
    scope: string;
    day: string;
    tagIds: string[];
    value: number;
    energy: number;
    color: string;
    wordId?: string;
  }
  const contribution = (raw: Raw): Contribution => ({
    scope: raw.scope,
    week: isoWeekOf(raw.day),
    person: raw.person,
    tagIds: raw.tagIds,
    counts: feelingCounts(raw),
  });

  it('after a random mix of writes, retries, duplicates, changes, deletions and erasures', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const people = Array.from({ length: 12 }, (_, i) => `person-${i}`);
    const tags = ['dept-a', 'dept-b', 'office-x', 'office-y', 'age-25'];
    const days = ['2026-10-05', '2026-10-07', '2026-10-12', '2026-10-18', '2026-10-19', '2026-11-02'];
    const colors = ['yellow', 'green', 'red', 'blue'];
    const words = ['calm', 'proud', 'tired', 'tense', undefined];

    for (let round = 0; round < 40; round++) {
      const stored = new Map<string, Raw>();
      const live = new RollupBook();
      // A write counts only when its item did not exist yet: the conditional put of the answer and
      // the additions are one transaction, so a retry or a duplicate of the same id counts nothing.
      const write = (raw: Raw) => {
        if (stored.has(raw.id)) return;
        stored.set(raw.id, raw);
        live.apply(contribution(raw), 1);
      };
      for (let op = 0; op < 200; op++) {
        const roll = random();
        const existing = [...stored.values()];
        if (roll < 0.5 || existing.length === 0) {
          const raw: Raw = {
            id: `f${op}`,
            person: pick(people),
            scope: pick(['sphere#s1', 'session#g1']),
            day: pick(days),
            tagIds: tags.filter(() => random() < 0.4),
            value: Math.round((random() * 2 - 1) * 10) / 10,
            energy: Math.round(random() * 10) / 10,
            color: pick(colors),
            ...(() => {
              const word = pick(words);
              return word ? { wordId: word } : {};
            })(),
          };
          write(raw);
          // A client retry, or the same message delivered twice.
          if (random() < 0.3) write({ ...raw });
        } else if (roll < 0.75) {
          // A change within the window moves the counts: the old share out, the new one in.
          const before = pick(existing);
          const after: Raw = { ...before, wordId: pick(['calm', 'proud', 'tired']), color: pick(colors) };
          live.apply(contribution(before), -1);
          live.apply(contribution(after), 1);
          stored.set(after.id, after);
        } else if (roll < 0.95) {
          const gone = pick(existing);
          stored.delete(gone.id);
          live.apply(contribution(gone), -1);
        } else {
          // A person leaves the product: each of their answers is taken out.
          const person = pick(people);
          for (const raw of existing.filter((r) => r.person === person)) {
            stored.delete(raw.id);
            live.apply(contribution(raw), -1);
          }
        }
      }
      const rebuilt = new RollupBook();
      for (const raw of stored.values()) rebuilt.apply(contribution(raw), 1);
      expect(live.snapshot()).toEqual(rebuilt.snapshot());
    }
  });

  it('the people of a week are those with an answer left in it, with the tags they answered under', () => {
    const book = new RollupBook();
    const base = { scope: 'sphere#s1', week: '2026-W48', counts: { count: 1 } };
    book.apply({ ...base, person: 'ana', tagIds: ['dept-a'] }, 1);
    book.apply({ ...base, person: 'ana', tagIds: ['dept-a', 'office-x'] }, 1);
    book.apply({ ...base, person: 'ben', tagIds: [] }, 1);
    expect(book.people('sphere#s1', '2026-W48')).toEqual(
      new Map([
        ['ana', { answers: 2, tags: { 'dept-a': 2, 'office-x': 1 } }],
        ['ben', { answers: 1, tags: {} }],
      ]),
    );
    book.apply({ ...base, person: 'ben', tagIds: [] }, -1);
    expect([...book.people('sphere#s1', '2026-W48').keys()]).toEqual(['ana']);
    expect(book.counts('sphere#s1', '2026-W48', 'dept-a+office-x')).toEqual({ count: 1 });
    expect(book.counts('sphere#s1', '2026-W48', 'dept-b')).toEqual({});
  });
});

describe('what a survey adds to its form’s rollups', () => {
  const answers = [
    { id: 'mood', type: 'likert' as const },
    { id: 'sleep', type: 'histo' as const },
    { id: 'lunch', type: 'choice' as const },
    { id: 'team', type: 'select' as const },
    { id: 'comment', type: 'text' as const },
    { id: 'birthday', type: 'date' as const },
  ];

  it('counts numbers in thousandths, each choice chosen, each result, and never a text or a date', () => {
    expect(
      surveyCounts(
        answers,
        {
          mood: 4,
          sleep: 6.5,
          lunch: ['desk', 'outside', 'desk'],
          team: 'north',
          comment: 'private',
          birthday: '1990-01-01',
        },
        { energy: 5.25, empty: null },
      ),
    ).toEqual({
      count: 1,
      'q|mood|n': 1,
      'q|mood|sum': 4000,
      'q|mood|v|4000': 1,
      'q|sleep|n': 1,
      'q|sleep|sum': 6500,
      'q|sleep|v|6500': 1,
      'q|lunch|n': 1,
      'q|lunch|c|desk': 1,
      'q|lunch|c|outside': 1,
      'q|team|n': 1,
      'q|team|c|north': 1,
      'r|energy|n': 1,
      'r|energy|sum': 5250,
    });
  });

  it('a “not applicable”, empty or missing answer is no answer; a zero is an answer', () => {
    expect(surveyCounts(answers, { mood: null, lunch: [], team: '', sleep: 0 }, {})).toEqual({
      count: 1,
      'q|sleep|n': 1,
      'q|sleep|v|0': 1,
    });
  });

  it('reads its keys back, a choice value holding the separator included', () => {
    expect(surveyCountKey('q|mood|v|4000')).toEqual({ kind: 'q', id: 'mood', field: 'v', value: '4000' });
    expect(surveyCountKey('q|lunch|c|a|b')).toEqual({ kind: 'q', id: 'lunch', field: 'c', value: 'a|b' });
    expect(surveyCountKey('r|energy|sum')).toEqual({ kind: 'r', id: 'energy', field: 'sum' });
    expect(surveyCountKey('count')).toBeNull();
    expect(surveyCountKey('color|red')).toBeNull();
  });
});

describe('what a strategy assessment adds to its strategy’s rollups', () => {
  it('counts one assessment and, per item answered, its level as a number in thousandths', () => {
    expect(
      assessmentCounts([
        { id: 'vision', value: 4 },
        { id: 'axis', value: 2 },
      ]),
    ).toEqual({
      count: 1,
      'q|vision|n': 1,
      'q|vision|sum': 4000,
      'q|vision|v|4000': 1,
      'q|axis|n': 1,
      'q|axis|sum': 2000,
      'q|axis|v|2000': 1,
    });
  });

  it('adds and takes away exactly: an assessment changed moves its counts and leaves nothing behind', () => {
    const before = assessmentCounts([{ id: 'vision', value: 5 }]);
    const after = assessmentCounts([{ id: 'vision', value: 1 }]);
    const book: Record<string, number> = {};
    addCounts(book, before);
    addCounts(book, Object.fromEntries(Object.entries(before).map(([k, n]) => [k, -n])));
    addCounts(book, after);
    expect(book).toEqual(after);
  });
});

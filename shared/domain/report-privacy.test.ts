import { describe, expect, it } from 'vitest';
import {
  FREE_TEXT_MIN_PARTICIPANTS,
  PRIVACY_MIN_PARTICIPANTS,
  PRIVACY_MIN_PARTICIPANTS_TWO_TAGS,
  anonymityNotice,
  freeTextShown,
  leastAnswerers,
  minParticipants,
  questionShown,
  releaseGroups,
  releaseOverPeriod,
  type AtomGroup,
  type Release,
} from './report-privacy';

/** People p0…p(n-1), or a range of them. */
const people = (from: number, to: number) =>
  new Set(Array.from({ length: to - from }, (_, i) => `p${from + i}`));
const group = (id: string, groupTagCount: number, members: ReadonlySet<string>): AtomGroup => ({
  id,
  groupTagCount,
  people: members,
});
const one = (family: AtomGroup[], id: string): Release => releaseGroups(family, [id]).get(id)!;

describe('thresholds (spec 02 §5, §9)', () => {
  it('a group with no or one group tag needs 8 people, with two group tags 5', () => {
    expect(minParticipants(0)).toBe(8);
    expect(minParticipants(1)).toBe(8);
    expect(minParticipants(2)).toBe(5);
    expect(PRIVACY_MIN_PARTICIPANTS).toBe(8);
    expect(PRIVACY_MIN_PARTICIPANTS_TWO_TAGS).toBe(5);
  });

  it('more than two group tags, or a count that is not a whole number, is refused', () => {
    expect(() => minParticipants(3)).toThrow(RangeError);
    expect(() => minParticipants(-1)).toThrow(RangeError);
    expect(() => minParticipants(1.5)).toThrow(RangeError);
  });

  it.each([
    [0, 7, false],
    [0, 8, true],
    [1, 7, false],
    [1, 8, true],
    [2, 4, false],
    [2, 5, true],
  ])('a lone group with %i group tags and %i people is shown: %s', (tags, size, shown) => {
    const release = one([group('g', tags, people(0, size))], 'g');
    expect(release.shown).toBe(shown);
    if (!release.shown)
      expect(release).toEqual({ shown: false, reason: 'too-few-people', threshold: minParticipants(tags) });
    else expect(release).toEqual({ shown: true, people: size });
  });

  it('participants are people: the same person counted twice is one', () => {
    const members = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'a', 'b']);
    expect(one([group('g', 0, members)], 'g')).toMatchObject({ shown: false, reason: 'too-few-people' });
  });
});

describe('differencing: two figures never differ by fewer people than the threshold', () => {
  it('a tag that leaves out 1 to 7 people of the sphere is hidden; the sphere is still shown', () => {
    for (let left = 1; left < 8; left++) {
      const family = [group('sphere', 0, people(0, 20)), group('tag', 1, people(0, 20 - left))];
      const released = releaseGroups(family, ['sphere', 'tag']);
      expect(released.get('sphere')).toEqual({ shown: true, people: 20 });
      expect(released.get('tag')).toEqual({
        shown: false,
        reason: 'too-close-to-another-group',
        threshold: 8,
      });
    }
  });

  it('a tag that leaves out 8 people, or none, is shown beside the sphere', () => {
    const family = [
      group('sphere', 0, people(0, 20)),
      group('most', 1, people(0, 12)),
      group('all', 1, people(0, 20)),
    ];
    const released = releaseGroups(family, ['sphere', 'most', 'all']);
    expect(released.get('most')).toEqual({ shown: true, people: 12 });
    expect(released.get('all')).toEqual({ shown: true, people: 20 });
  });

  it('two tags with two group tags: the pair against each tag, with the threshold of 5 (4 hidden, 5 shown)', () => {
    // Production (16) and Brussels (14) overlap in 10; the pair is measured against both.
    const production = people(0, 16);
    const brussels = new Set([...people(6, 16), ...people(16, 20)]);
    const pair = people(6, 16);
    const family = [
      group('sphere', 0, people(0, 40)),
      group('production', 1, production),
      group('brussels', 1, brussels),
      group('production+brussels', 2, pair),
    ];
    const released = releaseGroups(family, ['production+brussels', 'brussels', 'production']);
    // Brussels holds the pair and 4 more: the pair, the smaller, is hidden, whatever Production says.
    expect(released.get('production+brussels')).toEqual({
      shown: false,
      reason: 'too-close-to-another-group',
      threshold: 5,
    });
    expect(released.get('brussels')).toEqual({ shown: true, people: 14 });
    expect(released.get('production')).toEqual({ shown: true, people: 16 });
    const wider = [...family.slice(0, 2), group('brussels', 1, new Set([...brussels, 'p20'])), family[3]!];
    expect(releaseGroups(wider, ['production+brussels']).get('production+brussels')).toEqual({
      shown: true,
      people: 10,
    });
  });

  it('two tags that happen to cover nearly the same people: the smaller is hidden, not only against the sphere', () => {
    const family = [
      group('sphere', 0, people(0, 60)),
      group('night-shift', 1, people(0, 10)),
      group('line-2', 1, people(0, 13)),
    ];
    const released = releaseGroups(family, ['night-shift', 'line-2']);
    expect(released.get('line-2')).toEqual({ shown: true, people: 13 });
    expect(released.get('night-shift')).toMatchObject({ shown: false, reason: 'too-close-to-another-group' });
  });

  it('a larger group that is itself hidden does not hide the smaller one', () => {
    // The session (7) is too small to show; its 6-person pair inside it is not compared with it.
    const family = [group('session', 1, people(0, 7)), group('pair', 2, people(0, 6))];
    const released = releaseGroups(family, ['session', 'pair']);
    expect(released.get('session')).toMatchObject({ shown: false, reason: 'too-few-people' });
    expect(released.get('pair')).toEqual({ shown: true, people: 6 });
  });

  it('the answer does not depend on what was asked nor on the order of the family', () => {
    const family = [
      group('sphere', 0, people(0, 30)),
      group('a', 1, people(0, 25)),
      group('b', 1, people(0, 20)),
      group('a+b', 2, people(0, 18)),
    ];
    const all = releaseGroups(family, ['sphere', 'a', 'b', 'a+b']);
    for (const id of ['sphere', 'a', 'b', 'a+b']) {
      expect(releaseGroups(family, [id]).get(id)).toEqual(all.get(id));
      expect(releaseGroups([...family].reverse(), [id]).get(id)).toEqual(all.get(id));
    }
    // a is 5 short of the sphere (hidden); b is compared with the sphere only (10 short: shown);
    // a+b is 2 short of b: hidden.
    expect(all.get('a')).toMatchObject({ shown: false });
    expect(all.get('b')).toEqual({ shown: true, people: 20 });
    expect(all.get('a+b')).toMatchObject({ shown: false, reason: 'too-close-to-another-group' });
  });

  it('a group asked that the family does not hold is a programming error', () => {
    expect(() => releaseGroups([group('sphere', 0, people(0, 9))], ['other'])).toThrow();
  });

  it('for random groups, no two shown groups, one holding the other, differ by fewer than the threshold', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 300; round++) {
      const everyone = people(0, 10 + Math.floor(random() * 40));
      const tags = Array.from({ length: 2 + Math.floor(random() * 5) }, (_, i) => {
        const share = random();
        return { id: `t${i}`, members: new Set([...everyone].filter(() => random() < share)) };
      });
      const family: AtomGroup[] = [group('sphere', 0, everyone)];
      for (const t of tags) family.push(group(t.id, 1, t.members));
      for (let i = 0; i < tags.length; i++)
        for (let j = i + 1; j < tags.length; j++) {
          const [a, b] = [tags[i]!, tags[j]!];
          family.push(group(`${a.id}+${b.id}`, 2, new Set([...a.members].filter((p) => b.members.has(p)))));
        }
      const released = releaseGroups(
        family,
        family.map((g) => g.id),
      );
      const shown = family.filter((g) => released.get(g.id)!.shown);
      for (const small of shown) {
        expect(small.people.size).toBeGreaterThanOrEqual(minParticipants(small.groupTagCount));
        for (const large of shown) {
          if (large.people.size <= small.people.size) continue;
          if (![...small.people].every((p) => large.people.has(p))) continue;
          expect(large.people.size - small.people.size).toBeGreaterThanOrEqual(
            minParticipants(small.groupTagCount),
          );
        }
      }
    }
  });
});

describe('periods are sums of atoms shown alone', () => {
  const shown = (n: number): Release => ({ shown: true, people: n });
  const few: Release = { shown: false, reason: 'too-few-people', threshold: 8 };
  const close: Release = { shown: false, reason: 'too-close-to-another-group', threshold: 8 };

  it('counts only the atoms shown, and their distinct people', () => {
    const period = releaseOverPeriod(
      [
        { atomId: 'w1', release: shown(8), people: people(0, 8) },
        { atomId: 'w2', release: few, people: people(0, 3) },
        { atomId: 'w3', release: shown(9), people: people(4, 13) },
      ],
      1,
    );
    expect(period).toEqual({ release: { shown: true, people: 13 }, atoms: ['w1', 'w3'] });
  });

  it('a period without a shown atom is hidden with its atoms’ strongest reason and the threshold they gave', () => {
    expect(releaseOverPeriod([{ atomId: 'w1', release: few, people: people(0, 3) }], 0)).toEqual({
      release: { shown: false, reason: 'too-few-people', threshold: 8 },
      atoms: [],
    });
    expect(
      releaseOverPeriod(
        [
          { atomId: 'w1', release: few, people: people(0, 3) },
          { atomId: 'w2', release: close, people: people(0, 9) },
        ],
        2,
      ).release,
    ).toEqual({ shown: false, reason: 'too-close-to-another-group', threshold: 8 });
    expect(releaseOverPeriod([], 0).release).toMatchObject({ shown: false, reason: 'too-few-people' });
  });
});

describe('free text and the study-programme notice', () => {
  it('free text is shown only for a shown group of at least 8 people', () => {
    expect(FREE_TEXT_MIN_PARTICIPANTS).toBe(8);
    expect(freeTextShown({ shown: true, people: 8 })).toBe(true);
    // A two-tag group of 5 to 7 may show its figures, never its words.
    expect(freeTextShown({ shown: true, people: 7 })).toBe(false);
    expect(freeTextShown({ shown: true, people: 5 })).toBe(false);
    expect(freeTextShown({ shown: false, reason: 'too-few-people', threshold: 8 })).toBe(false);
  });

  it('a study-programme sphere is marked: anonymity not guaranteed', () => {
    expect(anonymityNotice({ isStudyProgram: true })).toEqual({ anonymityNotGuaranteed: true });
    expect(anonymityNotice({ isStudyProgram: false })).toEqual({ anonymityNotGuaranteed: false });
  });
});

describe('a question of a shown group needs enough surely different people', () => {
  it('counts at most surveys − people answers as someone’s second', () => {
    expect(leastAnswerers(10, 10, 10)).toBe(10);
    expect(leastAnswerers(9, 12, 10)).toBe(7);
    expect(leastAnswerers(2, 12, 4)).toBe(0);
  });

  it('shows a question at 8 surely different people and hides it at 7; at 5 and 4 under two tags', () => {
    expect(questionShown(8, 8, 8, 0)).toBe(true);
    expect(questionShown(7, 8, 8, 0)).toBe(false);
    expect(questionShown(9, 10, 9, 1)).toBe(true);
    expect(questionShown(8, 10, 9, 1)).toBe(false);
    expect(questionShown(5, 5, 5, 2)).toBe(true);
    expect(questionShown(4, 5, 5, 2)).toBe(false);
  });
});

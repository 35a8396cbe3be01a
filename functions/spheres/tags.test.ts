import { describe, expect, it } from 'vitest';
import { minParticipants } from '@shared/domain/report-privacy';
import type { MemberItem } from './repository';
import { reportGroupsOf } from './tags';
import type { TagItem } from './tags-repository';

function tag(tagId: string, archived = false): TagItem {
  return {
    sphereId: 'sphere-1',
    tagId,
    shortId: tagId.toUpperCase(),
    name: { en: `Team ${tagId}` },
    type: 'department',
    color: '#336699',
    weight: 0,
    modules: ['member'],
    keywords: [],
    archived,
    autoTag: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

type Holder = Pick<MemberItem, 'active' | 'tagIds' | 'autoTagIds'>;

/** `n` active members holding `tagIds` by hand. */
const holders = (n: number, tagIds: string[], extra: Partial<Holder> = {}): Holder[] =>
  Array.from({ length: n }, () => ({ active: true, tagIds, autoTagIds: [], ...extra }));

const byId = (groups: ReturnType<typeof reportGroupsOf>) => new Map(groups.items.map((g) => [g.tagId, g]));

describe('reportGroupsOf', () => {
  const one = minParticipants(1);
  const two = minParticipants(2);

  it('names the thresholds of one and two tags from the report privacy rule', () => {
    const groups = reportGroupsOf([], []);
    expect(groups).toEqual({ threshold: one, pairThreshold: two, items: [] });
    expect([groups.threshold, groups.pairThreshold]).toEqual([8, 5]);
  });

  it('a tag is enough from its threshold of active holders on, and not one below', () => {
    const groups = byId(
      reportGroupsOf([tag('a'), tag('b')], [...holders(one, ['a']), ...holders(one - 1, ['b'])]),
    );
    expect(groups.get('a')?.enough).toBe(true);
    expect(groups.get('b')?.enough).toBe(false);
  });

  it('inactive members are not counted, even when they hold the tag', () => {
    const members = [...holders(one - 1, ['a']), ...holders(3, ['a'], { active: false })];
    expect(byId(reportGroupsOf([tag('a')], members)).get('a')?.enough).toBe(false);
  });

  it('tags the rules gave count like tags given by hand, and a person holding both counts once', () => {
    const members = [
      ...holders(one - 2, ['a']),
      { active: true, tagIds: [], autoTagIds: ['a'] },
      { active: true, tagIds: ['a'], autoTagIds: ['a'] },
    ];
    expect(byId(reportGroupsOf([tag('a')], members)).get('a')?.enough).toBe(true);
    const short = members.slice(1);
    expect(byId(reportGroupsOf([tag('a')], short)).get('a')?.enough).toBe(false);
  });

  it('archived tags are not offered', () => {
    const groups = reportGroupsOf([tag('a'), tag('old', true)], holders(one, ['a', 'old']));
    expect(groups.items.map((g) => g.tagId)).toEqual(['a']);
  });

  it('with a tag, each other tag says whether the people holding both reach the two-tag threshold', () => {
    const members = [
      ...holders(two, ['w', 'a']),
      ...holders(two - 1, ['w', 'b']),
      // Holders of b alone do not make the pair.
      ...holders(one, ['b']),
    ];
    const groups = byId(reportGroupsOf([tag('w'), tag('a'), tag('b')], members, 'w'));
    expect(groups.get('a')?.pairEnough).toBe(true);
    expect(groups.get('b')?.pairEnough).toBe(false);
    expect(groups.get('b')?.enough).toBe(true);
    // The chosen tag is not paired with itself.
    expect(groups.get('w')).not.toHaveProperty('pairEnough');
  });

  it('without a tag to pair with, no tag says anything of pairs', () => {
    const groups = reportGroupsOf([tag('a')], holders(one, ['a']));
    expect(groups.items[0]).not.toHaveProperty('pairEnough');
  });

  it('answers yes or no, never a count of people', () => {
    const groups = reportGroupsOf([tag('w'), tag('a')], holders(12, ['w', 'a']), 'w');
    expect(Object.keys(groups.items[1] ?? {}).sort()).toEqual(
      ['color', 'enough', 'name', 'pairEnough', 'tagId', 'type'].sort(),
    );
    expect(JSON.stringify(groups)).not.toContain('12');
  });
});

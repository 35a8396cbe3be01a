import { describe, expect, it } from 'vitest';
import {
  ancestorsUnder,
  descendantsOf,
  parentChoices,
  parentProblem,
  reparented,
  SESSION_LEVEL_MAX,
  textIn,
  treeOrder,
  visibleName,
  type TreeNode,
} from './sessions';

const node = (
  sessionId: string,
  parentSessionIds: string[] = [],
  extra: Partial<TreeNode> = {},
): TreeNode & { label: string } => ({
  sessionId,
  parentSessionIds,
  ...(parentSessionIds.length ? { parentSessionId: parentSessionIds[parentSessionIds.length - 1] } : {}),
  isLeaf: false,
  category: 'contributor',
  sphereId: 's1',
  label: sessionId,
  ...extra,
});

// a ─ b ─ c
//   └ d
// e (leaf)
const a = node('a');
const b = node('b', ['a']);
const c = node('c', ['a', 'b']);
const d = node('d', ['a']);
const e = node('e', [], { isLeaf: true });
const tree = [a, b, c, d, e];

describe('a session under a parent (spec 01 §8 session errors)', () => {
  it('a new session goes under any open parent of its sphere and category', () => {
    expect(parentProblem({ sphereId: 's1', category: 'contributor' }, c)).toBeNull();
  });

  it('a session cannot go under itself', () => {
    expect(parentProblem({ sessionId: 'b', sphereId: 's1', category: 'contributor' }, b)).toBe(
      'changeParentToChild',
    );
  });

  it('a session cannot go under one of its descendants, however deep', () => {
    expect(parentProblem({ sessionId: 'a', sphereId: 's1', category: 'contributor' }, c)).toBe(
      'changeParentToChild',
    );
    expect(parentProblem({ sessionId: 'b', sphereId: 's1', category: 'contributor' }, c)).toBe(
      'changeParentToChild',
    );
  });

  it('a session may go under a sibling or a cousin', () => {
    expect(parentProblem({ sessionId: 'b', sphereId: 's1', category: 'contributor' }, d)).toBeNull();
    expect(parentProblem({ sessionId: 'd', sphereId: 's1', category: 'contributor' }, c)).toBeNull();
  });

  it('a parent in another sphere is not allowed', () => {
    expect(parentProblem({ sphereId: 's2', category: 'contributor' }, a)).toBe('changeParentNotAllowed');
  });

  it('a parent of the other category is not allowed', () => {
    expect(parentProblem({ sphereId: 's1', category: 'consumer' }, a)).toBe('changeParentNotAllowed');
  });

  it('a leaf takes no children', () => {
    expect(parentProblem({ sphereId: 's1', category: 'contributor' }, e)).toBe('parentIsLeaf');
  });

  it('a parent at the deepest level takes no children, one level above still does', () => {
    const deep = (n: number) =>
      node(
        'deep',
        Array.from({ length: n }, (_, i) => `p${i}`),
      );
    expect(parentProblem({ sphereId: 's1', category: 'contributor' }, deep(SESSION_LEVEL_MAX))).toBe(
      'creationBlocked',
    );
    expect(
      parentProblem({ sphereId: 's1', category: 'contributor' }, deep(SESSION_LEVEL_MAX - 1)),
    ).toBeNull();
  });
});

describe('the tree', () => {
  it('ancestors under a parent are its ancestors and itself, none at the root', () => {
    expect(ancestorsUnder(c)).toEqual(['a', 'b', 'c']);
    expect(ancestorsUnder(null)).toEqual([]);
  });

  it('descendants are the whole subtree without the session', () => {
    expect(descendantsOf('a', tree).map((s) => s.sessionId)).toEqual(['b', 'c', 'd']);
    expect(descendantsOf('c', tree)).toEqual([]);
  });

  it('the tree select excludes the session and its descendants, leaves and other categories', () => {
    expect(
      parentChoices({ sessionId: 'b', sphereId: 's1', category: 'contributor' }, tree).map(
        (s) => s.sessionId,
      ),
    ).toEqual(['a', 'd']);
    expect(parentChoices({ sphereId: 's1', category: 'consumer' }, tree)).toEqual([]);
  });

  it('moving a session moves its subtree and keeps the path below it', () => {
    expect(reparented(b, ['d'], tree)).toEqual([
      { sessionId: 'b', parentSessionIds: ['d'] },
      { sessionId: 'c', parentSessionIds: ['d', 'b'] },
    ]);
    expect(reparented(c, [], tree)).toEqual([{ sessionId: 'c', parentSessionIds: [] }]);
  });

  it('the display order is depth first, siblings by child number then name', () => {
    const numbered = [a, { ...d, childNumber: 1 }, { ...b, childNumber: 2 }, c, e];
    expect(treeOrder(numbered).map((s) => s.sessionId)).toEqual(['a', 'd', 'b', 'c', 'e']);
  });

  it('a session whose parent is not listed shows at the root', () => {
    expect(treeOrder([c, e]).map((s) => s.sessionId)).toEqual(['c', 'e']);
  });
});

describe('names', () => {
  it('the name in the asked language, else the primary one, else any', () => {
    expect(textIn({ fr: 'Équipe', en: 'Team' }, 'en')).toBe('Team');
    expect(textIn({ fr: 'Équipe', en: 'Team' }, 'nl', 'fr')).toBe('Équipe');
    expect(textIn({ en: 'Team' }, 'nl', 'fr')).toBe('Team');
    expect(textIn({ fr: '  ' }, 'fr')).toBe('');
  });

  it('a contributor session shows its real name only with the right, else its public name', () => {
    const s = {
      category: 'contributor' as const,
      name: { fr: 'Cellule RH' },
      publicName: { fr: 'Équipe B' },
    };
    expect(visibleName(s, true)).toEqual({ fr: 'Cellule RH' });
    expect(visibleName(s, false)).toEqual({ fr: 'Équipe B' });
  });

  it('without a public name, the name is shown', () => {
    expect(
      visibleName({ category: 'contributor', name: { fr: 'Équipe' }, publicName: { fr: ' ' } }, false),
    ).toEqual({
      fr: 'Équipe',
    });
  });
});

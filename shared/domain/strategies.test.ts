import { describe, expect, it } from 'vitest';
import {
  ASSESSMENT_EDIT_WINDOW_MS,
  ASSESSMENT_LEVELS,
  ASSESSMENT_LEVEL_VALUES,
  STRATEGIES_PAGE_DEFAULT,
  STRATEGIES_PER_LIST_MAX,
  STRATEGY_DESCRIPTION_REQUIRED,
  STRATEGY_INDENT_MAX,
  STRATEGY_PAGE_SIZES,
  STRATEGY_TYPES,
  assessmentFreezeDate,
  assessmentLevel,
  assessmentProblem,
  canIndent,
  canMove,
  givenAnswers,
  indentBy,
  isAssessmentEditable,
  isAssessmentValue,
  isTitleRequired,
  mayAppendAt,
  moveBy,
  outlineProblem,
  repairedOutline,
  sameItems,
  strategyProblems,
  withoutHidden,
  withoutItem,
  type OutlineEntry,
} from './strategies';

/** An outline written as `id:indent` pairs: `'a:0 b:1 c:1'`. */
const outline = (text: string): OutlineEntry[] =>
  text
    .split(' ')
    .filter((part) => part !== '')
    .map((part) => {
      const [id = '', indent = '0'] = part.split(':');
      return { id, indent: Number(indent) };
    });
const text = (items: readonly OutlineEntry[]) => items.map((i) => `${i.id}:${i.indent}`).join(' ');

describe('strategy constants (spec 01 §3, §9; spec 02 §3, §9)', () => {
  it('has the six types, indents 0 to 5 and the page sizes 200, 1000 and 2000', () => {
    expect(STRATEGY_TYPES).toEqual(['vision', 'mission', 'strategicAxis', 'goal', 'action', 'custom']);
    expect(STRATEGY_INDENT_MAX).toBe(5);
    expect(STRATEGY_PAGE_SIZES).toEqual([200, 1000, 2000]);
    expect(STRATEGIES_PAGE_DEFAULT).toBe(200);
    expect(STRATEGIES_PER_LIST_MAX).toBe(2000);
  });
});

describe('strategy texts (spec 01 §5, spec 02 §5)', () => {
  it.each([
    ['custom', 'sphere', true],
    ['custom', 'session', true],
    ['vision', 'sphere', false],
    ['action', 'session', false],
    ['vision', 'user', true],
    ['goal', 'user', true],
  ] as const)('a %s item of a %s list needs a title: %s', (type, linkTo, required) => {
    expect(isTitleRequired(type, linkTo)).toBe(required);
    const problems = strategyProblems({ type, title: '', description: 'Why' }, linkTo);
    expect(problems).toEqual(required ? [{ field: 'title', key: 'required' }] : []);
  });

  it.each(['', '   ', '\n\t'])('a blank title (%j) counts as none', (title) => {
    expect(strategyProblems({ type: 'custom', title, description: 'Why' }, 'sphere')).toEqual([
      { field: 'title', key: 'required' },
    ]);
  });

  it.each([undefined, '', '  '])(
    'every strategy needs a description (%j), with the spec’s message key',
    (d) => {
      expect(strategyProblems({ type: 'vision', title: 'Ours', description: d }, 'sphere')).toEqual([
        { field: 'description', key: STRATEGY_DESCRIPTION_REQUIRED },
      ]);
      expect(STRATEGY_DESCRIPTION_REQUIRED).toBe('strategy-description-required');
    },
  );

  it('a title holds at most 250 characters and a description 2500', () => {
    const fine = { type: 'custom' as const, title: 'a'.repeat(250), description: 'b'.repeat(2500) };
    expect(strategyProblems(fine, 'user')).toEqual([]);
    expect(
      strategyProblems({ ...fine, title: 'a'.repeat(251), description: 'b'.repeat(2501) }, 'user'),
    ).toEqual([
      { field: 'title', key: 'length-out-of-range-error' },
      { field: 'description', key: 'length-out-of-range-error' },
    ]);
  });

  it('a missing title and a missing description are both reported, title first', () => {
    expect(strategyProblems({ type: 'custom' }, 'session')).toEqual([
      { field: 'title', key: 'required' },
      { field: 'description', key: STRATEGY_DESCRIPTION_REQUIRED },
    ]);
  });
});

describe('the indent rule', () => {
  it.each([
    ['', undefined],
    ['a:0', undefined],
    ['a:0 b:1 c:2 d:3 e:4 f:5', undefined],
    ['a:0 b:1 c:1 d:0 e:1 f:2 g:0', undefined],
    ['a:0 b:1 c:2 d:0', undefined],
  ])('%j holds', (items, bad) => {
    expect(outlineProblem(outline(items))).toBe(bad);
  });

  it.each([
    ['a:1', 0],
    ['a:0 b:2', 1],
    ['a:0 b:1 c:3', 2],
    ['a:0 b:1 c:2 d:3 e:4 f:5 g:6', 6],
    ['a:0 b:-1', 1],
    ['a:0 b:0.5', 1],
  ])('%j breaks it first at item %i', (items, bad) => {
    expect(outlineProblem(outline(items))).toBe(bad);
  });

  it('a new item goes at the end at 0 up to the last item’s indent plus one', () => {
    expect(mayAppendAt([], 0)).toBe(true);
    expect(mayAppendAt([], 1)).toBe(false);
    expect(mayAppendAt(outline('a:0 b:2'), 3)).toBe(true);
    expect(mayAppendAt(outline('a:0 b:2'), 0)).toBe(true);
    expect(mayAppendAt(outline('a:0 b:2'), 4)).toBe(false);
    expect(mayAppendAt(outline('a:0 b:1 c:2 d:3 e:4 f:5'), 6)).toBe(false);
    expect(mayAppendAt(outline('a:0'), -1)).toBe(false);
  });

  it('a broken outline is repaired to the deepest indent allowed; a valid one is unchanged', () => {
    expect(text(repairedOutline(outline('a:2 b:4 c:1 d:9')))).toBe('a:0 b:1 c:1 d:2');
    const valid = outline('a:0 b:1 c:1 d:0');
    expect(repairedOutline(valid)).toEqual(valid);
  });
});

describe('indent moves by one (decision 0019)', () => {
  it('an item goes one level deeper, its children with it', () => {
    expect(text(indentBy(outline('a:0 b:0 c:1 d:0'), 'b', 1))).toBe('a:0 b:1 c:2 d:0');
  });

  it('an item goes one level shallower, its children with it; the items after it stay', () => {
    expect(text(indentBy(outline('a:0 b:1 c:2 d:1'), 'b', -1))).toBe('a:0 b:0 c:1 d:1');
  });

  it('the first item stays at 0: it can be neither indented nor outdented', () => {
    const items = outline('a:0 b:1');
    expect(canIndent(items, 'a', 1)).toBe(false);
    expect(canIndent(items, 'a', -1)).toBe(false);
    expect(indentBy(items, 'a', 1)).toBe(items);
  });

  it('an item cannot go more than one level deeper than the item above it', () => {
    const items = outline('a:0 b:1 c:1');
    expect(canIndent(items, 'b', 1)).toBe(false);
    expect(canIndent(items, 'c', 1)).toBe(true);
    expect(text(indentBy(items, 'c', 1))).toBe('a:0 b:1 c:2');
  });

  it('no item goes past level 5, nor takes a child past it', () => {
    expect(canIndent(outline('a:0 b:1 c:2 d:3 e:4 f:5 g:5'), 'g', 1)).toBe(false);
    expect(canIndent(outline('a:0 b:1 c:2 d:3 e:4 f:4 g:5'), 'f', 1)).toBe(false);
    expect(canIndent(outline('a:0 b:1 c:2 d:3 e:3 f:4'), 'e', 1)).toBe(true);
  });

  it('an unknown item moves nothing', () => {
    const items = outline('a:0 b:0');
    expect(canIndent(items, 'z', 1)).toBe(false);
    expect(indentBy(items, 'z', -1)).toBe(items);
  });

  it('every allowed move keeps the indent rule, on every item of many outlines', () => {
    const outlines = [
      'a:0 b:1 c:2 d:1 e:0 f:1 g:1 h:2 i:3',
      'a:0 b:0 c:0 d:1 e:2 f:3 g:4 h:5 i:0',
      'a:0 b:1 c:1 d:1 e:2 f:2 g:0 h:1 i:2',
    ].map(outline);
    for (const items of outlines)
      for (const { id } of items)
        for (const delta of [1, -1] as const) {
          const moved = indentBy(items, id, delta);
          expect(outlineProblem(moved), `${text(items)} ${id} ${delta}`).toBeUndefined();
          expect(moved !== items).toBe(canIndent(items, id, delta));
        }
  });
});

describe('moving up and down (decision 0019)', () => {
  it('an item moves up past its sibling, each with its children', () => {
    expect(text(moveBy(outline('a:0 b:1 c:0 d:1 e:2'), 'c', -1))).toBe('c:0 d:1 e:2 a:0 b:1');
  });

  it('an item moves down past its sibling, each with its children', () => {
    expect(text(moveBy(outline('a:0 b:1 c:0 d:1 e:0'), 'a', 1))).toBe('c:0 d:1 a:0 b:1 e:0');
  });

  it('a child moves among its siblings only, not out of its parent', () => {
    const items = outline('a:0 b:1 c:1 d:0 e:1');
    expect(text(moveBy(items, 'c', -1))).toBe('a:0 c:1 b:1 d:0 e:1');
    expect(canMove(items, 'b', -1)).toBe(false);
    expect(canMove(items, 'c', 1)).toBe(false);
    expect(canMove(items, 'e', -1)).toBe(false);
  });

  it('the first item cannot move up nor the last down', () => {
    const items = outline('a:0 b:0');
    expect(canMove(items, 'a', -1)).toBe(false);
    expect(canMove(items, 'b', 1)).toBe(false);
    expect(moveBy(items, 'a', -1)).toBe(items);
    expect(moveBy(items, 'z', 1)).toBe(items);
  });

  it('a move keeps every item once, every indent, and the indent rule', () => {
    const items = outline('a:0 b:1 c:2 d:1 e:0 f:1 g:0');
    for (const { id } of items)
      for (const delta of [1, -1] as const) {
        const moved = moveBy(items, id, delta);
        expect(outlineProblem(moved)).toBeUndefined();
        expect(sameItems(items, moved)).toBe(true);
        expect([...moved].sort((x, y) => x.id.localeCompare(y.id))).toEqual(items);
        expect(moved !== items).toBe(canMove(items, id, delta));
      }
  });

  it('moving down then up gives the outline back', () => {
    const items = outline('a:0 b:1 c:0 d:1 e:2 f:0');
    expect(moveBy(moveBy(items, 'a', 1), 'a', -1)).toEqual(items);
  });
});

describe('removing an item', () => {
  it('its children move up one level into its place; the rest stays', () => {
    expect(text(withoutItem(outline('a:0 b:1 c:2 d:3 e:1 f:0'), 'b'))).toBe('a:0 c:1 d:2 e:1 f:0');
  });

  it('removing the first item keeps the rule', () => {
    const left = withoutItem(outline('a:0 b:1 c:1 d:0'), 'a');
    expect(text(left)).toBe('b:0 c:0 d:0');
    expect(outlineProblem(left)).toBeUndefined();
  });

  it('an unknown id leaves the outline as it is', () => {
    const items = outline('a:0');
    expect(withoutItem(items, 'z')).toBe(items);
  });
});

describe('what readers see', () => {
  it('hidden items are left out with their children', () => {
    const items = outline('a:0 b:1 c:2 d:1 e:0 f:1').map((i) => ({
      ...i,
      isHidden: i.id === 'b' || i.id === 'e',
    }));
    expect(text(withoutHidden(items))).toBe('a:0 d:1');
  });

  it('a visible child of a visible parent stays', () => {
    const items = outline('a:0 b:1').map((i) => ({ ...i, isHidden: false }));
    expect(withoutHidden(items)).toEqual(items);
  });
});

describe('a reorder names every item once', () => {
  it.each([
    ['a b c', 'c a b', true],
    ['a b c', 'a b', false],
    ['a b c', 'a b c d', false],
    ['a b c', 'a a c', false],
    ['a b', 'a z', false],
    ['', '', true],
  ])('%j reordered as %j: %s', (current, proposed, same) => {
    expect(sameItems(outline(current), outline(proposed))).toBe(same);
  });
});

describe('strategy assessments (spec 02 §2, §5)', () => {
  it('has five levels, very unhappy to very happy, stored as 1 to 5', () => {
    expect(ASSESSMENT_LEVELS).toEqual(['veryUnhappy', 'unhappy', 'neutral', 'happy', 'veryHappy']);
    expect(ASSESSMENT_LEVELS.map((l) => ASSESSMENT_LEVEL_VALUES[l])).toEqual([1, 2, 3, 4, 5]);
    expect(assessmentLevel(1)).toBe('veryUnhappy');
    expect(assessmentLevel(5)).toBe('veryHappy');
    expect(assessmentLevel(0)).toBeUndefined();
  });

  it.each([
    [0, false],
    [1, true],
    [3, true],
    [5, true],
    [6, false],
    [2.5, false],
    [-1, false],
  ])('%d is a level’s value: %s', (value, ok) => {
    expect(isAssessmentValue(value)).toBe(ok);
  });

  it('empty answers are dropped', () => {
    expect(givenAnswers({ a: 4, b: null, c: undefined, d: 1 })).toEqual([
      { id: 'a', value: 4 },
      { id: 'd', value: 1 },
    ]);
  });

  it.each([{}, { a: null }, { a: null, b: undefined }])('saving needs at least one answer: %j', (values) => {
    expect(assessmentProblem(values)).toEqual({ key: 'required' });
  });

  it('a value that is not a level is out of range, naming its strategy', () => {
    expect(assessmentProblem({ a: 3, b: 7 })).toEqual({ key: 'value-out-of-range-error', strategyId: 'b' });
  });

  it('an answer on a strategy that may not be assessed is not valid; empty ones are not judged', () => {
    const assessable = new Set(['a', 'b']);
    expect(assessmentProblem({ a: 3, z: 2 }, assessable)).toEqual({ key: 'not-valid', strategyId: 'z' });
    expect(assessmentProblem({ a: 3, z: null }, assessable)).toBeUndefined();
  });

  it('an assessment is editable for one hour after it is saved, like a feeling', () => {
    const saved = Date.parse('2026-03-02T10:00:00.000Z');
    const assessment = {
      creationDate: new Date(saved).toISOString(),
      freezeDate: assessmentFreezeDate(saved),
    };
    expect(ASSESSMENT_EDIT_WINDOW_MS).toBe(60 * 60 * 1000);
    expect(assessment.freezeDate).toBe('2026-03-02T11:00:00.000Z');
    expect(isAssessmentEditable(assessment, saved + ASSESSMENT_EDIT_WINDOW_MS - 1)).toBe(true);
    expect(isAssessmentEditable(assessment, saved + ASSESSMENT_EDIT_WINDOW_MS)).toBe(false);
  });

  it('a freeze date set elsewhere (a campaign’s) decides alone', () => {
    const assessment = { creationDate: '2026-03-02T10:00:00.000Z', freezeDate: '2026-03-09T10:00:00.000Z' };
    expect(isAssessmentEditable(assessment, Date.parse('2026-03-05T10:00:00.000Z'))).toBe(true);
    expect(isAssessmentEditable(assessment, Date.parse('2026-03-09T10:00:00.000Z'))).toBe(false);
    // Without one, the hour after saving.
    expect(
      isAssessmentEditable(
        { creationDate: '2026-03-02T10:00:00.000Z' },
        Date.parse('2026-03-02T10:59:00.000Z'),
      ),
    ).toBe(true);
  });
});

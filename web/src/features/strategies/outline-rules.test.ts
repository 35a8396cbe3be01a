import { describe, expect, it } from 'vitest';
import { canIndent, canMove } from '@shared/domain/strategies';
import { OUTLINE_MOVES, applyMove, childCount, moveRefusal } from './outline-rules';

const outline = (...indents: number[]) =>
  indents.map((indent, i) => ({ id: String.fromCharCode(97 + i), indent }));

describe('why the editor refuses a move', () => {
  it('gives a reason exactly when the shared rule refuses the move', () => {
    for (const items of [outline(0, 1, 2, 1, 0), outline(0, 0, 1, 1, 2, 3, 4, 5), outline(0)]) {
      for (const { id } of items) {
        const allowed = {
          up: canMove(items, id, -1),
          down: canMove(items, id, 1),
          outdent: canIndent(items, id, -1),
          indent: canIndent(items, id, 1),
        };
        for (const move of OUTLINE_MOVES) {
          expect(moveRefusal(items, id, move) === undefined, `${move} ${id}`).toBe(allowed[move]);
          if (allowed[move]) expect(applyMove(items, id, move)).not.toBe(items);
          else expect(applyMove(items, id, move)).toBe(items);
        }
      }
    }
  });

  it('tells the first and last of the list from the first and last under a parent', () => {
    const items = outline(0, 1, 1, 0);
    expect(moveRefusal(items, 'a', 'up')).toBe('alreadyFirst');
    expect(moveRefusal(items, 'b', 'up')).toBe('firstUnderParent');
    expect(moveRefusal(items, 'c', 'down')).toBe('lastUnderParent');
    expect(moveRefusal(items, 'd', 'down')).toBe('alreadyLast');
    // The last top-level item heading the end of the list is last, with its sub-items.
    expect(moveRefusal(outline(0, 0, 1), 'b', 'down')).toBe('alreadyLast');
  });

  it('tells why an item may not go deeper: first item, already below the one above, or sub-items past level 6', () => {
    expect(moveRefusal(outline(0, 1), 'a', 'indent')).toBe('firstItem');
    expect(moveRefusal(outline(0, 1), 'b', 'indent')).toBe('belowAbove');
    expect(moveRefusal(outline(0, 0, 1, 2, 3, 4, 5), 'b', 'indent')).toBe('tooDeep');
    expect(moveRefusal(outline(0, 1), 'a', 'outdent')).toBe('topLevel');
  });

  it('counts the sub-items that move up when an item is deleted', () => {
    expect(childCount(outline(0, 1, 2, 1, 0), 'a')).toBe(3);
    expect(childCount(outline(0, 1, 2, 1, 0), 'b')).toBe(1);
    expect(childCount(outline(0, 1, 2, 1, 0), 'e')).toBe(0);
  });
});

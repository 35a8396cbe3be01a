import {
  STRATEGY_INDENT_MAX,
  canIndent,
  canMove,
  indentBy,
  moveBy,
  type OutlineEntry,
} from '@shared/domain/strategies';

/** What the editor's buttons do to an item: move it past a sibling, or change its level. */
export const OUTLINE_MOVES = ['up', 'down', 'outdent', 'indent'] as const;
export type OutlineMove = (typeof OUTLINE_MOVES)[number];

/** Why a move is refused, each said in words next to the button (its translation key). */
export type MoveRefusal =
  | 'alreadyFirst'
  | 'firstUnderParent'
  | 'alreadyLast'
  | 'lastUnderParent'
  | 'topLevel'
  | 'firstItem'
  | 'belowAbove'
  | 'tooDeep';

/** The outline after a move, or the same outline when the rule refuses it (shared/domain/strategies). */
export function applyMove<T extends OutlineEntry>(
  items: readonly T[],
  id: string,
  move: OutlineMove,
): readonly T[] {
  switch (move) {
    case 'up':
      return moveBy(items, id, -1);
    case 'down':
      return moveBy(items, id, 1);
    case 'outdent':
      return indentBy(items, id, -1);
    case 'indent':
      return indentBy(items, id, 1);
  }
}

/**
 * Why the rule refuses a move (decision 0019), or undefined when it allows it. The verdict is the
 * shared rule's (`canMove`, `canIndent`); this only tells which part of the rule stands in the way.
 */
export function moveRefusal(
  items: readonly OutlineEntry[],
  id: string,
  move: OutlineMove,
): MoveRefusal | undefined {
  const index = items.findIndex((i) => i.id === id);
  const item = items[index];
  if (!item) return undefined;
  switch (move) {
    case 'up':
      if (canMove(items, id, -1)) return undefined;
      return index === 0 ? 'alreadyFirst' : 'firstUnderParent';
    case 'down': {
      if (canMove(items, id, 1)) return undefined;
      // The item's block (it and the deeper items below it) ends the list: it is last.
      const after = items.slice(index + 1).find((i) => i.indent <= item.indent);
      return after === undefined ? 'alreadyLast' : 'lastUnderParent';
    }
    case 'outdent':
      return canIndent(items, id, -1) ? undefined : 'topLevel';
    case 'indent': {
      if (canIndent(items, id, 1)) return undefined;
      const above = items[index - 1];
      if (!above) return 'firstItem';
      return item.indent > above.indent ? 'belowAbove' : 'tooDeep';
    }
  }
}

/** The level people read: the top level is 1 (an indent of 0), the deepest 6. */
export const levelOf = (indent: number) => indent + 1;
export const LEVEL_MAX = levelOf(STRATEGY_INDENT_MAX);

/** How many items sit under an item (the deeper items right below it): they move up when it is deleted. */
export function childCount(items: readonly OutlineEntry[], id: string): number {
  const index = items.findIndex((i) => i.id === id);
  const item = items[index];
  if (!item) return 0;
  let count = 0;
  while ((items[index + 1 + count]?.indent ?? -1) > item.indent) count++;
  return count;
}

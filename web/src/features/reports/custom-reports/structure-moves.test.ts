import { describe, expect, it } from 'vitest';
import type { ReportCard, ReportPart } from '@shared/contracts/custom-reports';
import { testCard } from './custom-reports-test-server';
import {
  cardsLocked,
  descendantsOf,
  dropIndex,
  dropsBeside,
  moveCard,
  moveCardToPart,
  movePart,
  partDropTarget,
  sameTarget,
  siblingsOf,
} from './structure-moves';

const part = (partId: string, position: number, extra: Partial<ReportPart> = {}): ReportPart => ({
  partId,
  name: partId,
  status: 'draft',
  position,
  cardCount: 0,
  ...extra,
});

const parts = [part('a', 0), part('b', 1), part('c', 2), part('d', 3)];
const cards: ReportCard[] = [
  testCard({ cardId: 'x', partId: 'a', position: 0 }),
  testCard({ cardId: 'y', partId: 'a', position: 1 }),
  testCard({ cardId: 'y1', partId: 'a', position: 0, parentCardId: 'y' }),
  testCard({ cardId: 'y1a', partId: 'a', position: 0, parentCardId: 'y1' }),
  testCard({ cardId: 'y2', partId: 'a', position: 1, parentCardId: 'y' }),
  testCard({ cardId: 'z', partId: 'a', position: 2 }),
  testCard({ cardId: 'w', partId: 'b', position: 4 }),
];
const card = (id: string): ReportCard => {
  const found = cards.find((c) => c.cardId === id);
  if (!found) throw new Error(`no card ${id}`);
  return found;
};
const structure = {
  parts: parts.map((p) => ({ ...p, cardCount: cards.filter((c) => c.partId === p.partId).length })),
  cards,
};

describe('the moves of a report’s structure', () => {
  it('write only the parts whose position changes, numbered 0..n-1 in the new order', () => {
    const move = movePart(structure, 'a', 2);
    expect(move?.writes).toEqual([
      { kind: 'part', partId: 'b', body: { position: 0 } },
      { kind: 'part', partId: 'c', body: { position: 1 } },
      { kind: 'part', partId: 'a', body: { position: 2 } },
    ]);
    expect(
      [...(move?.next.parts ?? [])].sort((l, r) => l.position - r.position).map((p) => p.partId),
    ).toEqual(['b', 'c', 'a', 'd']);
  });

  it('renumber parts whose positions had gaps, so the order saved is the order shown', () => {
    const gaps = { ...structure, parts: [part('a', 0), part('b', 5), part('c', 9)] };
    expect(movePart(gaps, 'c', 1)?.writes).toEqual([
      { kind: 'part', partId: 'c', body: { position: 1 } },
      { kind: 'part', partId: 'b', body: { position: 2 } },
    ]);
  });

  it('refuse a move past either end or onto the same place', () => {
    expect(movePart(structure, 'a', -1)).toBeNull();
    expect(movePart(structure, 'd', 4)).toBeNull();
    expect(movePart(structure, 'b', 1)).toBeNull();
    expect(moveCard(structure, 'x', 3)).toBeNull();
    expect(moveCardToPart(structure, 'x', 'a')).toBeNull();
  });

  it('reorder a card among the cards of its part under the same parent only', () => {
    expect(siblingsOf(cards, card('y2')).map((c) => c.cardId)).toEqual(['y1', 'y2']);
    const move = moveCard(structure, 'z', 0);
    expect(move?.writes).toEqual([
      { kind: 'card', cardId: 'z', body: { position: 0 } },
      { kind: 'card', cardId: 'x', body: { position: 1 } },
      { kind: 'card', cardId: 'y', body: { position: 2 } },
    ]);
    // The children keep their own positions: they follow their parent.
    expect(move?.next.cards.find((c) => c.cardId === 'y1')?.position).toBe(0);
  });

  it('send a card to the end of another part, at its top level, the cards under it following', () => {
    const move = moveCardToPart(structure, 'y1', 'b');
    expect(move?.writes).toEqual([{ kind: 'card', cardId: 'y1', body: { partId: 'b' } }]);
    const moved = move?.next.cards.find((c) => c.cardId === 'y1');
    expect(moved).toMatchObject({ partId: 'b', position: 5 });
    expect(moved?.parentCardId).toBeUndefined();
    expect(move?.next.cards.find((c) => c.cardId === 'y1a')).toMatchObject({
      partId: 'b',
      parentCardId: 'y1',
    });
    expect(move?.next.parts.map((p) => p.cardCount)).toEqual([4, 3, 0, 0]);
    expect(descendantsOf(cards, card('y')).map((c) => c.cardId)).toEqual(['y1', 'y1a', 'y2']);
  });

  it('place a dropped item before or after the one it is dropped on', () => {
    const order = ['a', 'b', 'c', 'd'];
    expect(dropIndex(order, 'a', 'c', false)).toBe(1);
    expect(dropIndex(order, 'a', 'c', true)).toBe(2);
    expect(dropIndex(order, 'd', 'a', false)).toBe(0);
    expect(dropIndex(order, 'd', 'b', true)).toBe(2);
  });

  it('lock the cards of a part in preview alone', () => {
    expect(cardsLocked({ status: 'preview' })).toBe(true);
    const others = ['draft', 'inProgress', 'validated'] as const;
    expect(others.map((status) => cardsLocked({ status }))).toEqual([false, false, false]);
  });

  it('drop a dragged card beside its siblings alone', () => {
    expect(dropsBeside(cards, card('x'), card('z'))).toBe(true);
    expect(dropsBeside(cards, card('y1'), card('y2'))).toBe(true);
    // Not beside itself, nor under another parent, nor in another part, nor with nothing dragged.
    expect(dropsBeside(cards, card('x'), card('x'))).toBe(false);
    expect(dropsBeside(cards, card('x'), card('y1'))).toBe(false);
    expect(dropsBeside(cards, card('x'), card('w'))).toBe(false);
    expect(dropsBeside(cards, undefined, card('x'))).toBe(false);
  });

  it('aim a drag over a part before or after it for a part, into it for a card of another part', () => {
    const b = parts[1]!;
    expect(partDropTarget({ kind: 'part', id: 'a' }, undefined, b, true)).toEqual({
      kind: 'part',
      id: 'b',
      after: true,
    });
    expect(partDropTarget({ kind: 'part', id: 'b' }, undefined, b, false)).toBeNull();
    expect(partDropTarget({ kind: 'card', id: 'x' }, card('x'), b, false)).toEqual({ kind: 'into', id: 'b' });
    expect(partDropTarget({ kind: 'card', id: 'w' }, card('w'), b, false)).toBeNull();
    expect(partDropTarget(null, undefined, b, false)).toBeNull();
  });

  it('tell the same drop target from another', () => {
    expect(sameTarget(null, null)).toBe(true);
    expect(sameTarget({ kind: 'into', id: 'a' }, { kind: 'into', id: 'a' })).toBe(true);
    expect(sameTarget({ kind: 'card', id: 'x', after: true }, { kind: 'card', id: 'x', after: true })).toBe(
      true,
    );
    expect(sameTarget({ kind: 'card', id: 'x', after: true }, { kind: 'card', id: 'x', after: false })).toBe(
      false,
    );
    expect(sameTarget({ kind: 'part', id: 'a', after: false }, { kind: 'into', id: 'a' })).toBe(false);
    expect(sameTarget({ kind: 'into', id: 'a' }, null)).toBe(false);
  });
});

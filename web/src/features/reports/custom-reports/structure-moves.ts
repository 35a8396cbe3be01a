import type { ReportCard, ReportPart } from '@shared/contracts/custom-reports';
import { descendantsOf } from '@shared/domain/custom-reports';
import type { StructureWrite } from '../api/custom-reports';

/** A report's parts and cards, as the structure tree shows them. */
export interface Structure {
  parts: readonly ReportPart[];
  cards: readonly ReportCard[];
}

/** A move: the writes that save it (only the positions that change) and the structure it leaves. */
export interface Move {
  writes: StructureWrite[];
  next: Structure;
}

/** A part whose cards may not change, nor move in or out: a preview (the server answers `report-part-preview`). */
export const cardsLocked = (part: Pick<ReportPart, 'status'>): boolean => part.status === 'preview';

/** The parts in the order they are shown. */
export const partsInOrder = <P extends Pick<ReportPart, 'position'>>(parts: readonly P[]): P[] =>
  [...parts].sort((a, b) => a.position - b.position);

/**
 * A card's parent in its part's tree: its parent card when that card is in the same part, else
 * none (the card stands at the top, as `cardTree` shows it).
 */
export function treeParent(cards: readonly ReportCard[], card: ReportCard): string | undefined {
  const parent = card.parentCardId;
  if (!parent || parent === card.cardId) return undefined;
  return cards.some((c) => c.cardId === parent && c.partId === card.partId) ? parent : undefined;
}

/** The cards of the same part under the same parent as `card` (itself included), in order. */
export function siblingsOf(cards: readonly ReportCard[], card: ReportCard): ReportCard[] {
  const parent = treeParent(cards, card);
  return cards
    .filter((c) => c.partId === card.partId && treeParent(cards, c) === parent)
    .sort((a, b) => a.position - b.position);
}

export { descendantsOf };

/** What is being dragged in the structure tree. */
export interface Dragged {
  kind: 'part' | 'card';
  id: string;
}

/** Where a drop would go: before or after a part or a card, or at the end of a part (`into`). */
export type DropTarget = { kind: 'part' | 'card'; id: string; after: boolean } | { kind: 'into'; id: string };

/** Whether two drop targets are the same place (the tree is drawn again only when it changes). */
export const sameTarget = (a: DropTarget | null, b: DropTarget | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.kind === b.kind &&
    a.id === b.id &&
    (a.kind === 'into' || (b.kind !== 'into' && a.after === b.after)));

/**
 * Whether the dragged card may be dropped before or after `card`: only beside one of its siblings
 * (another card of the same part under the same parent).
 */
export function dropsBeside(cards: readonly ReportCard[], dragged: ReportCard | undefined, card: ReportCard) {
  return (
    dragged !== undefined &&
    dragged.cardId !== card.cardId &&
    dragged.partId === card.partId &&
    treeParent(cards, dragged) === treeParent(cards, card)
  );
}

/**
 * Where a drag over a part would drop: before or after it for another part, into it (at its end)
 * for a card of another part, else nowhere.
 */
export function partDropTarget(
  dragged: Dragged | null,
  draggedCard: ReportCard | undefined,
  part: Pick<ReportPart, 'partId'>,
  after: boolean,
): DropTarget | null {
  if (dragged?.kind === 'part' && dragged.id !== part.partId) return { kind: 'part', id: part.partId, after };
  if (draggedCard && draggedCard.partId !== part.partId) return { kind: 'into', id: part.partId };
  return null;
}

/**
 * Where a dragged item lands among `order` (the ids in their shown order) when dropped before or
 * after `targetId`: its index once it has left its own place.
 */
export function dropIndex(order: readonly string[], draggedId: string, targetId: string, after: boolean) {
  const without = order.filter((id) => id !== draggedId);
  const at = without.indexOf(targetId);
  return at < 0 ? -1 : at + (after ? 1 : 0);
}

/** `items` with the one at `from` taken out and put back at `to`. */
function reordered<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** Moves a part to index `to` among the parts; the parts are numbered 0..n-1 again. */
export function movePart(structure: Structure, partId: string, to: number): Move | null {
  const order = partsInOrder(structure.parts);
  const from = order.findIndex((p) => p.partId === partId);
  if (from < 0 || to < 0 || to >= order.length || to === from) return null;
  const next = reordered(order, from, to);
  const writes: StructureWrite[] = next.flatMap((p, position) =>
    p.position === position ? [] : [{ kind: 'part' as const, partId: p.partId, body: { position } }],
  );
  return {
    writes,
    next: { ...structure, parts: next.map((p, position) => ({ ...p, position })) },
  };
}

/**
 * Moves a card to index `to` among its siblings (the cards of its part under the same parent);
 * the cards under it follow it. The siblings are numbered 0..n-1 again.
 */
export function moveCard(structure: Structure, cardId: string, to: number): Move | null {
  const card = structure.cards.find((c) => c.cardId === cardId);
  if (!card) return null;
  const siblings = siblingsOf(structure.cards, card);
  const from = siblings.findIndex((c) => c.cardId === cardId);
  if (to < 0 || to >= siblings.length || to === from) return null;
  const next = reordered(siblings, from, to);
  const positions = new Map(next.map((c, position) => [c.cardId, position]));
  const writes: StructureWrite[] = next.flatMap((c, position) =>
    c.position === position ? [] : [{ kind: 'card' as const, cardId: c.cardId, body: { position } }],
  );
  return {
    writes,
    next: {
      ...structure,
      cards: structure.cards.map((c) => {
        const position = positions.get(c.cardId);
        return position === undefined ? c : { ...c, position };
      }),
    },
  };
}

/**
 * Moves a card to the end of another part, as the server does: it stands at the top level there
 * (no parent), and the cards under it follow with their own parents.
 */
export function moveCardToPart(structure: Structure, cardId: string, partId: string): Move | null {
  const card = structure.cards.find((c) => c.cardId === cardId);
  if (!card || card.partId === partId || !structure.parts.some((p) => p.partId === partId)) return null;
  const inTarget = structure.cards.filter((c) => c.partId === partId);
  const end = inTarget.length ? Math.max(...inTarget.map((c) => c.position)) + 1 : 0;
  const followers = new Set(descendantsOf(structure.cards, card).map((c) => c.cardId));
  const count = followers.size + 1;
  return {
    writes: [{ kind: 'card', cardId, body: { partId } }],
    next: {
      parts: structure.parts.map((p) =>
        p.partId === card.partId
          ? { ...p, cardCount: p.cardCount - count }
          : p.partId === partId
            ? { ...p, cardCount: p.cardCount + count }
            : p,
      ),
      cards: structure.cards.map((c) => {
        if (c.cardId === cardId) {
          const { parentCardId: _parent, ...rest } = c;
          return { ...rest, partId, position: end };
        }
        return followers.has(c.cardId) ? { ...c, partId } : c;
      }),
    },
  };
}

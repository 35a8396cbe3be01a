import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomReportDetail, ReportCard, ReportPart } from '@shared/contracts/custom-reports';
import { notifyError } from '../../../components/notify';
import { ApiError } from '../../../lib/errors';
import { useMoveInStructure, refOf } from '../api/custom-reports';
import { lowerHalf } from './structure-controls';
import {
  cardsLocked,
  descendantsOf,
  dropIndex,
  dropsBeside,
  moveCard,
  moveCardToPart,
  movePart,
  partDropTarget,
  partsInOrder,
  sameTarget,
  siblingsOf,
  type Dragged,
  type DropTarget,
  type Move,
  type Structure,
} from './structure-moves';

/**
 * The editing of a report's structure tree: the structure shown (a move at once while it is saved,
 * then the report read again; a failure is a toast and the tree goes back), what is said to screen
 * readers, the focus kept on the moved row's button, and the moves by button or by drag and drop
 * (the moves themselves are structure-moves').
 */
export function useStructureEditing(report: CustomReportDetail) {
  const { t } = useTranslation();
  const ref = refOf(report);
  const move = useMoveInStructure(ref);
  const [moved, setMoved] = useState<Structure | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<Dragged | null>(null);
  const [dropTarget, setDropTarget] = useState<DropTarget | null>(null);
  const controls = useRef(new Map<string, HTMLElement>());
  const focusAfter = useRef<string[] | null>(null);
  const structure: Structure = moved ?? report;
  const parts = partsInOrder(structure.parts);
  const saving = move.isPending;

  // A moved row is rebuilt where it lands: the focus goes back to its button, or the next enabled one.
  useEffect(() => {
    const keys = focusAfter.current;
    if (!keys) return;
    const target = keys
      .map((key) => controls.current.get(key))
      .find((element) => element && !element.hasAttribute('disabled'));
    if (!target) return;
    focusAfter.current = null;
    if (document.activeElement !== target) target.focus();
  });
  const control = (key: string) => (element: HTMLElement | null) => {
    if (element) controls.current.set(key, element);
    else controls.current.delete(key);
  };

  const run = (next: Move | null, message: string, focus: string[]) => {
    if (!next || next.writes.length === 0 || saving) return;
    setMoved(next.next);
    setAnnouncement('');
    focusAfter.current = focus.length ? focus : null;
    move.mutate(next.writes, {
      onSuccess: () => setAnnouncement(message),
      onSettled: () => setMoved(null),
    });
  };
  /** A card moved into or out of a preview: refused here with the server's own words. */
  const refuse = () => {
    setAnnouncement(t('errors.report-part-preview'));
    notifyError(new ApiError(409, [{ key: 'report-part-preview' }]));
  };
  const movePartTo = (part: ReportPart, to: number, focus: string[] = []) =>
    run(
      movePart(structure, part.partId, to),
      t('reports.custom.structure.partMoved', { name: part.name, position: to + 1, total: parts.length }),
      focus,
    );
  const moveCardTo = (card: ReportCard, to: number, focus: string[] = []) =>
    run(
      moveCard(structure, card.cardId, to),
      t('reports.custom.structure.cardMoved', {
        name: card.title,
        position: to + 1,
        total: siblingsOf(structure.cards, card).length,
      }),
      focus,
    );
  const moveToPart = (card: ReportCard, part: ReportPart, focus: string[] = []) => {
    const from = structure.parts.find((p) => p.partId === card.partId);
    if (cardsLocked(part) || (from && cardsLocked(from))) return refuse();
    run(
      moveCardToPart(structure, card.cardId, part.partId),
      t('reports.custom.structure.cardMovedToPart', {
        name: card.title,
        part: part.name,
        count: descendantsOf(structure.cards, card).length,
      }),
      focus,
    );
  };

  const aim = (target: DropTarget | null) => {
    if (!sameTarget(target, dropTarget)) setDropTarget(target);
  };
  const startDrag = (e: DragEvent<HTMLElement>, item: Dragged) => {
    if (saving) {
      e.preventDefault();
      return;
    }
    e.dataTransfer.setData('text/plain', item.id);
    e.dataTransfer.effectAllowed = 'move';
    const row = e.currentTarget.closest('li');
    // The whole row follows the pointer, not the handle alone (absent in some test browsers).
    if (row && typeof e.dataTransfer.setDragImage === 'function') e.dataTransfer.setDragImage(row, 12, 12);
    setDragged(item);
  };
  const endDrag = () => {
    setDragged(null);
    setDropTarget(null);
  };
  const draggedCard =
    dragged?.kind === 'card' ? structure.cards.find((c) => c.cardId === dragged.id) : undefined;
  /** A card is dropped before or after one of its siblings only. */
  const siblingDrop = (card: ReportCard) => dropsBeside(structure.cards, draggedCard, card);
  const overCard = (e: DragEvent<HTMLElement>, card: ReportCard) => {
    if (!siblingDrop(card)) return;
    e.preventDefault();
    e.stopPropagation();
    e.dataTransfer.dropEffect = 'move';
    aim({ kind: 'card', id: card.cardId, after: lowerHalf(e) });
  };
  const dropOnCard = (e: DragEvent<HTMLElement>, card: ReportCard) => {
    if (!draggedCard || !siblingDrop(card)) return;
    e.preventDefault();
    e.stopPropagation();
    const order = siblingsOf(structure.cards, draggedCard).map((c) => c.cardId);
    const to = dropIndex(order, draggedCard.cardId, card.cardId, lowerHalf(e));
    endDrag();
    moveCardTo(draggedCard, to);
  };
  const overPart = (e: DragEvent<HTMLElement>, part: ReportPart) => {
    const target = partDropTarget(dragged, draggedCard, part, lowerHalf(e));
    if (target) {
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
    }
    aim(target);
  };
  const dropOnPart = (e: DragEvent<HTMLElement>, part: ReportPart) => {
    if (dragged?.kind === 'part' && dragged.id !== part.partId) {
      e.preventDefault();
      const order = parts.map((p) => p.partId);
      const to = dropIndex(order, dragged.id, part.partId, lowerHalf(e));
      const source = parts.find((p) => p.partId === dragged.id);
      endDrag();
      if (source) movePartTo(source, to);
    } else if (draggedCard && draggedCard.partId !== part.partId) {
      e.preventDefault();
      endDrag();
      moveToPart(draggedCard, part);
    }
  };

  return {
    structure,
    parts,
    saving,
    announcement,
    dropTarget,
    control,
    movePartTo,
    moveCardTo,
    moveToPart,
    aim,
    startDrag,
    endDrag,
    overCard,
    dropOnCard,
    overPart,
    dropOnPart,
  };
}

export type StructureEditing = ReturnType<typeof useStructureEditing>;

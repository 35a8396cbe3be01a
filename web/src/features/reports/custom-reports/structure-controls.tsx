import { type CSSProperties, type DragEvent } from 'react';
import { Box, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ReportCard } from '@shared/contracts/custom-reports';

/** The marks of a card, said in words (hidden, favourite, bookmark). */
export function CardMarks({ card }: { card: ReportCard }) {
  const { t } = useTranslation();
  const marks = [
    card.hidden ? t('reports.custom.card.hiddenMark') : '',
    card.favourite ? t('reports.custom.card.favouriteMark') : '',
    card.bookmark ? t('reports.custom.card.bookmarkMark') : '',
  ].filter(Boolean);
  if (marks.length === 0) return null;
  return (
    <Text size="xs" c="dimmed" span>
      {` (${marks.join(', ')})`}
    </Text>
  );
}

/** Whether the pointer is over the lower half of the row: a drop goes after it. */
export function lowerHalf(e: DragEvent<HTMLElement>): boolean {
  const box = e.currentTarget.getBoundingClientRect();
  return e.clientY > box.top + box.height / 2;
}

/** A drop before or after a row shows a thick line on that side (a shape, not a colour alone). */
export const dropLine = (after: boolean): CSSProperties => ({
  boxShadow: `inset 0 ${after ? -4 : 4}px 0 var(--mantine-color-blue-8)`,
});

/** A drop into a part outlines it, dashed; its words say what the drop does (or why it is refused). */
export const dropInto = (refused: boolean): CSSProperties => ({
  outline: `3px dashed var(--mantine-color-${refused ? 'red' : 'blue'}-8)`,
  outlineOffset: 2,
});

/** The handle a row is dragged by; the keyboard moves it with the buttons beside it. */
export function DragHandle({
  label,
  enabled,
  onDragStart,
  onDragEnd,
  testId,
}: {
  label: string;
  enabled: boolean;
  onDragStart: (e: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
  testId: string;
}) {
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      draggable={enabled}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      data-testid={testId}
      px={4}
      style={{ cursor: enabled ? 'grab' : 'not-allowed', userSelect: 'none', fontSize: 18, lineHeight: 1 }}
    >
      ⠿
    </Box>
  );
}

/**
 * A move button: disabled where the move cannot be made; while a move is saved, it refuses but
 * stays focusable, so the focus is not lost.
 */
export function MoveButton({
  label,
  name,
  disabled,
  busy,
  onMove,
  controlRef,
  testId,
}: {
  label: string;
  name: string;
  disabled: boolean;
  busy: boolean;
  onMove: () => void;
  controlRef: (element: HTMLButtonElement | null) => void;
  testId: string;
}) {
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      c="blue.9"
      disabled={disabled}
      data-disabled={busy || undefined}
      aria-disabled={busy || undefined}
      onClick={() => !busy && onMove()}
      aria-label={name}
      ref={controlRef}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}

import { Box, Button, Group, Menu, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportCard, ReportPart } from '@shared/contracts/custom-reports';
import { CardMarks, DragHandle, MoveButton, dropLine } from './structure-controls';
import { cardsLocked, siblingsOf } from './structure-moves';
import type { StructureEditing } from './use-structure-editing';

/**
 * One card of the structure tree, at its depth: its drag handle (not in a preview), its type, title
 * and marks, and its moves — up, down among its siblings, to another part.
 */
export function StructureCardRow({
  card,
  depth,
  locked,
  others,
  editing,
}: {
  card: ReportCard;
  depth: number;
  /** Its part is a preview: its cards may not move. */
  locked: boolean;
  /** The other parts, where it may go. */
  others: readonly ReportPart[];
  editing: StructureEditing;
}) {
  const { t } = useTranslation();
  const {
    structure,
    saving,
    dropTarget,
    control,
    moveCardTo,
    moveToPart,
    startDrag,
    endDrag,
    overCard,
    dropOnCard,
  } = editing;
  const siblings = siblingsOf(structure.cards, card);
  const at = siblings.findIndex((c) => c.cardId === card.cardId);
  const cardLine = dropTarget?.kind === 'card' && dropTarget.id === card.cardId ? dropTarget : null;
  return (
    <Box
      component="li"
      pl={depth * 24}
      py={2}
      data-testid={`tree-card-${card.cardId}`}
      data-depth={depth}
      data-drop={cardLine ? (cardLine.after ? 'after' : 'before') : undefined}
      style={cardLine ? dropLine(cardLine.after) : undefined}
      onDragOver={(e) => overCard(e, card)}
      onDrop={(e) => dropOnCard(e, card)}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          {!locked && (
            <DragHandle
              label={t('reports.custom.structure.dragNamed', { name: card.title })}
              enabled={!saving}
              onDragStart={(e) => startDrag(e, { kind: 'card', id: card.cardId })}
              onDragEnd={endDrag}
              testId={`card-drag-${card.cardId}`}
            />
          )}
          <Text size="sm" span>
            {`${t(`reports.custom.cardTypes.${card.type}`)} · ${card.title}`}
            <CardMarks card={card} />
          </Text>
        </Group>
        <Group gap={4}>
          <MoveButton
            label={t('reports.custom.structure.moveUp')}
            name={t('reports.custom.structure.moveUpNamed', { name: card.title })}
            disabled={locked || at <= 0}
            busy={saving}
            onMove={() => moveCardTo(card, at - 1, [`card:${card.cardId}:up`, `card:${card.cardId}:down`])}
            controlRef={control(`card:${card.cardId}:up`)}
            testId={`tree-card-up-${card.cardId}`}
          />
          <MoveButton
            label={t('reports.custom.structure.moveDown')}
            name={t('reports.custom.structure.moveDownNamed', { name: card.title })}
            disabled={locked || at === siblings.length - 1}
            busy={saving}
            onMove={() => moveCardTo(card, at + 1, [`card:${card.cardId}:down`, `card:${card.cardId}:up`])}
            controlRef={control(`card:${card.cardId}:down`)}
            testId={`tree-card-down-${card.cardId}`}
          />
          <Menu position="bottom-end" disabled={saving}>
            <Menu.Target>
              <Button
                size="compact-xs"
                variant="subtle"
                c="blue.9"
                disabled={locked || others.length === 0}
                data-disabled={saving || undefined}
                aria-disabled={saving || undefined}
                aria-label={t('reports.custom.structure.toPartNamed', {
                  name: card.title,
                })}
                ref={control(`card:${card.cardId}:part`)}
                data-testid={`tree-card-to-part-${card.cardId}`}
              >
                {t('reports.custom.structure.toPart')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown data-testid={`tree-card-parts-${card.cardId}`}>
              <Menu.Label>{t('reports.custom.structure.toPartTitle')}</Menu.Label>
              {others.map((other) => (
                <Menu.Item
                  key={other.partId}
                  disabled={cardsLocked(other)}
                  onClick={() => moveToPart(card, other, [`card:${card.cardId}:part`])}
                  data-testid={`tree-card-to-${other.partId}-${card.cardId}`}
                >
                  {cardsLocked(other)
                    ? t('reports.custom.structure.partInPreview', { name: other.name })
                    : other.name}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </Box>
  );
}

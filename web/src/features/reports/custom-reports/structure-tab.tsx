import { useState } from 'react';
import { Anchor, Box, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type CustomReportDetail, type ReportPart } from '@shared/contracts/custom-reports';
import { useDeleteReportPart, refOf } from '../api/custom-reports';
import { StatusBadge, cardTree } from './custom-report-parts';
import { reportPartPath } from '../paths';
import { cardsLocked } from './structure-moves';
import { dropLine, dropInto, DragHandle, MoveButton } from './structure-controls';
import { AddPartForm, RenamePartDialog } from './part-forms';
import { StructureCardRow } from './structure-card-row';
import { useStructureEditing } from './use-structure-editing';
import { useConfirmedRemoval } from '../../../components/confirmed-removal';

/**
 * The structure tab: the parts in order, each with its cards as a tree. Parts are reordered, and
 * cards reordered among their siblings or moved to the end of another part (the cards under them
 * follow), by drag and drop or by the buttons beside each row. The tree shows a move at once while
 * it is saved, then the report read again; a failure is a toast and the tree goes back.
 */
export function StructureTab({ report }: { report: CustomReportDetail }) {
  const { t } = useTranslation();
  const ref = refOf(report);
  const [renaming, setRenaming] = useState<ReportPart | null>(null);
  const remove = useDeleteReportPart(ref);
  const removal = useConfirmedRemoval<ReportPart>({
    remove: (part) => remove.mutateAsync(part.partId),
    title: t('reports.custom.structure.deleteTitle'),
    message: (part) => (
      <Text>{t('reports.custom.structure.deleteMessage', { name: part.name, count: part.cardCount })}</Text>
    ),
    confirmLabel: t('reports.custom.structure.delete'),
    cancelLabel: t('reports.custom.cancel'),
    destructive: false,
    success: (part) => ({ key: 'reports.custom.structure.deleted', values: { name: part.name } }),
    testId: 'part-delete',
  });
  const editing = useStructureEditing(report);
  const {
    structure,
    parts,
    saving,
    announcement,
    dropTarget,
    control,
    movePartTo,
    aim,
    startDrag,
    endDrag,
    overPart,
    dropOnPart,
  } = editing;

  return (
    <Stack>
      <Title order={2} size="h4">
        {t('reports.custom.tabs.structure')}
      </Title>
      <VisuallyHidden role="status" data-testid="structure-announcer">
        {announcement}
      </VisuallyHidden>
      <AddPartForm reportRef={ref} />
      {parts.length === 0 ? (
        <Text c="dimmed" data-testid="custom-report-no-part">
          {t('reports.custom.structure.empty')}
        </Text>
      ) : (
        <Box
          component="ol"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('reports.custom.structure.parts')}
          aria-busy={saving || undefined}
          onDragLeave={(e) => {
            if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) aim(null);
          }}
        >
          {parts.map((part, index) => {
            const cards = cardTree(structure.cards.filter((c) => c.partId === part.partId));
            const locked = cardsLocked(part);
            const others = parts.filter((p) => p.partId !== part.partId);
            const line = dropTarget?.kind === 'part' && dropTarget.id === part.partId ? dropTarget : null;
            const into = dropTarget?.kind === 'into' && dropTarget.id === part.partId;
            return (
              <Card
                key={part.partId}
                component="li"
                withBorder
                mb="sm"
                data-testid={`part-${part.partId}`}
                data-drop={line ? (line.after ? 'after' : 'before') : into ? 'into' : undefined}
                style={line ? dropLine(line.after) : into ? dropInto(locked) : undefined}
                onDragOver={(e) => overPart(e, part)}
                onDrop={(e) => dropOnPart(e, part)}
              >
                <Group justify="space-between" wrap="wrap">
                  <Group gap="xs">
                    <DragHandle
                      label={t('reports.custom.structure.dragNamed', { name: part.name })}
                      enabled={!saving}
                      onDragStart={(e) => startDrag(e, { kind: 'part', id: part.partId })}
                      onDragEnd={endDrag}
                      testId={`part-drag-${part.partId}`}
                    />
                    <Title order={3} size="h5">
                      <Anchor component={Link} to={reportPartPath(report, part.partId)}>
                        {part.name}
                      </Anchor>
                    </Title>
                    {part.cardCount > 0 && (
                      <StatusBadge kind="part" status={part.status} testId={`part-status-${part.partId}`} />
                    )}
                    <Text size="sm" c="dimmed">
                      {t('reports.custom.cardCount', { count: part.cardCount })}
                    </Text>
                  </Group>
                  <Group gap="xs">
                    <MoveButton
                      label={t('reports.custom.structure.moveUp')}
                      name={t('reports.custom.structure.moveUpNamed', { name: part.name })}
                      disabled={index === 0}
                      busy={saving}
                      onMove={() =>
                        movePartTo(part, index - 1, [`part:${part.partId}:up`, `part:${part.partId}:down`])
                      }
                      controlRef={control(`part:${part.partId}:up`)}
                      testId={`part-up-${part.partId}`}
                    />
                    <MoveButton
                      label={t('reports.custom.structure.moveDown')}
                      name={t('reports.custom.structure.moveDownNamed', { name: part.name })}
                      disabled={index === parts.length - 1}
                      busy={saving}
                      onMove={() =>
                        movePartTo(part, index + 1, [`part:${part.partId}:down`, `part:${part.partId}:up`])
                      }
                      controlRef={control(`part:${part.partId}:down`)}
                      testId={`part-down-${part.partId}`}
                    />
                    <Button
                      variant="subtle"
                      c="blue.9"
                      size="xs"
                      onClick={() => setRenaming(part)}
                      aria-label={t('reports.custom.structure.renameNamed', { name: part.name })}
                      data-testid={`part-rename-${part.partId}`}
                    >
                      {t('reports.custom.structure.rename')}
                    </Button>
                    <Button
                      variant="subtle"
                      color="red"
                      c="red.9"
                      size="xs"
                      onClick={() => {
                        remove.reset();
                        removal.ask(part);
                      }}
                      aria-label={t('reports.custom.structure.deleteNamed', { name: part.name })}
                      data-testid={`part-delete-${part.partId}`}
                    >
                      {t('reports.custom.structure.delete')}
                    </Button>
                  </Group>
                </Group>
                {into && (
                  <Text size="sm" fw={500} mt="xs" data-testid={`part-drop-note-${part.partId}`}>
                    {locked ? t('errors.report-part-preview') : t('reports.custom.structure.dropInto')}
                  </Text>
                )}
                {locked && cards.length > 0 && !into && (
                  <Text size="xs" c="dimmed" mt="xs" data-testid={`part-locked-${part.partId}`}>
                    {t('errors.report-part-preview')}
                  </Text>
                )}
                {cards.length > 0 && (
                  <Box component="ol" mt="xs" mb={0} pl={0} style={{ listStyle: 'none' }}>
                    {cards.map(({ card, depth }) => (
                      <StructureCardRow
                        key={card.cardId}
                        card={card}
                        depth={depth}
                        locked={locked}
                        others={others}
                        editing={editing}
                      />
                    ))}
                  </Box>
                )}
              </Card>
            );
          })}
        </Box>
      )}
      {renaming && <RenamePartDialog reportRef={ref} part={renaming} onClose={() => setRenaming(null)} />}
      {removal.dialog}
    </Stack>
  );
}

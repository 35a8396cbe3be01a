import { useEffect, useMemo, useRef, useState, type CSSProperties, type DragEvent } from 'react';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Group,
  Menu,
  MultiSelect,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  CUSTOM_REPORT_STATUSES,
  ReportPartCreateSchema,
  type CustomReportDetail,
  type Render,
  type ReportCard,
  type ReportPart,
} from '@shared/contracts/custom-reports';
import type { Language } from '@shared/contracts/headers';
import type { Tag } from '@shared/contracts/tags';
import { tagName } from '@shared/domain/tags';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { ErrorState } from '../../components/error-state';
import { notifyError, notifySuccess } from '../../components/notify';
import { currentLanguage } from '../../i18n';
import { useAbility } from '../../lib/ability';
import { formatDateTime } from '../../lib/dates';
import { ApiError, translateErrorItem } from '../../lib/errors';
import { useFormProblems } from '../../lib/form-problems';
import { overlaySearch } from '../../lib/overlays';
import { useTabParam } from '../../lib/use-tab-param';
import {
  useCreateReportPart,
  useCustomReport,
  useDeleteReportPart,
  useDeleteReportRender,
  useDownloadReportRender,
  useMoveInStructure,
  useReportRenders,
  useUpdateCustomReport,
  useUpdateReportPart,
  refOf,
  type ReportRef,
} from './api/custom-reports';
import { useReportSphere, useReportTags } from './api/reports';
import {
  AnonymityAlert,
  CustomFrame,
  RenderStatusBadge,
  StatusBadge,
  cardTree,
  pageStatus,
  periodText,
  mayRenderReports,
  useReportsAccess,
} from './custom-report-parts';
import { RENDER_REPORT_OVERLAY, campaignCustomReportsPath, customReportsPath, reportPartPath } from './paths';
import {
  cardsLocked,
  descendantsOf,
  dropIndex,
  moveCard,
  moveCardToPart,
  movePart,
  partsInOrder,
  siblingsOf,
  treeParent,
  type Move,
  type Structure,
} from './structure-moves';

/** The tabs of a report (spec 02 §2 custom reports). */
export const REPORT_TABS = ['structure', 'favourites', 'bookmarks', 'documents', 'dimensions'] as const;

/**
 * `/apps/spheres/{sphereId}/custom-reports/{reportId}` (spec 02 §2): one report — its status, its
 * period, the study-programme warning, the way to its campaign's reports when it is a campaign's —
 * with its structure (parts and their cards as a tree), its favourite and bookmarked cards, its
 * rendered documents and its dimensions (tag types); "Render" opens the render overlay. A group's
 * report is the same page under `/apps/sessions/{sessionId}/custom-reports/{reportId}` (decision
 * 0037), for the group's members alone.
 */
export default function CustomReportPage() {
  const { t } = useTranslation();
  const { reportId = '' } = useParams();
  const access = useReportsAccess();
  const ref = { ...access.scope, reportId };
  const report = useCustomReport(ref, access.allowed);
  const status = pageStatus(
    report,
    access,
    { loadError: t('reports.custom.report.loadError'), testId: 'custom-report' },
    t,
  );
  const ofGroup = ref.sessionId !== undefined;

  return (
    <CustomFrame
      title={report.data?.name ?? t('reports.custom.report.titleAlone')}
      back={{
        to: customReportsPath(ref),
        label: t(ofGroup ? 'reports.custom.group.back' : 'reports.custom.report.back'),
      }}
      testId="custom-report-page"
      actions={report.data && <RenderButton reportRef={ref} />}
    >
      {report.data?.campaignId && (
        <Text size="sm" data-testid="custom-report-campaign">
          {t('reports.custom.campaignReports.reportOf')}
          {' · '}
          <Anchor
            component={Link}
            to={campaignCustomReportsPath(report.data.campaignId)}
            data-testid="custom-report-campaign-link"
          >
            {t('reports.custom.campaignReports.list')}
          </Anchor>
        </Text>
      )}
      {status ?? (report.data && <ReportBody report={report.data} />)}
    </CustomFrame>
  );
}

/**
 * "Render": opens the render overlay for those who may render the report (a sphere's: who may
 * export its reports; a group's: its members who work on them).
 */
function RenderButton({ reportRef }: { reportRef: ReportRef }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const navigate = useNavigate();
  const location = useLocation();
  if (!mayRenderReports(ability, reportRef)) return null;
  const open = () => {
    const params = new URLSearchParams(overlaySearch(location.search, RENDER_REPORT_OVERLAY));
    params.set('sphereId', reportRef.sphereId);
    if (reportRef.sessionId !== undefined) params.set('sessionId', reportRef.sessionId);
    else params.delete('sessionId');
    params.set('reportId', reportRef.reportId);
    void navigate({ pathname: location.pathname, search: `?${params.toString()}` });
  };
  return (
    <Button onClick={open} data-testid="custom-report-render">
      {t('reports.custom.report.render')}
    </Button>
  );
}

function ReportBody({ report }: { report: CustomReportDetail }) {
  const { t } = useTranslation();
  const ref = refOf(report);
  const update = useUpdateCustomReport(ref);
  const [tab, setTab] = useTabParam(REPORT_TABS);

  return (
    <Stack>
      {report.anonymityNotGuaranteed && <AnonymityAlert />}
      <Group align="flex-end" gap="lg" wrap="wrap">
        <NativeSelect
          label={t('reports.custom.fields.status')}
          value={report.status}
          onChange={(e) => {
            const status = CUSTOM_REPORT_STATUSES.find((s) => s === e.currentTarget.value);
            if (status)
              update.mutate(
                { status },
                { onSuccess: () => notifySuccess('reports.custom.report.statusSaved') },
              );
          }}
          disabled={update.isPending}
          data={CUSTOM_REPORT_STATUSES.map((s) => ({
            value: s,
            label: t(`reports.custom.status.report.${s}`),
          }))}
          data-testid="custom-report-status"
        />
        <StatusBadge kind="report" status={report.status} testId="custom-report-status-badge" />
        <Text size="sm" data-testid="custom-report-period">
          {periodText(report, t)}
        </Text>
        <Text size="sm">
          {t('reports.custom.report.languages', {
            languages: report.languages.map((l) => t(`reports.custom.languages.${l}`)).join(', '),
          })}
        </Text>
      </Group>
      {report.description && <Text size="sm">{report.description}</Text>}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          {REPORT_TABS.map((id) => (
            <Tabs.Tab key={id} value={id} data-testid={`custom-report-tab-${id}`}>
              {t(`reports.custom.tabs.${id}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="structure" pt="md">
          <StructureTab report={report} />
        </Tabs.Panel>
        <Tabs.Panel value="favourites" pt="md">
          <MarkedCards report={report} mark="favourite" />
        </Tabs.Panel>
        <Tabs.Panel value="bookmarks" pt="md">
          <MarkedCards report={report} mark="bookmark" />
        </Tabs.Panel>
        <Tabs.Panel value="documents" pt="md">
          <DocumentsTab reportRef={ref} />
        </Tabs.Panel>
        <Tabs.Panel value="dimensions" pt="md">
          <DimensionsTab report={report} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** The marks of a card, said in words (hidden, favourite, bookmark). */
function CardMarks({ card }: { card: ReportCard }) {
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

/** What is being dragged in the structure tree. */
interface Dragged {
  kind: 'part' | 'card';
  id: string;
}

/** Where a drop would go: before or after a part or a card, or at the end of a part (`into`). */
type DropTarget = { kind: 'part' | 'card'; id: string; after: boolean } | { kind: 'into'; id: string };

const sameTarget = (a: DropTarget | null, b: DropTarget | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.kind === b.kind &&
    a.id === b.id &&
    (a.kind === 'into' || (b.kind !== 'into' && a.after === b.after)));

/** Whether the pointer is over the lower half of the row: a drop goes after it. */
function lowerHalf(e: DragEvent<HTMLElement>): boolean {
  const box = e.currentTarget.getBoundingClientRect();
  return e.clientY > box.top + box.height / 2;
}

/** A drop before or after a row shows a thick line on that side (a shape, not a colour alone). */
const dropLine = (after: boolean): CSSProperties => ({
  boxShadow: `inset 0 ${after ? -4 : 4}px 0 var(--mantine-color-blue-8)`,
});
/** A drop into a part outlines it, dashed; its words say what the drop does (or why it is refused). */
const dropInto = (refused: boolean): CSSProperties => ({
  outline: `3px dashed var(--mantine-color-${refused ? 'red' : 'blue'}-8)`,
  outlineOffset: 2,
});

/** The handle a row is dragged by; the keyboard moves it with the buttons beside it. */
function DragHandle({
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
function MoveButton({
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

/**
 * The structure tab: the parts in order, each with its cards as a tree. Parts are reordered, and
 * cards reordered among their siblings or moved to the end of another part (the cards under them
 * follow), by drag and drop or by the buttons beside each row. The tree shows a move at once while
 * it is saved, then the report read again; a failure is a toast and the tree goes back.
 */
function StructureTab({ report }: { report: CustomReportDetail }) {
  const { t } = useTranslation();
  const ref = refOf(report);
  const [renaming, setRenaming] = useState<ReportPart | null>(null);
  const [deleting, setDeleting] = useState<ReportPart | null>(null);
  const remove = useDeleteReportPart(ref);
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
  const siblingDrop = (card: ReportCard) =>
    draggedCard !== undefined &&
    draggedCard.cardId !== card.cardId &&
    draggedCard.partId === card.partId &&
    treeParent(structure.cards, draggedCard) === treeParent(structure.cards, card);
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
    if (dragged?.kind === 'part' && dragged.id !== part.partId) {
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      aim({ kind: 'part', id: part.partId, after: lowerHalf(e) });
    } else if (draggedCard && draggedCard.partId !== part.partId) {
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      aim({ kind: 'into', id: part.partId });
    } else aim(null);
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
                        setDeleting(part);
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
                    {cards.map(({ card, depth }) => {
                      const siblings = siblingsOf(structure.cards, card);
                      const at = siblings.findIndex((c) => c.cardId === card.cardId);
                      const cardLine =
                        dropTarget?.kind === 'card' && dropTarget.id === card.cardId ? dropTarget : null;
                      return (
                        <Box
                          component="li"
                          key={card.cardId}
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
                                onMove={() =>
                                  moveCardTo(card, at - 1, [
                                    `card:${card.cardId}:up`,
                                    `card:${card.cardId}:down`,
                                  ])
                                }
                                controlRef={control(`card:${card.cardId}:up`)}
                                testId={`tree-card-up-${card.cardId}`}
                              />
                              <MoveButton
                                label={t('reports.custom.structure.moveDown')}
                                name={t('reports.custom.structure.moveDownNamed', { name: card.title })}
                                disabled={locked || at === siblings.length - 1}
                                busy={saving}
                                onMove={() =>
                                  moveCardTo(card, at + 1, [
                                    `card:${card.cardId}:down`,
                                    `card:${card.cardId}:up`,
                                  ])
                                }
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
                    })}
                  </Box>
                )}
              </Card>
            );
          })}
        </Box>
      )}
      {renaming && <RenamePartDialog reportRef={ref} part={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('reports.custom.structure.deleteTitle')}
        confirmLabel={t('reports.custom.structure.delete')}
        cancelLabel={t('reports.custom.cancel')}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.partId, {
            onSuccess: () => {
              notifySuccess('reports.custom.structure.deleted', { values: { name: deleting.name } });
              setDeleting(null);
            },
          })
        }
        pending={remove.isPending}
        testId="part-delete"
      >
        <Text>
          {t('reports.custom.structure.deleteMessage', {
            name: deleting?.name ?? '',
            count: deleting?.cardCount ?? 0,
          })}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

function AddPartForm({ reportRef }: { reportRef: ReportRef }) {
  const { t } = useTranslation();
  const create = useCreateReportPart(reportRef);
  // The server's refusals are toasts (spec 02 §8); the name is checked here first.
  const problems = useFormProblems(null);
  const [name, setName] = useState('');
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!problems.check(ReportPartCreateSchema, { name })) return;
        create.mutate(name, {
          onSuccess: (part) => {
            notifySuccess('reports.custom.structure.added', { values: { name: part.name } });
            setName('');
          },
        });
      }}
      data-testid="part-add-form"
    >
      <Group align="flex-start" wrap="wrap">
        <TextInput
          label={t('reports.custom.structure.newPart')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={
            problems.messageFor('name') ?? problems.general.map((p) => translateErrorItem(p, t)).join('; ')
          }
          miw={260}
          data-testid="part-add-name"
        />
        <Button type="submit" mt={25} loading={create.isPending} data-testid="part-add-submit">
          {t('reports.custom.structure.add')}
        </Button>
      </Group>
    </form>
  );
}

function RenamePartDialog({
  reportRef,
  part,
  onClose,
}: {
  reportRef: ReportRef;
  part: ReportPart;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateReportPart(reportRef);
  const problems = useFormProblems(update.error);
  const [name, setName] = useState(part.name);
  return (
    <Dialog
      opened
      onClose={() => !update.isPending && onClose()}
      title={t('reports.custom.structure.renameTitle')}
      closeLabel={t('reports.custom.cancel')}
      data-testid="part-rename-dialog"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!problems.check(ReportPartCreateSchema, { name })) return;
          update.mutate({ partId: part.partId, name }, { onSuccess: onClose });
        }}
      >
        <Stack>
          <TextInput
            label={t('reports.custom.fields.name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={problems.messageFor('name')}
            data-testid="part-rename-name"
          />
          {problems.general.length > 0 && (
            <Alert color="red" role="alert">
              {problems.general.map((p) => translateErrorItem(p, t)).join('; ')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              {t('reports.custom.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending} data-testid="part-rename-submit">
              {t('reports.custom.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

/** The report's favourite or bookmarked cards, each with the part it is in. */
function MarkedCards({ report, mark }: { report: CustomReportDetail; mark: 'favourite' | 'bookmark' }) {
  const { t } = useTranslation();
  const parts = new Map(report.parts.map((p) => [p.partId, p]));
  const cards = report.cards
    .filter((c) => c[mark])
    .sort(
      (a, b) =>
        (parts.get(a.partId)?.position ?? 0) - (parts.get(b.partId)?.position ?? 0) ||
        a.position - b.position,
    );
  const title = t(mark === 'favourite' ? 'reports.custom.tabs.favourites' : 'reports.custom.tabs.bookmarks');
  return (
    <Stack>
      <Title order={2} size="h4">
        {title}
      </Title>
      {cards.length === 0 ? (
        <Text c="dimmed" data-testid={`marked-empty-${mark}`}>
          {t(mark === 'favourite' ? 'reports.custom.marked.noFavourite' : 'reports.custom.marked.noBookmark')}
        </Text>
      ) : (
        <Box component="ul" m={0} pl="lg" data-testid={`marked-${mark}`}>
          {cards.map((card) => {
            const part = parts.get(card.partId);
            return (
              <li key={card.cardId}>
                <Text size="sm" span>
                  {card.title}
                </Text>
                {part && (
                  <Text size="sm" span>
                    {' — '}
                    <Anchor component={Link} to={reportPartPath(report, part.partId)}>
                      {part.name}
                    </Anchor>
                  </Text>
                )}
              </li>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}

function DocumentsTab({ reportRef }: { reportRef: ReportRef }) {
  const { t } = useTranslation();
  const renders = useReportRenders(reportRef);
  const download = useDownloadReportRender(reportRef);
  const remove = useDeleteReportRender(reportRef);
  const [removing, setRemoving] = useState<Render | null>(null);
  const list = [...(renders.data?.renders ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  let body;
  if (renders.isPending) body = <Skeleton height={120} data-testid="documents-loading" />;
  else if (renders.isError)
    body = (
      <ErrorState
        title={t('reports.custom.documents.loadError')}
        error={renders.error}
        onRetry={() => void renders.refetch()}
        testId="documents-error"
      />
    );
  else if (list.length === 0)
    body = (
      <Text c="dimmed" data-testid="documents-empty">
        {t('reports.custom.documents.empty')}
      </Text>
    );
  else
    body = (
      <Table.ScrollContainer
        minWidth={720}
        scrollAreaProps={{
          viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('reports.custom.documents.caption') },
        }}
      >
        <Table data-testid="documents-list">
          <Table.Caption>{t('reports.custom.documents.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('reports.custom.fields.name')}</Table.Th>
              <Table.Th scope="col">{t('reports.custom.documents.format')}</Table.Th>
              <Table.Th scope="col">{t('reports.custom.documents.lang')}</Table.Th>
              <Table.Th scope="col">{t('reports.custom.fields.status')}</Table.Th>
              <Table.Th scope="col">{t('reports.custom.documents.createdAt')}</Table.Th>
              <Table.Th scope="col">{t('reports.custom.documents.file')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((r) => (
              <Table.Tr key={r.renderId} data-testid={`document-${r.renderId}`}>
                <Table.Th scope="row">{r.name}</Table.Th>
                <Table.Td>{t(`reports.custom.formats.${r.format}`)}</Table.Td>
                <Table.Td>{t(`reports.custom.languages.${r.lang}`)}</Table.Td>
                <Table.Td>
                  <RenderStatusBadge status={r.status} testId={`document-status-${r.renderId}`} />
                </Table.Td>
                <Table.Td>{formatDateTime(r.createdAt)}</Table.Td>
                <Table.Td>
                  {r.status === 'done' && (
                    <Button
                      size="xs"
                      variant="default"
                      loading={download.isPending && download.variables === r.renderId}
                      onClick={() => download.mutate(r.renderId)}
                      aria-label={t('reports.custom.documents.downloadNamed', { name: r.name })}
                      data-testid={`document-download-${r.renderId}`}
                    >
                      {t('reports.custom.documents.download')}
                    </Button>
                  )}
                  {r.status === 'error' && (
                    <Text size="sm" data-testid={`document-reason-${r.renderId}`}>
                      {r.reason
                        ? t('reports.custom.documents.reason', {
                            // The server's key when it gives one, else its words.
                            reason: t(`errors.${r.reason}`, { defaultValue: r.reason }),
                          })
                        : t('reports.custom.documents.failed')}
                    </Text>
                  )}
                  {r.status === 'inProgress' && (
                    <Text size="sm" c="dimmed">
                      {t('reports.custom.documents.wait')}
                    </Text>
                  )}
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    c="red.9"
                    onClick={() => setRemoving(r)}
                    aria-label={t(
                      r.status === 'inProgress'
                        ? 'reports.custom.documents.cancelNamed'
                        : 'reports.custom.documents.removeNamed',
                      { name: r.name },
                    )}
                    data-testid={`document-remove-${r.renderId}`}
                  >
                    {t(
                      r.status === 'inProgress'
                        ? 'reports.custom.documents.cancel'
                        : 'reports.custom.documents.remove',
                    )}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  const cancelling = removing?.status === 'inProgress';
  return (
    <Stack>
      <Title order={2} size="h4">
        {t('reports.custom.tabs.documents')}
      </Title>
      {body}
      <ConfirmDialog
        opened={removing !== null}
        title={t(
          cancelling ? 'reports.custom.documents.cancelTitle' : 'reports.custom.documents.removeTitle',
        )}
        confirmLabel={t(cancelling ? 'reports.custom.documents.cancel' : 'reports.custom.documents.remove')}
        cancelLabel={t('reports.custom.cancel')}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.renderId, {
            onSuccess: () => {
              notifySuccess(
                cancelling ? 'reports.custom.documents.cancelled' : 'reports.custom.documents.removed',
                {
                  values: { name: removing.name },
                },
              );
              setRemoving(null);
            },
          })
        }
        pending={remove.isPending}
        error={remove.error}
        destructive
        testId="document-remove"
      >
        <Text>
          {t(
            cancelling ? 'reports.custom.documents.cancelMessage' : 'reports.custom.documents.removeMessage',
            {
              name: removing?.name ?? '',
            },
          )}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** A tag type of the sphere, with the names of its tags, as the dimensions list offers it. */
export function dimensionOptions(
  tags: readonly Tag[],
  typeName: (type: string) => string,
  language: Language,
  primary: Language | undefined,
): { value: string; label: string }[] {
  const byType = new Map<string, string[]>();
  for (const tag of tags) {
    if (tag.archived) continue;
    const name = tagName(tag.name, language, primary) || tag.shortId || tag.id;
    byType.set(tag.type, [...(byType.get(tag.type) ?? []), name]);
  }
  return [...byType.entries()]
    .map(([type, names]) => ({
      value: type,
      label: `${typeName(type)} (${names.sort((a, b) => a.localeCompare(b, language)).join(', ')})`,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}

/** The report's dimensions: the tag types its groups are cut by, chosen among the sphere's. */
function DimensionsTab({ report }: { report: CustomReportDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const ability = useAbility();
  const canReadTags = ability.can('get', subject('sphere-tag', { sphereId: report.sphereId }));
  const tags = useReportTags(report.sphereId, canReadTags);
  const sphere = useReportSphere(report.sphereId, canReadTags);
  const update = useUpdateCustomReport(refOf(report));
  const [chosen, setChosen] = useState<string[]>(report.dimensions);
  const options = useMemo(() => {
    const known = dimensionOptions(
      tags.data?.items ?? [],
      (type) => t(`reports.custom.tagTypes.${type}`, { defaultValue: type }),
      language,
      sphere.data?.languages.primary,
    );
    // A dimension whose tags are gone stays named, so it can be taken away.
    const missing = report.dimensions
      .filter((d) => !known.some((o) => o.value === d))
      .map((d) => ({ value: d, label: t(`reports.custom.tagTypes.${d}`, { defaultValue: d }) }));
    return [...known, ...missing];
  }, [tags.data, sphere.data, report.dimensions, language, t]);
  const changed =
    chosen.length !== report.dimensions.length || chosen.some((d) => !report.dimensions.includes(d));

  return (
    <Stack>
      <Title order={2} size="h4">
        {t('reports.custom.tabs.dimensions')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('reports.custom.dimensions.intro')}
      </Text>
      {tags.isError && (
        <Text size="sm" c="dimmed" data-testid="dimensions-tags-error">
          {t('reports.custom.dimensions.tagsError')}
        </Text>
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate(
            { dimensions: chosen },
            { onSuccess: () => notifySuccess('reports.custom.dimensions.saved') },
          );
        }}
      >
        <Stack>
          <MultiSelect
            label={t('reports.custom.dimensions.label')}
            placeholder={chosen.length ? undefined : t('reports.custom.dimensions.none')}
            value={chosen}
            onChange={setChosen}
            data={options}
            searchable
            clearable
            disabled={tags.isPending && canReadTags}
            maxValues={20}
            data-testid="dimensions-select"
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              disabled={!changed}
              loading={update.isPending}
              data-testid="dimensions-save"
            >
              {t('reports.custom.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

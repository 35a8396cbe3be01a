import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Strategy, StrategyList } from '@shared/contracts/strategies';
import {
  STRATEGY_INDENT_MAX,
  withoutHidden,
  withoutItem,
  type StrategyLink,
} from '@shared/domain/strategies';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { ErrorState } from '../../components/error-state';
import { notifyError } from '../../components/notify';
import { ApiError } from '../../lib/errors';
import {
  reloadStrategies,
  strategyListKey,
  useAddStrategy,
  useDeleteStrategy,
  useReorderStrategies,
  useStrategies,
  useUpdateStrategy,
  type StrategyListRef,
} from './api/strategies';
import {
  OUTLINE_MOVES,
  applyMove,
  childCount,
  levelOf,
  moveRefusal,
  type OutlineMove,
} from './outline-rules';
import { ItemBadges, LinkedGoals, indentStyle, useItemName } from './outline-view';
import { StrategyItemForm, draftOf, type StrategyDraft } from './strategy-item-form';

/** The key of a list's answer saying its sphere has strategies turned off (decision 0019). */
export const STRATEGY_NOT_ENABLED = 'strategy-not-enabled';

export function isNotEnabled(error: unknown): boolean {
  return error instanceof ApiError && error.keys.includes(STRATEGY_NOT_ENABLED);
}

/** A write refused because the list changed meanwhile (409), or an item gone since (404). */
function isStale(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 409 || error.status === 404);
}

/** A list's order and indents in one string, to tell when the list shows a given outline. */
const outlineSignature = (items: readonly Strategy[]) => items.map((i) => `${i.id}:${i.indent}`).join(' ');

const GLYPHS: Record<OutlineMove, string> = { up: '↑', down: '↓', outdent: '←', indent: '→' };

/**
 * Loads a list of strategies and edits it (spec 01 §5, spec 02 §2, §4): the life compass, a
 * sphere's or a session's strategy. Loading, error, "not enabled" and empty states; otherwise the
 * outline editor.
 */
export function OutlineEditor({
  list,
  empty,
  notEnabled,
}: {
  list: StrategyListRef;
  /** What an empty list says (and how to begin). */
  empty: ReactNode;
  /** What to show when the sphere has strategies turned off. */
  notEnabled?: ReactNode;
}) {
  const { t } = useTranslation();
  const query = useStrategies(list);
  if (query.isPending) return <Skeleton height={160} data-testid="strategy-loading" />;
  if (query.isError) {
    if (notEnabled && isNotEnabled(query.error)) return <>{notEnabled}</>;
    return (
      <ErrorState
        title={t('strategies.outline.loadError')}
        error={query.error}
        onRetry={() => void query.refetch()}
        testId="strategy-error"
      />
    );
  }
  return <Outline list={list} items={query.data.items} empty={empty} />;
}

type Editing = { kind: 'add' } | { kind: 'edit'; id: string } | null;

/**
 * The outline editor: each item indented and with its level in words; moved up or down past its
 * sibling and indented or outdented with buttons that keep the focus on the moved item, refused
 * moves saying why (the shared rules); each move saved at once (PUT …/order), a conflict reloading
 * the list and saying so; items added at the end, changed in place, hidden or shown, deleted after
 * a confirmation that says where their sub-items go. A live region tells screen readers what moved.
 */
export function Outline({
  list,
  items,
  empty,
}: {
  list: StrategyListRef;
  items: readonly Strategy[];
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  const name = useItemName();
  const queryClient = useQueryClient();
  const linkTo: StrategyLink = list.linkTo;
  const [editing, setEditing] = useState<Editing>(null);
  const [conflict, setConflict] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const controls = useRef(new Map<string, HTMLElement>());
  /**
   * Where the focus goes once the list shows `outline` (a move or a delete shows a moment after the
   * click, and rebuilding a row can drop the focus): the request stays until then.
   */
  const focusRequest = useRef<{ key: string; outline: string | undefined } | null>(null);
  const [focusAsked, setFocusAsked] = useState(0);
  const requestFocus = (key: string, outline?: readonly Strategy[]) => {
    focusRequest.current = { key, outline: outline && outlineSignature(outline) };
    setFocusAsked((n) => n + 1);
  };
  const add = useAddStrategy(list);
  const edit = useUpdateStrategy(list);
  const toggle = useUpdateStrategy(list);
  const remove = useDeleteStrategy(list);

  /** A stale write: the list is read anew and the person told; other failures are toasts (400s show on fields). */
  const failed = (error: unknown, fieldsShown = false) => {
    if (isStale(error)) {
      focusRequest.current = null;
      setConflict(true);
      void reloadStrategies(queryClient, list);
    } else if (!(fieldsShown && error instanceof ApiError && error.status === 400)) notifyError(error);
  };
  const reorder = useReorderStrategies(list, failed);
  /** Deleting an item and its children: the focus then goes to the item in its place, else to add. */
  const deleting = useConfirmedRemoval<Strategy>({
    remove: (item) => remove.mutateAsync(item.id),
    title: (item) => t('strategies.remove.title', { title: name(item) }),
    message: (item) => {
      const children = childCount(items, item.id);
      return (
        <Text size="sm" data-testid="strategy-remove-children">
          {children > 0
            ? t('strategies.remove.children', { count: children })
            : t('strategies.remove.noChildren')}
        </Text>
      );
    },
    confirmLabel: t('strategies.remove.confirm'),
    cancelLabel: t('strategies.remove.keep'),
    testId: 'strategy-remove',
    // A stale list is read anew and the person told, the dialog closed; other failures show in it.
    showError: (error) => !isStale(error),
    onFailed: (error, _item, close) => {
      if (!isStale(error)) return;
      close();
      failed(error);
    },
    onCancelled: (item) => requestFocus(`${item.id}:delete`),
    onRemoved: (gone) => {
      const index = items.findIndex((i) => i.id === gone.id);
      setAnnouncement(t('strategies.remove.done', { title: name(gone) }));
      const after = withoutItem(items, gone.id);
      const next = after[index] ?? after[index - 1];
      requestFocus(next ? `${next.id}:edit` : 'add', after);
    },
  });

  const ref = (key: string) => (element: HTMLElement | null) => {
    if (element) controls.current.set(key, element);
    else controls.current.delete(key);
  };
  useEffect(() => {
    const request = focusRequest.current;
    if (!request) return;
    const target = controls.current.get(request.key) ?? controls.current.get('add');
    if (target && document.activeElement !== target) target.focus();
    if (request.outline === undefined || request.outline === outlineSignature(items))
      focusRequest.current = null;
  }, [focusAsked, items]);

  const shown = new Set(withoutHidden(items).map((i) => i.id));

  const move = (item: Strategy, action: OutlineMove) => {
    // The list as the last move left it, even before the page shows it (two quick key presses).
    const current = queryClient.getQueryData<StrategyList>(strategyListKey(list))?.items ?? items;
    const refusal = moveRefusal(current, item.id, action);
    if (refusal) {
      setAnnouncement(t(`strategies.outline.refused.${refusal}`));
      return;
    }
    const next = applyMove(current, item.id, action);
    const position = next.findIndex((i) => i.id === item.id);
    const moved = next[position] ?? item;
    reorder.save(next);
    setAnnouncement(
      t(`strategies.outline.moved.${action}`, {
        title: name(item),
        position: position + 1,
        total: next.length,
        level: levelOf(moved.indent),
      }),
    );
    // The moved row is rebuilt where it lands: the focus goes back to the button pressed.
    requestFocus(`${item.id}:${action}`, next);
  };

  const lastIndent = items.at(-1)?.indent;
  const levels = Array.from(
    { length: Math.min((lastIndent ?? -1) + 1, STRATEGY_INDENT_MAX) + 1 },
    (_, indent) => indent,
  );

  const saveNew = (draft: StrategyDraft) =>
    add.mutate(
      {
        type: draft.type,
        title: draft.title,
        description: draft.description,
        isHidden: draft.isHidden,
        goalsLinked: draft.goalsLinked,
        indent: draft.indent,
      },
      {
        onSuccess: (added) => {
          setEditing(null);
          setAnnouncement(
            t('strategies.outline.added', { title: name(added), level: levelOf(added.indent) }),
          );
          requestFocus('add');
        },
        onError: (error) => failed(error, true),
      },
    );

  const saveChange = (item: Strategy, draft: StrategyDraft) =>
    edit.mutate(
      {
        id: item.id,
        body: {
          type: draft.type,
          title: draft.title,
          description: draft.description,
          isHidden: draft.isHidden,
          goalsLinked: draft.goalsLinked,
          updateDate: item.updateDate,
        },
      },
      {
        onSuccess: (changed) => {
          setEditing(null);
          setAnnouncement(t('strategies.outline.changed', { title: name(changed) }));
          requestFocus(`${item.id}:edit`);
        },
        onError: (error) => failed(error, true),
      },
    );

  const switchHidden = (item: Strategy) =>
    toggle.mutate(
      {
        id: item.id,
        body: {
          type: item.type,
          title: item.title,
          description: item.description,
          isHidden: !item.isHidden,
          goalsLinked: item.goalsLinked,
          updateDate: item.updateDate,
        },
      },
      {
        onSuccess: (changed) =>
          setAnnouncement(
            t(changed.isHidden ? 'strategies.outline.nowHidden' : 'strategies.outline.nowShown', {
              title: name(changed),
            }),
          ),
        onError: (error) => failed(error),
      },
    );

  return (
    <Stack gap="sm" data-testid="strategy-editor">
      <VisuallyHidden role="status" data-testid="strategy-announcer">
        {announcement}
      </VisuallyHidden>
      {conflict && (
        <Alert
          color="orange"
          role="alert"
          title={t('strategies.outline.conflictTitle')}
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setConflict(false)}
          // The theme’s orange title is too pale on its light background: the text colour reads.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          data-testid="strategy-conflict"
        >
          {t('strategies.outline.conflict')}
        </Alert>
      )}
      {items.length === 0 ? (
        <Box data-testid="strategy-empty">{empty}</Box>
      ) : (
        <Stack
          component="ol"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('strategies.outline.label')}
        >
          {items.map((item, index) => (
            <Box
              component="li"
              key={item.id}
              style={indentStyle(item.indent)}
              data-testid={`strategy-item-${item.id}`}
            >
              {editing?.kind === 'edit' && editing.id === item.id ? (
                <Paper withBorder p="sm">
                  <StrategyItemForm
                    linkTo={linkTo}
                    initial={draftOf(item)}
                    submitLabel={t('strategies.form.save')}
                    pending={edit.isPending}
                    error={edit.error}
                    onSubmit={(draft) => saveChange(item, draft)}
                    onCancel={() => {
                      edit.reset();
                      setEditing(null);
                      requestFocus(`${item.id}:edit`);
                    }}
                    testId="strategy-form"
                  />
                </Paper>
              ) : (
                <OutlineRow
                  item={item}
                  position={index + 1}
                  count={items.length}
                  hiddenWithParent={!item.isHidden && !shown.has(item.id)}
                  refusals={Object.fromEntries(
                    OUTLINE_MOVES.map((action) => [action, moveRefusal(items, item.id, action)]),
                  )}
                  controlRef={(key) => ref(`${item.id}:${key}`)}
                  onMove={(action) => move(item, action)}
                  onEdit={() => {
                    add.reset();
                    edit.reset();
                    setEditing({ kind: 'edit', id: item.id });
                  }}
                  onToggleHidden={() => switchHidden(item)}
                  togglePending={toggle.isPending && toggle.variables.id === item.id}
                  onDelete={() => deleting.ask(item)}
                />
              )}
            </Box>
          ))}
        </Stack>
      )}
      {editing?.kind === 'add' ? (
        <Paper withBorder p="sm">
          <Text fw={600} mb="xs" id="strategy-add-title">
            {t('strategies.form.addTitle')}
          </Text>
          <StrategyItemForm
            linkTo={linkTo}
            initial={draftOf(undefined, { type: items.at(-1)?.type ?? 'vision', indent: lastIndent ?? 0 })}
            levels={levels}
            submitLabel={t('strategies.form.add')}
            pending={add.isPending}
            error={add.error}
            onSubmit={saveNew}
            onCancel={() => {
              add.reset();
              setEditing(null);
              requestFocus('add');
            }}
            testId="strategy-form"
          />
        </Paper>
      ) : (
        <Group>
          <Button
            ref={ref('add')}
            variant="light"
            onClick={() => {
              edit.reset();
              setEditing({ kind: 'add' });
            }}
            data-testid="strategy-add-open"
          >
            {t('strategies.outline.add')}
          </Button>
        </Group>
      )}
      {deleting.dialog}
    </Stack>
  );
}

/** One item of the editor: what it is, and its buttons. */
function OutlineRow({
  item,
  position,
  count,
  hiddenWithParent,
  refusals,
  controlRef,
  onMove,
  onEdit,
  onToggleHidden,
  togglePending,
  onDelete,
}: {
  item: Strategy;
  position: number;
  count: number;
  /** Not hidden itself, but under a hidden item: readers do not see it either. */
  hiddenWithParent: boolean;
  refusals: Partial<Record<OutlineMove, string | undefined>>;
  controlRef: (key: string) => (element: HTMLElement | null) => void;
  onMove: (action: OutlineMove) => void;
  onEdit: () => void;
  onToggleHidden: () => void;
  togglePending: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const name = useItemName();
  const title = name(item);
  const reasonId = useId();
  return (
    <Paper
      withBorder
      p="xs"
      bg={item.isHidden || hiddenWithParent ? 'var(--mantine-color-gray-0)' : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <ItemBadges item={item}>
            {item.isHidden && (
              <Badge color="dark" variant="outline" tt="none" data-testid={`strategy-hidden-${item.id}`}>
                {t('strategies.outline.hidden')}
              </Badge>
            )}
            {hiddenWithParent && (
              <Badge color="dark" variant="outline" tt="none">
                {t('strategies.outline.hiddenWithParent')}
              </Badge>
            )}
          </ItemBadges>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            <span data-testid={`strategy-title-${item.id}`}>{title}</span>
            <VisuallyHidden>{t('strategies.outline.position', { position, total: count })}</VisuallyHidden>
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.description}
          </Text>
          <LinkedGoals item={item} />
        </Stack>
        <Group gap={4} wrap="wrap">
          {OUTLINE_MOVES.map((action) => {
            const refusal = refusals[action];
            const label = t(`strategies.outline.actions.${action}`, { title });
            const reason = refusal ? t(`strategies.outline.refused.${refusal}`) : undefined;
            return (
              <Tooltip key={action} label={reason ?? label} withinPortal>
                <ActionIcon
                  ref={controlRef(action)}
                  variant="default"
                  size="lg"
                  aria-label={label}
                  // Refused moves stay focusable, so the focus stays put and the reason can be read.
                  aria-disabled={refusal ? true : undefined}
                  data-disabled={refusal ? true : undefined}
                  aria-describedby={reason ? `${reasonId}-${action}` : undefined}
                  onClick={() => onMove(action)}
                  data-testid={`strategy-${action}-${item.id}`}
                >
                  <span aria-hidden="true">{GLYPHS[action]}</span>
                </ActionIcon>
              </Tooltip>
            );
          })}
          {OUTLINE_MOVES.map((action) =>
            refusals[action] ? (
              <VisuallyHidden key={action} id={`${reasonId}-${action}`}>
                {t(`strategies.outline.refused.${refusals[action]}`)}
              </VisuallyHidden>
            ) : null,
          )}
          <Button
            ref={controlRef('edit')}
            size="compact-sm"
            variant="subtle"
            // Dark enough on the grey of a hidden item too (WCAG AA).
            c="blue.9"
            aria-label={t('strategies.outline.editLabel', { title })}
            onClick={onEdit}
            data-testid={`strategy-edit-${item.id}`}
          >
            {t('strategies.outline.edit')}
          </Button>
          <Button
            ref={controlRef('hide')}
            size="compact-sm"
            variant="subtle"
            c="blue.9"
            loading={togglePending}
            aria-label={t(item.isHidden ? 'strategies.outline.showLabel' : 'strategies.outline.hideLabel', {
              title,
            })}
            onClick={onToggleHidden}
            data-testid={`strategy-toggle-hidden-${item.id}`}
          >
            {t(item.isHidden ? 'strategies.outline.show' : 'strategies.outline.hide')}
          </Button>
          <Button
            ref={controlRef('delete')}
            size="compact-sm"
            variant="subtle"
            color="red"
            c="red.9"
            aria-label={t('strategies.outline.deleteLabel', { title })}
            onClick={onDelete}
            data-testid={`strategy-delete-${item.id}`}
          >
            {t('strategies.outline.delete')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

import { useState, type ReactElement, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
import { notifySuccess } from './notify';

/** A value, or what it is for the item being confirmed. */
type PerItem<Item, T> = T | ((item: Item) => T);

/** The toast once done: a translation key, or a key with its values (`long` keeps it 20 s). */
export type RemovalSuccess = string | { key: string; values?: Record<string, unknown>; long?: boolean };

export interface ConfirmedRemovalOptions<Item, Result> {
  /** The action once confirmed, for example `(item) => deleteThing.mutateAsync(item.id)`. */
  remove: (item: Item) => Promise<Result>;
  title: PerItem<Item, string>;
  /** What will happen, in the user's words (the dialog's body). */
  message: PerItem<Item, ReactNode>;
  confirmLabel: PerItem<Item, string>;
  cancelLabel: string;
  /** Prefix of the dialog's test ids: `<testId>-dialog`, `-confirm`, `-cancel`, `-error`. */
  testId: string;
  /** Red confirm button; true unless told otherwise. */
  destructive?: PerItem<Item, boolean>;
  /** The green toast once done (none when absent). */
  success?: PerItem<Item, RemovalSuccess | undefined>;
  /** Runs once done, after the dialog has closed and the toast shown. */
  onRemoved?: (item: Item, result: Result) => void;
  /**
   * Runs when the action failed; the dialog stays open with the error unless `showError` says no,
   * or `close` (which closes it as done, without `onCancelled`) is called.
   */
  onFailed?: (error: unknown, item: Item, close: () => void) => void;
  /** Whether a failure is shown in the dialog (true unless told otherwise). */
  showError?: (error: unknown) => boolean;
  /** Runs when the person cancels, after the dialog has closed. */
  onCancelled?: (item: Item) => void;
  /** Another way out placed before cancel. */
  alternative?: ConfirmDialogProps['alternative'];
}

export interface ConfirmedRemoval<Item> {
  /** Opens the confirmation for this item (a previous failure is forgotten). */
  ask: (item: Item) => void;
  /** Closes the confirmation without acting (ignored while the action runs). */
  close: () => void;
  /** The item being confirmed, `undefined` when the dialog is closed. */
  item: Item | undefined;
  /** The dialog is open. */
  opened: boolean;
  /** The action runs. */
  pending: boolean;
  /** The confirmation dialog: place it once in the page. */
  dialog: ReactElement;
}

function valueFor<Item, T>(value: PerItem<Item, T>, item: Item): T {
  return typeof value === 'function' ? (value as (item: Item) => T)(item) : value;
}

/**
 * The wiring around a confirmed removal (or any destructive action): which item is being
 * confirmed, the dialog with its consequence, the action with its progress, the success toast and
 * closing once done; a failure keeps the dialog open with the error's translated message.
 *
 * ```tsx
 * const removal = useConfirmedRemoval<Link>({
 *   remove: (link) => deleteLink.mutateAsync(link.id),
 *   title: t('links.delete.title'),
 *   message: (link) => <Text>{t('links.delete.message', { name: link.name })}</Text>,
 *   confirmLabel: t('links.delete.confirm'),
 *   cancelLabel: t('links.delete.cancel'),
 *   success: 'links.deleted',
 *   testId: 'link-delete',
 * });
 * <Button onClick={() => removal.ask(link)} /> … {removal.dialog}
 * ```
 */
export function useConfirmedRemoval<Item = void, Result = unknown>(
  options: ConfirmedRemovalOptions<Item, Result>,
): ConfirmedRemoval<Item> {
  const [asked, setAsked] = useState<{ item: Item } | null>(null);
  const mutation = useMutation({
    mutationFn: (item: Item) => options.remove(item),
    // The dialog shows the failure: no toast besides.
    meta: { errorsShownInline: true },
  });

  const ask = (item: Item) => {
    mutation.reset();
    setAsked({ item });
  };
  const close = () => {
    if (mutation.isPending || !asked) return;
    mutation.reset();
    setAsked(null);
    options.onCancelled?.(asked.item);
  };
  const confirm = () => {
    if (!asked || mutation.isPending) return;
    const { item } = asked;
    mutation.mutate(item, {
      onSuccess: (result) => {
        setAsked(null);
        const success = options.success === undefined ? undefined : valueFor(options.success, item);
        if (typeof success === 'string') notifySuccess(success);
        else if (success) notifySuccess(success.key, { values: success.values, long: success.long });
        options.onRemoved?.(item, result);
      },
      onError: (error) =>
        options.onFailed?.(error, item, () => {
          mutation.reset();
          setAsked(null);
        }),
    });
  };

  const error = mutation.error;
  const shownError = error !== null && (options.showError?.(error) ?? true) ? error : undefined;
  const dialog = (
    <ConfirmDialog
      opened={asked !== null}
      title={asked ? valueFor(options.title, asked.item) : ''}
      confirmLabel={asked ? valueFor(options.confirmLabel, asked.item) : ''}
      cancelLabel={options.cancelLabel}
      destructive={
        asked && options.destructive !== undefined ? valueFor(options.destructive, asked.item) : true
      }
      pending={mutation.isPending}
      error={shownError}
      onCancel={close}
      onConfirm={confirm}
      testId={options.testId}
      alternative={options.alternative}
    >
      {asked ? valueFor(options.message, asked.item) : null}
    </ConfirmDialog>
  );

  return {
    ask,
    close,
    item: asked?.item,
    opened: asked !== null,
    pending: mutation.isPending,
    dialog,
  };
}

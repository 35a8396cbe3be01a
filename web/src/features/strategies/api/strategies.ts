import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  addMyStrategy,
  addSessionStrategy,
  addSphereStrategy,
  deleteMyStrategy,
  deleteSessionStrategy,
  deleteSphereStrategy,
  listMyStrategies,
  listSessionStrategies,
  listSphereStrategies,
  reorderMyStrategies,
  reorderSessionStrategies,
  reorderSphereStrategies,
  updateMyStrategy,
  updateSessionStrategy,
  updateSphereStrategy,
  type Strategy,
  type StrategyCreateInput,
  type StrategyList,
  type StrategyUpdateInput,
} from '@shared/contracts/strategies';
import { STRATEGIES_PER_LIST_MAX, withoutItem } from '@shared/domain/strategies';
import { callApi } from '../../../lib/api';

/**
 * A list of strategies (decision 0019): the person's own life compass, a sphere's strategy or a
 * session's. Each has its own routes; this file picks them, so the editor and the read views only
 * name the list.
 */
export type StrategyListRef =
  { linkTo: 'user' } | { linkTo: 'sphere'; sphereId: string } | { linkTo: 'session'; sessionId: string };

/** Every cached list starts with this key (no realtime event names strategies: writes update it). */
export const strategiesKey = ['strategies'] as const;

export function strategyListKey(list: StrategyListRef) {
  return [
    ...strategiesKey,
    list.linkTo,
    list.linkTo === 'sphere' ? list.sphereId : list.linkTo === 'session' ? list.sessionId : 'myself',
  ] as const;
}

/** The whole list in one page (at most 2 000 items, spec 02 §7), so a reorder can name every item. */
const WHOLE_LIST = { _max: STRATEGIES_PER_LIST_MAX };

function listStrategies(list: StrategyListRef, signal?: AbortSignal): Promise<StrategyList> {
  const extra = signal ? { signal } : {};
  switch (list.linkTo) {
    case 'user':
      return callApi(listMyStrategies, { query: WHOLE_LIST, ...extra });
    case 'sphere':
      return callApi(listSphereStrategies, {
        params: { sphereId: list.sphereId },
        query: WHOLE_LIST,
        ...extra,
      });
    case 'session':
      return callApi(listSessionStrategies, {
        params: { sessionId: list.sessionId },
        query: WHOLE_LIST,
        ...extra,
      });
  }
}

function addStrategy(list: StrategyListRef, body: StrategyCreateInput): Promise<Strategy> {
  switch (list.linkTo) {
    case 'user':
      return callApi(addMyStrategy, { body });
    case 'sphere':
      return callApi(addSphereStrategy, { params: { sphereId: list.sphereId }, body });
    case 'session':
      return callApi(addSessionStrategy, { params: { sessionId: list.sessionId }, body });
  }
}

function updateStrategy(
  list: StrategyListRef,
  strategyId: string,
  body: StrategyUpdateInput,
): Promise<Strategy> {
  switch (list.linkTo) {
    case 'user':
      return callApi(updateMyStrategy, { params: { strategyId }, body });
    case 'sphere':
      return callApi(updateSphereStrategy, { params: { sphereId: list.sphereId, strategyId }, body });
    case 'session':
      return callApi(updateSessionStrategy, { params: { sessionId: list.sessionId, strategyId }, body });
  }
}

function deleteStrategy(list: StrategyListRef, strategyId: string): Promise<undefined> {
  switch (list.linkTo) {
    case 'user':
      return callApi(deleteMyStrategy, { params: { strategyId } });
    case 'sphere':
      return callApi(deleteSphereStrategy, { params: { sphereId: list.sphereId, strategyId } });
    case 'session':
      return callApi(deleteSessionStrategy, { params: { sessionId: list.sessionId, strategyId } });
  }
}

function reorderStrategies(list: StrategyListRef, items: readonly Strategy[]): Promise<StrategyList> {
  const body = { items: items.map(({ id, indent }) => ({ id, indent })) };
  switch (list.linkTo) {
    case 'user':
      return callApi(reorderMyStrategies, { body });
    case 'sphere':
      return callApi(reorderSphereStrategies, { params: { sphereId: list.sphereId }, body });
    case 'session':
      return callApi(reorderSessionStrategies, { params: { sessionId: list.sessionId }, body });
  }
}

/** A list's strategies in order, as the caller may see them (hidden ones only for its editors). */
export function useStrategies(list: StrategyListRef, enabled = true) {
  return useQuery({
    queryKey: strategyListKey(list),
    queryFn: ({ signal }) => listStrategies(list, signal),
    enabled,
  });
}

/** Writes a new state of the list into the cache (the list's order numbers follow the items). */
function setItems(
  queryClient: QueryClient,
  list: StrategyListRef,
  change: (items: readonly Strategy[]) => readonly Strategy[],
): void {
  queryClient.setQueryData<StrategyList>(strategyListKey(list), (old) => {
    if (!old) return old;
    const items = change(old.items).map((item, order) => (item.order === order ? item : { ...item, order }));
    return { ...old, items, count: old.count + items.length - old.items.length };
  });
}

/**
 * The editor's writes show their own errors (a conflict reloads the list and says so; a refused
 * field shows on it), so none of them raises the global toast.
 */
const inline = { errorsShownInline: true } as const;

/** Adds an item at the end of the list, at the indent given. */
export function useAddStrategy(list: StrategyListRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StrategyCreateInput) => addStrategy(list, body),
    meta: inline,
    onSuccess: (added) => setItems(queryClient, list, (items) => [...items, added]),
  });
}

/** Changes an item's texts and flags, under the `updateDate` read (409 `conflict` when it changed since). */
export function useUpdateStrategy(list: StrategyListRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: StrategyUpdateInput }) => updateStrategy(list, id, body),
    meta: inline,
    onSuccess: (changed) =>
      setItems(queryClient, list, (items) =>
        // The order and indent are the list's (a reorder may be on its way): only the texts change.
        items.map((item) =>
          item.id === changed.id ? { ...changed, order: item.order, indent: item.indent } : item,
        ),
      ),
  });
}

/** Deletes an item; its children move up one level into its place, as the server does. */
export function useDeleteStrategy(list: StrategyListRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteStrategy(list, id),
    meta: inline,
    onSuccess: (_answer, id) => setItems(queryClient, list, (items) => withoutItem(items, id)),
  });
}

/**
 * Saves the list's order and indents (spec 01 §5), shown at once: the cache takes the new outline
 * before the server answers. Reorders of one list run one after another (each names the whole list
 * the one before left); when the last one settles, the list is the server's again: its answer, or
 * after a failure the list read anew (a conflict: another tab or person changed the list).
 * `onFailure` hears every failed reorder.
 */
export function useReorderStrategies(list: StrategyListRef, onFailure: (error: unknown) => void) {
  const queryClient = useQueryClient();
  const queryKey = strategyListKey(list);
  const mutationKey = [...queryKey, 'reorder'];
  const mutation = useMutation({
    mutationKey,
    scope: { id: mutationKey.join('/') },
    mutationFn: (items: readonly Strategy[]) => reorderStrategies(list, items),
    meta: inline,
    onMutate: async (items) => {
      await queryClient.cancelQueries({ queryKey });
      setItems(queryClient, list, () => items);
    },
    onError: (error) => onFailure(error),
    onSettled: async (answer) => {
      // This reorder still counts among those running: it is the last when it is the only one.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      if (answer) queryClient.setQueryData(queryKey, answer);
      else await queryClient.invalidateQueries({ queryKey });
    },
  });
  return {
    ...mutation,
    /** Shows the new outline at once (the next move starts from it) and saves it. */
    save: (items: readonly Strategy[]) => {
      setItems(queryClient, list, () => items);
      mutation.mutate(items);
    },
  };
}

/** Reads the list again (after a conflict: someone else changed it). */
export function reloadStrategies(queryClient: QueryClient, list: StrategyListRef): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: strategyListKey(list) });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createSphereTag,
  getSphereTag,
  initializeSphereTags,
  listSphereTags,
  listTagSelections,
  saveTagSelection,
  updateSphereTag,
  type Tag,
  type TagCreateInput,
  type TagSelectionSaveInput,
  type TagUpdateInput,
} from '@shared/contracts/tags';
import { callApi } from '../../../lib/api';
import { spheresKey } from './spheres';

/** Every cached read of one sphere's tags and rules starts with this key. */
const tagsKey = (sphereId: string) => [...spheresKey, 'tags', sphereId] as const;

/** A sphere's tags (active, archived or both), for its admins. */
export function useTags(sphereId: string, archived?: 'true' | 'false', enabled = true) {
  return useQuery({
    queryKey: [...tagsKey(sphereId), 'list', archived ?? 'all'],
    queryFn: ({ signal }) =>
      callApi(listSphereTags, { params: { id: sphereId }, query: archived ? { archived } : {}, signal }),
    placeholderData: (previous) => previous,
    enabled,
  });
}

export function useTag(sphereId: string, tagId: string | undefined) {
  return useQuery({
    queryKey: [...tagsKey(sphereId), 'one', tagId],
    queryFn: ({ signal }) => callApi(getSphereTag, { params: { id: sphereId, tagId: tagId ?? '' }, signal }),
    enabled: !!tagId,
    retry: false,
  });
}

/** After a tag or a rule changes: the tags, the rules and the members (their tags) are read again. */
function tagsChanged(queryClient: ReturnType<typeof useQueryClient>, sphereId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: tagsKey(sphereId) }),
    queryClient.invalidateQueries({ queryKey: [...spheresKey, 'members', sphereId] }),
  ]);
}

export function useCreateTag(sphereId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TagCreateInput) => callApi(createSphereTag, { params: { id: sphereId }, body }),
    meta: { errorsShownInline: true },
    onSuccess: () => tagsChanged(queryClient, sphereId),
  });
}

export function useUpdateTag(sphereId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tagId, body }: { tagId: string; body: TagUpdateInput }) =>
      callApi(updateSphereTag, { params: { id: sphereId, tagId }, body }),
    meta: { errorsShownInline: true },
    onSuccess: () => tagsChanged(queryClient, sphereId),
  });
}

export function useInitializeTags(sphereId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(initializeSphereTags, { params: { id: sphereId } }),
    onSuccess: () => tagsChanged(queryClient, sphereId),
  });
}

export function useTagSelections(sphereId: string) {
  return useQuery({
    queryKey: [...tagsKey(sphereId), 'selections'],
    queryFn: ({ signal }) => callApi(listTagSelections, { params: { id: sphereId }, signal }),
  });
}

export function useSaveTagSelection(sphereId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TagSelectionSaveInput) =>
      callApi(saveTagSelection, { params: { id: sphereId }, body }),
    meta: { errorsShownInline: true },
    onSuccess: () => tagsChanged(queryClient, sphereId),
  });
}

/**
 * The tags a session form offers: the sphere's active tags usable by sessions of this category,
 * for those who manage the sphere's tags; undefined otherwise (the form then has no tag field).
 */
export function useSessionTagChoices(
  sphereId: string,
  category: 'contributor' | 'consumer',
  allowed: boolean,
  label: (tag: Tag) => string,
): { value: string; label: string }[] | undefined {
  const tags = useTags(sphereId, 'false', allowed);
  if (!allowed || !tags.isSuccess) return undefined;
  const module = category === 'contributor' ? 'session-contributor' : 'session-consumer';
  return tags.data.items
    .filter((t) => t.modules.includes(module))
    .map((t) => ({ value: t.id, label: label(t) }));
}

import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  createSphere as createSphereRoute,
  getSphere as getSphereRoute,
  getSphereJoinKey,
  joinSphere as joinSphereRoute,
  leaveSphere as leaveSphereRoute,
  listSphereCategories,
  listSphereMembers,
  renewSphereJoinKey,
  updateSphereMember,
  createMember,
  deleteSphereMember,
  listSpheres as listSpheresRoute,
  updateSphere as updateSphereRoute,
  type Sphere,
  type MemberUpdate,
  type MemberCreateInput,
  type SphereCreateInput,
  type SphereJoin,
  type SphereUpdateInput,
} from '@shared/contracts/spheres';
import { callApi } from '../../../lib/api';
import { ApiError } from '../../../lib/errors';
import { refreshMe } from '../../../lib/me';

/** Every cached read of spheres starts with this key, so a write refreshes them. */
export const spheresKey = ['spheres'] as const;

/** Polling of a new sphere until it is readable (spec 01 §4, §9): 10 tries, 1 s apart. */
export const SPHERE_POLL_TRIES = 10;
export const SPHERE_POLL_DELAY_MS = 1000;

/** The spheres list, cached in session storage (spec 01 §9) so a reload shows it at once. */
const SESSION_KEY = 'sentia.spheres';

function cachedList(scope: 'mine' | 'all') {
  try {
    const raw = sessionStorage.getItem(`${SESSION_KEY}.${scope}`);
    return raw
      ? (JSON.parse(raw) as { count: number; items: Sphere[]; max: number; offset: number })
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * After a change to the caller's spheres (created, renamed, joined, left): the cached list and
 * the start call (spheres, memberships, rules) are read again.
 */
function spheresChanged(queryClient: QueryClient): Promise<unknown> {
  sessionStorage.removeItem(`${SESSION_KEY}.mine`);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [...spheresKey, 'list'] }),
    refreshMe(queryClient),
  ]);
}

export function useSpheres(scope: 'mine' | 'all', q = '', enabled = true) {
  return useQuery({
    queryKey: [...spheresKey, 'list', scope, q],
    queryFn: async ({ signal }) => {
      const list = await callApi(listSpheresRoute, {
        query: { scope, ...(q ? { q } : {}) },
        signal,
      });
      if (!q) sessionStorage.setItem(`${SESSION_KEY}.${scope}`, JSON.stringify(list));
      return list;
    },
    placeholderData: (previous) => previous ?? (q ? undefined : cachedList(scope)),
    enabled,
  });
}

export function useSphere(id: string) {
  return useQuery({
    queryKey: [...spheresKey, 'one', id],
    queryFn: ({ signal }) => callApi(getSphereRoute, { params: { id }, signal }),
    retry: false,
  });
}

export function useSphereCategories() {
  return useQuery({
    queryKey: [...spheresKey, 'categories'],
    queryFn: ({ signal }) => callApi(listSphereCategories, { signal }),
    staleTime: Infinity,
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads something just created until it answers (spec 01 §4: spheres and sessions): up to `tries`
 * reads, `delayMs` apart, telling `onTry` each attempt; a refusal other than "not there yet" (403,
 * 404), or the last one, is thrown.
 */
export async function pollUntilReadable<T>(
  read: () => Promise<T>,
  onTry: (attempt: number) => void,
  tries = SPHERE_POLL_TRIES,
  delayMs = SPHERE_POLL_DELAY_MS,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    onTry(attempt);
    try {
      return await read();
    } catch (error) {
      const retriable = error instanceof ApiError && (error.status === 403 || error.status === 404);
      if (!retriable || attempt >= tries) throw error;
      await wait(delayMs);
    }
  }
}

/** Reads a sphere just created until it answers. */
export function pollSphere(
  id: string,
  onTry: (attempt: number) => void,
  tries = SPHERE_POLL_TRIES,
  delayMs = SPHERE_POLL_DELAY_MS,
): Promise<Sphere> {
  return pollUntilReadable(() => callApi(getSphereRoute, { params: { id } }), onTry, tries, delayMs);
}

export function useCreateSphere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SphereCreateInput) => callApi(createSphereRoute, { body }),
    meta: { errorsShownInline: true },
    onSuccess: async () => {
      await spheresChanged(queryClient);
    },
  });
}

export function useUpdateSphere(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SphereUpdateInput) => callApi(updateSphereRoute, { params: { id }, body }),
    meta: { errorsShownInline: true },
    onSuccess: async (sphere) => {
      queryClient.setQueryData([...spheresKey, 'one', id], sphere);
      await spheresChanged(queryClient);
    },
  });
}

export function useJoinSphere(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SphereJoin) => callApi(joinSphereRoute, { params: { id }, body }),
    meta: { errorsShownInline: true },
    onSuccess: async (sphere) => {
      queryClient.setQueryData([...spheresKey, 'one', id], sphere);
      await spheresChanged(queryClient);
    },
  });
}

export function useJoinKey(id: string, enabled = true) {
  return useQuery({
    queryKey: [...spheresKey, 'join-key', id],
    queryFn: ({ signal }) => callApi(getSphereJoinKey, { params: { id }, signal }),
    enabled,
  });
}

export function useRenewJoinKey(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(renewSphereJoinKey, { params: { id } }),
    onSuccess: async (answer) => {
      queryClient.setQueryData([...spheresKey, 'join-key', id], answer);
      // The sphere's updateDate moved with its key: the settings form reads it again.
      await queryClient.invalidateQueries({ queryKey: [...spheresKey, 'one', id] });
    },
  });
}

export function useMembers(id: string, filter: { q: string; activeOnly: boolean }) {
  return useQuery({
    queryKey: [...spheresKey, 'members', id, filter],
    queryFn: ({ signal }) =>
      callApi(listSphereMembers, {
        params: { id },
        query: {
          ...(filter.q ? { q: filter.q } : {}),
          ...(filter.activeOnly ? { active: 'true' as const } : {}),
        },
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}

export function useLeaveSphere(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(leaveSphereRoute, { params: { id } }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: [...spheresKey, 'one', id] });
      await spheresChanged(queryClient);
    },
  });
}

export function useUpdateMember(sphereId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, body }: { memberId: string; body: MemberUpdate }) =>
      callApi(updateSphereMember, { params: { id: sphereId, memberId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...spheresKey, 'members', sphereId] }),
  });
}

export function useCreateMember(sphereId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberCreateInput) => callApi(createMember, { body }),
    meta: { errorsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...spheresKey, 'members', sphereId] }),
  });
}

export function useDeleteMember(sphereId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => callApi(deleteSphereMember, { params: { id: sphereId, memberId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...spheresKey, 'members', sphereId] }),
  });
}

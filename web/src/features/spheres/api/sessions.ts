import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  addSessionMember,
  createSession as createSessionRoute,
  deleteSession as deleteSessionRoute,
  getSession as getSessionRoute,
  getSessionJoinKey,
  joinSession as joinSessionRoute,
  leaveSession as leaveSessionRoute,
  listSessionMembers,
  listSphereSessions,
  removeSessionMember,
  renewSessionJoinKey,
  updateSession as updateSessionRoute,
  updateSessionMember,
  type Session,
  type SessionCreateInput,
  type SessionUpdateInput,
} from '@shared/contracts/sessions';
import type { SessionRole } from '@shared/domain/sessions';
import { callApi } from '../../../lib/api';
import { refreshMe } from '../../../lib/me';
import { pollUntilReadable } from './spheres';

/** Every cached read of sessions starts with this key, so a write refreshes them. */
export const sessionsKey = ['sessions'] as const;

/** After a change to sessions: the cached reads and the start call (sessions, rules) again. */
function sessionsChanged(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: sessionsKey }), refreshMe(queryClient)]);
}

export function useSphereSessions(sphereId: string, enabled = true) {
  return useQuery({
    queryKey: [...sessionsKey, 'of-sphere', sphereId],
    queryFn: ({ signal }) => callApi(listSphereSessions, { params: { id: sphereId }, signal }),
    enabled,
  });
}

export function useSession(id: string) {
  return useQuery({
    queryKey: [...sessionsKey, 'one', id],
    queryFn: ({ signal }) => callApi(getSessionRoute, { params: { id }, signal }),
    retry: false,
  });
}

/** Reads a session just created until it answers (spec 01 §4, §9: 10 tries, 1 s apart). */
export function pollSession(id: string, onTry: (attempt: number) => void): Promise<Session> {
  return pollUntilReadable(() => callApi(getSessionRoute, { params: { id } }), onTry);
}

export function useCreateSession(sphereId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SessionCreateInput) => callApi(createSessionRoute, { params: { id: sphereId }, body }),
    meta: { errorsShownInline: true },
    onSuccess: () => sessionsChanged(queryClient),
  });
}

export function useUpdateSession(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SessionUpdateInput) => callApi(updateSessionRoute, { params: { id }, body }),
    meta: { errorsShownInline: true },
    onSuccess: async (session) => {
      queryClient.setQueryData([...sessionsKey, 'one', id], session);
      await sessionsChanged(queryClient);
    },
  });
}

export function useDeleteSession(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(deleteSessionRoute, { params: { id } }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: [...sessionsKey, 'one', id] });
      await sessionsChanged(queryClient);
    },
  });
}

export function useSessionMembers(id: string, enabled = true) {
  return useQuery({
    queryKey: [...sessionsKey, 'members', id],
    queryFn: ({ signal }) => callApi(listSessionMembers, { params: { id }, signal }),
    enabled,
  });
}

export function useAddSessionMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { memberId: string; roles: SessionRole[] }) =>
      callApi(addSessionMember, { params: { id }, body }),
    meta: { errorsShownInline: true },
    onSuccess: () => sessionsChanged(queryClient),
  });
}

export function useUpdateSessionMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, roles }: { memberId: string; roles: SessionRole[] }) =>
      callApi(updateSessionMember, { params: { id, memberId }, body: { roles } }),
    onSuccess: () => sessionsChanged(queryClient),
  });
}

export function useRemoveSessionMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => callApi(removeSessionMember, { params: { id, memberId } }),
    onSuccess: () => sessionsChanged(queryClient),
  });
}

export function useSessionJoinKey(id: string, enabled = true) {
  return useQuery({
    queryKey: [...sessionsKey, 'join-key', id],
    queryFn: async ({ signal }) => (await callApi(getSessionJoinKey, { params: { id }, signal })).sessionKey,
    enabled,
  });
}

export function useRenewSessionJoinKey(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callApi(renewSessionJoinKey, { params: { id } })).sessionKey,
    onSuccess: (key) => queryClient.setQueryData([...sessionsKey, 'join-key', id], key),
  });
}

export function useJoinSession(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionKey: string) => callApi(joinSessionRoute, { params: { id }, body: { sessionKey } }),
    meta: { errorsShownInline: true },
    onSuccess: async (session) => {
      queryClient.setQueryData([...sessionsKey, 'one', id], session);
      await sessionsChanged(queryClient);
    },
  });
}

export function useLeaveSession(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(leaveSessionRoute, { params: { id } }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: [...sessionsKey, 'one', id] });
      await sessionsChanged(queryClient);
    },
  });
}

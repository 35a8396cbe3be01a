import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addGlobalMember,
  listGlobalMembers,
  listGlobalRoleChanges,
  removeGlobalMemberAccess,
  updateGlobalMember,
  type GlobalMemberCreateInput,
  type GlobalMemberUpdateInput,
} from '@shared/contracts/global-members';
import { callApi } from '../../../lib/api';
import { refreshMe } from '../../../lib/me';

export const globalMembersKey = ['global-members'] as const;

export function useGlobalMembers(enabled = true) {
  return useQuery({
    queryKey: [...globalMembersKey, 'list'],
    queryFn: ({ signal }) => callApi(listGlobalMembers, { signal }),
    enabled,
  });
}

/** The log of changes, newest first: a page of `max` from `offset`. */
export function useGlobalRoleChanges(page: { max: number; offset: number }, enabled = true) {
  return useQuery({
    queryKey: [...globalMembersKey, 'changes', page.max, page.offset],
    queryFn: ({ signal }) =>
      callApi(listGlobalRoleChanges, {
        query: { _max: page.max, _offset: page.offset },
        signal,
      }),
    enabled,
  });
}

/** After a change: the list and the log again, and the caller's own rights (they may be the person). */
function useGlobalMemberMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { errorsShownInline: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: globalMembersKey });
      await refreshMe(queryClient);
    },
  });
}

export const useAddGlobalMember = () =>
  useGlobalMemberMutation((body: GlobalMemberCreateInput) => callApi(addGlobalMember, { body }));

export const useUpdateGlobalMember = () =>
  useGlobalMemberMutation(({ memberId, body }: { memberId: string; body: GlobalMemberUpdateInput }) =>
    callApi(updateGlobalMember, { params: { id: memberId }, body }),
  );

export const useRemoveGlobalMemberAccess = () =>
  useGlobalMemberMutation((memberId: string) =>
    callApi(removeGlobalMemberAccess, { params: { id: memberId } }),
  );

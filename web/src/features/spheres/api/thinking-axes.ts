import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getSessionAxes,
  getSphereAxes,
  listThinkingAxes,
  updateSessionAxes,
  updateSphereAxes,
  type ContextAxes,
} from '@shared/contracts/thinkings';
import type { ThinkingMemberCategory } from '@shared/domain/thinkings';
import { callApi } from '../../../lib/api';
import { notifySuccess } from '../../../components/notify';

/** Whose list of thinking axes: a sphere's for one member category, or a session's for one group. */
export type AxesOwner =
  | { scope: 'sphere'; sphereId: string; category: ThinkingMemberCategory }
  | { scope: 'session'; sessionId: string; groupId: string };

/** The thinking flow reads the same lists: both start with this key. */
const axesKey = ['thinking-axes'] as const;
const ownerKey = (owner: AxesOwner) => [...axesKey, 'owner', owner] as const;

export function useContextAxes(owner: AxesOwner) {
  return useQuery({
    queryKey: ownerKey(owner),
    queryFn: ({ signal }) =>
      owner.scope === 'sphere'
        ? callApi(getSphereAxes, { params: { sphereId: owner.sphereId, category: owner.category }, signal })
        : callApi(getSessionAxes, { params: { sessionId: owner.sessionId, groupId: owner.groupId }, signal }),
  });
}

/** The catalogue's axes a sphere or a session may choose among. */
export function useAxisCatalogue(module: 'sphere' | 'session') {
  return useQuery({
    queryKey: [...axesKey, 'list', { module }],
    queryFn: ({ signal }) => callApi(listThinkingAxes, { query: { module }, signal }),
  });
}

export function useSaveContextAxes(owner: AxesOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (axisIds: string[]): Promise<ContextAxes> =>
      owner.scope === 'sphere'
        ? callApi(updateSphereAxes, {
            params: { sphereId: owner.sphereId, category: owner.category },
            body: { axisIds },
          })
        : callApi(updateSessionAxes, {
            params: { sessionId: owner.sessionId, groupId: owner.groupId },
            body: { axisIds },
          }),
    onSuccess: async (saved) => {
      // Said here, not by the caller: the saved list starts a fresh editor, which unmounts the old one.
      notifySuccess('spheres.axes.saved');
      queryClient.setQueryData(ownerKey(owner), saved);
      // Every list that may inherit this one (a sphere's sessions) is read again when asked.
      await queryClient.invalidateQueries({ queryKey: axesKey });
    },
  });
}

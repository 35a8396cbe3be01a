import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getMemberAccessCodes,
  updateMemberAccessCodes,
  type AccessCodesUpdateInput,
} from '@shared/contracts/access-codes';
import { callApi } from '../../../lib/api';
import { spheresKey } from './spheres';

const codesKey = (sphereId: string, memberId: string) => [...spheresKey, 'access-codes', sphereId, memberId];

export function useAccessCodes(sphereId: string, memberId: string) {
  return useQuery({
    queryKey: codesKey(sphereId, memberId),
    queryFn: ({ signal }) => callApi(getMemberAccessCodes, { params: { id: sphereId, memberId }, signal }),
  });
}

export function useUpdateAccessCodes(sphereId: string, memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccessCodesUpdateInput) =>
      callApi(updateMemberAccessCodes, { params: { id: sphereId, memberId }, body }),
    meta: { errorsShownInline: true },
    onSuccess: async (codes) => {
      queryClient.setQueryData(codesKey(sphereId, memberId), codes);
      await queryClient.invalidateQueries({ queryKey: [...spheresKey, 'members', sphereId] });
    },
  });
}

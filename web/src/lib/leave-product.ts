import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leaveProduct } from '@shared/contracts/account';
import { callApi } from './api';
import { endSession } from './auth';

/**
 * "Leave the product" (DELETE /v1/me): the account and everything it holds are erased, then the
 * session ends on this browser and every cached answer is dropped. A registered user confirms with
 * the primary address, a guest with the guest word; `afterErase` forgets what only this device
 * kept (a guest's credentials).
 */
export function useLeaveProduct(afterErase?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (confirmation: string) => {
      await callApi(leaveProduct, { body: { confirmation } });
      afterErase?.();
      await endSession();
      queryClient.clear();
    },
  });
}

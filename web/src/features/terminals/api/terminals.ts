import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HEADER_SOURCE } from '@shared/contracts/headers';
import {
  HEADER_TERMINAL_KEY,
  createTerminal,
  createTerminalFeeling,
  deleteTerminal,
  getKiosk,
  listTerminals,
  type CreatedTerminal,
  type Kiosk,
  type TerminalCreateInput,
  type TerminalFeelingCreate,
} from '@shared/contracts/terminals';
import { callApi } from '../../../lib/api';

/** The terminals of a sphere, as its admins and sales-up members see them. */
export const terminalsKey = (sphereId: string) => ['terminals', sphereId] as const;

export function useTerminals(sphereId: string) {
  return useQuery({
    queryKey: terminalsKey(sphereId),
    queryFn: ({ signal }) => callApi(listTerminals, { query: { sphereId }, signal }),
    meta: { errorsShownInline: true },
  });
}

export function useCreateTerminal(sphereId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TerminalCreateInput): Promise<CreatedTerminal> => callApi(createTerminal, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: terminalsKey(sphereId) }),
    meta: { errorsShownInline: true },
  });
}

export function useDeleteTerminal(sphereId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (terminalId: string) => callApi(deleteTerminal, { params: { terminalId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: terminalsKey(sphereId) }),
    meta: { errorsShownInline: true },
  });
}

/** The kiosk's own calls: no token, the terminal's key and the `terminal` source instead. */
const kioskHeaders = (key: string) => ({ [HEADER_TERMINAL_KEY]: key, [HEADER_SOURCE]: 'terminal' });

export function fetchKiosk(terminalId: string, key: string, signal?: AbortSignal): Promise<Kiosk> {
  return callApi(getKiosk, {
    params: { terminalId },
    headers: kioskHeaders(key),
    ...(signal ? { signal } : {}),
  });
}

export function sendTerminalFeeling(terminalId: string, key: string, body: TerminalFeelingCreate) {
  return callApi(createTerminalFeeling, { params: { terminalId }, body, headers: kioskHeaders(key) });
}

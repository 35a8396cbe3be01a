import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getMe as getMeRoute, type Me } from '@shared/contracts/me';
import { callApi } from './api';

/**
 * The start call, GET /v1/me (profile, emails, phone, spheres, sessions, ability rules), read by
 * the whole app through this one hook and this one key. A mutation whose answer already holds the
 * new state writes it here with `setMe` instead of fetching the start call again; the realtime
 * hints (`profile`, `emails`, …) refresh it when another tab or device changed something.
 */
export const meQueryKey = ['me'] as const;

/** The answer is parsed with the contract's MeSchema by the client. */
export function getMe(signal?: AbortSignal): Promise<Me> {
  return callApi(getMeRoute, signal ? { signal } : {});
}

/** The signed-in user's start call; `enabled: false` while nobody is signed in. */
export function useMe(enabled = true) {
  return useQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal), enabled });
}

/** Writes a mutation's answer into the cached start call (nothing when it is not loaded yet). */
export function setMe(queryClient: QueryClient, update: (me: Me) => Me): void {
  queryClient.setQueryData<Me>(meQueryKey, (me) => (me ? update(me) : me));
}

/** Refreshes the start call after a change whose answer does not hold the new state. */
export function refreshMe(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: meQueryKey });
}

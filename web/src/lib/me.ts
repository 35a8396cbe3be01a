import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  getMe as getMeRoute,
  listMySessions,
  type Me,
  type MySessions,
  type SessionSummary,
} from '@shared/contracts/me';
import { callApi } from './api';

/**
 * The start call, GET /v1/me (profile, emails, phone, spheres, ability rules), read by
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

/**
 * The person's groups (GET /v1/me/sessions), read by the pages and menus that show them rather
 * than by the start call (decision 0055). Its key is under the start call's: `refreshMe` and the
 * realtime hints that refresh the start call refresh it too.
 */
export const mySessionsQueryKey = ['me', 'sessions'] as const;

export function getMySessions(signal?: AbortSignal): Promise<MySessions> {
  return callApi(listMySessions, signal ? { signal } : {});
}

/** The signed-in person's groups; `enabled: false` while nobody is signed in. */
export function useMySessions(enabled = true) {
  return useQuery({ queryKey: mySessionsQueryKey, queryFn: ({ signal }) => getMySessions(signal), enabled });
}

/** The groups once read, none before (or when they could not be read). */
export const sessionsOf = (answer: MySessions | undefined): SessionSummary[] => answer?.items ?? [];

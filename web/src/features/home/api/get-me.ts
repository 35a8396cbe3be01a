import { useQuery } from '@tanstack/react-query';
import { getMe as getMeRoute, type Me } from '../../../../../shared/contracts/me';
import { callApi } from '../../../lib/api';

/** GET /v1/me: profile, emails, spheres, sessions and ability rules of the signed-in user. */
export const meQueryKey = ['me'] as const;

/** The answer is parsed with the contract's MeSchema by the client. */
export function getMe(signal?: AbortSignal): Promise<Me> {
  return callApi(getMeRoute, signal ? { signal } : {});
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });
}

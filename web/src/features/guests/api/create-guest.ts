import {
  GUEST_MAX_ATTEMPTS,
  GUEST_RETRY_DELAY_MS,
  createGuest,
  type CreateGuestRequest,
  type GuestCredentials,
} from '@shared/contracts/guests';
import { callApi } from '../../../lib/api';
import { ApiError } from '../../../lib/errors';

/** Query parameters of a campaign link that opens guest access through its delegation. */
export const DELEGATION_PARAMETERS = { accessCode: 'accessCode', campaignId: 'campaignId' } as const;

/**
 * The body of POST /users/guests for a page address: the link itself, and the delegation when the
 * address carries both an access code and a campaign id.
 */
export function guestRequestFor(href: string): CreateGuestRequest {
  const search = new URL(href).searchParams;
  const accessCode = search.get(DELEGATION_PARAMETERS.accessCode)?.trim();
  const campaignId = search.get(DELEGATION_PARAMETERS.campaignId)?.trim();
  return {
    link: href,
    ...(accessCode && campaignId ? { delegation: { accessCode, campaignId } } : {}),
  };
}

/** Only a failure that may pass by itself is retried: the server not reached, or a 5xx. */
export function isRetryableGuestError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * POST /users/guests with the spec's retries (spec 01 §7): after a failed attempt n the client
 * waits GUEST_RETRY_DELAY_MS × n, at most GUEST_MAX_ATTEMPTS attempts in all. `onAttempt` hears the
 * number of each attempt as it starts (the page shows it).
 */
export async function createGuestWithRetries(
  request: CreateGuestRequest,
  onAttempt: (attempt: number) => void = () => undefined,
): Promise<GuestCredentials> {
  for (let attempt = 1; ; attempt++) {
    onAttempt(attempt);
    try {
      return await callApi(createGuest, { body: request });
    } catch (error) {
      if (attempt >= GUEST_MAX_ATTEMPTS || !isRetryableGuestError(error)) throw error;
      await wait(GUEST_RETRY_DELAY_MS * attempt);
    }
  }
}

import * as z from 'zod';
import { INVALID_URL_KEY, isSafeOutboundUrl, OUTBOUND_URL_MAX_LENGTH } from '../domain/safe-url';

/**
 * A stored address a browser is later sent to (a link's `redirectUrl`, a campaign's
 * `endRedirectUrl`): it follows the outbound address rule of shared/domain/safe-url.ts, or is
 * refused with `invalid-url` (a too long one with `length-out-of-range-error` alone). The SPA
 * checks a stored one again with the same rule before offering to go (decision 0027).
 */
export const OutboundUrlSchema = z
  .string()
  .max(OUTBOUND_URL_MAX_LENGTH, 'length-out-of-range-error')
  .refine(isSafeOutboundUrl, { message: INVALID_URL_KEY, when: (payload) => payload.issues.length === 0 });

import * as z from 'zod';
import { defineRoute, type RouteContract } from './route';
import { CODE_SEND_LIMIT } from '../domain/client-limits';

/**
 * Phone change (spec 01 §8 Phone): `{ phone }` sends a code by SMS, `{ phone, code }` verifies it
 * and stores the phone. The phone's rules (international format) are checked by the service so
 * that it answers the spec's keys `missing-phone` and `invalid-phone-number`.
 */
export const PhoneVerificationRequestSchema = z.strictObject({
  phone: z.string().max(32).optional(),
  code: z.string().max(32).optional(),
});

export const PhoneVerificationAnswerSchema = z.object({
  /** The phone stored on the account (after a right code). */
  phone: z.string().optional(),
  /** A code was sent to this number and waits for an answer. */
  pendingPhone: z.string().optional(),
  verified: z.boolean(),
});
export type PhoneVerificationAnswer = z.infer<typeof PhoneVerificationAnswerSchema>;

export const verifyPhone = defineRoute({
  name: 'verifyPhone',
  domain: 'phone',
  method: 'POST',
  path: '/v1/phone/verification',
  auth: 'registered',
  body: PhoneVerificationRequestSchema,
  response: PhoneVerificationAnswerSchema,
  clientLimit: CODE_SEND_LIMIT,
});

export const phoneRoutes: readonly RouteContract[] = [verifyPhone];

/** International format: a plus, then 8 to 15 digits (E.164), like +12345678900 (spec 01 §8). */
export const PHONE_PATTERN = /^\+\d{8,15}$/;

/** Spaces, dots, dashes and parentheses people type are dropped; a leading 00 becomes +. */
export function normalisePhone(raw: string): string {
  const compact = raw.trim().replace(/[\s.\-()]/g, '');
  return compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
}

/** The key a phone input earns, or null when it is a valid international number. */
export function phoneError(raw: string | undefined): 'missing-phone' | 'invalid-phone-number' | null {
  if (raw === undefined || raw.trim() === '') return 'missing-phone';
  return PHONE_PATTERN.test(normalisePhone(raw)) ? null : 'invalid-phone-number';
}

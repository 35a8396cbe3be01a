import * as z from 'zod';
import { defineRoute, type RouteContract } from './route';
import { CODE_SEND_LIMIT } from '../domain/client-limits';
import { SignInEmailSchema } from './auth';
import { UserEmailSchema } from './me';

/**
 * Email addresses and phone of the signed-in user (domain `emails`, spec 01 §4, §7, §8). Guests
 * get 403 `guest-not-allowed` on every route (spec 01 §6), checked by the server.
 *
 * Status of `email-already-used`: 409 (the address belongs to another account), like account creation.
 */

/** The address in the path, normalised like a sign-in email (trimmed, lower-cased). */
const EmailParamSchema = SignInEmailSchema;

/** Every email write answers the caller's addresses, primary first. */
export const EmailListSchema = z.object({ emails: z.array(UserEmailSchema) });
export type EmailList = z.infer<typeof EmailListSchema>;

export const addEmail = defineRoute({
  name: 'addEmail',
  domain: 'emails',
  method: 'PUT',
  path: '/v1/emails/{email}',
  auth: 'registered',
  params: z.strictObject({ email: EmailParamSchema }),
  response: EmailListSchema,
  clientLimit: CODE_SEND_LIMIT,
});

export const sendEmailVerification = defineRoute({
  name: 'sendEmailVerification',
  domain: 'emails',
  method: 'POST',
  path: '/v1/emails/{email}/verification',
  auth: 'registered',
  params: z.strictObject({ email: EmailParamSchema }),
  response: EmailListSchema,
  clientLimit: CODE_SEND_LIMIT,
});

export const verifyEmail = defineRoute({
  name: 'verifyEmail',
  domain: 'emails',
  method: 'PUT',
  path: '/users/{userId}/emails/{email}/verification/{code}',
  auth: 'registered',
  params: z.strictObject({
    userId: z.string().min(1).max(128),
    email: EmailParamSchema,
    code: z.string().max(64),
  }),
  response: EmailListSchema,
});

export const makeEmailPrimary = defineRoute({
  name: 'makeEmailPrimary',
  domain: 'emails',
  method: 'PUT',
  path: '/users/{userId}/emails/{email}/primary',
  auth: 'registered',
  params: z.strictObject({ userId: z.string().min(1).max(128), email: EmailParamSchema }),
  response: EmailListSchema,
});

export const deleteEmail = defineRoute({
  name: 'deleteEmail',
  domain: 'emails',
  method: 'DELETE',
  path: '/v1/emails/{email}',
  auth: 'registered',
  params: z.strictObject({ email: EmailParamSchema }),
  response: EmailListSchema,
});

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
  domain: 'emails',
  method: 'POST',
  path: '/v1/phone/verification',
  auth: 'registered',
  body: PhoneVerificationRequestSchema,
  response: PhoneVerificationAnswerSchema,
  clientLimit: CODE_SEND_LIMIT,
});

export const emailRoutes: readonly RouteContract[] = [
  addEmail,
  sendEmailVerification,
  verifyEmail,
  makeEmailPrimary,
  deleteEmail,
  verifyPhone,
];

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

import * as z from 'zod';
import { defineRoute, type RouteContract } from './route';
import { CODE_SEND_LIMIT } from '../domain/client-limits';
import { SignInEmailSchema } from './auth';
import { UserEmailSchema } from './me';

/**
 * Email addresses of the signed-in user (domain `emails`, spec 01 §4, §7, §8). Guests
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

export const emailRoutes: readonly RouteContract[] = [
  addEmail,
  sendEmailVerification,
  verifyEmail,
  makeEmailPrimary,
  deleteEmail,
];

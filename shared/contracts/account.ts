import * as z from 'zod';
import { defineRoute, type RouteContract } from './route';
import { PasswordSchema } from '../domain/password';

/** Media type of the personal-data archive (also an API Gateway binary media type). */
export const EXPORT_MEDIA_TYPE = 'application/zip';

/** `wellbeing-data-2026-11-21.zip`: the archive's file name on the day it is made (UTC). */
export function exportFileName(at: Date): string {
  return `wellbeing-data-${at.toISOString().slice(0, 10)}.zip`;
}

/**
 * GET /v1/me/export: everything the product holds about the caller, as a zip archive (data.json,
 * one CSV per list, README.txt). The body is binary: the Lambda answers it base64-encoded and
 * clients must send `Accept: application/zip` so API Gateway decodes it.
 */
export const exportMyData = defineRoute({
  name: 'exportMyData',
  domain: 'account',
  method: 'GET',
  path: '/v1/me/export',
  auth: 'user',
  response: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
});

/**
 * Typing the primary email is what makes leaving deliberate; a guest, which has no address, types
 * the word `leave` instead.
 */
export const LeaveRequestSchema = z.strictObject({ confirmation: z.string().max(254) });
export type LeaveRequest = z.infer<typeof LeaveRequestSchema>;

/**
 * DELETE /v1/me: leave the product irreversibly. Every item keyed by the caller is erased and the
 * sign-in account removed; `confirmation` must be the caller's primary email (else 400 not-valid).
 */
export const leaveProduct = defineRoute({
  name: 'leaveProduct',
  domain: 'account',
  method: 'DELETE',
  path: '/v1/me',
  auth: 'user',
  body: LeaveRequestSchema,
  response: z.undefined(),
  status: 204,
});

/**
 * PUT /v1/me/password: give a password to an account that has none (accounts are created with an
 * email code and a password nobody knows). The server sets it in the user pool and records that the
 * account has one; from then on the user changes it through the user pool itself (ChangePassword,
 * old password required) and may sign in with it. 409 `password-already-set` when the account has one;
 * guests get 403 `guest-not-allowed`.
 */
export const SetPasswordRequestSchema = z.strictObject({ password: PasswordSchema });
export type SetPasswordRequest = z.infer<typeof SetPasswordRequestSchema>;

export const setPassword = defineRoute({
  name: 'setPassword',
  domain: 'account',
  method: 'PUT',
  path: '/v1/me/password',
  auth: 'registered',
  body: SetPasswordRequestSchema,
  response: z.undefined(),
  status: 204,
});

/**
 * POST /v1/me/sign-out: ends the caller's sign-in on this device (`everywhere: false`: the API
 * refuses its tokens from now on, the client then revokes its refresh token), or every sign-in of
 * the account (`everywhere: true`: every token issued until now is refused and every refresh token
 * revoked, this device included). Also what a client calls after a password change.
 */
export const SignOutRequestSchema = z.strictObject({ everywhere: z.boolean() });
export type SignOutRequest = z.infer<typeof SignOutRequestSchema>;

export const signOut = defineRoute({
  name: 'signOut',
  domain: 'account',
  method: 'POST',
  path: '/v1/me/sign-out',
  auth: 'registered',
  body: SignOutRequestSchema,
  response: z.undefined(),
  status: 204,
});

/** My data, my password, my sessions: download, leave, set a first password, sign out (domain `account`). */
export const accountRoutes: readonly RouteContract[] = [exportMyData, leaveProduct, setPassword, signOut];

import * as z from 'zod';
import { defineRoute, type RouteContract } from './route';
import { DeviceKeySchema, SignInEmailSchema } from './auth';
import { MultilingualTextSchema } from './text';
import { ACCESS_SIGN_IN_LIMIT } from '../domain/client-limits';
import { ACCESS_CODE_PATTERN, ACCESS_CODES_MAX } from '../domain/spheres';

/**
 * Access codes and low-security sign-in (spec 01 §3 Member access codes, §2 sign-in with
 * delegation, §5, §8): a sphere that allows it lets the members its admins choose sign in with
 * their address and one of their codes. Codes are unique within a sphere and stored only as an
 * HMAC (decision 0014).
 */

const MemberParams = z.strictObject({ id: z.string().min(1).max(64), memberId: z.string().min(1).max(64) });
const SphereIdParams = z.strictObject({ id: z.string().min(1).max(64) });

export const AccessCodesSchema = z.object({
  lowSecurityAccessEnabled: z.boolean(),
  items: z.array(
    z.object({
      /** Names the code for removal; not the code. */
      id: z.string(),
      /** Its last two characters. */
      hint: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type AccessCodes = z.infer<typeof AccessCodesSchema>;

export const getMemberAccessCodes = defineRoute({
  name: 'getMemberAccessCodes',
  domain: 'spheres',
  method: 'GET',
  path: '/v1/spheres/{id}/members/{memberId}/access-codes',
  auth: 'registered',
  ability: { action: 'get', subject: 'member', on: { sphereId: 'id' } },
  params: MemberParams,
  response: AccessCodesSchema,
});

/**
 * PUT: whether the member may sign in with a code, codes to add (as typed) and codes to remove
 * (by id). Allowing it needs at least one code (400 `required` on `body.add`); a code another
 * member of the sphere holds is refused (409 `sphere-member-duplicate-access-code`); the sphere must
 * allow low-security access (409 `sphere-lowSecurityAccessOptions-disabled`).
 */
export const AccessCodesUpdateSchema = z.strictObject({
  lowSecurityAccessEnabled: z.boolean(),
  add: z
    .array(z.string().trim().regex(ACCESS_CODE_PATTERN, 'not-valid'))
    .max(ACCESS_CODES_MAX, 'too-many')
    .default([]),
  remove: z.array(z.string().min(1).max(100)).max(ACCESS_CODES_MAX).default([]),
});
export type AccessCodesUpdate = z.infer<typeof AccessCodesUpdateSchema>;
export type AccessCodesUpdateInput = z.input<typeof AccessCodesUpdateSchema>;

export const updateMemberAccessCodes = defineRoute({
  name: 'updateMemberAccessCodes',
  domain: 'spheres',
  method: 'PUT',
  path: '/v1/spheres/{id}/members/{memberId}/access-codes',
  auth: 'registered',
  ability: { action: 'put', subject: 'member', on: { sphereId: 'id' } },
  params: MemberParams,
  body: AccessCodesUpdateSchema,
  response: AccessCodesSchema,
});

/** DELETE: every code of the member goes, and with them their low-security access. */
export const deleteMemberAccessCodes = defineRoute({
  name: 'deleteMemberAccessCodes',
  domain: 'spheres',
  method: 'DELETE',
  path: '/v1/spheres/{id}/members/{memberId}/access-codes',
  auth: 'registered',
  ability: { action: 'put', subject: 'member', on: { sphereId: 'id' } },
  params: MemberParams,
  response: z.undefined(),
  status: 204,
});

/** What the sign-in page shows in access-code mode: the sphere's name and its code's label. */
export const AccessSignInPageSchema = z.object({
  sphereName: z.string(),
  label: MultilingualTextSchema,
});
export type AccessSignInPage = z.infer<typeof AccessSignInPageSchema>;

/**
 * GET /v1/spheres/{id}/access-sign-in (no token): 403 `sphere-lowSecurityAccessOptions-disabled`
 * when the sphere does not allow it, or does not exist (the same answer).
 */
export const getAccessSignIn = defineRoute({
  name: 'getAccessSignIn',
  domain: 'spheres',
  method: 'GET',
  path: '/v1/spheres/{id}/access-sign-in',
  auth: 'public',
  params: SphereIdParams,
  response: AccessSignInPageSchema,
  clientLimit: ACCESS_SIGN_IN_LIMIT,
});

export const AccessSignInSchema = z.strictObject({
  email: SignInEmailSchema,
  accessCode: z.string().trim().min(1, 'required').max(64),
  /** This browser's known-device key for the address, when it has one (docs/decisions/0006). */
  deviceKey: DeviceKeySchema.optional(),
});
export type AccessSignIn = z.infer<typeof AccessSignInSchema>;

/**
 * POST /v1/spheres/{id}/access-sign-in (no token): the address and code of a member allowed to sign
 * in this way give the username to sign in with and a one-time ticket, the answer to the sign-in
 * challenge that follows (decision 0014); a member without an account yet signs in as a guest of
 * their own. A wrong pair is 400 `invalid-delegation` (whichever part is wrong); after
 * ACCESS_CODE_MAX_FAILURES wrong codes for the address, 429 `too-many-attempts` for the window.
 */
export const accessSignIn = defineRoute({
  name: 'accessSignIn',
  domain: 'spheres',
  method: 'POST',
  path: '/v1/spheres/{id}/access-sign-in',
  auth: 'public',
  params: SphereIdParams,
  body: AccessSignInSchema,
  /** `deviceKey`: the browser's key for the address, to give with its next attempts. */
  response: z.object({ username: z.string(), ticket: z.string(), deviceKey: z.string() }),
  clientLimit: ACCESS_SIGN_IN_LIMIT,
});

export const accessCodeRoutes: readonly RouteContract[] = [
  getMemberAccessCodes,
  updateMemberAccessCodes,
  deleteMemberAccessCodes,
  getAccessSignIn,
  accessSignIn,
];

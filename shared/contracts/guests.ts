import * as z from 'zod';
import { defineRoute, type RouteContract } from './route';
import { CODE_SEND_LIMIT, GUEST_CREATION_LIMIT, GUEST_CREATION_THROTTLE } from '../domain/client-limits';
import { DeviceKeySchema, SignInEmailSchema } from './auth';
import { LOGIN_CODE_LENGTH } from '../domain/sign-in';

/**
 * Guests (spec 01 §4 guest states, §5 guest finalisation, §6 restrictions, §7 calls), domain
 * `guests`. A guest is a real user-pool identity without an email: `POST /users/guests` creates it
 * and answers the Cognito username with a one-time-readable secret; the client signs in with
 * CUSTOM_AUTH (username, then the secret as the challenge answer) and keeps the secret so the same
 * guest can sign in again. Registration turns the guest into a full account with the same userId,
 * so everything recorded as a guest stays.
 */

/** Length of the guest secret (URL-safe base64 of 32 random bytes). */
export const GUEST_SECRET_LENGTH = 43;
/** The client retries guest creation waiting this many milliseconds times the attempt number. */
export const GUEST_RETRY_DELAY_MS = 2000;
export const GUEST_MAX_ATTEMPTS = 3;

/**
 * Access through a campaign's delegation: the access code a sphere gave one of its members, and the
 * campaign that allows it (decision 0029).
 */
export const GuestDelegationSchema = z.strictObject({
  accessCode: z.string().trim().min(1).max(64),
  campaignId: z.string().trim().min(1).max(128),
  /** This browser's known-device key for the campaign, when it has one (docs/decisions/0006). */
  deviceKey: DeviceKeySchema.optional(),
});
export type GuestDelegation = z.infer<typeof GuestDelegationSchema>;

export const CreateGuestRequestSchema = z.strictObject({
  /** The link the guest arrived by (page URL), kept on the guest for the campaign capability. */
  link: z.string().trim().min(1).max(2000),
  delegation: GuestDelegationSchema.optional(),
});
export type CreateGuestRequest = z.infer<typeof CreateGuestRequestSchema>;

export const GuestCredentialsSchema = z.object({
  userId: z.string(),
  /** User-pool username to sign in with (CUSTOM_AUTH). */
  username: z.string(),
  /** Answer to the guest challenge; shown once, stored only hashed by the server. */
  secret: z.string(),
  /**
   * Set for a delegation (an access code and a campaign, decision 0029): the secret is a one-time
   * ticket valid for two minutes, used at once and never kept; the next visit asks for the code.
   */
  oneTime: z.boolean().optional(),
  /** A delegation's: the browser's key for the campaign, to give with its next entries. */
  deviceKey: z.string().optional(),
});
export type GuestCredentials = z.infer<typeof GuestCredentialsSchema>;

export const createGuest = defineRoute({
  name: 'createGuest',
  domain: 'guests',
  method: 'POST',
  path: '/users/guests',
  auth: 'public',
  body: CreateGuestRequestSchema,
  response: GuestCredentialsSchema,
  status: 201,
  clientLimit: GUEST_CREATION_LIMIT,
  throttle: GUEST_CREATION_THROTTLE,
});

/** Step 1 of registration: the address to verify. `email-already-used` (409) if it has an account. */
export const RegisterGuestRequestSchema = z.strictObject({ email: SignInEmailSchema });
export type RegisterGuestRequest = z.infer<typeof RegisterGuestRequestSchema>;

export const GuestStepSchema = z.object({
  guestConvertionStep: z.enum(['guest', 'email', 'profile', 'finalized']),
});
export type GuestStep = z.infer<typeof GuestStepSchema>;

export const registerGuest = defineRoute({
  name: 'registerGuest',
  domain: 'guests',
  method: 'POST',
  path: '/users/guests/register',
  auth: 'user',
  body: RegisterGuestRequestSchema,
  response: GuestStepSchema,
  clientLimit: CODE_SEND_LIMIT,
});

/** Step 2: the code sent to the address, the first name, and every pending legal document accepted. */
export const ConvertGuestRequestSchema = z.strictObject({
  firstName: z.string().trim().min(1).max(100),
  validationCode: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`), { message: 'not-valid' }),
  acceptPrivatePolicy: z.literal(true, { message: 'required' }),
});
export type ConvertGuestRequest = z.infer<typeof ConvertGuestRequestSchema>;

export const convertGuest = defineRoute({
  name: 'convertGuest',
  domain: 'guests',
  method: 'POST',
  path: '/users/guests/convert',
  auth: 'user',
  body: ConvertGuestRequestSchema,
  response: GuestStepSchema,
});

export const guestRoutes: readonly RouteContract[] = [createGuest, registerGuest, convertGuest];

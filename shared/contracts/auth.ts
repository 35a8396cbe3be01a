import * as z from 'zod';
import { defineRoute } from './route';
import { SIGN_IN_LOOKUP_LIMIT } from '../domain/client-limits';
import { DEVICE_KEY_PATTERN, SIGN_IN_METHODS, isValidSignInEmail, normaliseEmail } from '../domain/sign-in';
import { LANGUAGES } from './headers';

export const SignInEmailSchema = z
  .string()
  .max(254)
  .transform(normaliseEmail)
  .refine(isValidSignInEmail, { message: 'email-not-valid' });

export const SignInRequestSchema = z.strictObject({ email: SignInEmailSchema });

export const SignInAnswerSchema = z.object({
  email: z.string(),
  /** An account holds this email: sign in. Otherwise the screen goes to creation mode. */
  exists: z.boolean(),
  /** Methods the account can use; creation always goes through an email code. */
  methods: z.array(z.enum(SIGN_IN_METHODS)),
  /** Language of the account, so the code email and the screen agree. */
  locale: z.enum(LANGUAGES).optional(),
});
export type SignInAnswer = z.infer<typeof SignInAnswerSchema>;

export const signIn = defineRoute({
  name: 'signIn',
  domain: 'auth',
  method: 'POST',
  path: '/users/sign-in',
  auth: 'public',
  body: SignInRequestSchema,
  response: SignInAnswerSchema,
  clientLimit: SIGN_IN_LOOKUP_LIMIT,
});

/** A known device's key as a body gives it (docs/decisions/0006); malformed keys are refused. */
export const DeviceKeySchema = z.string().max(200).regex(DEVICE_KEY_PATTERN, 'device-key-not-valid');

export const KnownDeviceSchema = z.object({ deviceKey: z.string() });
export type KnownDeviceAnswer = z.infer<typeof KnownDeviceSchema>;

/**
 * POST /v1/me/sign-in-devices: after a sign-in, the browser asks for a key of its own, which it
 * gives with the answers of its later code sign-ins. Those answers then have guesses of their own,
 * which strangers starting sign-ins for the address never spend (docs/decisions/0006).
 */
export const registerSignInDevice = defineRoute({
  name: 'registerSignInDevice',
  domain: 'auth',
  method: 'POST',
  path: '/v1/me/sign-in-devices',
  auth: 'registered',
  response: KnownDeviceSchema,
  status: 201,
});

export const authRoutes = [signIn, registerSignInDevice] as const;

import * as z from 'zod';
import { defineRoute } from './route';
import { SIGN_IN_LOOKUP_LIMIT } from '../domain/client-limits';
import { SIGN_IN_METHODS, isValidSignInEmail, normaliseEmail } from '../domain/sign-in';
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

export const authRoutes = [signIn] as const;

import * as z from 'zod';

/** Password rules of spec 01 §5 and §9: at least 6 characters with a lowercase, an uppercase and a digit. */
export const PASSWORD_MIN_LENGTH = 6;
/** The user pool's own ceiling. */
export const PASSWORD_MAX_LENGTH = 256;

export type PasswordProblem =
  'password-too-short' | 'password-lowercase' | 'password-uppercase' | 'password-digit';

/** What is wrong with a new password, in the order the form shows it; empty when it is acceptable. */
export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push('password-too-short');
  if (!/[a-z]/.test(password)) problems.push('password-lowercase');
  if (!/[A-Z]/.test(password)) problems.push('password-uppercase');
  if (!/\d/.test(password)) problems.push('password-digit');
  return problems;
}

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH)
  .max(PASSWORD_MAX_LENGTH)
  .refine((password) => passwordProblems(password).length === 0, { message: 'not-valid' });

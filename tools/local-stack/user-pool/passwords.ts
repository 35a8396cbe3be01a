import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { PASSWORD_MAX_LENGTH, passwordProblems, type PasswordProblem } from '@shared/domain/password';
import { CognitoError } from './protocol';

/** Password hashing (kept for ChangePassword) and the pool's password policy. */
const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
) => Promise<Buffer>;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** Checks a password against its scrypt hash (kept for password sign-in). */
export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length);
  return timingSafeEqual(actual, expected);
}

const POLICY_MESSAGES: Record<PasswordProblem, string> = {
  'password-too-short': 'Password not long enough',
  'password-lowercase': 'Password must have lowercase characters',
  'password-uppercase': 'Password must have uppercase characters',
  'password-digit': 'Password must have numeric characters',
};

/** The user pool's password policy (infra/auth.ts), the rules of shared/domain/password.ts (spec 01 §5). */
export function passwordProblem(password: string): string | null {
  const [first] = passwordProblems(password);
  if (first) return POLICY_MESSAGES[first];
  if (password.length > PASSWORD_MAX_LENGTH) return 'Password too long';
  return null;
}

/** Cognito's InvalidPasswordException when the password breaks the policy. */
export function checkPolicy(password: string): void {
  const problem = passwordProblem(password);
  if (problem)
    throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${problem}`);
}

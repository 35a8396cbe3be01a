import { LOGIN_CODE_TTL_MS, LOGIN_MAX_FAILED_ATTEMPTS } from '../../shared/domain/sign-in';
import type { UserEmail } from '../../shared/contracts/me';
import { primaryFirst } from '../../shared/domain/emails';
import { isLoginCodeExpired, loginCodeMatches } from '../auth/codes';

/**
 * Pure rules of email verification (spec 01 §4, §8, §9). Email codes follow the sign-in
 * code's rules: 6 digits, 15 minutes, 5 wrong answers, at most 3 sends per 10 minutes
 * to an address (counted by functions/auth/send-limit.ts).
 */

export const EMAIL_CODE_TTL_MS = LOGIN_CODE_TTL_MS;
export const EMAIL_CODE_VALIDITY_MINUTES = EMAIL_CODE_TTL_MS / 60_000;
export const EMAIL_CODE_MAX_FAILED_ATTEMPTS = LOGIN_MAX_FAILED_ATTEMPTS;

export interface StoredCode {
  codeHash: string;
  salt: string;
  validUntil: number;
  attempts: number;
}

export type CodeCheck = 'ok' | 'code-invalid' | 'code-expired' | 'too-many-attempts';

/**
 * What an answer to an email code is worth: a code out of attempts stays dead even for the right
 * answer; an expired one says so; a wrong one counts as an attempt (the caller records it).
 */
export function checkEmailCode(stored: StoredCode | null, answer: string, now: number): CodeCheck {
  if (!stored) return 'code-invalid';
  if (stored.attempts >= EMAIL_CODE_MAX_FAILED_ATTEMPTS) return 'too-many-attempts';
  if (isLoginCodeExpired(stored.validUntil, now)) return 'code-expired';
  return loginCodeMatches(answer, stored.salt, stored.codeHash) ? 'ok' : 'code-invalid';
}

/** The key of a wrong answer once it is counted: the last allowed one ends the code. */
export function wrongAnswerKey(attemptsAfter: number): 'code-invalid' | 'too-many-attempts' {
  return attemptsAfter >= EMAIL_CODE_MAX_FAILED_ATTEMPTS ? 'too-many-attempts' : 'code-invalid';
}

/** The caller's addresses as the API answers them: primary first, then alphabetical. */
export function emailList(
  emails: readonly { email: string; primary: boolean; isVerified: boolean }[],
): UserEmail[] {
  return emails
    .map((e) => ({ email: e.email, primary: e.primary, isVerified: e.isVerified }))
    .sort(primaryFirst);
}

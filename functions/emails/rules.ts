import { LOGIN_CODE_TTL_MS, LOGIN_MAX_FAILED_ATTEMPTS } from '@shared/domain/sign-in';
import type { UserEmail } from '@shared/contracts/me';
import { primaryFirst } from '@shared/domain/emails';
import { checkCode, type CodeCheck, type StoredCode } from '../lib/one-time-codes';

/**
 * Pure rules of email verification (spec 01 §4, §8, §9). Email codes follow the sign-in
 * code's rules: 6 digits, 15 minutes, 5 wrong answers, at most 3 sends per 10 minutes
 * to an address (counted by functions/auth/send-limit.ts).
 */

export const EMAIL_CODE_TTL_MS = LOGIN_CODE_TTL_MS;
export const EMAIL_CODE_VALIDITY_MINUTES = EMAIL_CODE_TTL_MS / 60_000;
export const EMAIL_CODE_MAX_FAILED_ATTEMPTS = LOGIN_MAX_FAILED_ATTEMPTS;

/** What an answer to an email code is worth (the one-time codes' check, with the sign-in's attempts). */
export function checkEmailCode(stored: StoredCode | null, answer: string, now: number): CodeCheck {
  return checkCode(stored, answer, now, EMAIL_CODE_MAX_FAILED_ATTEMPTS);
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

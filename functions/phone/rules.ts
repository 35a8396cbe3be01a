import { LOGIN_CODE_TTL_MS } from '@shared/domain/sign-in';
import type { Language } from '@shared/contracts/headers';

/** Pure rules of phone verification (spec 01 §8 Phone, §9). */

/** Phone: more than 3 change requests within 24 h, or more than 5 wrong codes, lock 24 h. */
export const PHONE_WINDOW_MS = 24 * 60 * 60 * 1000;
export const PHONE_LOCK_MS = 24 * 60 * 60 * 1000;
export const PHONE_MAX_REQUESTS_PER_WINDOW = 3;
export const PHONE_MAX_WRONG_CODES = 5;
export const PHONE_CODE_TTL_MS = LOGIN_CODE_TTL_MS;

/**
 * Texts per destination number (decision 0006): at most 3 within 24 h, whoever asks. Beyond them a
 * request answers `too-many-phone-codes-sent` and sends nothing.
 */
export const PHONE_NUMBER_WINDOW_MS = 24 * 60 * 60 * 1000;
export const PHONE_MAX_TEXTS_PER_NUMBER = 3;

/** A number's send slot is free again once its send is this old (or older). */
export function numberSlotFreeBefore(now: number): number {
  return now - PHONE_NUMBER_WINDOW_MS;
}

/** Sends still inside the window ending now. */
export function recentSends(sends: readonly number[], now: number, windowMs: number): number[] {
  return sends.filter((at) => at > now - windowMs);
}

/** Is a phone change allowed now, given the requests of the window? */
export function canRequestPhoneCode(requests: readonly number[], now: number): boolean {
  return recentSends(requests, now, PHONE_WINDOW_MS).length < PHONE_MAX_REQUESTS_PER_WINDOW;
}

/** After this many wrong codes (counting the one just given) the phone change locks. */
export function phoneCodeLocks(failuresAfter: number): boolean {
  return failuresAfter > PHONE_MAX_WRONG_CODES;
}

export function phoneSmsText(code: string, locale: Language): string {
  const minutes = PHONE_CODE_TTL_MS / 60_000;
  switch (locale) {
    case 'en':
      return `${code} is your verification code. It is valid for ${minutes} minutes.`;
    case 'nl':
      return `${code} is je verificatiecode. Deze code is ${minutes} minuten geldig.`;
    default:
      return `${code} est votre code de vérification. Il est valable ${minutes} minutes.`;
  }
}

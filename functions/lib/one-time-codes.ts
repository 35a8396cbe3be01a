import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { LOGIN_CODE_LENGTH, isValidCode } from '@shared/domain/sign-in';

/**
 * The product's one-time codes, whatever they prove (a sign-in, an address, a phone): six digits
 * from the CSPRNG, stored only as an HMAC keyed by the code's own salt, accepted up to their
 * `validUntil`, and kept a while after it so that a late answer hears `code-expired`. Each domain
 * keeps its codes in its own items, with conditional writes that fit them; issuing and checking a
 * code happen here, once.
 */

/** An expired code is kept an hour past its validity, so that a late answer gets `code-expired`. */
export const EXPIRED_CODE_KEPT_MS = 60 * 60 * 1000;

/** DynamoDB's TTL attribute: epoch seconds after which the item may be deleted. */
export const ttlSeconds = (epochMs: number): number => Math.ceil(epochMs / 1000);

/** A six-digit code drawn from the CSPRNG, leading zeros kept. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** LOGIN_CODE_LENGTH)).padStart(LOGIN_CODE_LENGTH, '0');
}

/** A random salt, used as the HMAC key of one code. */
export function newSalt(): string {
  return randomBytes(32).toString('base64url');
}

function hmac(code: string, salt: string): Buffer {
  return createHmac('sha256', Buffer.from(salt, 'base64url')).update(code, 'utf8').digest();
}

/** What is stored instead of the code: HMAC-SHA256 keyed by the code's own salt. */
export function hashCode(code: string, salt: string): string {
  return hmac(code, salt).toString('base64url');
}

/** Compares an answer with the stored hash in constant time. Anything but six digits is wrong. */
export function codeMatches(answer: string, salt: string, storedHash: string): boolean {
  const candidate = answer.trim();
  if (!isValidCode(candidate)) return false;
  const expected = Buffer.from(storedHash, 'base64url');
  const actual = hmac(candidate, salt);
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}

/** A code is accepted up to and including `validUntil`. */
export function isCodeExpired(validUntil: number, now: number): boolean {
  return now > validUntil;
}

/** A new code to send, and what its item stores: never the code itself. */
export interface IssuedCode {
  code: string;
  codeHash: string;
  salt: string;
  /** Epoch ms; the code is accepted up to this instant. */
  validUntil: number;
  /** Epoch seconds (TTL): an hour after `validUntil`. */
  expiresAt: number;
}

export function issueCode(now: number, validityMs: number): IssuedCode {
  const code = generateCode();
  const salt = newSalt();
  const validUntil = now + validityMs;
  return {
    code,
    codeHash: hashCode(code, salt),
    salt,
    validUntil,
    expiresAt: ttlSeconds(validUntil + EXPIRED_CODE_KEPT_MS),
  };
}

export interface StoredCode {
  codeHash: string;
  salt: string;
  validUntil: number;
  attempts: number;
}

export type CodeCheck = 'ok' | 'code-invalid' | 'code-expired' | 'too-many-attempts';

/**
 * What an answer to a stored code is worth: a code out of attempts stays dead even for the right
 * answer; an expired one says so; a wrong one counts as an attempt (the caller records it).
 */
export function checkCode(
  stored: StoredCode | null,
  answer: string,
  now: number,
  maxAttempts: number,
): CodeCheck {
  if (!stored) return 'code-invalid';
  if (stored.attempts >= maxAttempts) return 'too-many-attempts';
  if (isCodeExpired(stored.validUntil, now)) return 'code-expired';
  return codeMatches(answer, stored.salt, stored.codeHash) ? 'ok' : 'code-invalid';
}

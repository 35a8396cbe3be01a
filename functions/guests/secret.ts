import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Pure rules of the guest identity (spec 01 §4 guest, docs/decisions/0005-guests.md). */

/**
 * Domain of the placeholder address of a guest's user-pool identity. The pool signs in by email and
 * requires one, so a guest gets `<uuid>@guests.invalid`: `.invalid` can never be delivered
 * (RFC 2606), no code is ever sent to it, and conversion replaces it with the verified address.
 */
export const GUEST_EMAIL_DOMAIN = 'guests.invalid';

export function guestPlaceholderEmail(id: string): string {
  return `${id}@${GUEST_EMAIL_DOMAIN}`;
}

/** Is this the placeholder address of a guest identity (or no address at all)? */
export function isGuestPlaceholder(email: string | undefined): boolean {
  if (email === undefined || email === '') return true;
  return email.toLowerCase().endsWith(`@${GUEST_EMAIL_DOMAIN}`);
}

/** The guest's secret: 32 random bytes, URL-safe base64 (43 characters). */
export function newGuestSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of the secret. */
export function hashGuestSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('base64url');
}

/** Compares an answer with the stored hash in constant time. */
export function guestSecretMatches(answer: string, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'base64url');
  const actual = createHash('sha256').update(answer, 'utf8').digest();
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}

/**
 * A password for the guest's pool identity, which never signs in with it: it only makes the
 * identity CONFIRMED. Random, and it meets the pool's policy (lower, upper, digit).
 */
export function unusablePassword(): string {
  return `Aa1-${randomBytes(24).toString('base64url')}`;
}

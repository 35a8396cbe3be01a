import { describe, expect, it } from 'vitest';
import {
  guestPlaceholderEmail,
  guestSecretMatches,
  hashGuestSecret,
  isGuestPlaceholder,
  newGuestSecret,
  unusablePassword,
} from './secret';

describe('guest secret', () => {
  it('is 32 random bytes in URL-safe base64, never twice the same', () => {
    const a = newGuestSecret();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newGuestSecret()).not.toBe(a);
  });

  it('is stored as its SHA-256, which matches the secret and nothing else', () => {
    const secret = newGuestSecret();
    const hash = hashGuestSecret(secret);
    expect(hash).not.toContain(secret);
    expect(guestSecretMatches(secret, hash)).toBe(true);
    expect(guestSecretMatches(`${secret} `, hash)).toBe(false);
    expect(guestSecretMatches('', hash)).toBe(false);
    expect(guestSecretMatches(secret, 'not-a-hash')).toBe(false);
  });
});

describe('guest identity', () => {
  it('has a placeholder address that is recognised as one, whatever its case', () => {
    const address = guestPlaceholderEmail('abc');
    expect(address).toBe('abc@guests.invalid');
    expect(isGuestPlaceholder(address.toUpperCase())).toBe(true);
    expect(isGuestPlaceholder(undefined)).toBe(true);
    expect(isGuestPlaceholder('camille@example.be')).toBe(false);
    expect(isGuestPlaceholder('camille@guests.invalid.example.be')).toBe(false);
  });

  it('gets a password that meets the pool policy (lower, upper, digit, at least 6)', () => {
    const password = unusablePassword();
    expect(password).toMatch(/[a-z]/);
    expect(password).toMatch(/[A-Z]/);
    expect(password).toMatch(/\d/);
    expect(password.length).toBeGreaterThanOrEqual(6);
  });
});

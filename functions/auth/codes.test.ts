import { describe, expect, it, vi } from 'vitest';
import { randomInt, timingSafeEqual } from 'node:crypto';
import type * as Crypto from 'node:crypto';
import {
  challengeMetadataFor,
  codeIdFromMetadata,
  generateLoginCode,
  hashLoginCode,
  isLoginCodeExpired,
  loginCodeMatches,
  loginCodeValidUntil,
  maskEmail,
  newSalt,
} from './codes';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof Crypto>();
  return { ...actual, randomInt: vi.fn(actual.randomInt), timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

describe('login code generation', () => {
  it('draws the code from the CSPRNG over the whole six-digit range, keeping leading zeros', () => {
    (vi.mocked(randomInt) as unknown as { mockReturnValueOnce(v: number): void }).mockReturnValueOnce(42);
    expect(generateLoginCode()).toBe('000042');
    expect(randomInt).toHaveBeenLastCalledWith(0, 1_000_000);
  });

  it('always gives six digits', () => {
    for (let i = 0; i < 200; i++) expect(generateLoginCode()).toMatch(/^\d{6}$/);
  });
});

describe('login code hashing', () => {
  it('stores an HMAC that does not contain the code and differs per salt', () => {
    const salt = newSalt();
    const hash = hashLoginCode('123456', salt);
    expect(hash).not.toContain('123456');
    expect(hash).toBe(hashLoginCode('123456', salt));
    expect(hashLoginCode('123456', newSalt())).not.toBe(hash);
  });

  it('accepts the right code, with surrounding spaces, and refuses any other answer', () => {
    const salt = newSalt();
    const hash = hashLoginCode('012345', salt);
    expect(loginCodeMatches('012345', salt, hash)).toBe(true);
    expect(loginCodeMatches(' 012345 ', salt, hash)).toBe(true);
    expect(loginCodeMatches('012346', salt, hash)).toBe(false);
    expect(loginCodeMatches('12345', salt, hash)).toBe(false);
    expect(loginCodeMatches('', salt, hash)).toBe(false);
    expect(loginCodeMatches('012345', newSalt(), hash)).toBe(false);
  });

  it('compares hashes in constant time', () => {
    vi.mocked(timingSafeEqual).mockClear();
    const salt = newSalt();
    loginCodeMatches('654321', salt, hashLoginCode('123456', salt));
    expect(timingSafeEqual).toHaveBeenCalledTimes(1);
  });
});

describe('login code validity', () => {
  it('is valid 15 minutes, up to and including the last millisecond', () => {
    const validUntil = loginCodeValidUntil(0);
    expect(validUntil).toBe(15 * 60 * 1000);
    expect(isLoginCodeExpired(validUntil, validUntil)).toBe(false);
    expect(isLoginCodeExpired(validUntil, validUntil + 1)).toBe(true);
  });
});

describe('challenge metadata', () => {
  it('carries the code id between the rounds of a sign-in', () => {
    expect(codeIdFromMetadata(challengeMetadataFor('abc'))).toBe('abc');
    expect(codeIdFromMetadata('CODE-')).toBeUndefined();
    expect(codeIdFromMetadata('OTHER')).toBeUndefined();
    expect(codeIdFromMetadata(undefined)).toBeUndefined();
  });
});

describe('masked email', () => {
  it('shows the first letter and the domain only', () => {
    expect(maskEmail('alice@example.be')).toBe('a***@example.be');
    expect(maskEmail('b@x.fr')).toBe('b***@x.fr');
    expect(maskEmail('nope')).toBe('***');
  });
});

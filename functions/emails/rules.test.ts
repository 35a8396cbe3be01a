import { describe, expect, it } from 'vitest';
import { hashLoginCode, newSalt } from '../auth/codes';
import { checkEmailCode, emailList, wrongAnswerKey } from './rules';

const NOW = 1_800_000_000_000;
const MINUTE = 60_000;

function stored(code: string, overrides: Partial<{ validUntil: number; attempts: number }> = {}) {
  const salt = newSalt();
  return {
    codeHash: hashLoginCode(code, salt),
    salt,
    validUntil: NOW + 15 * MINUTE,
    attempts: 0,
    ...overrides,
  };
}

describe('email verification code (same rules as the sign-in code)', () => {
  it('accepts the right code until the end of its 15 minutes, not after', () => {
    expect(checkEmailCode(stored('123456'), '123456', NOW)).toBe('ok');
    expect(checkEmailCode(stored('123456', { validUntil: NOW }), '123456', NOW)).toBe('ok');
    expect(checkEmailCode(stored('123456', { validUntil: NOW - 1 }), '123456', NOW)).toBe('code-expired');
  });

  it('answers code-invalid for a wrong or missing code', () => {
    expect(checkEmailCode(stored('123456'), '654321', NOW)).toBe('code-invalid');
    expect(checkEmailCode(stored('123456'), '12345', NOW)).toBe('code-invalid');
    expect(checkEmailCode(null, '123456', NOW)).toBe('code-invalid');
  });

  it('refuses even the right code after 5 wrong answers', () => {
    expect(checkEmailCode(stored('123456', { attempts: 5 }), '123456', NOW)).toBe('too-many-attempts');
    expect(wrongAnswerKey(4)).toBe('code-invalid');
    expect(wrongAnswerKey(5)).toBe('too-many-attempts');
  });
});

describe('email list', () => {
  it('puts the primary address first, then the others alphabetically', () => {
    expect(
      emailList([
        { email: 'b@x.be', primary: false, isVerified: true },
        { email: 'c@x.be', primary: true, isVerified: true },
        { email: 'a@x.be', primary: false, isVerified: false },
      ]).map((e) => e.email),
    ).toEqual(['c@x.be', 'a@x.be', 'b@x.be']);
  });
});

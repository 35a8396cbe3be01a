import { describe, expect, it } from 'vitest';
import { isValidCode, isValidSignInEmail, normaliseEmail, sanitiseCodeInput } from './sign-in';

describe('sign-in email', () => {
  it('is trimmed and lower-cased', () => {
    expect(normaliseEmail('  Alice.Martin@Example.BE ')).toBe('alice.martin@example.be');
  });

  it.each([
    ['alice@example.be', true],
    ['  ALICE@example.be  ', true],
    ['a@b.c', true],
    ['first.last+tag@sub.domain.org', true],
    ['@example.be', false],
    ['alice', false],
    ['alice@', false],
    ['alice@example', false],
    ['alice@example.', false],
    ['alice@.be', false],
    ['ali ce@example.be', false],
    ['alice@@example.be', false],
    ['', false],
  ])('%j valid: %s', (email, valid) => {
    expect(isValidSignInEmail(email)).toBe(valid);
  });
});

describe('code input', () => {
  it('keeps digits only', () => {
    expect(sanitiseCodeInput('12-34 56')).toBe('123456');
  });

  it('keeps the last six digits of a longer paste', () => {
    expect(sanitiseCodeInput('Votre code : 0012345678')).toBe('345678');
  });

  it('keeps fewer digits as they are', () => {
    expect(sanitiseCodeInput('12a')).toBe('12');
  });

  it.each([
    ['123456', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
  ])('%j is a valid code: %s', (code, valid) => {
    expect(isValidCode(code)).toBe(valid);
  });
});

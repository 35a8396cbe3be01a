import { describe, expect, it } from 'vitest';
import { GENERATED_PASSWORD_LENGTH, generatePassword } from './random-password';

describe('generated account password', () => {
  it('has 24 characters with a lower-case letter, an upper-case letter, a digit and a symbol', () => {
    for (let i = 0; i < 50; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/\d/);
      expect(password).toMatch(/[^a-zA-Z\d]/);
    }
  });

  it('comes from the random source it is given', () => {
    let calls = 0;
    const zeros = (buffer: Uint32Array) => {
      calls++;
      buffer.fill(0);
      return buffer;
    };
    const password = generatePassword(zeros);
    expect(calls).toBeGreaterThanOrEqual(GENERATED_PASSWORD_LENGTH);
    expect(new Set(password).size).toBeLessThanOrEqual(4);
  });

  it('differs from one account to the next', () => {
    expect(new Set(Array.from({ length: 50 }, () => generatePassword())).size).toBe(50);
  });
});

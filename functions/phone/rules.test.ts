import { describe, expect, it } from 'vitest';
import { normalisePhone, phoneError } from '@shared/contracts/phone';
import {
  PHONE_MAX_TEXTS_PER_NUMBER,
  PHONE_NUMBER_WINDOW_MS,
  canRequestPhoneCode,
  numberSlotFreeBefore,
  phoneCodeLocks,
} from './rules';

const NOW = 1_800_000_000_000;
const MINUTE = 60_000;

describe('phone rules', () => {
  it('accepts a plus and 8 to 15 digits, with the spaces and dashes people type', () => {
    expect(phoneError('+12345678900')).toBeNull();
    expect(phoneError('+32 470-12.34.56')).toBeNull();
    expect(normalisePhone(' +32 (0)470 ')).toBe('+320470');
    expect(normalisePhone('0032470123456')).toBe('+32470123456');
  });

  it('answers missing-phone when empty and invalid-phone-number otherwise', () => {
    expect(phoneError(undefined)).toBe('missing-phone');
    expect(phoneError('  ')).toBe('missing-phone');
    expect(phoneError('0470123456')).toBe('invalid-phone-number');
    expect(phoneError('+1234567')).toBe('invalid-phone-number');
    expect(phoneError('+1234567890123456')).toBe('invalid-phone-number');
    expect(phoneError('+32abc123456')).toBe('invalid-phone-number');
  });

  it('allows 3 change requests within 24 hours and locks on more than 5 wrong codes', () => {
    const hour = 60 * MINUTE;
    expect(canRequestPhoneCode([NOW - 23 * hour, NOW - hour], NOW)).toBe(true);
    expect(canRequestPhoneCode([NOW - 23 * hour, NOW - 2 * hour, NOW - hour], NOW)).toBe(false);
    expect(canRequestPhoneCode([NOW - 25 * hour, NOW - 2 * hour, NOW - hour], NOW)).toBe(true);
    expect(phoneCodeLocks(5)).toBe(false);
    expect(phoneCodeLocks(6)).toBe(true);
  });

  it('texts one number at most 3 times within 24 hours, whoever asks: a slot frees once its send is a day old', () => {
    expect(PHONE_MAX_TEXTS_PER_NUMBER).toBe(3);
    expect(PHONE_NUMBER_WINDOW_MS).toBe(24 * 60 * MINUTE);
    // The condition of a slot's put: free, or its send is at or before this instant.
    expect(numberSlotFreeBefore(NOW)).toBe(NOW - 24 * 60 * MINUTE);
  });
});

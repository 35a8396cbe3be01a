import { describe, expect, it } from 'vitest';
import { DEFAULT_SMS_COUNTRY_CODES, isTextableNumber, parseSmsCountryCodes } from './phone';

describe('the countries verification texts go to', () => {
  it('are Belgium, France and Luxembourg by default', () => {
    expect(DEFAULT_SMS_COUNTRY_CODES).toEqual(['+32', '+33', '+352']);
    for (const phone of ['+32470123456', '+33612345678', '+352621123456'])
      expect(isTextableNumber(phone, DEFAULT_SMS_COUNTRY_CODES), phone).toBe(true);
  });

  it('leave out every other country, premium-rate international numbers included', () => {
    for (const phone of ['+447700900123', '+31612345678', '+88234567890123', '+3512345678', '+12025550123'])
      expect(isTextableNumber(phone, DEFAULT_SMS_COUNTRY_CODES), phone).toBe(false);
  });

  it('are read from a comma-separated list, with or without plus signs and spaces', () => {
    expect(parseSmsCountryCodes('+32,+33,+352')).toEqual(['+32', '+33', '+352']);
    expect(parseSmsCountryCodes(' 32, +31 ,,+32 ')).toEqual(['+32', '+31']);
    expect(parseSmsCountryCodes('+324')).toEqual(['+324']);
    expect(isTextableNumber('+32470123456', ['+324'])).toBe(true);
    expect(isTextableNumber('+3221234567', ['+324'])).toBe(false);
  });

  it('refuse a list that is empty or holds something other than calling codes', () => {
    expect(() => parseSmsCountryCodes('')).toThrow(/No country calling code/);
    expect(() => parseSmsCountryCodes(' , ')).toThrow(/No country calling code/);
    expect(() => parseSmsCountryCodes('BE,FR')).toThrow(/\+BE, \+FR/);
    expect(() => parseSmsCountryCodes('+0032')).toThrow(/\+0032/);
    expect(() => parseSmsCountryCodes('+1234567')).toThrow(/\+1234567/);
  });
});

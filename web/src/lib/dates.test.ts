import { describe, expect, it } from 'vitest';
import { formatDate, parseDay } from './dates';

describe('formatDate', () => {
  it('writes dates as DD/MM/YYYY with leading zeros', () => {
    expect(formatDate(new Date(2024, 0, 5))).toBe('05/01/2024');
  });

  it('puts the day before the month', () => {
    expect(formatDate(new Date(2023, 11, 31, 23, 59))).toBe('31/12/2023');
  });
});

describe('typed days', () => {
  it('reads DD/MM/YYYY, strictly', () => {
    expect(parseDay('24/11/1990')).toBe('1990-11-24');
    expect(parseDay(' 01/02/2003 ')).toBe('2003-02-01');
    expect(parseDay('31/02/2003')).toBeNull();
    expect(parseDay('1990-11-24')).toBeNull();
    expect(parseDay('11/24/1990')).toBeNull();
  });
});

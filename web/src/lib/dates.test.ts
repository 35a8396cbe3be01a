import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';

describe('formatDate', () => {
  it('writes dates as DD/MM/YYYY with leading zeros', () => {
    expect(formatDate(new Date(2024, 0, 5))).toBe('05/01/2024');
  });

  it('puts the day before the month', () => {
    expect(formatDate(new Date(2023, 11, 31, 23, 59))).toBe('31/12/2023');
  });
});

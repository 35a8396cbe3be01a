import { describe, expect, it } from 'vitest';
import { monthsAgo } from './report-periods';

describe('monthsAgo', () => {
  it('is the first day of the month so many months back, across a year', () => {
    expect(monthsAgo(3, new Date('2026-12-07T10:00:00Z'))).toBe('2026-09-01');
    expect(monthsAgo(12, new Date('2026-02-28T10:00:00Z'))).toBe('2025-02-01');
  });
});

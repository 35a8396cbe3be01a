import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.TZ = 'Europe/Brussels';
});

const { PERIOD_CHOICES, periodOf } = await import('./periods');

describe('history periods', () => {
  const now = new Date(2026, 10, 24, 15, 30);

  it('offers this and last day … year, last N days, months and years, the default and custom', () => {
    expect(PERIOD_CHOICES).toEqual([
      'default',
      'this-day',
      'this-week',
      'this-month',
      'this-quarter',
      'this-year',
      'last-day',
      'last-week',
      'last-month',
      'last-quarter',
      'last-year',
      'last-7-days',
      'last-30-days',
      'last-3-months',
      'last-12-months',
      'last-2-years',
      'custom',
    ]);
  });

  it('turns each choice into dates', () => {
    expect(periodOf('default', now).start).toEqual(new Date(2026, 7, 1));
    expect(periodOf('this-week', now).start).toEqual(new Date(2026, 10, 23));
    expect(periodOf('last-month', now)).toEqual({
      start: new Date(2026, 9, 1),
      end: new Date(new Date(2026, 10, 1).getTime() - 1),
    });
    expect(periodOf('last-7-days', now).start).toEqual(new Date(2026, 10, 18));
    expect(periodOf('last-12-months', now).start).toEqual(new Date(2025, 11, 1));
    expect(periodOf('custom', now)).toEqual(periodOf('default', now));
  });
});

import { describe, expect, it } from 'vitest';
import { dayOf, isTimeZone } from './time-zones';

describe('time zones', () => {
  it('knows IANA zones and refuses made-up ones, asked again and again', () => {
    for (let i = 0; i < 3; i++) {
      expect(isTimeZone('Europe/Brussels')).toBe(true);
      expect(isTimeZone('Mars/Olympus')).toBe(false);
      expect(isTimeZone('')).toBe(false);
    }
  });

  it('gives the calendar day of an instant in the zone, the same with a kept formatter', () => {
    for (let i = 0; i < 3; i++) {
      expect(dayOf('2026-03-01T23:30:00.000Z', 'Europe/Brussels')).toBe('2026-03-02');
      expect(dayOf('2026-03-01T23:30:00.000Z', 'America/New_York')).toBe('2026-03-01');
      expect(dayOf('2026-03-01T23:30:00.000Z', 'Pacific/Kiritimati')).toBe('2026-03-02');
    }
  });

  it('counts the day in UTC when the zone is missing or unknown', () => {
    expect(dayOf('2026-03-01T23:30:00.000Z', undefined)).toBe('2026-03-01');
    expect(dayOf('2026-03-01T23:30:00.000Z', 'Mars/Olympus')).toBe('2026-03-01');
    expect(dayOf('2026-03-01T00:30:00.000Z', 'America/New_York')).toBe('2026-02-28');
  });

  it('still answers for zones beyond the ones it keeps (case variants are zones too)', () => {
    const variants = Array.from({ length: 1100 }, (_, i) =>
      [...'europe/brussels'].map((c, j) => ((i >> j) & 1 ? c.toUpperCase() : c)).join(''),
    );
    for (const zone of variants) expect(isTimeZone(zone)).toBe(true);
    expect(dayOf('2026-03-01T23:30:00.000Z', variants[1099])).toBe('2026-03-02');
  });
});

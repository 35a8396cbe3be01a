import { describe, expect, it } from 'vitest';
import {
  DEVICE_CODE_ALPHABET,
  TERMINAL_DEFAULT_STEP,
  deviceCodeOf,
  kioskPath,
  mayManageTerminals,
  recordedAtProblem,
  takesTerminalFeelings,
  terminalFeeling,
} from './terminals';

const sphere = (salesUp: boolean, isTerminalEnabled = true) => ({
  isTerminalEnabled,
  entitlements: { salesUp: { active: salesUp } },
});

describe('terminal feelings', () => {
  it('a good-only answer is worth the middle step: 0.5, energy 0.5, green; a bad-only one blue', () => {
    expect(TERMINAL_DEFAULT_STEP).toBe(4);
    expect(terminalFeeling({ good: true }, 'mood')).toEqual({ value: 0.5, energy: 0.5, color: 'green' });
    expect(terminalFeeling({ good: false }, 'mood')).toEqual({ value: -0.5, energy: 0.5, color: 'blue' });
  });

  it('histogram steps count only where the terminal asks them', () => {
    const answer = { good: true, intensityStep: 9, energyStep: 9, wordId: 'joyful' };
    expect(terminalFeeling(answer, 'mood')).toEqual({ value: 0.5, energy: 0.5, color: 'green' });
    expect(terminalFeeling(answer, 'histograms')).toEqual({ value: 1, energy: 1, color: 'yellow' });
    expect(terminalFeeling(answer, 'word')).toEqual({
      value: 1,
      energy: 1,
      color: 'yellow',
      wordId: 'joyful',
    });
    expect(terminalFeeling({ good: false, intensityStep: 2, energyStep: 8 }, 'histograms')).toEqual({
      value: -0.3,
      energy: 0.9,
      color: 'red',
    });
  });

  it('recordedAt may be minutes or days back, not in the future nor more than 7 days back', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    expect(recordedAtProblem('2026-11-26T09:40:00Z', now)).toBeUndefined();
    expect(recordedAtProblem('2026-11-20T10:00:00Z', now)).toBeUndefined();
    expect(recordedAtProblem('2026-11-26T10:03:00Z', now)).toBeUndefined();
    expect(recordedAtProblem('2026-11-26T11:00:00Z', now)).toBe('not-valid');
    expect(recordedAtProblem('2026-11-18T10:00:00Z', now)).toBe('not-valid');
    expect(recordedAtProblem('yesterday', now)).toBe('not-valid');
  });
});

describe('who sets terminals up', () => {
  it('a sphere admin always; a sales-up member only with the salesUp entitlement; a contributor never', () => {
    expect(mayManageTerminals(['admin'], sphere(false))).toBe(true);
    expect(mayManageTerminals(['sales-up'], sphere(true))).toBe(true);
    expect(mayManageTerminals(['sales-up'], sphere(false))).toBe(false);
    expect(mayManageTerminals(['contributor'], sphere(true))).toBe(false);
  });

  it('a sphere takes terminal feelings only with its flag on and salesUp active', () => {
    expect(takesTerminalFeelings(sphere(true))).toBe(true);
    expect(takesTerminalFeelings(sphere(false))).toBe(false);
    expect(takesTerminalFeelings(sphere(true, false))).toBe(false);
  });
});

describe('device codes and kiosk paths', () => {
  it('a device code is six characters without look-alikes', () => {
    const code = deviceCodeOf(new Uint8Array([0, 1, 2, 3, 250, 255, 9, 9]));
    expect(code).toHaveLength(6);
    for (const c of code) expect(DEVICE_CODE_ALPHABET).toContain(c);
    expect(DEVICE_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(() => deviceCodeOf(new Uint8Array(3))).toThrow(RangeError);
  });

  it('the key travels in the fragment, never in the path or the query', () => {
    const path = kioskPath('t-1', 'a/b+c');
    expect(path).toBe('/terminal/t-1#key=a%2Fb%2Bc');
    expect(path.split('#')[0]).not.toContain('key');
  });
});

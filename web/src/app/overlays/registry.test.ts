import { describe, expect, it } from 'vitest';
import { afterStep, overlaySteps } from './registry';

describe('overlay steps', () => {
  it('splits comma-separated steps and drops empty ones', () => {
    expect(overlaySteps('profile, emails,,')).toEqual(['profile', 'emails']);
    expect(overlaySteps(null)).toEqual([]);
  });

  it('moves to the next step and keeps the other parameters', () => {
    const next = afterStep(new URLSearchParams('show=registration,profile&lang=en'));
    expect(next.get('show')).toBe('profile');
    expect(next.get('lang')).toBe('en');
  });

  it('closes after the last step', () => {
    expect(afterStep(new URLSearchParams('show=profile&memberId=3')).has('show')).toBe(false);
  });
});

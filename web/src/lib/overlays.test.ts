import { describe, expect, it } from 'vitest';
import { afterStep, overlayOpensFor, overlaySearch, overlaySteps, registerOverlay } from './overlays';

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

describe('overlay registration', () => {
  const Empty = () => null;
  it('an overlay for registered users opens for them only; one for any user opens for guests too', () => {
    const load = async () => ({ default: Empty });
    registerOverlay('overlays-test-registered', {
      titleKey: 'common.close',
      route: 'addEmail',
      audience: 'registered',
      load,
    });
    registerOverlay('overlays-test-user', { titleKey: 'common.close', route: 'updateProfile', load });
    expect(overlayOpensFor('overlays-test-registered', false)).toBe(true);
    expect(overlayOpensFor('overlays-test-registered', true)).toBe(false);
    expect(overlayOpensFor('overlays-test-user', true)).toBe(true);
    expect(overlayOpensFor('overlays-test-missing', false)).toBe(false);
  });

  it('an overlay is registered once', () => {
    const load = async () => ({ default: Empty });
    registerOverlay('overlays-test-once', { titleKey: 'common.close', load });
    expect(() => registerOverlay('overlays-test-once', { titleKey: 'common.close', load })).toThrow(/twice/);
  });

  it('opening an overlay keeps the page parameters', () => {
    expect(overlaySearch('?lang=en&show=profile', 'emails')).toBe('?lang=en&show=emails');
  });
});

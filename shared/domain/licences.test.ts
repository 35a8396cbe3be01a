import { describe, expect, it } from 'vitest';
import {
  LICENCE_COUNT_MAX,
  LICENCE_MODES,
  canChangeLicenceMode,
  effectivePlan,
  licenceCountAllowed,
  licencesFit,
  licencesRemaining,
} from './licences';

describe('licence arithmetic', () => {
  it('the last licence fits, one more does not', () => {
    expect(licencesFit(20, 19)).toBe(true);
    expect(licencesFit(20, 20)).toBe(false);
    expect(licencesFit(0, 0)).toBe(false);
    expect(licencesFit(5, 3, 2)).toBe(true);
    expect(licencesFit(5, 3, 3)).toBe(false);
  });

  it('what remains is never below zero', () => {
    expect(licencesRemaining(20, 12)).toBe(8);
    expect(licencesRemaining(20, 20)).toBe(0);
    expect(licencesRemaining(3, 5)).toBe(0);
  });

  it('a count may equal what is in use, never go below it, and stays a whole number within the maximum', () => {
    expect(licenceCountAllowed(12, 12)).toBe(true);
    expect(licenceCountAllowed(11, 12)).toBe(false);
    expect(licenceCountAllowed(0, 0)).toBe(true);
    expect(licenceCountAllowed(2.5, 0)).toBe(false);
    expect(licenceCountAllowed(LICENCE_COUNT_MAX, 0)).toBe(true);
    expect(licenceCountAllowed(LICENCE_COUNT_MAX + 1, 0)).toBe(false);
  });
});

describe('licence modes', () => {
  it('the first choice of bill or auto is free', () => {
    expect(canChangeLicenceMode(undefined, 'bill', false)).toBe(true);
    expect(canChangeLicenceMode(undefined, 'auto', false)).toBe(true);
  });

  it('once chosen, bill and auto are fixed, for super-admins too', () => {
    expect(canChangeLicenceMode('bill', 'auto', false)).toBe(false);
    expect(canChangeLicenceMode('auto', 'bill', true)).toBe(false);
    expect(canChangeLicenceMode('legacy', 'bill', true)).toBe(false);
  });

  it('only a super-admin switches to legacy, from any mode or none', () => {
    for (const from of [undefined, 'bill', 'auto'] as const) {
      expect(canChangeLicenceMode(from, 'legacy', false)).toBe(false);
      expect(canChangeLicenceMode(from, 'legacy', true)).toBe(true);
    }
  });

  it('choosing the mode it has is no change', () => {
    for (const mode of LICENCE_MODES) expect(canChangeLicenceMode(mode, mode, false)).toBe(true);
  });
});

describe('the plan the rules follow', () => {
  it('a sphere’s Essentials licence lifts a Starter member to Essentials', () => {
    expect(effectivePlan('starter', [{ subscription: 'starter' }, { subscription: 'essentials' }])).toBe(
      'essentials',
    );
  });

  it('never lowers the person’s own plan', () => {
    expect(effectivePlan('premium', [{ subscription: 'essentials' }])).toBe('premium');
    expect(effectivePlan('essentials', [{ subscription: 'starter' }])).toBe('essentials');
  });

  it('without Essentials memberships, the own plan', () => {
    expect(effectivePlan('starter', [])).toBe('starter');
    expect(effectivePlan('starter', [{}])).toBe('starter');
  });
});

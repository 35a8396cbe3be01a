import { describe, expect, it } from 'vitest';
import { quotaState } from '@shared/domain/galaxies';
import { valueFields, withinLimit } from './quotas';

describe('quota levels', () => {
  it('alert from 80 % of the limit, blocked at the limit', () => {
    expect(quotaState(0, 10)).toBe('ok');
    expect(quotaState(7, 10)).toBe('ok');
    expect(quotaState(8, 10)).toBe('alert');
    expect(quotaState(9, 10)).toBe('alert');
    expect(quotaState(10, 10)).toBe('blocked');
    expect(quotaState(11, 10)).toBe('blocked');
    // A limit of 1: the first one blocks, there is no alert before it.
    expect(quotaState(0, 1)).toBe('ok');
    expect(quotaState(1, 1)).toBe('blocked');
  });

  it('one more fits while the tally is absent or below the limit', () => {
    const op = {
      notExists: (a: never) => `attribute_not_exists(${String(a)})`,
      lt: (a: never, v: number) => `${String(a)} < ${v}`,
    };
    expect(withinLimit('used', 3, op)).toBe('(attribute_not_exists(used) OR used < 3)');
  });
});

describe('galaxy quota edges (quotaState)', () => {
  it('ok at 79 %, alert at 80 %, blocked at the value and past it', () => {
    expect(quotaState(79, 100)).toBe('ok');
    expect(quotaState(80, 100)).toBe('alert');
    expect(quotaState(99, 100)).toBe('alert');
    expect(quotaState(100, 100)).toBe('blocked');
    expect(quotaState(101, 100)).toBe('blocked');
  });

  it('a value of 0 blocks at once; a value of 1 blocks at the first, with no alert before', () => {
    expect(quotaState(0, 0)).toBe('blocked');
    expect(quotaState(0, 1)).toBe('ok');
    expect(quotaState(1, 1)).toBe('blocked');
  });

  it('no value: never blocked', () => {
    expect(quotaState(1_000_000, undefined)).toBe('ok');
  });
});

describe('valueFields', () => {
  it('writes the value and the bound below which a take stays quiet (alert - 1)', () => {
    expect(valueFields(100)).toEqual({ value: 100, quietBelow: 79 });
    expect(valueFields(10)).toEqual({ value: 10, quietBelow: 7 });
    // 80 % of 3 rounds up to 3: quiet while the take leaves usage below 3.
    expect(valueFields(3)).toEqual({ value: 3, quietBelow: 2 });
    expect(valueFields(1)).toEqual({ value: 1, quietBelow: 0 });
    expect(valueFields(0)).toEqual({ value: 0, quietBelow: -1 });
  });

  it('a quiet take (used < quietBelow, then +1) never leaves the usage at the alert or past it', () => {
    for (const value of [0, 1, 2, 3, 10, 99, 100, 1000]) {
      const { quietBelow } = valueFields(value);
      for (let used = 0; used < quietBelow; used += 1) expect(quotaState(used + 1, value)).toBe('ok');
      if (quietBelow >= 0) expect(quotaState(quietBelow + 1, value)).not.toBe('ok');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { quotaLevel, withinLimit } from './quotas';

describe('quota levels', () => {
  it('alert from 80 % of the limit, blocked at the limit', () => {
    expect(quotaLevel(0, 10)).toBe('ok');
    expect(quotaLevel(7, 10)).toBe('ok');
    expect(quotaLevel(8, 10)).toBe('alert');
    expect(quotaLevel(9, 10)).toBe('alert');
    expect(quotaLevel(10, 10)).toBe('blocked');
    expect(quotaLevel(11, 10)).toBe('blocked');
    // A limit of 1: the first one blocks, there is no alert before it.
    expect(quotaLevel(0, 1)).toBe('ok');
    expect(quotaLevel(1, 1)).toBe('blocked');
  });

  it('one more fits while the tally is absent or below the limit', () => {
    const op = {
      notExists: (a: never) => `attribute_not_exists(${String(a)})`,
      lt: (a: never, v: number) => `${String(a)} < ${v}`,
    };
    expect(withinLimit('used', 3, op)).toBe('(attribute_not_exists(used) OR used < 3)');
  });
});

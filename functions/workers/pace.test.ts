import { describe, expect, it } from 'vitest';
import { pacer } from './pace';

/** A clock that stands still unless told to move; each sleep is recorded, not waited for. */
function fakeClock(start = 1_000) {
  const clock = {
    at: start,
    slept: [] as number[],
    now: () => clock.at,
    sleep: (ms: number) => {
      clock.slept.push(ms);
      return Promise.resolve();
    },
  };
  return clock;
}

describe('pacer', () => {
  it('spaces calls 1 / rate apart, those sent together included', async () => {
    const clock = fakeClock();
    const pace = pacer(7, clock);
    // A batch of 10 handled at once, as the notify worker handles its records: the first goes at
    // once, each of the others waits for its own slot.
    await Promise.all(Array.from({ length: 10 }, () => pace()));
    const gap = 1000 / 7;
    expect(clock.slept).toHaveLength(9);
    clock.slept.forEach((ms, i) => expect(ms).toBeCloseTo((i + 1) * gap, 6));
  });

  it('lets a call go at once when the last one is older than the gap, and makes a close one wait', async () => {
    const clock = fakeClock();
    const pace = pacer(2, clock);
    await pace();
    clock.at += 600;
    await pace();
    expect(clock.slept).toEqual([]);
    clock.at += 100;
    await pace();
    expect(clock.slept).toEqual([400]);
  });

  it('does not wait without a rate', async () => {
    const clock = fakeClock();
    const pace = pacer(undefined, clock);
    await Promise.all([pace(), pace(), pace()]);
    expect(clock.slept).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { retryingConflicts } from './repository';

type Code = 'None' | 'ConditionalCheckFailed' | 'TransactionConflict';
const result = (...codes: Code[]) => ({
  canceled: codes.some((c) => c !== 'None'),
  data: codes.map((code) => ({ code })),
});

/** Answers the given results one after the other, counting the attempts. */
function writes(...results: ReturnType<typeof result>[]) {
  let attempts = 0;
  return {
    write: () =>
      Promise.resolve(results[Math.min(attempts++, results.length - 1)] as ReturnType<typeof result>),
    attempts: () => attempts,
  };
}

describe('retryingConflicts (decision 0057)', () => {
  it('tries again a transaction cancelled only for a conflict, until it passes', async () => {
    const w = writes(
      result('None', 'TransactionConflict'),
      result('TransactionConflict', 'None'),
      result('None', 'None'),
    );
    await expect(retryingConflicts(w.write, { attempts: 4, waitMs: 1 })).resolves.toMatchObject({
      canceled: false,
    });
    expect(w.attempts()).toBe(3);
  });

  it('answers a failed condition at once, a conflict with it included', async () => {
    const w = writes(result('ConditionalCheckFailed', 'TransactionConflict'), result('None', 'None'));
    await expect(retryingConflicts(w.write, { attempts: 4, waitMs: 1 })).resolves.toMatchObject({
      canceled: true,
    });
    expect(w.attempts()).toBe(1);
  });

  it('gives up after its attempts, cancelled', async () => {
    const w = writes(result('TransactionConflict'));
    await expect(retryingConflicts(w.write, { attempts: 4, waitMs: 1 })).resolves.toMatchObject({
      canceled: true,
    });
    expect(w.attempts()).toBe(4);
  });
});

/**
 * Spaces the calls of one Lambda `1 / perSecond` seconds apart at least, whatever their number and
 * however many run at once: each call takes the next free slot and waits for it. The notify worker
 * paces its emails with it (MAIL_SEND_RATE), so that the event source's `maxConcurrency` workers
 * together never send faster than the SES rate the stack was given (infra/workers.ts). The slots
 * outlive an invocation: a warm Lambda's next batch waits for the last one's.
 */
export function pacer(
  perSecond: number | undefined,
  clock: { now: () => number; sleep: (ms: number) => Promise<void> } = {
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  },
): () => Promise<void> {
  if (!perSecond) return () => Promise.resolve();
  const gapMs = 1000 / perSecond;
  let next = 0;
  return async () => {
    const now = clock.now();
    const slot = Math.max(now, next);
    next = slot + gapMs;
    if (slot > now) await clock.sleep(slot - now);
  };
}

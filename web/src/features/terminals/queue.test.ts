// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/errors';
import { AnswerQueue, outcomeOfError, queueStorageKey, type QueuedAnswer } from './queue';

const answer = (n: number): QueuedAnswer => ({
  clientId: `00000000-0000-4000-8000-00000000000${n}`,
  good: n % 2 === 0,
  recordedAt: new Date(Date.UTC(2026, 10, 26, 10, n)).toISOString(),
});

/** A server that stores each clientId once and answers 201, then 200 for a replay. */
function fakeServer() {
  const stored = new Map<string, QueuedAnswer>();
  const statuses: number[] = [];
  return {
    stored,
    statuses,
    send: vi.fn((a: QueuedAnswer) => {
      statuses.push(stored.has(a.clientId) ? 200 : 201);
      stored.set(a.clientId, a);
      return Promise.resolve(a);
    }),
  };
}

let online = true;
const network = new ApiError(0, [{ key: 'network-error' }]);

beforeEach(() => {
  window.localStorage.clear();
  online = true;
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('AnswerQueue', () => {
  it('writes an answer to storage before sending it, and removes it once the server has it', async () => {
    const server = fakeServer();
    let seenInStorage = '';
    const queue = new AnswerQueue(
      't1',
      async (a) => {
        seenInStorage = window.localStorage.getItem(queueStorageKey('t1')) ?? '';
        return server.send(a);
      },
      window.localStorage,
      () => online,
    );
    await queue.add(answer(1));
    expect(seenInStorage).toContain(answer(1).clientId);
    expect(queue.size).toBe(0);
    expect(server.statuses).toEqual([201]);
  });

  it('offline, answers stay queued; back online, one flush sends each once, oldest first', async () => {
    const server = fakeServer();
    const queue = new AnswerQueue('t1', server.send, window.localStorage, () => online);
    const sizes: number[] = [];
    queue.subscribe((size) => sizes.push(size));
    online = false;
    await queue.add(answer(1));
    await queue.add(answer(2));
    expect(server.send).not.toHaveBeenCalled();
    expect(queue.size).toBe(2);
    online = true;
    await Promise.all([queue.flush(), queue.flush()]);
    expect(server.send.mock.calls.map(([a]) => a.clientId)).toEqual([answer(1).clientId, answer(2).clientId]);
    expect(server.stored.size).toBe(2);
    expect(queue.size).toBe(0);
    expect(sizes).toEqual([1, 2, 1, 0]);
  });

  it('a network failure keeps the answer and stops the flush; the next flush sends it', async () => {
    const server = fakeServer();
    let failing = true;
    const send = vi.fn((a: QueuedAnswer) => (failing ? Promise.reject(network) : server.send(a)));
    const queue = new AnswerQueue('t1', send, window.localStorage, () => online);
    await queue.add(answer(1));
    await queue.add(answer(2));
    expect(queue.size).toBe(2);
    // Stopped at the first failure each time: one try per flush, not one per answer.
    expect(send).toHaveBeenCalledTimes(2);
    failing = false;
    await queue.flush();
    expect(queue.size).toBe(0);
    expect(server.stored.size).toBe(2);
  });

  it('a replay of an answer the server already had (its reply was lost) is a 200 and leaves the queue', async () => {
    const server = fakeServer();
    let loseReply = true;
    const send = vi.fn(async (a: QueuedAnswer) => {
      await server.send(a);
      if (loseReply) throw network;
    });
    const queue = new AnswerQueue('t1', send, window.localStorage, () => online);
    await queue.add(answer(1));
    expect(queue.size).toBe(1);
    loseReply = false;
    await queue.flush();
    expect(queue.size).toBe(0);
    expect(server.statuses).toEqual([201, 200]);
    expect(server.stored.size).toBe(1);
  });

  it('the same clientId is queued once', async () => {
    online = false;
    const queue = new AnswerQueue('t1', fakeServer().send, window.localStorage, () => online);
    await queue.add(answer(1));
    await queue.add(answer(1));
    expect(queue.size).toBe(1);
  });

  it('a 4xx other than 429 drops the answer with a console error; a 429 or a 5xx keeps it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusals = [new ApiError(400, [{ key: 'not-valid', field: 'body.recordedAt' }])];
    const queue = new AnswerQueue(
      't1',
      () => Promise.reject(refusals.shift() ?? new ApiError(429, [{ key: 'too-many-requests' }])),
      window.localStorage,
      () => online,
    );
    await queue.add(answer(1));
    expect(queue.size).toBe(0);
    expect(error).toHaveBeenCalledTimes(1);
    await queue.add(answer(2));
    expect(queue.size).toBe(1);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('survives a reload: a new queue on the same storage finds the waiting answers', async () => {
    online = false;
    await new AnswerQueue('t1', fakeServer().send, window.localStorage, () => online).add(answer(3));
    const server = fakeServer();
    online = true;
    const reloaded = new AnswerQueue('t1', server.send, window.localStorage, () => online);
    expect(reloaded.size).toBe(1);
    await reloaded.flush();
    expect(server.stored.has(answer(3).clientId)).toBe(true);
    // Another terminal's queue is its own.
    expect(new AnswerQueue('t2', server.send, window.localStorage, () => online).size).toBe(0);
  });
});

describe('outcomeOfError', () => {
  it('keeps answers on network errors, 429 and 5xx; drops them on other 4xx', () => {
    expect(outcomeOfError(network)).toBe('retry');
    expect(outcomeOfError(new TypeError('Failed to fetch'))).toBe('retry');
    expect(outcomeOfError(new ApiError(429, []))).toBe('retry');
    expect(outcomeOfError(new ApiError(503, []))).toBe('retry');
    expect(outcomeOfError(new ApiError(404, []))).toBe('drop');
    expect(outcomeOfError(new ApiError(403, [{ key: 'unauth-feeling-forbidden' }]))).toBe('drop');
  });
});

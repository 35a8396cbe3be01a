import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pacedLoad } from './paced-load';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server answering after `delayMs`, with the status `statusOf` gives; it keeps what it received. */
async function serve(delayMs: number, statusOf: (request: IncomingMessage) => number = () => 200) {
  const received: { at: number; authorization?: string; body: string }[] = [];
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ at: performance.now(), authorization: request.headers.authorization, body });
      setTimeout(() => response.writeHead(statusOf(request)).end('{}'), delayMs);
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server?.address() as AddressInfo).port}/probe`, received };
}

describe('the paced load of the bench', () => {
  it('sends exactly the rate times the duration, spread over the duration rather than in bursts', async () => {
    const { url, received } = await serve(0);
    const result = await pacedLoad({ url, headers: {} }, 50, 1);
    expect(result.requests).toBe(50);
    expect(received).toHaveLength(50);
    // Sent one every 20 ms: the first half of the second holds about half of them, never all.
    const first = received[0]?.at ?? 0;
    const inFirstHalf = received.filter((r) => r.at - first < 500).length;
    expect(inFirstHalf).toBeGreaterThan(10);
    expect(inFirstHalf).toBeLessThan(45);
  });

  it('never reports a latency shorter than the answers took (no made-up samples below them)', async () => {
    const { url } = await serve(40);
    const result = await pacedLoad({ url, headers: {} }, 20, 1);
    expect(result.p50Ms).toBeGreaterThanOrEqual(40);
    expect(result.p99Ms).toBeGreaterThanOrEqual(result.p50Ms);
  });

  it('counts the time a request waits for a connection: one connection, answers slower than the rate', async () => {
    const { url } = await serve(30);
    // 40 a second is one every 25 ms; each answer takes 30 ms on the one connection, so the queue
    // grows by 5 ms a request and the later ones wait far longer than 30 ms.
    const result = await pacedLoad({ url, headers: {} }, 40, 1, 1);
    expect(result.p99Ms).toBeGreaterThan(100);
  });

  it('takes the tokens in turn, sends the body, and counts answers other than 2xx', async () => {
    const { url, received } = await serve(0, (request) =>
      request.headers.authorization === 'b' ? 429 : 201,
    );
    const result = await pacedLoad(
      {
        url,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"x":1}',
        tokens: ['a', 'b'],
      },
      20,
      1,
    );
    expect(received.map((r) => r.authorization).slice(0, 4)).toEqual(['a', 'b', 'a', 'b']);
    expect(received.every((r) => r.body === '{"x":1}')).toBe(true);
    expect(result.non2xx).toBe(10);
    expect(result.statuses).toEqual({ '429': 10 });
    expect(result.errors).toBe(0);
  });
});

import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1, for servers started by tests or by the local stack. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolvePort(address.port);
        else reject(new Error('No port assigned'));
      });
    });
  });
}

/** Retries `probe` until it resolves, every 100 ms, or fails with the last error after the timeout. */
export async function waitFor(probe: () => Promise<unknown>, options: { timeoutMs: number; what: string }) {
  const deadline = Date.now() + options.timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      await probe();
      return;
    } catch (e) {
      last = e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${options.what} did not start within ${options.timeoutMs} ms: ${String(last)}`);
}

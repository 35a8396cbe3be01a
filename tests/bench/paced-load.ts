import { Agent, request } from 'node:http';

/** One request of a route, as the bench sends it again and again. */
export interface LoadRequest {
  url: string;
  method?: string;
  headers: Record<string, string>;
  body?: string;
  /**
   * Access tokens taken in turn, one a request (many people writing rather than one person writing
   * 200 times a second); `headers.authorization` otherwise.
   */
  tokens?: readonly string[];
}

export interface PacedResult {
  /** Requests sent: the rate times the duration, all of them, whatever the answers. */
  requests: number;
  non2xx: number;
  /** The answers other than 2xx, by status (`{ "409": 3 }`). */
  statuses: Record<string, number>;
  /** Requests that got no answer (the connection failed). */
  errors: number;
  /** Median and 99th percentile of the latencies, each from when its request was due (ms). */
  p50Ms: number;
  p99Ms: number;
  /** Answers a second, from the first request's due time to the last answer. */
  throughputPerSecond: number;
  /** How late the sends were behind their schedule, at the median (ms): the generator's own lag. */
  sendLagP50Ms: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number);

/**
 * An open-model load: `rate` requests a second for `seconds`, each sent when it is due (one every
 * 1000 / rate ms) whatever the answers to the ones before, and timed from when it was due, so that a
 * queue in the server, or a generator held up by the server sharing its process, counts in the
 * latency (no coordinated omission). A request waits for a free connection among `connections` kept
 * alive, as a browser's would: that wait counts too.
 *
 * Why not autocannon's `overallRate`: each of its connections sends its share of a second back to
 * back at the start of every second (bursts of ten requests at once, then silence), and it records
 * every latency with an expected interval of `Math.ceil(1 / rate)`, one millisecond, adding a
 * made-up sample for every millisecond below it: its p50 is neither the median of the answers nor
 * the latency at an even rate (docs/decisions/0040-paced-bench-load.md).
 */
export async function pacedLoad(
  load: LoadRequest,
  rate: number,
  seconds: number,
  connections = 32,
): Promise<PacedResult> {
  const target = new URL(load.url);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const lags: number[] = [];
  let non2xx = 0;
  const statuses: Record<string, number> = {};
  let errors = 0;
  let lastAnswer = 0;
  const answered: Promise<void>[] = [];

  const send = (index: number, due: number) =>
    new Promise<void>((resolve) => {
      const headers = { ...load.headers };
      if (load.tokens?.length) headers.authorization = load.tokens[index % load.tokens.length] as string;
      if (load.body !== undefined) headers['content-length'] = String(Buffer.byteLength(load.body));
      lags.push(performance.now() - due);
      const outgoing = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          method: load.method ?? 'GET',
          headers,
        },
        (response) => {
          response.on('data', () => undefined);
          response.on('end', () => {
            lastAnswer = performance.now();
            latencies.push(lastAnswer - due);
            const status = response.statusCode ?? 0;
            if (status < 200 || status >= 300) {
              non2xx++;
              statuses[status] = (statuses[status] ?? 0) + 1;
            }
            resolve();
          });
        },
      );
      outgoing.on('error', () => {
        errors++;
        resolve();
      });
      outgoing.end(load.body);
    });

  const start = performance.now();
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    // Every request whose time has come goes now (a timer wakes about once a millisecond).
    while (sent < total && start + sent * interval <= now) {
      answered.push(send(sent, start + sent * interval));
      sent++;
    }
    if (sent < total) {
      const wait = start + sent * interval - performance.now();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.floor(wait))));
    }
  }
  await Promise.all(answered);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  const round = (n: number) => Number(n.toFixed(1));
  return {
    requests: total,
    non2xx,
    statuses,
    errors,
    p50Ms: round(percentile(latencies, 0.5)),
    p99Ms: round(percentile(latencies, 0.99)),
    throughputPerSecond: round((latencies.length / Math.max(1, lastAnswer - start)) * 1000),
    sendLagP50Ms: round(percentile(lags, 0.5)),
  };
}

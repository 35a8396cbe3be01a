import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleLambdas } from '../../bin/bundle';
import { startTestStack } from '../integration/harness';

/**
 * `npm run bench`: starts the local stack in memory, loads two routes on loopback with autocannon
 * (bounded in time and rate), measures each Lambda bundle's size and module init time, and writes
 * tests/bench/results/*.json plus the table in docs/benchmarks.md.
 */
const RESULTS = 'tests/bench/results';
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 15);
const RATE = 200;

interface LoadResult {
  route: string;
  ratePerSecond: number;
  durationSeconds: number;
  requests: number;
  non2xx: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  throughputPerSecond: number;
}

async function load(route: string, options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ connections: 10, duration: DURATION_S, overallRate: RATE, ...options });
  return {
    route,
    ratePerSecond: RATE,
    durationSeconds: DURATION_S,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    throughputPerSecond: result.requests.average,
  };
}

const INIT_SAMPLES = 15;

/** One cold import of a bundle in a fresh Node process: milliseconds spent in `require`. */
function importOnce(file: string): number {
  const script = `const t=performance.now();require(${JSON.stringify(file)});process.stdout.write(String(performance.now()-t));`;
  const out = spawnSync(process.execPath, ['-e', script], {
    encoding: 'utf8',
    env: { ...process.env, TABLE_NAME: 'bench', AWS_REGION: 'eu-west-1', LOG_LEVEL: 'SILENT' },
  });
  if (out.status !== 0) throw new Error(`Importing ${file} failed: ${out.stderr}`);
  return Number(out.stdout);
}

/**
 * Median init time of each bundle over INIT_SAMPLES rounds. Each round imports every bundle once,
 * so a burst of load on the machine slows one sample of every bundle rather than all the samples
 * of one.
 */
function initTimesMs(files: string[]): number[] {
  const samples = files.map(() => [] as number[]);
  for (let round = 0; round < INIT_SAMPLES; round++) files.forEach((f, i) => samples[i]!.push(importOnce(f)));
  return samples.map((s) => {
    s.sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)] as number;
  });
}

mkdirSync(RESULTS, { recursive: true });
const stack = await startTestStack();
let http: { date: string; node: string; results: LoadResult[] };
try {
  const tokens = await stack.signInWithCode('bench@example.be', { firstName: 'Bench' });
  const headers = { 'x-language': 'fr', 'x-source': 'bench' };
  // Unmeasured warm-up: DynamoDB Local's JVM and the handlers' caches reach steady state first.
  await autocannon({
    url: `${stack.endpoints.api}/v1/me`,
    headers: { ...headers, authorization: tokens.accessToken },
    connections: 10,
    duration: 5,
    overallRate: RATE,
  });
  const me = await load('GET /v1/me', {
    url: `${stack.endpoints.api}/v1/me`,
    headers: { ...headers, authorization: tokens.accessToken },
  });
  const signIn = await load('POST /users/sign-in', {
    url: `${stack.endpoints.api}/users/sign-in`,
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.be' }),
  });
  http = { date: new Date().toISOString(), node: process.version, results: [me, signIn] };
  writeFileSync(join(RESULTS, 'http.json'), JSON.stringify(http, null, 2) + '\n');
} finally {
  await stack.stop();
}

// Init times are measured once the stack is stopped, so DynamoDB Local's JVM does not compete.
{
  const bundles = await bundleLambdas('.local/bench-bundles');
  const entries = Object.entries(bundles);
  const inits = initTimesMs(entries.map(([, { file }]) => join(process.cwd(), file)));
  const lambdas = entries.map(([name, { bytes }], i) => ({
    name,
    bytes,
    initMs: Number((inits[i] as number).toFixed(1)),
  }));
  writeFileSync(
    join(RESULTS, 'lambdas.json'),
    JSON.stringify({ date: http.date, node: process.version, lambdas }, null, 2) + '\n',
  );

  const ok = (value: boolean) => (value ? 'yes' : '**no**');
  const lines = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (tests/bench/run.ts) on the local stack: loopback HTTP through the local',
    'gateway, in-process handlers, DynamoDB Local. Raw figures: `tests/bench/results/*.json`.',
    '',
    `Last run: ${http.date}, Node ${process.version}, ${DURATION_S} s per route at ${RATE} req/s.`,
    '',
    '| route | requests | non-2xx | p50 (ms) | p99 (ms) | throughput (req/s) | target met (p50 < 15, p99 < 60) |',
    '|---|---|---|---|---|---|---|',
    ...http.results.map(
      (r) =>
        `| ${r.route} | ${r.requests} | ${r.non2xx} | ${r.p50Ms} | ${r.p99Ms} | ${r.throughputPerSecond.toFixed(0)} | ${
          r.route === 'GET /v1/me' ? ok(r.p50Ms < 15 && r.p99Ms < 60) : 'n/a'
        } |`,
    ),
    '',
    `| Lambda bundle | size (KB, minified) | module init (ms, median of ${INIT_SAMPLES}) | target met (< 500 KB, < 150 ms) |`,
    '|---|---|---|---|',
    ...lambdas.map(
      (l) =>
        `| ${l.name} | ${(l.bytes / 1024).toFixed(1)} | ${l.initMs} | ${ok(l.bytes < 500 * 1024 && l.initMs < 150)} |`,
    ),
    '',
    'Init time is measured by importing the bundle in a fresh Node process on this machine (the AWS SDK is',
    'left to the Lambda runtime, as CDK bundles it), which approximates the Lambda init phase.',
    '',
    'What a Lambda does at init is explained in docs/decisions/0004-cold-start.md: the AWS SDK v3 packages',
    'load from the runtime (CommonJS builds), only the DynamoDB client at init and every other client on first',
    'use; ElectroDB models are validated once in CI rather than at every cold start. The machine running the',
    'bench matters: on a busy 2-core machine the medians move by tens of milliseconds between runs.',
    '',
  ];
  writeFileSync('docs/benchmarks.md', lines.join('\n'));
  console.log(lines.join('\n'));
}

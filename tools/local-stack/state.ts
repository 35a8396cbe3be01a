import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LocalEndpoints, LocalStack } from './stack';

/** Where `npm start` keeps its data and says what it serves. */
export const DEFAULT_DATA_DIR = '.local';

const ENDPOINTS_FILE = 'endpoints.json';
/** The handlers' environment of the running stack, so `npm run seed` can write to its table. */
const RUNTIME_FILE = 'runtime.json';
const SEEDED_MARKER = 'seeded';

/** What `.local/endpoints.json` holds, exactly (ARCHITECTURE §8). */
export function endpointsFileContent(endpoints: LocalEndpoints): LocalEndpoints {
  const { web, api, ws, outbox, scheduler, stripe, auth } = endpoints;
  return {
    ...(web ? { web } : {}),
    api,
    ws,
    outbox,
    scheduler,
    stripe,
    auth: {
      endpoint: auth.endpoint,
      region: auth.region,
      userPoolId: auth.userPoolId,
      clientId: auth.clientId,
    },
  };
}

export function writeRunState(dataDir: string, stack: LocalStack): void {
  mkdirSync(resolve(dataDir), { recursive: true });
  writeFileSync(
    join(dataDir, ENDPOINTS_FILE),
    JSON.stringify(endpointsFileContent(stack.endpoints), null, 2) + '\n',
  );
  writeFileSync(
    join(dataDir, RUNTIME_FILE),
    JSON.stringify({ pid: process.pid, handlerEnv: stack.handlerEnv }, null, 2) + '\n',
  );
}

/** Forgets the runtime file once the stack has stopped (endpoints.json stays, as the last run's). */
export function clearRunState(dataDir: string): void {
  rmSync(join(dataDir, RUNTIME_FILE), { force: true });
}

export interface RunningStack {
  endpoints: LocalEndpoints;
  handlerEnv: Record<string, string>;
}

/** The stack `npm start` runs right now with this data folder, or null. */
export async function findRunningStack(dataDir: string): Promise<RunningStack | null> {
  const endpointsPath = join(dataDir, ENDPOINTS_FILE);
  const runtimePath = join(dataDir, RUNTIME_FILE);
  if (!existsSync(endpointsPath) || !existsSync(runtimePath)) return null;
  const endpoints = JSON.parse(readFileSync(endpointsPath, 'utf8')) as LocalEndpoints;
  const { pid, handlerEnv } = JSON.parse(readFileSync(runtimePath, 'utf8')) as {
    pid: number;
    handlerEnv: Record<string, string>;
  };
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  try {
    await fetch(endpoints.auth.endpoint, { signal: AbortSignal.timeout(2000) });
  } catch {
    return null;
  }
  return { endpoints, handlerEnv };
}

export function isSeeded(dataDir: string): boolean {
  return existsSync(join(dataDir, SEEDED_MARKER));
}

export function markSeeded(dataDir: string): void {
  writeFileSync(join(dataDir, SEEDED_MARKER), new Date().toISOString() + '\n');
}

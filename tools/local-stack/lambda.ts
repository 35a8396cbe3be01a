import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';

/** Root of the repository: the local stack runs the Lambdas' source files in its own process. */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A Lambda `Context` with what handlers and Powertools read; the deadline counts from now. */
export function lambdaContext(
  functionName: string,
  timeoutMs: number,
  requestId: string = randomUUID(),
): Context {
  const deadline = Date.now() + timeoutMs;
  const fail = () => {
    throw new Error('Callback-style completion is not supported locally: return a promise');
  };
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:eu-west-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: fail,
    fail,
    succeed: fail,
  };
}

/**
 * Loads `export const handler` from a source file of the repository once and keeps it: no import
 * happens per request. A failed import is not kept, so the next request tries again.
 */
export function handlerCache<H>() {
  const cache = new Map<string, Promise<H>>();
  return (relativePath: string): Promise<H> => {
    let loading = cache.get(relativePath);
    if (!loading) {
      const url = pathToFileURL(join(REPOSITORY_ROOT, relativePath)).href;
      loading = import(url).then((module: { handler?: H }) => {
        if (typeof module.handler !== 'function')
          throw new Error(`${relativePath} exports no handler function`);
        return module.handler;
      });
      cache.set(relativePath, loading);
      loading.catch(() => cache.delete(relativePath));
    }
    return loading;
  };
}

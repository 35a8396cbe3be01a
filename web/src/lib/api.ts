import type { z } from 'zod';
import { notifications } from '@mantine/notifications';
import {
  HEADER_LANGUAGE,
  HEADER_QUOTA_ALERT,
  HEADER_SOURCE,
  HEADER_SUPER_ADMIN,
} from '@shared/contracts/headers';
import { fillPath, type RouteContract, type RouteResponse } from '@shared/contracts/route';
import i18n, { currentLanguage } from '../i18n';
import { endSession, getAccessToken } from './auth';
import { getConfig } from './config';
import { LOGIN_PATH } from './routes';
import { ApiError, NETWORK_ERROR_KEY, errorsFromBody, errorsFromIssues } from './errors';
import { quotaKindNames } from './quota-kinds';

/** Local flag of the super-admin mode (spec 01 §6): 'true' adds the super-admin header. */
export const SUPER_ADMIN_STORAGE_KEY = 'superAdminMode';

/** Path parameters are required exactly when the route's path has some. */
type ParamsOption<R extends RouteContract> = string extends keyof z.input<R['params']>
  ? { params?: z.input<R['params']> }
  : [keyof z.input<R['params']>] extends [never]
    ? { params?: z.input<R['params']> }
    : { params: z.input<R['params']> };
type BodyOption<R extends RouteContract> =
  undefined extends z.input<R['body']> ? { body?: z.input<R['body']> } : { body: z.input<R['body']> };

export type CallOptions<R extends RouteContract> = ParamsOption<R> &
  BodyOption<R> & {
    query?: z.input<R['query']>;
    signal?: AbortSignal;
    /** Sends the super-admin header whatever the mode (the probe that decides to offer the mode). */
    superAdmin?: boolean;
    /** Headers of the route's own (a terminal's key), sent after the spec's. */
    headers?: Record<string, string>;
  };

/** What every option bag looks like once the route's generics are gone. */
interface LooseOptions {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
  superAdmin?: boolean;
  headers?: Record<string, string>;
}

let onUnauthorized: () => void = () => window.location.assign(LOGIN_PATH);
let signingOut: Promise<void> | undefined;

/** Where the user goes after a 401 on an authenticated call (the app passes its router). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

async function handleUnauthorized(): Promise<void> {
  // Several calls can fail together: sign out and redirect once.
  signingOut ??= endSession()
    .then(() => onUnauthorized())
    .finally(() => {
      signingOut = undefined;
    });
  await signingOut;
}

/** Whether the super-admin mode is on in this browser (spec 01 §6). */
export function superAdminModeOn(): boolean {
  try {
    return window.localStorage.getItem(SUPER_ADMIN_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

function buildUrl(route: RouteContract, options: LooseOptions): string {
  const params = Object.fromEntries(Object.entries(options.params ?? {}).map(([k, v]) => [k, String(v)]));
  const url = new URL(getConfig().apiUrl + fillPath(route.path, params));
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value === undefined || value === null) continue;
    url.searchParams.set(name, String(value));
  }
  return url.toString();
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Sends one route of the contracts: fills the path, checks the body with the route's schema before
 * sending, adds the spec's headers (spec 01 §7) and the token, and turns a failure into an
 * ApiError carrying the spec's keys. A 401 on an authenticated route signs out once.
 */
async function send(route: RouteContract, opts: LooseOptions, accept: string): Promise<Response> {
  const checkedBody = route.body.safeParse(opts.body);
  if (!checkedBody.success) throw new ApiError(400, errorsFromIssues(checkedBody.error.issues, opts.body));
  const checkedQuery = route.query.safeParse(opts.query ?? {});
  if (!checkedQuery.success) throw new ApiError(400, errorsFromIssues(checkedQuery.error.issues, opts.query));

  const headers: Record<string, string> = {
    accept,
    [HEADER_LANGUAGE]: currentLanguage(),
    [HEADER_SOURCE]: 'web',
  };
  if (opts.superAdmin === true || superAdminModeOn()) headers[HEADER_SUPER_ADMIN] = 'true';
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  Object.assign(headers, opts.headers);
  if (route.auth !== 'public') {
    const token = await getAccessToken();
    if (!token) {
      // Nobody is signed in any more (a call that outlived a sign-out): there is no session to
      // end, only the sign-in page to show.
      onUnauthorized();
      throw new ApiError(401, [{ key: 'unauthorized' }]);
    }
    headers.authorization = token;
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(route, opts), {
      method: route.method,
      headers,
      // The server parses the body again: send what the user gave, not the schema's output.
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, [{ key: NETWORK_ERROR_KEY }], { cause });
  }
  if (!response.ok) {
    const error = new ApiError(response.status, errorsFromBody(response.status, await readBody(response)));
    if (response.status === 401 && route.auth !== 'public') await handleUnauthorized();
    throw error;
  }
  announceQuotaAlert(response);
  return response;
}

/**
 * A creating call past a galaxy quota's alert answers 2xx with `x-quota-alert` naming the kinds
 * (spec 02 §8): the service continues, and the person is told once for this answer.
 */
export function announceQuotaAlert(response: Response): void {
  const header = response.headers.get(HEADER_QUOTA_ALERT);
  if (!header) return;
  const kinds = quotaKindNames(header.split(','), i18n.t);
  if (!kinds) return;
  notifications.show({
    color: 'orange',
    title: i18n.t('quotaAlert.title'),
    message: i18n.t('quotaAlert.message', { kinds }),
    autoClose: 20_000,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    // Under a title Mantine dims the text below the contrast it must keep (WCAG 1.4.3).
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}

/** Calls one route of the contracts and parses the JSON answer with the route's response schema. */
export async function callApi<R extends RouteContract>(
  route: R,
  ...[options]: object extends CallOptions<R> ? [CallOptions<R>?] : [CallOptions<R>]
): Promise<RouteResponse<R>> {
  const response = await send(route, (options ?? {}) as LooseOptions, 'application/json');
  const body = await readBody(response);
  const parsed = route.response.safeParse(body);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${route.name}`, parsed.error.issues);
    throw new ApiError(response.status, [{ key: 'unexpected-value-error' }], { cause: parsed.error });
  }
  return parsed.data as RouteResponse<R>;
}

/** The file name the server gives in `content-disposition`, if it gives one. */
export function attachmentName(header: string | null): string | undefined {
  const match = /filename="?([^";]+)"?/i.exec(header ?? '');
  return match?.[1];
}

/**
 * Calls a route that answers a file, with the same checks, headers and errors as `callApi`.
 * `accept` names the media type, so API Gateway sends the bytes rather than base64.
 */
export async function fetchFile<R extends RouteContract>(
  route: R,
  accept: string,
  ...[options]: object extends CallOptions<R> ? [CallOptions<R>?] : [CallOptions<R>]
): Promise<{ blob: Blob; fileName: string | undefined }> {
  const response = await send(route, (options ?? {}) as LooseOptions, accept);
  return {
    blob: await response.blob(),
    fileName: attachmentName(response.headers.get('content-disposition')),
  };
}

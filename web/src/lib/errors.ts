import type { TFunction } from 'i18next';
import type * as z from 'zod';
import { issuesToErrors } from '@shared/contracts/issues';
import { ErrorBodySchema, type FieldError } from '@shared/contracts/errors';
import { quotaKindNames } from './quota-kinds';

/** A creation stopped by a galaxy's blocking limit (spec 02 §8): one item per quota, `field` its kind. */
export const QUOTA_BLOCKED_ERROR_KEY = 'quota-blocked';

/** Generic key shown when nothing better is known (spec 01 §8). */
export const GENERIC_ERROR_KEY = 'error';
/** The server could not be reached at all. */
export const NETWORK_ERROR_KEY = 'network-error';

/** An API call failed: the HTTP status (0 when the server was not reached) and the spec's keys. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: FieldError[],
    options?: { cause?: unknown },
  ) {
    super(errors.map((e) => e.key).join('; ') || `HTTP ${status}`, options);
    this.name = 'ApiError';
  }

  get keys(): string[] {
    return this.errors.map((e) => e.key);
  }
}

function keyForStatus(status: number): string {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status >= 500) return 'internal-server-error';
  return GENERIC_ERROR_KEY;
}

/**
 * Reads an error body as spec 01 §8 describes it: a list of keyed items, a single key, or a
 * message; anything else falls back to a key derived from the HTTP status.
 */
export function errorsFromBody(status: number, body: unknown): FieldError[] {
  const parsed = ErrorBodySchema.safeParse(body);
  if (parsed.success) {
    const { errors, key, message } = parsed.data;
    if (errors && errors.length > 0) return errors;
    if (key) return [{ key }];
    if (message) return [{ key: message }];
  }
  return [{ key: keyForStatus(status) }];
}

/** Maps zod issues of a request checked before sending to the keys the server would answer. */
export function errorsFromIssues(issues: readonly z.core.$ZodIssue[], data: unknown): FieldError[] {
  return issuesToErrors(issues, data);
}

/** The keyed items an error carries: API keys, or the error's name (Cognito exceptions). */
export function errorItems(error: unknown): FieldError[] {
  if (error instanceof ApiError) return error.errors;
  if (error instanceof Error && error.name && error.name !== 'Error') return [{ key: error.name }];
  return [{ key: GENERIC_ERROR_KEY }];
}

/**
 * Translates one keyed item; values such as {min} or {max} pick the matching message. A key the
 * interface does not know is shown as it is (spec 01 §8: fallback to the name), or as the generic
 * error when `unknownAsGeneric` (names of programming errors such as TypeError mean nothing to users).
 */
export function translateErrorItem(item: FieldError, t: TFunction, unknownAsGeneric = false): string {
  const generic = t(`errors.${GENERIC_ERROR_KEY}`);
  const key = item.key.trim();
  if (!key) return generic;
  const values = item.values ?? {};
  const context = values.max !== undefined ? 'max' : values.min !== undefined ? 'min' : undefined;
  return t(`errors.${key}`, {
    ...values,
    ...(context ? { context } : {}),
    defaultValue: unknownAsGeneric ? generic : key,
  });
}

/**
 * The message to show for any error: each key translated, with fallback to the key name and
 * then to a generic error; several messages joined by '; '.
 */
export function errorMessages(error: unknown, t: TFunction): string {
  const fromServer = error instanceof ApiError;
  const items = errorItems(error);
  const blocked = items.filter((item) => item.key === QUOTA_BLOCKED_ERROR_KEY);
  const messages = items
    .filter((item) => item.key !== QUOTA_BLOCKED_ERROR_KEY)
    .map((item) => translateErrorItem(item, t, !fromServer));
  if (blocked.length > 0) messages.unshift(quotaBlockedMessage(error, t));
  return [...new Set(messages)].join('; ') || t(`errors.${GENERIC_ERROR_KEY}`);
}

/** The kinds a `quota-blocked` error names (its items' fields), empty for any other error. */
export function blockedQuotaKinds(error: unknown): string[] {
  return errorItems(error)
    .filter((item) => item.key === QUOTA_BLOCKED_ERROR_KEY && typeof item.field === 'string')
    .map((item) => item.field as string);
}

/** "Blocking limit reached (degraded service)" with the quotas it names (spec 02 §8). */
export function quotaBlockedMessage(error: unknown, t: TFunction): string {
  const names = quotaKindNames(blockedQuotaKinds(error), t);
  return names ? t('errors.quota-blocked-kinds', { kinds: names }) : t('errors.quota-blocked');
}

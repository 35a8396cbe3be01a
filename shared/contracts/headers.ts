import * as z from 'zod';

/** Request headers every call carries (spec 01 §7), lower-cased as API Gateway normalises them. */
export const HEADER_LANGUAGE = 'x-language';
export const HEADER_SOURCE = 'x-source';
export const HEADER_SUPER_ADMIN = 'x-super-admin';
/** A terminal's key, sent by its kiosk instead of a token (shared/contracts/terminals.ts). */
export const HEADER_TERMINAL_KEY = 'x-terminal-key';

/** Response headers of list routes. */
export const HEADER_PAGINATION_MAX = 'x-pagination-max';
export const HEADER_PAGINATION_OFFSET = 'x-pagination-offset';
export const HEADER_PAGINATION_COUNT = 'x-pagination-count';

/**
 * CORS of the REST API, for CDK's preflight (infra/api.ts), the local gateway and every Lambda
 * answer (functions/lib/http.ts): the request headers a browser may send, the methods, and the
 * response headers the SPA may read.
 */
export const CORS_ALLOW_HEADERS = [
  'content-type',
  'authorization',
  HEADER_LANGUAGE,
  HEADER_SOURCE,
  HEADER_SUPER_ADMIN,
  HEADER_TERMINAL_KEY,
] as const;
export const CORS_ALLOW_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
/** A create that passed a galaxy quota's alert names the quotas here, comma-joined (decision 0045). */
export const HEADER_QUOTA_ALERT = 'x-quota-alert';
export const CORS_EXPOSE_HEADERS = [
  HEADER_QUOTA_ALERT,
  HEADER_PAGINATION_MAX,
  HEADER_PAGINATION_OFFSET,
  HEADER_PAGINATION_COUNT,
] as const;
/** How long a browser may keep a preflight's answer. */
export const CORS_MAX_AGE_SECONDS = 3600;

export const LANGUAGES = ['fr', 'en', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';

export const SOURCES = ['web', 'embedded', 'terminal', 'bench', 'test'] as const;
export type Source = (typeof SOURCES)[number];

export const RequestHeadersSchema = z.object({
  language: z.enum(LANGUAGES).catch(DEFAULT_LANGUAGE),
  source: z.enum(SOURCES).catch('web'),
  superAdmin: z.boolean(),
});
export type RequestHeaders = z.infer<typeof RequestHeadersSchema>;

/** Reads the spec's headers from a case-insensitive header map; unknown values fall back to defaults. */
export function parseRequestHeaders(
  headers: Record<string, string | undefined> | null | undefined,
): RequestHeaders {
  const lower: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(headers ?? {})) lower[k.toLowerCase()] = v;
  const rawLanguage = lower[HEADER_LANGUAGE] ?? lower['accept-language']?.slice(0, 2);
  return RequestHeadersSchema.parse({
    language: rawLanguage?.toLowerCase(),
    source: lower[HEADER_SOURCE]?.toLowerCase(),
    superAdmin: lower[HEADER_SUPER_ADMIN] === 'true',
  });
}

/** Whether a stored text names one of the product's languages. */
export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

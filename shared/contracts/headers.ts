import * as z from 'zod';

/** Request headers every call carries (spec 01 §7), lower-cased as API Gateway normalises them. */
export const HEADER_LANGUAGE = 'x-language';
export const HEADER_SOURCE = 'x-source';
export const HEADER_SUPER_ADMIN = 'x-super-admin';

/** Response headers of list routes. */
export const HEADER_PAGINATION_MAX = 'x-pagination-max';
export const HEADER_PAGINATION_OFFSET = 'x-pagination-offset';
export const HEADER_PAGINATION_COUNT = 'x-pagination-count';

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

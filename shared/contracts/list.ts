import * as z from 'zod';

/**
 * List parameters of spec 01 §7: _max, _offset, _filters (semicolon-joined `field=value`), q,
 * _sort-field, _sort-dir. `maxLimit` is the page size of the list (spec 01 §9).
 */
export function listQuery(maxLimit: number) {
  return z.strictObject({
    _max: z.coerce.number().int().min(1).max(maxLimit).default(maxLimit),
    _offset: z.coerce.number().int().min(0).default(0),
    _filters: z
      .string()
      .max(2000)
      .optional()
      .transform((raw) => parseFilters(raw)),
    q: z.string().max(200).optional(),
    '_sort-field': z.string().max(100).optional(),
    '_sort-dir': z.enum(['asc', 'desc']).optional(),
  });
}

/** `a=1;b=x,y` → { a: ['1'], b: ['x', 'y'] } */
export function parseFilters(raw: string | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!raw) return out;
  for (const part of raw.split(';')) {
    const idx = part.indexOf('=');
    if (idx <= 0) continue;
    const key = part.slice(0, idx).trim();
    const values = part
      .slice(idx + 1)
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '');
    if (key) out[key] = [...(out[key] ?? []), ...values];
  }
  return out;
}

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    items: z.array(item),
    max: z.number().int(),
    offset: z.number().int(),
  });
}

import type * as z from 'zod';
import { VALIDATION_KEYS, type FieldError, type ValidationKey } from './errors';
import { STRATEGY_DESCRIPTION_REQUIRED } from '../domain/strategies';
import { INVALID_URL_KEY } from '../domain/safe-url';

/**
 * Maps zod issues to the spec's validation keys (spec 01 §8). Used by the server to answer 400 and by
 * the SPA to check a request before sending it, so both say the same thing.
 */
const KNOWN_KEYS = new Set<string>([
  ...VALIDATION_KEYS,
  'email-not-valid',
  'invalid-phone-number',
  'domain-invalid',
  // A stored outbound address that breaks the rule of shared/domain/safe-url.ts.
  INVALID_URL_KEY,
  // A value named twice where it must be once (a word of a sphere context's substitutions).
  'exist',
  // Every strategy needs a description (spec 02 §5's message).
  STRATEGY_DESCRIPTION_REQUIRED,
]);

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let current: unknown = data;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

function fieldName(prefix: string | undefined, path: PropertyKey[]): string | undefined {
  const parts = [prefix, ...path.map(String)].filter((p): p is string => p !== undefined && p !== '');
  return parts.length ? parts.join('.') : undefined;
}

/** Maps one zod issue to the spec's validation key (spec 01 §8). */
export function issueToError(issue: z.core.$ZodIssue, data: unknown, prefix?: string): FieldError[] {
  const field = fieldName(prefix, issue.path);
  const value = valueAt(data, issue.path);
  const make = (key: ValidationKey | string, values?: FieldError['values']): FieldError => ({
    key,
    ...(field ? { field } : {}),
    ...(values ? { values } : {}),
  });

  switch (issue.code) {
    case 'invalid_type': {
      if (value === undefined || value === null) return [make('required')];
      if (issue.expected === 'number' || issue.expected === 'int' || issue.expected === 'bigint')
        return [make('not-a-number')];
      if (issue.expected === 'boolean') return [make('not-a-boolean')];
      if (issue.expected === 'date') return [make('not-a-date')];
      return [make('not-valid')];
    }
    case 'too_small': {
      if (issue.origin === 'string') {
        if (value === '' || (typeof value === 'string' && value.trim() === '' && Number(issue.minimum) > 0))
          return [make('required')];
        return [make('length-out-of-range-error', { min: Number(issue.minimum) })];
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return [make(Number(issue.minimum) <= 1 ? 'required' : 'too-many', { min: Number(issue.minimum) })];
      return [make('value-out-of-range-error', { min: Number(issue.minimum) })];
    }
    case 'too_big': {
      if (issue.origin === 'string')
        return [make('length-out-of-range-error', { max: Number(issue.maximum) })];
      if (issue.origin === 'array' || issue.origin === 'set')
        return [make('too-many', { max: Number(issue.maximum) })];
      return [make('value-out-of-range-error', { max: Number(issue.maximum) })];
    }
    case 'invalid_format':
      // A schema may name the spec's own key for a format (`domain-invalid`, `invalid-phone-number`).
      if (KNOWN_KEYS.has(issue.message)) return [make(issue.message)];
      if (issue.format === 'date' || issue.format === 'datetime') return [make('not-a-date')];
      return [make('not-valid')];
    case 'not_multiple_of':
      return [make('not-valid')];
    case 'invalid_value':
      if (value === undefined || value === null) return [make('required')];
      return [make('unexpected-value-error')];
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        key: 'unexpected-value-error',
        field: fieldName(prefix, [...issue.path, key]),
      }));
    case 'custom':
      return [make(KNOWN_KEYS.has(issue.message) ? issue.message : 'not-valid')];
    default:
      return [make('not-valid')];
  }
}

/** Every issue of a failed parse, as keyed items. */
export function issuesToErrors(
  issues: readonly z.core.$ZodIssue[],
  data: unknown,
  prefix?: string,
): FieldError[] {
  return issues.flatMap((issue) => issueToError(issue, data, prefix));
}

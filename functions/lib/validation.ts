import type * as z from 'zod';
import { issuesToErrors } from '@shared/contracts/issues';
import { ValidationError } from './errors';

/** Parses with a schema, or throws a ValidationError (HTTP 400) carrying every problem found. */
export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown, prefix?: string): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new ValidationError(issuesToErrors(result.error.issues, data, prefix));
}

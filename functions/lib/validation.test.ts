import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { parseOrThrow } from './validation';
import { ValidationError } from './errors';

const schema = z.strictObject({
  name: z.string().min(1).max(5),
  count: z.coerce.number().int().max(3),
  flag: z.boolean(),
  kind: z.enum(['a', 'b']),
  day: z.iso.date(),
  tags: z.array(z.string()).max(1),
  email: z.string().refine((v) => v.includes('@'), { message: 'email-not-valid' }),
});

function errorsOf(data: unknown) {
  try {
    parseOrThrow(schema, data, 'body');
  } catch (e) {
    if (e instanceof ValidationError) return e.errors;
    throw e;
  }
  throw new Error('expected a ValidationError');
}

describe('zod issues become the spec error keys', () => {
  it('missing fields are required', () => {
    const errors = errorsOf({});
    expect(errors).toContainEqual({ key: 'required', field: 'body.name' });
    expect(errors).toContainEqual({ key: 'required', field: 'body.flag' });
    expect(errors).toContainEqual({ key: 'required', field: 'body.kind' });
  });

  it('an empty required string is required', () => {
    expect(errorsOf({ name: '' })).toContainEqual({ key: 'required', field: 'body.name' });
  });

  it('maps each wrong value to its key', () => {
    const errors = errorsOf({
      name: 'toolong',
      count: 'abc',
      flag: 'yes',
      kind: 'z',
      day: '2020-13-01',
      tags: ['a', 'b'],
      email: 'nope',
      injected: 'x',
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        { key: 'length-out-of-range-error', field: 'body.name', values: { max: 5 } },
        { key: 'not-a-number', field: 'body.count' },
        { key: 'not-a-boolean', field: 'body.flag' },
        { key: 'unexpected-value-error', field: 'body.kind' },
        { key: 'not-a-date', field: 'body.day' },
        { key: 'too-many', field: 'body.tags', values: { max: 1 } },
        { key: 'email-not-valid', field: 'body.email' },
        { key: 'unexpected-value-error', field: 'body.injected' },
      ]),
    );
  });

  it('numbers out of range are value-out-of-range-error', () => {
    expect(errorsOf({ count: 9 })).toContainEqual({
      key: 'value-out-of-range-error',
      field: 'body.count',
      values: { max: 3 },
    });
  });

  it('returns the parsed value when valid', () => {
    const value = parseOrThrow(schema, {
      name: 'ok',
      count: '2',
      flag: true,
      kind: 'a',
      day: '2024-02-29',
      tags: [],
      email: 'a@b.c',
    });
    expect(value.count).toBe(2);
  });
});

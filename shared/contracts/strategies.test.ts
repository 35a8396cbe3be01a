import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { issuesToErrors } from './issues';
import {
  LifeCompassCreateSchema,
  LifeCompassUpdateSchema,
  StrategyAssessmentCreateSchema,
  StrategyAssessmentUpdateSchema,
  StrategyCreateSchema,
  StrategyListQuerySchema,
  StrategyOrderSchema,
  StrategyUpdateSchema,
  strategyRoutes,
} from './strategies';

/** The keyed problems the server answers for a body (400), or the parsed body. */
function check(schema: z.ZodType, body: unknown) {
  const parsed = schema.safeParse(body);
  return parsed.success
    ? { ok: parsed.data as Record<string, unknown> }
    : { errors: issuesToErrors(parsed.error.issues, body, 'body').map((e) => `${e.field}:${e.key}`) };
}

describe('a strategy’s body', () => {
  it('takes a type and a description; the rest has defaults, texts trimmed', () => {
    expect(check(StrategyCreateSchema, { type: 'vision', description: '  Calm  ' })).toEqual({
      ok: { type: 'vision', title: '', description: 'Calm', isHidden: false, goalsLinked: [], indent: 0 },
    });
  });

  it('a life compass item needs a title whatever its type; a sphere’s only when custom', () => {
    expect(check(LifeCompassCreateSchema, { type: 'vision', description: 'Calm' }).errors).toEqual([
      'body.title:required',
    ]);
    expect(check(StrategyCreateSchema, { type: 'custom', description: 'Calm' }).errors).toEqual([
      'body.title:required',
    ]);
    expect(check(StrategyCreateSchema, { type: 'mission', description: 'Calm' }).ok).toBeDefined();
  });

  it('every strategy needs a description, with the spec’s message key', () => {
    for (const schema of [LifeCompassCreateSchema, StrategyCreateSchema])
      expect(check(schema, { type: 'goal', title: 'Health', description: ' ' }).errors).toEqual([
        'body.description:strategy-description-required',
      ]);
  });

  it('title and description are bounded, the type and goals are the product’s, the indent 0 to 5', () => {
    expect(
      check(StrategyCreateSchema, {
        type: 'goal',
        title: 'x'.repeat(251),
        description: 'y'.repeat(2501),
        indent: 6,
        goalsLinked: ['moon'],
      }).errors,
    ).toEqual([
      'body.title:length-out-of-range-error',
      'body.description:length-out-of-range-error',
      'body.goalsLinked.0:unexpected-value-error',
      'body.indent:value-out-of-range-error',
    ]);
    expect(check(StrategyCreateSchema, { type: 'dream', description: 'd' }).errors).toEqual([
      'body.type:unexpected-value-error',
    ]);
    expect(check(StrategyCreateSchema, { type: 'goal', description: 'd', indent: 1.5 }).errors).toEqual([
      'body.indent:not-a-number',
    ]);
    expect(
      check(StrategyCreateSchema, { type: 'goal', description: 'd', goalsLinked: ['health', 'health'] })
        .errors,
    ).toEqual(['body.goalsLinked:exist']);
  });

  it('an owner named in the body is refused, never obeyed', () => {
    expect(
      check(StrategyCreateSchema, { type: 'goal', description: 'd', sphereId: 's', userId: 'u' }).errors,
    ).toEqual(['body.sphereId:unexpected-value-error', 'body.userId:unexpected-value-error']);
  });

  it('an update carries the date the editor read, and neither order nor indent', () => {
    const fields = { type: 'goal', title: 'Health', description: 'd' };
    expect(check(StrategyUpdateSchema, fields).errors).toEqual(['body.updateDate:required']);
    expect(check(LifeCompassUpdateSchema, { ...fields, updateDate: 'yesterday' }).errors).toEqual([
      'body.updateDate:not-a-date',
    ]);
    expect(
      check(StrategyUpdateSchema, { ...fields, updateDate: '2026-03-02T10:00:00.000Z', indent: 1 }).errors,
    ).toEqual(['body.indent:unexpected-value-error']);
  });
});

describe('a reorder’s body', () => {
  it('is the list’s items with their indents, at most 2000', () => {
    expect(check(StrategyOrderSchema, { items: [{ id: 'a', indent: 0 }] }).ok).toBeDefined();
    const many = Array.from({ length: 2001 }, (_, i) => ({ id: `s${i}`, indent: 0 }));
    expect(check(StrategyOrderSchema, { items: many }).errors).toEqual(['body.items:too-many']);
    expect(check(StrategyOrderSchema, { items: [{ id: 'a', indent: 9 }] }).errors).toEqual([
      'body.items.0.indent:value-out-of-range-error',
    ]);
  });
});

describe('list pages', () => {
  it('are 200 by default and up to 2000', () => {
    expect(StrategyListQuerySchema.parse({})).toEqual({ _max: 200, _offset: 0 });
    expect(StrategyListQuerySchema.parse({ _max: '2000' })._max).toBe(2000);
    expect(StrategyListQuerySchema.safeParse({ _max: '2001' }).success).toBe(false);
  });
});

describe('an assessment’s body', () => {
  it('keeps the answers as sent; empty ones are dropped when saved', () => {
    expect(check(StrategyAssessmentCreateSchema, { values: { a: 5, b: null } })).toEqual({
      ok: { values: { a: 5, b: null }, fromDirectLink: false },
    });
  });

  it('needs at least one answer, each a level’s value', () => {
    for (const schema of [StrategyAssessmentCreateSchema, StrategyAssessmentUpdateSchema]) {
      expect(check(schema, { values: {} }).errors).toEqual(['body.values:required']);
      expect(check(schema, { values: { a: null } }).errors).toEqual(['body.values:required']);
      expect(check(schema, { values: { a: 0 } }).errors).toEqual(['body.values.a:value-out-of-range-error']);
      expect(check(schema, { values: { a: '4' } }).errors).toEqual(['body.values.a:not-a-number']);
    }
  });
});

describe('the routes', () => {
  it('are all under /v1/strategies, for registered users with a right on a strategy or an assessment', () => {
    for (const route of strategyRoutes) {
      expect(route.path.startsWith('/v1/strategies/'), route.name).toBe(true);
      expect(route.auth, route.name).toBe('registered');
      expect(['strategy', 'strategy-assessment'], route.name).toContain(route.ability?.subject);
    }
  });

  it('check the right on the sphere or session their path names', () => {
    for (const route of strategyRoutes) {
      if (route.path.includes('{sphereId}'))
        expect(route.ability?.on, route.name).toEqual({ sphereId: 'sphereId' });
      if (route.path.includes('{sessionId}'))
        expect(route.ability?.on, route.name).toEqual({ sessionId: 'sessionId' });
    }
  });
});

import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { issuesToErrors } from './issues';
import { SphereContextCreateSchema, SphereContextUpdateSchema } from './sphere-contexts';
import { CONTEXT_OVERRIDE_KEYS, CONTEXT_SUBSTITUTIONS_MAX } from '../domain/sphere-contexts';

/** The keyed problems the server answers for a body (400), or the parsed body. */
function check(body: unknown, schema: z.ZodType = SphereContextCreateSchema) {
  const parsed = schema.safeParse(body);
  return parsed.success
    ? { ok: parsed.data as Record<string, unknown> & { name?: unknown } }
    : { errors: issuesToErrors(parsed.error.issues, body, 'body').map((e) => `${e.field}:${e.key}`) };
}

const pairs = (count: number) => Array.from({ length: count }, (_, i) => ({ from: `w${i}`, to: `t${i}` }));

describe('a sphere context’s body', () => {
  it('takes a name alone: no description, words nor texts, and not active', () => {
    expect(check({ name: { fr: 'Atelier' } })).toEqual({
      ok: { name: { fr: 'Atelier' }, description: {}, substitutions: {}, overrides: {}, active: false },
    });
  });

  it('trims the texts, and a blank name in a language is no name there', () => {
    expect(check({ name: { fr: '  Atelier ', en: '   ' } }).ok?.name).toEqual({ fr: 'Atelier' });
  });

  it('a name is 2 to 100 characters once trimmed', () => {
    expect(check({ name: { fr: ' A ' } }).errors).toEqual(['body.name.fr:length-out-of-range-error']);
    expect(check({ name: { fr: 'Ab' } }).ok).toBeDefined();
    expect(check({ name: { fr: 'x'.repeat(100) } }).ok).toBeDefined();
    expect(check({ name: { fr: 'x'.repeat(101) } }).errors).toEqual([
      'body.name.fr:length-out-of-range-error',
    ]);
  });

  it('the name is required, as an object of languages', () => {
    expect(check({}).errors).toEqual(['body.name:required']);
    expect(check({ name: 'Atelier' }).errors).toEqual(['body.name:not-valid']);
    expect(check({ name: { de: 'Werkstatt' } }).errors).toEqual(['body.name.de:unexpected-value-error']);
  });

  it('a description is at most 2 000 characters per language', () => {
    expect(check({ name: { fr: 'Ab' }, description: { nl: 'x'.repeat(2000) } }).ok).toBeDefined();
    expect(check({ name: { fr: 'Ab' }, description: { nl: 'x'.repeat(2001) } }).errors).toEqual([
      'body.description.nl:length-out-of-range-error',
    ]);
  });

  it(`takes at most ${CONTEXT_SUBSTITUTIONS_MAX} pairs per language`, () => {
    const full = { fr: pairs(CONTEXT_SUBSTITUTIONS_MAX), en: pairs(CONTEXT_SUBSTITUTIONS_MAX) };
    expect(check({ name: { fr: 'Ab' }, substitutions: full }).ok).toBeDefined();
    expect(
      check({ name: { fr: 'Ab' }, substitutions: { en: pairs(CONTEXT_SUBSTITUTIONS_MAX + 1) } }).errors,
    ).toEqual(['body.substitutions.en:too-many']);
  });

  it('each word of a pair is 1 to 60 characters', () => {
    const body = (from: string, to: string) => ({
      name: { fr: 'Ab' },
      substitutions: { fr: [{ from, to }] },
    });
    expect(check(body('x'.repeat(60), 'y')).ok).toBeDefined();
    expect(check(body('x'.repeat(61), 'y')).errors).toEqual([
      'body.substitutions.fr.0.from:length-out-of-range-error',
    ]);
    expect(check(body('group', ' ')).errors).toEqual(['body.substitutions.fr.0.to:required']);
    expect(check({ name: { fr: 'Ab' }, substitutions: { fr: [{ from: 'group' }] } }).errors).toEqual([
      'body.substitutions.fr.0.to:required',
    ]);
  });

  it('names a word once per language, whatever its case: exist on the later one', () => {
    const body = {
      name: { fr: 'Ab' },
      substitutions: {
        fr: [
          { from: 'groupe', to: 'équipe' },
          { from: 'GROUPE', to: 'cellule' },
        ],
        en: [{ from: 'groupe', to: 'team' }],
      },
    };
    expect(check(body).errors).toEqual(['body.substitutions.fr.1.from:exist']);
  });

  it('replaces only the named texts, each at most 500 characters per language', () => {
    for (const key of CONTEXT_OVERRIDE_KEYS)
      expect(check({ name: { fr: 'Ab' }, overrides: { [key]: { en: 'x'.repeat(500) } } }).ok).toBeDefined();
    expect(
      check({ name: { fr: 'Ab' }, overrides: { sphereWelcome: { en: 'x'.repeat(501) } } }).errors,
    ).toEqual(['body.overrides.sphereWelcome.en:length-out-of-range-error']);
    expect(check({ name: { fr: 'Ab' }, overrides: { anyText: { en: 'Hello' } } }).errors).toEqual([
      'body.overrides.anyText:unexpected-value-error',
    ]);
  });

  it('refuses a field it does not know (an injected sphere or id)', () => {
    expect(check({ name: { fr: 'Ab' }, sphereId: 'other' }).errors).toEqual([
      'body.sphereId:unexpected-value-error',
    ]);
  });

  it('an update names whether it is active and the date of the version it changes', () => {
    expect(check({ name: { fr: 'Ab' } }, SphereContextUpdateSchema).errors).toEqual([
      'body.active:required',
      'body.updateDate:required',
    ]);
    expect(
      check({ name: { fr: 'Ab' }, active: true, updateDate: 'yesterday' }, SphereContextUpdateSchema).errors,
    ).toEqual(['body.updateDate:not-a-date']);
    expect(
      check(
        { name: { fr: 'Ab' }, active: true, updateDate: '2025-01-01T10:00:00.000Z' },
        SphereContextUpdateSchema,
      ).ok,
    ).toBeDefined();
  });
});

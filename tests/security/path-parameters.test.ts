import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { HEADER_SUPER_ADMIN } from '@shared/contracts/headers';
import type { Sphere } from '@shared/contracts/spheres';
import { formsDb } from '../../functions/forms/store';
import { usersDb } from '../../functions/users/store';
import { readOutbox } from '../../tools/local-stack/ses';
import { startTestStack, type TestStack, type Tokens } from '../integration/harness';
import { wholeTable } from '../integration/table-scan';

/**
 * Finding 10 of the hostile probe: control characters in path parameters were taken as they came
 * (`PUT /v1/forms/measure-types/%00` answered 200 for a super-admin, changing the measure type whose
 * id is a NUL). A path parameter now follows the character rule of ids (shared/contracts/ids.ts):
 * no control character (C0, DEL, C1) and no invisible formatting one (bidi overrides and isolates,
 * zero-width), checked once for every route on the value the gateway decoded, before any handler
 * code runs: 400 with the validation body (`not-valid` on `params.<name>`), nothing written.
 */

let stack: TestStack;
/** A super-admin (the catalogue of measure types is theirs, with the super-admin header). */
let alex: Tokens;
/** A registered user, the admin of her own sphere. */
let bea: Tokens;
let sphere: Sphere;

/** Each as the URL carries it and as the gateways decode it. */
const HOSTILE: readonly (readonly [string, string])[] = [
  ['%00', '\u0000'],
  ['%0a', '\n'],
  ['%0d', '\r'],
  ['%1f', '\u001f'],
  ['%7f', '\u007f'],
  ['%C2%9B', '\u009b'],
  ['%E2%80%AE', '\u202e'],
  ['%E2%81%A6', '\u2066'],
];

/** A measure type whose id carries the character: the one a hostile path would reach. */
const measureTypeId = (decoded: string) => `pp${decoded}x`;

interface Case {
  who: 'super-admin' | 'user';
  method: string;
  /** The route's path, as the contract names it. */
  route: string;
  path: (encoded: string) => string;
  field: string;
  body?: unknown;
}

const CASES: readonly Case[] = [
  {
    who: 'super-admin',
    method: 'PUT',
    route: '/v1/forms/measure-types/{measureTypeId}',
    path: (c) => `/v1/forms/measure-types/pp${c}x`,
    field: 'params.measureTypeId',
    body: { title: { en: 'Changed' } },
  },
  {
    who: 'super-admin',
    method: 'DELETE',
    route: '/v1/forms/measure-types/{measureTypeId}',
    path: (c) => `/v1/forms/measure-types/pp${c}x`,
    field: 'params.measureTypeId',
  },
  {
    who: 'super-admin',
    method: 'GET',
    route: '/v1/spheres/{id}',
    path: (c) => `/v1/spheres/${sphere.id}${c}`,
    field: 'params.id',
  },
  {
    who: 'user',
    method: 'PUT',
    route: '/v1/forms/measure-types/{measureTypeId}',
    path: (c) => `/v1/forms/measure-types/pp${c}x`,
    field: 'params.measureTypeId',
    body: { title: { en: 'Changed' } },
  },
  {
    who: 'user',
    method: 'POST',
    route: '/v1/spheres/{id}/tags',
    path: (c) => `/v1/spheres/${sphere.id}${c}/tags`,
    field: 'params.id',
    body: { name: { en: 'Team' }, type: 'department', color: '#336699', weight: 1 },
  },
  {
    who: 'user',
    method: 'PUT',
    route: '/v1/spheres/{id}/tags/{tagId}',
    path: (c) => `/v1/spheres/${sphere.id}/tags/tag${c}`,
    field: 'params.tagId',
    body: {
      name: { en: 'Team' },
      type: 'department',
      color: '#336699',
      weight: 1,
      modules: [],
      archived: false,
    },
  },
  {
    who: 'user',
    method: 'GET',
    route: '/v1/spheres/{id}',
    path: (c) => `/v1/spheres/${sphere.id}${c}`,
    field: 'params.id',
  },
  {
    who: 'user',
    method: 'POST',
    route: '/v1/spheres/{id}/sessions',
    path: (c) => `/v1/spheres/${sphere.id}${c}/sessions`,
    field: 'params.id',
    body: { category: 'contributor', name: 'Team' },
  },
  {
    who: 'user',
    method: 'PUT',
    route: '/v1/emails/{email}',
    path: (c) => `/v1/emails/bea${c}%40example.be`,
    field: 'params.email',
  },
  {
    who: 'user',
    method: 'PUT',
    route: '/v1/thinkings/{id}',
    path: (c) => `/v1/thinkings/th${c}`,
    field: 'params.id',
    body: {},
  },
];

const sorted = async () => (await wholeTable()).sort();

beforeAll(async () => {
  stack = await startTestStack();
  alex = await stack.signInWithCode('alex.paths@example.be', { firstName: 'Alex', locale: 'en' });
  bea = await stack.signInWithCode('bea.paths@example.be', { firstName: 'Bea', locale: 'en' });
  await usersDb()
    .entities.user.patch({ userId: decodeJwt(alex.accessToken).sub as string })
    .set({ globalRoles: ['super-admin'], subscription: 'essentials' })
    .go();
  const created = await stack.api<Sphere>('/v1/spheres', {
    method: 'POST',
    token: bea.accessToken,
    body: { name: 'Paths', category: 'company', address: { country: 'BE' }, languages: { primary: 'en' } },
  });
  expect(created.status).toBe(201);
  sphere = created.body;
  // Measure types whose ids hold the characters (written straight to the table, as an older
  // version of the API took them): a hostile path names exactly them.
  for (const [, decoded] of HOSTILE) {
    await formsDb()
      .entities.measureType.create({ measureTypeId: measureTypeId(decoded), title: { en: 'Before' } })
      .go();
  }
});
afterAll(async () => {
  await stack?.stop();
});

describe('control and invisible characters in path parameters', () => {
  it('leaves plain parameters alone: the measure types are there and a plain id is served', async () => {
    const plain = await stack.api(`/v1/spheres/${sphere.id}`, { token: bea.accessToken });
    expect(plain.status).toBe(200);
    const { data } = await formsDb().entities.measureType.query.all({}).go();
    expect(data.map((m) => m.measureTypeId).sort()).toEqual(HOSTILE.map(([, d]) => measureTypeId(d)).sort());
  });

  it.each(
    CASES.flatMap((c) =>
      HOSTILE.map(([encoded]) => [`${c.method} ${c.route} as ${c.who} with ${encoded}`, c, encoded] as const),
    ),
  )('%s: 400 not-valid on the parameter, nothing written', async (_, c, encoded) => {
    const before = await sorted();
    const mails = (await readOutbox(stack.endpoints.outbox)).length;
    const answer = await stack.api(c.path(encoded), {
      method: c.method,
      token: (c.who === 'super-admin' ? alex : bea).accessToken,
      ...(c.who === 'super-admin' ? { headers: { [HEADER_SUPER_ADMIN]: 'true' } } : {}),
      ...(c.body !== undefined ? { body: c.body } : {}),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ key: 'error', errors: [{ key: 'not-valid', field: c.field }] });
    expect(await sorted()).toEqual(before);
    expect((await readOutbox(stack.endpoints.outbox)).length).toBe(mails);
  });

  it('a measure type id in a body follows the same rule: POST with one is refused on body.id', async () => {
    for (const [, decoded] of HOSTILE) {
      const answer = await stack.api('/v1/forms/measure-types', {
        method: 'POST',
        token: alex.accessToken,
        headers: { [HEADER_SUPER_ADMIN]: 'true' },
        body: { id: `new${decoded}id` },
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.id' }] });
    }
  });

  it('the measure types named by the hostile paths are still there, unchanged', async () => {
    const { data } = await formsDb().entities.measureType.query.all({}).go();
    expect(data).toHaveLength(HOSTILE.length);
    for (const item of data) expect(item.title).toEqual({ en: 'Before' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { Me } from '../../shared/contracts/me';
import type { Sphere, SphereCreateInput } from '../../shared/contracts/spheres';
import { usersDb } from '../../functions/users/store';
import { openRealtime, startTestStack, type TestStack, type Tokens } from './harness';

/** Spheres over HTTP on the local stack: creation, the creator's rights, isolation, duplicates. */
let stack: TestStack;
let ana: Tokens;
let ben: Tokens;
let root: Tokens;
let guest: Tokens;
const idOf = (tokens: Tokens) => decodeJwt(tokens.accessToken).sub as string;

const newSphere = (name: string, extra: Partial<SphereCreateInput> = {}): SphereCreateInput => ({
  name,
  category: 'company',
  address: { country: 'BE', city: 'Namur' },
  languages: { primary: 'fr', extras: ['en'] },
  ...extra,
});
const post = (tokens: Tokens, body: unknown) =>
  stack.api<Sphere>('/v1/spheres', { method: 'POST', token: tokens.accessToken, body });
const get = (tokens: Tokens, id: string, headers: Record<string, string> = {}) =>
  stack.api<Sphere>(`/v1/spheres/${id}`, { token: tokens.accessToken, headers });
const put = (tokens: Tokens, id: string, body: unknown) =>
  stack.api<Sphere>(`/v1/spheres/${id}`, { method: 'PUT', token: tokens.accessToken, body });
const editable = (s: Sphere) => ({
  name: s.name,
  category: s.category,
  address: s.address,
  languages: s.languages,
  domains: s.domains,
  accessPolicy: s.accessPolicy,
  isStudyProgram: s.isStudyProgram,
  isTerminalEnabled: s.isTerminalEnabled,
  customizableThinkingAxes: s.customizableThinkingAxes,
  updateDate: s.updateDate,
});

beforeAll(async () => {
  stack = await startTestStack();
  ana = await stack.signInWithCode('ana.spheres@example.be', { firstName: 'Ana', locale: 'fr' });
  ben = await stack.signInWithCode('ben.spheres@example.be', { firstName: 'Ben', locale: 'en' });
  root = await stack.signInWithCode('root.spheres@example.be', { firstName: 'Root', locale: 'en' });
  guest = await stack.signInAsGuest({ link: 'http://127.0.0.1/spheres' });
  await usersDb()
    .entities.user.patch({ userId: idOf(root) })
    .set({ globalRoles: ['super-admin'] })
    .go();
});
afterAll(async () => {
  await stack?.stop();
});

describe('POST /v1/spheres', () => {
  it('creates the sphere; its creator is its admin, and the start call lists it with the rights', async () => {
    const socket = await openRealtime(stack, ana);
    const heard: { type: string; action: string }[] = [];
    socket.on('message', (data: Buffer) => heard.push(JSON.parse(data.toString()) as (typeof heard)[number]));
    const created = await post(ana, newSphere('Atelier Lumière', { domains: ['Lumiere.be'] }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Atelier Lumière',
      isMember: true,
      roles: ['admin', 'contributor'],
      domains: ['lumiere.be'],
      languages: { primary: 'fr', extras: ['en'] },
      accessPolicy: 'AUTH',
      entitlements: { engagementUp: { active: false } },
    });
    expect(JSON.stringify(created.body)).not.toContain('sphereKey');
    await expect
      .poll(() => heard)
      .toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'spheres', action: 'created' }),
          expect.objectContaining({ type: 'ability', action: 'updated' }),
        ]),
      );
    socket.close();

    const me = await stack.api<Me>('/v1/me', { token: ana.accessToken });
    expect(me.body.spheres).toEqual([
      expect.objectContaining({
        id: created.body.id,
        name: 'Atelier Lumière',
        roles: ['admin', 'contributor'],
      }),
    ]);
    expect(me.body.members).toEqual([expect.objectContaining({ sphereId: created.body.id, active: true })]);
    expect(me.body.ability.rules).toContainEqual({
      action: 'manage',
      subject: expect.arrayContaining(['sphere', 'member']),
      conditions: { sphereId: created.body.id },
    });
  });

  it('refuses a second sphere of the same name for the same owner (duplicate-sphere), whatever the case and accents', async () => {
    expect((await post(ana, newSphere('Jardin Commun'))).status).toBe(201);
    const again = await post(ana, newSphere('  jardin  COMMUN '));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ key: 'duplicate-sphere' });
    const accents = await post(ana, newSphere('Jàrdin commun'));
    expect(accents.body).toMatchObject({ key: 'duplicate-sphere' });
    // Another owner may use the name.
    expect((await post(ben, newSphere('Jardin Commun'))).status).toBe(201);
  });

  it('gives one sphere to two creations of the same name at once', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => post(ana, newSphere('Course au nom'))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  });

  it('answers 400 with the keys for bad input, and loses nothing', async () => {
    const bad = await post(ana, {
      name: ' ',
      category: 'castle',
      address: { country: 'DE' },
      languages: { primary: 'de' },
      domains: ['not a domain'],
      phone: '0470',
      email: 'nope',
    });
    expect(bad.status).toBe(400);
    const keys = (bad.body as unknown as { errors: { key: string; field: string }[] }).errors.map(
      (e) => `${e.field}:${e.key}`,
    );
    expect(keys).toEqual(
      expect.arrayContaining([
        'body.name:required',
        'body.category:unexpected-value-error',
        'body.address.country:unexpected-value-error',
        'body.languages.primary:unexpected-value-error',
        'body.domains.0:domain-invalid',
        'body.phone:invalid-phone-number',
        'body.email:email-not-valid',
      ]),
    );
    const domainsOnly = await post(ana, newSphere('Sans domaine', { accessPolicy: 'DOMAINS_ONLY' }));
    expect(domainsOnly.status).toBe(400);
    expect(domainsOnly.body).toMatchObject({ errors: [{ key: 'required', field: 'body.domains' }] });
  });

  it('is refused to guests', async () => {
    const answer = await post(guest, newSphere('Invité'));
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ key: 'guest-not-allowed' });
  });
});

describe('one sphere never opens another', () => {
  it('a member reads their sphere; another person, even the admin of another sphere, is refused', async () => {
    const mine = (await post(ana, newSphere('Maison Ana'))).body;
    const theirs = (await post(ben, newSphere('Maison Ben'))).body;
    expect((await get(ana, mine.id)).status).toBe(200);
    for (const [who, id] of [
      [ben, mine.id],
      [ana, theirs.id],
      [guest, mine.id],
    ] as const) {
      const answer = await get(who, id);
      expect(answer.status).toBe(403);
      expect(JSON.stringify(answer.body)).not.toContain('Maison');
    }
    // An id that does not exist answers like one the caller may not see.
    expect((await get(ana, 'no-such-sphere')).status).toBe(403);
    const write = await put(ben, mine.id, editable(mine));
    expect(write.status).toBe(403);
  });

  it("lists the caller's own spheres only, and every sphere to a super-admin in super-admin mode", async () => {
    const list = await stack.api<{ items: Sphere[]; count: number }>('/v1/spheres', {
      token: ben.accessToken,
    });
    expect(list.status).toBe(200);
    expect(list.body.items.map((s) => s.name)).toEqual(['Jardin Commun', 'Maison Ben']);
    expect(list.body.items.every((s) => s.isMember)).toBe(true);

    const refused = await stack.api('/v1/spheres?scope=all', { token: ben.accessToken });
    expect(refused.status).toBe(403);
    const withoutMode = await stack.api('/v1/spheres?scope=all', { token: root.accessToken });
    expect(withoutMode.status).toBe(403);
    const all = await stack.api<{ items: Sphere[] }>('/v1/spheres?scope=all&q=maison', {
      token: root.accessToken,
      headers: { 'x-super-admin': 'true' },
    });
    expect(all.body.items.map((s) => s.name)).toEqual(['Maison Ana', 'Maison Ben']);
    expect(all.body.items.every((s) => !s.isMember)).toBe(true);
  });
});

describe('PUT /v1/spheres/{id}', () => {
  it('saves the settings, refuses a stale copy (conflict) and keeps every extra language once offered', async () => {
    const sphere = (await post(ana, newSphere('Réglages'))).body;
    const saved = await put(ana, sphere.id, {
      ...editable(sphere),
      name: 'Réglages et cie',
      shortName: 'R&C',
      isStudyProgram: true,
      languages: { primary: 'fr', extras: ['en', 'nl'] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Réglages et cie', shortName: 'R&C', isStudyProgram: true });

    const stale = await put(ana, sphere.id, {
      ...editable(sphere),
      languages: saved.body.languages,
      name: 'Perdu',
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ key: 'conflict' });

    const dropped = await put(ana, sphere.id, {
      ...editable(saved.body),
      languages: { primary: 'fr', extras: ['en'] },
    });
    expect(dropped.status).toBe(400);
    expect(dropped.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.languages' }] });

    const taken = await put(ana, sphere.id, { ...editable(saved.body), name: 'Maison Ana' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ key: 'duplicate-sphere' });
    // The old name is free again once renamed.
    expect((await post(ana, newSphere('Réglages'))).status).toBe(201);
  });
});

describe('GET /v1/spheres/definitions/categories', () => {
  it('names the categories in the caller’s language', async () => {
    const list = await stack.api<{ items: { id: string; name: string }[] }>(
      '/v1/spheres/definitions/categories',
      {
        token: ana.accessToken,
        headers: { 'x-language': 'nl' },
      },
    );
    expect(list.status).toBe(200);
    expect(list.body.items).toContainEqual({ id: 'school', name: 'School' });
    expect(list.body.items).toContainEqual({ id: 'company', name: 'Bedrijf' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { Me } from '@shared/contracts/me';
import type { Sphere, SphereCreateInput } from '@shared/contracts/spheres';
import { usersDb } from '../../functions/users/store';
import { spheresDb } from '../../functions/spheres/store';
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
      entitlements: { engagementUp: { active: true } },
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

describe('joining by the link (POST /v1/spheres/{id}/join)', () => {
  const join = (tokens: Tokens, id: string, body: unknown) =>
    stack.api<Sphere>(`/v1/spheres/${id}/join`, { method: 'POST', token: tokens.accessToken, body });
  const keyOf = async (id: string) =>
    (await stack.api<{ sphereKey: string }>(`/v1/spheres/${id}/join-key`, { token: ana.accessToken })).body
      .sphereKey;

  it('makes a contributor of a person with the key and a verified address; joining again changes nothing', async () => {
    const sphere = (await post(ana, newSphere('Porte ouverte'))).body;
    const sphereKey = await keyOf(sphere.id);
    expect(sphereKey).toMatch(/^[\w-]{20,}$/);
    const joined = await join(ben, sphere.id, { sphereKey });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ id: sphere.id, isMember: true, roles: ['contributor'] });
    expect((await join(ben, sphere.id, { sphereKey })).status).toBe(200);
    expect((await get(ben, sphere.id)).status).toBe(200);

    const members = await stack.api<{ items: { name: string; email: string; roles: string[] }[] }>(
      `/v1/spheres/${sphere.id}/members`,
      { token: ana.accessToken },
    );
    expect(members.body.items).toEqual([
      expect.objectContaining({ name: 'Ana', roles: ['admin', 'contributor'] }),
      expect.objectContaining({ name: 'Ben', email: 'ben.spheres@example.be', roles: ['contributor'] }),
    ]);
    // A contributor does not see the member list, nor the link's key.
    expect((await stack.api(`/v1/spheres/${sphere.id}/members`, { token: ben.accessToken })).status).toBe(
      403,
    );
    expect((await stack.api(`/v1/spheres/${sphere.id}/join-key`, { token: ben.accessToken })).status).toBe(
      403,
    );
  });

  it('refuses a key that is not the sphere’s, or no longer (contribution-access-key-not-valid), the same for no sphere', async () => {
    const sphere = (await post(ana, newSphere('Clé changée'))).body;
    const old = await keyOf(sphere.id);
    const renewed = await stack.api<{ sphereKey: string }>(`/v1/spheres/${sphere.id}/join-key`, {
      method: 'POST',
      token: ana.accessToken,
    });
    expect(renewed.body.sphereKey).not.toBe(old);
    for (const [id, sphereKey] of [
      [sphere.id, old],
      [sphere.id, 'guessed'],
      ['no-such-sphere', renewed.body.sphereKey],
    ] as const) {
      const answer = await join(ben, id, { sphereKey });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ key: 'contribution-access-key-not-valid' });
    }
    expect((await join(ben, sphere.id, { sphereKey: renewed.body.sphereKey })).status).toBe(200);
  });

  it('refuses a private sphere (contribution-private) and one without Engagement-Up (contribution-not-active)', async () => {
    const closed = (await post(ana, newSphere('Fermée', { accessPolicy: 'NOONE' }))).body;
    const privateAnswer = await join(ben, closed.id, { sphereKey: await keyOf(closed.id) });
    expect(privateAnswer.body).toMatchObject({ key: 'contribution-private' });

    const inactive = (await post(ana, newSphere('Sans contributeurs'))).body;
    await spheresDb()
      .entities.sphere.patch({ sphereId: inactive.id })
      .set({
        entitlements: {
          ...inactive.entitlements,
          engagementUp: { active: false, campaignTemplatesAvailable: false },
        },
      })
      .go();
    const notActive = await join(ben, inactive.id, { sphereKey: await keyOf(inactive.id) });
    expect(notActive.status).toBe(403);
    expect(notActive.body).toMatchObject({ key: 'contribution-not-active' });
  });

  it('needs one of the caller’s verified addresses (email-not-valid), of the sphere’s domains when it says so (contribution-only-domain)', async () => {
    const domains = (
      await post(ana, newSphere('Domaine réservé', { accessPolicy: 'DOMAINS_ONLY', domains: ['lumiere.be'] }))
    ).body;
    const sphereKey = await keyOf(domains.id);
    const notTheirs = await join(ben, domains.id, { sphereKey, email: 'ana.spheres@example.be' });
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body).toMatchObject({ key: 'email-not-valid' });
    const outside = await join(ben, domains.id, { sphereKey });
    expect(outside.status).toBe(403);
    expect(outside.body).toMatchObject({ key: 'contribution-only-domain' });
    const guestAnswer = await join(guest, domains.id, { sphereKey });
    expect(guestAnswer.body).toMatchObject({ key: 'guest-not-allowed' });
  });

  it('refuses a person an admin revoked (contribution-rejected-by-admin), and takes back one who left', async () => {
    const sphere = (await post(ana, newSphere('Retours'))).body;
    const sphereKey = await keyOf(sphere.id);
    expect((await join(ben, sphere.id, { sphereKey })).status).toBe(200);
    const memberId = (
      await spheresDb()
        .entities.member.query.byUser({ userId: idOf(ben), sphereId: sphere.id })
        .go()
    ).data[0]?.memberId as string;
    const setState = (active: boolean, inactiveReason: 'left' | 'revoked') =>
      spheresDb()
        .entities.member.patch({ sphereId: sphere.id, memberId })
        .set({ active, inactiveReason })
        .go();

    await setState(false, 'left');
    expect((await get(ben, sphere.id)).status).toBe(403);
    expect((await join(ben, sphere.id, { sphereKey })).body).toMatchObject({ isMember: true });
    expect((await get(ben, sphere.id)).status).toBe(200);

    await setState(false, 'revoked');
    const revoked = await join(ben, sphere.id, { sphereKey });
    expect(revoked.status).toBe(403);
    expect(revoked.body).toMatchObject({ key: 'contribution-rejected-by-admin' });
  });
});

describe('leaving and members changed by an admin', () => {
  const memberOf = async (tokens: Tokens, sphereId: string) =>
    (
      await spheresDb()
        .entities.member.query.byUser({ userId: idOf(tokens), sphereId })
        .go()
    ).data[0]?.memberId as string;
  const putMember = (sphereId: string, memberId: string, body: unknown, tokens = ana) =>
    stack.api<{ active: boolean; inactiveReason?: string; roles: string[] }>(
      `/v1/spheres/${sphereId}/members/${memberId}`,
      { method: 'PUT', token: tokens.accessToken, body },
    );
  const leave = (tokens: Tokens, sphereId: string) =>
    stack.api(`/v1/spheres/${sphereId}/leave`, { method: 'POST', token: tokens.accessToken });
  const joined = async (name: string) => {
    const sphere = (await post(ana, newSphere(name))).body;
    const { sphereKey } = (
      await stack.api<{ sphereKey: string }>(`/v1/spheres/${sphere.id}/join-key`, { token: ana.accessToken })
    ).body;
    await stack.api(`/v1/spheres/${sphere.id}/join`, {
      method: 'POST',
      token: ben.accessToken,
      body: { sphereKey },
    });
    return { sphere, sphereKey };
  };

  it('a member leaves (204) and comes back by the link; the last admin may not leave (sphere-last-admin)', async () => {
    const { sphere, sphereKey } = await joined('Départs');
    expect((await leave(ben, sphere.id)).status).toBe(204);
    expect((await get(ben, sphere.id)).status).toBe(403);
    expect((await leave(ben, sphere.id)).status).toBe(403);
    const lastAdmin = await leave(ana, sphere.id);
    expect(lastAdmin.status).toBe(409);
    expect(lastAdmin.body).toMatchObject({ key: 'sphere-last-admin' });
    const back = await stack.api(`/v1/spheres/${sphere.id}/join`, {
      method: 'POST',
      token: ben.accessToken,
      body: { sphereKey },
    });
    expect(back.status).toBe(200);
  });

  it('an admin revokes a member, who cannot rejoin, and restores them; one who left comes back only by the link', async () => {
    const { sphere, sphereKey } = await joined('Révocations');
    const benId = await memberOf(ben, sphere.id);
    const base = { name: 'Ben B.', roles: ['contributor'], subscription: 'starter' };
    const revoked = await putMember(sphere.id, benId, { ...base, active: false });
    expect(revoked.body).toMatchObject({ active: false, inactiveReason: 'revoked', roles: ['contributor'] });
    expect((await get(ben, sphere.id)).status).toBe(403);
    const rejoin = await stack.api(`/v1/spheres/${sphere.id}/join`, {
      method: 'POST',
      token: ben.accessToken,
      body: { sphereKey },
    });
    expect(rejoin.body).toMatchObject({ key: 'contribution-rejected-by-admin' });
    const restored = await putMember(sphere.id, benId, { ...base, active: true });
    expect(restored.body).toMatchObject({ active: true });
    expect((await get(ben, sphere.id)).status).toBe(200);

    expect((await leave(ben, sphere.id)).status).toBe(204);
    const left = await putMember(sphere.id, benId, { ...base, active: true });
    expect(left.status).toBe(409);
    expect(left.body).toMatchObject({ key: 'member-left-by-own-action' });
  });

  it('keeps one admin, refuses what the sphere does not allow, and lets no member change another', async () => {
    const { sphere } = await joined('Rôles');
    const anaId = await memberOf(ana, sphere.id);
    const benId = await memberOf(ben, sphere.id);
    const demote = await putMember(sphere.id, anaId, {
      name: 'Ana',
      roles: ['contributor'],
      subscription: 'starter',
      active: true,
    });
    expect(demote.body).toMatchObject({ key: 'sphere-last-admin' });
    const salesUp = await putMember(sphere.id, benId, {
      name: 'Ben',
      roles: ['sales-up'],
      subscription: 'starter',
      active: true,
    });
    expect(salesUp.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.roles' }] });
    const essentials = await putMember(sphere.id, benId, {
      name: 'Ben',
      roles: ['contributor'],
      subscription: 'essentials',
      active: true,
    });
    expect(essentials.body).toMatchObject({ key: 'not-enough-licenses' });
    const bad = await putMember(sphere.id, benId, {
      name: ' ',
      roles: [],
      subscription: 'starter',
      active: true,
      firstDayOfWork: '1900-01-01',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      errors: expect.arrayContaining([
        expect.objectContaining({ field: 'body.name', key: 'required' }),
        expect.objectContaining({ field: 'body.roles', key: 'required' }),
        expect.objectContaining({ field: 'body.firstDayOfWork', key: 'not-valid' }),
      ]),
    });
    // Ben, a contributor, may not change Ana.
    const byMember = await putMember(
      sphere.id,
      anaId,
      { name: 'Ana', roles: ['contributor'], subscription: 'starter', active: false },
      ben,
    );
    expect(byMember.status).toBe(403);
    // Promoting Ben to admin lets Ana step down.
    await putMember(sphere.id, benId, {
      name: 'Ben',
      roles: ['admin', 'contributor'],
      subscription: 'starter',
      active: true,
    });
    expect(
      (
        await putMember(sphere.id, anaId, {
          name: 'Ana',
          roles: ['contributor'],
          subscription: 'starter',
          active: true,
        })
      ).status,
    ).toBe(200);
  });
});

describe('the distance rule: sphere-too-far', () => {
  const brussels = { latitude: 50.8466, longitude: 4.3528 };
  const feel = (sphereId: string, geoPoint: { latitude: number; longitude: number }) =>
    stack.api<{ id: string }>('/v1/feelings', {
      method: 'POST',
      token: ana.accessToken,
      body: { value: 0.6, energy: 0.4, sphereId, evaluationPeriod: { value: 0, type: 'none' }, geoPoint },
    });

  it('a feeling recorded further from the sphere than its rule allows is refused; nearer, or without a place, it is kept', async () => {
    const created = await post(
      ana,
      newSphere('Maison de la distance', {
        address: { country: 'BE', city: 'Bruxelles', ...brussels },
        maxFeelingDistanceKm: 10,
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.maxFeelingDistanceKm).toBe(10);
    const antwerp = await feel(created.body.id, { latitude: 51.2194, longitude: 4.4025 });
    expect(antwerp.status).toBe(400);
    expect(antwerp.body).toMatchObject({ key: 'sphere-too-far' });
    expect((await feel(created.body.id, { latitude: 50.85, longitude: 4.36 })).status).toBe(201);
    // The browser's refusal (0/0) cannot be judged.
    expect((await feel(created.body.id, { latitude: 0, longitude: 0 })).status).toBe(201);

    // Without the rule, any place.
    const { maxFeelingDistanceKm: _rule, ...rest } = { ...editable(created.body), maxFeelingDistanceKm: 10 };
    const saved = await put(ana, created.body.id, rest);
    expect(saved.body.maxFeelingDistanceKm).toBeUndefined();
    expect((await feel(created.body.id, { latitude: 51.2194, longitude: 4.4025 })).status).toBe(201);
  });

  it('the rule is a whole number of kilometres from 1 to 1 000', async () => {
    const refused = await post(ana, newSphere('Maison trop loin', { maxFeelingDistanceKm: 0 }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      errors: [{ key: 'value-out-of-range-error', field: 'body.maxFeelingDistanceKm' }],
    });
  });
});

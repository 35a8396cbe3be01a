import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { strFromU8, unzipSync } from 'fflate';
import type WebSocket from 'ws';
import type { GlobalMember, GlobalRoleChange } from '@shared/contracts/global-members';
import type { Me } from '@shared/contracts/me';
import { usersDb } from '../../functions/users/store';
import { callerOf, openRealtime, startTestStack, type TestStack, type Tokens } from './harness';
import { wholeTable } from './table-scan';

/**
 * Global (VIP) members over HTTP (spec 01 §2, §3, §6, §7): a super-admin, in the super-admin mode,
 * lists the people with a global role, adds one by a verified address, changes their roles,
 * suspends them and takes their access away; every change is in the log, newest first, and the
 * person's rights follow at once. Nobody else reaches these routes, a sphere's admin included.
 */
let stack: TestStack;
let alex: Tokens; // super-admin
let camille: Tokens; // made an ambassador, then more, then nothing
let zoe: Tokens; // the admin of her own sphere: manages its members, not the global ones
const CAMILLE = 'camille.vip@example.be';
const idOf = (tokens: Tokens) => decodeJwt(tokens.accessToken).sub as string;
const superAdmin = { 'x-super-admin': 'true' };

type Errors = { errors: { key: string; field?: string }[] };
type List<T> = { count: number; items: T[] };

const call = callerOf(() => stack);
const asAlex = <T>(path: string, method = 'GET', body?: unknown) =>
  call<T>(alex, path, method, body, superAdmin);

/** The rules the start call gives the person, in the super-admin mode or not. */
async function rulesOf(who: Tokens, mode = false) {
  const me = await call<Me>(who, '/v1/me', 'GET', undefined, mode ? superAdmin : undefined);
  expect(me.status).toBe(200);
  return me.body.ability.rules;
}
const holdsPromotionCodes = (rules: Me['ability']['rules']) =>
  rules.some((r) => r.subject === 'subscription-promotion-code');
const managesAll = (rules: Me['ability']['rules']) =>
  rules.some((r) => r.action === 'manage' && r.subject === 'all');

let socket: WebSocket;
const heard: { type: string; action: string }[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  alex = await stack.signInWithCode('alex.vip@example.be', { firstName: 'Alex', locale: 'en' });
  camille = await stack.signInWithCode(CAMILLE, { firstName: 'Camille', locale: 'fr' });
  zoe = await stack.signInWithCode('zoe.vip@example.be', { firstName: 'Zoé', locale: 'fr' });
  await usersDb()
    .entities.user.patch({ userId: idOf(alex) })
    .set({ globalRoles: ['super-admin'], lastName: 'Martin' })
    .go();
  const sphere = await call(zoe, '/v1/spheres', 'POST', {
    name: 'Atelier VIP',
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'fr' },
  });
  expect(sphere.status).toBe(201);
  socket = await openRealtime(stack, camille);
  socket.on('message', (data: Buffer) => heard.push(JSON.parse(data.toString()) as (typeof heard)[number]));
});
afterAll(async () => {
  socket?.close();
  await stack?.stop();
});

describe('global members', () => {
  it('are the super-admins’ in the super-admin mode: 403 for a sphere admin, and for a super-admin without the mode', async () => {
    for (const [method, path, body] of [
      ['GET', '/v1/global/members', undefined],
      ['POST', '/v1/global/members', { name: 'Camille', email: CAMILLE, roles: ['ambassador'] }],
      [
        'PUT',
        `/v1/global/members/${idOf(camille)}`,
        { name: 'Camille', roles: ['super-admin'], active: true },
      ],
      ['DELETE', `/v1/global/members/${idOf(camille)}`, undefined],
      ['GET', '/v1/global/role-changes', undefined],
    ] as const) {
      expect((await call(zoe, path, method, body)).status, `${method} ${path}`).toBe(403);
      expect((await call(alex, path, method, body)).status, `${method} ${path} without the mode`).toBe(403);
    }
    expect((await asAlex<List<GlobalMember>>('/v1/global/members')).body).toMatchObject({
      count: 0,
      items: [],
    });
  });

  it('refuses bad input with the keys of the fields, and an identity in the body that is not the caller’s', async () => {
    const bad = await asAlex<Errors>('/v1/global/members', 'POST', { name: ' ', email: 'nope', roles: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { key: 'required', field: 'body.name' },
        { key: 'email-not-valid', field: 'body.email' },
        expect.objectContaining({ key: 'required', field: 'body.roles' }),
      ]),
    );
    const mixed = await asAlex<Errors>('/v1/global/members', 'POST', {
      name: 'Camille',
      email: CAMILLE,
      roles: ['member', 'ambassador'],
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.errors).toEqual([expect.objectContaining({ key: 'not-valid', field: 'body.roles' })]);
    const unknownRole = await asAlex<Errors>('/v1/global/members', 'POST', {
      name: 'Camille',
      email: CAMILLE,
      roles: ['owner'],
    });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.errors[0]).toMatchObject({ field: 'body.roles.0' });
    const someoneElse = await asAlex<Errors>('/v1/global/members', 'POST', {
      name: 'Camille',
      email: CAMILLE,
      roles: ['ambassador'],
      requestByUserId: idOf(zoe),
    });
    expect(someoneElse.status).toBe(400);
    expect(someoneElse.body.errors).toEqual([{ key: 'not-valid', field: 'body.requestByUserId' }]);
  });

  it('answers 400 no-verified-account for an address no account verified', async () => {
    const unknown = await asAlex<Errors>('/v1/global/members', 'POST', {
      name: 'Nobody',
      email: 'nobody.vip@example.be',
      roles: ['ambassador'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ key: 'no-verified-account', field: 'body.email' }]);
  });

  it('adds an ambassador by their verified address: their rights and their tabs follow at once', async () => {
    expect(holdsPromotionCodes(await rulesOf(camille))).toBe(false);
    const added = await asAlex<GlobalMember>('/v1/global/members', 'POST', {
      name: 'Camille Dubois',
      email: 'Camille.VIP@example.be',
      roles: ['ambassador'],
      requestByUserId: idOf(alex),
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      id: idOf(camille),
      name: 'Camille Dubois',
      email: CAMILLE,
      roles: ['ambassador'],
      active: true,
      userLinked: true,
    });
    await expect.poll(() => heard).toEqual(expect.arrayContaining([{ type: 'ability', action: 'updated' }]));
    expect(holdsPromotionCodes(await rulesOf(camille))).toBe(true);
    const list = await asAlex<List<GlobalMember>>('/v1/global/members?q=dubois');
    expect(list.body.items.map((m) => m.id)).toEqual([idOf(camille)]);
    const again = await asAlex<{ key: string }>('/v1/global/members', 'POST', {
      name: 'Camille',
      email: CAMILLE,
      roles: ['preview-access'],
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ key: 'exist' });
  });

  it('updates the roles: a super-admin of the person at once, suspended by `active: false`', async () => {
    const path = `/v1/global/members/${idOf(camille)}`;
    const made = await asAlex<GlobalMember>(path, 'PUT', {
      name: 'Camille Dubois',
      roles: ['super-admin', 'ambassador'],
      active: true,
    });
    expect(made.status).toBe(200);
    expect(made.body.roles).toEqual(['super-admin', 'ambassador']);
    expect(managesAll(await rulesOf(camille, true))).toBe(true);
    expect(managesAll(await rulesOf(camille))).toBe(false);
    expect((await call(camille, '/v1/global/members', 'GET', undefined, superAdmin)).status).toBe(200);

    const suspended = await asAlex<GlobalMember>(path, 'PUT', {
      name: 'Camille D.',
      roles: ['super-admin', 'ambassador'],
      active: false,
    });
    expect(suspended.body).toMatchObject({
      name: 'Camille D.',
      roles: ['super-admin', 'ambassador'],
      active: false,
    });
    const rules = await rulesOf(camille, true);
    expect(managesAll(rules)).toBe(false);
    expect(holdsPromotionCodes(rules)).toBe(false);
    expect((await call(camille, '/v1/global/members', 'GET', undefined, superAdmin)).status).toBe(403);

    const back = await asAlex<GlobalMember>(path, 'PUT', {
      name: 'Camille D.',
      roles: ['ambassador', 'preview-access'],
      active: true,
    });
    expect(back.body).toMatchObject({ roles: ['ambassador', 'preview-access'], active: true });
    expect(holdsPromotionCodes(await rulesOf(camille))).toBe(true);
    expect(
      (await asAlex('/v1/global/members/nobody-here', 'PUT', { name: 'X', roles: ['member'], active: true }))
        .status,
    ).toBe(404);
  });

  it('removes access: the role becomes member, no right is left, the person stays listed', async () => {
    const removed = await asAlex<GlobalMember>(`/v1/global/members/${idOf(camille)}`, 'DELETE');
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ roles: ['member'], active: true });
    const user = await usersDb()
      .entities.user.get({ userId: idOf(camille) })
      .go();
    expect(user.data?.globalRoles).toEqual([]);
    expect(holdsPromotionCodes(await rulesOf(camille))).toBe(false);
    const list = await asAlex<List<GlobalMember>>('/v1/global/members');
    expect(list.body.items).toEqual([expect.objectContaining({ id: idOf(camille), roles: ['member'] })]);
  });

  it('keeps every change in the log, newest first, with who, when and the roles before and after', async () => {
    const log = await asAlex<List<GlobalRoleChange>>('/v1/global/role-changes');
    expect(log.status).toBe(200);
    expect(log.body.count).toBe(5);
    expect(log.body.items.map((c) => c.action)).toEqual([
      'removed',
      'updated',
      'updated',
      'updated',
      'added',
    ]);
    const times = log.body.items.map((c) => c.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(log.body.items[0]).toMatchObject({
      member: { id: idOf(camille), name: 'Camille D.', email: CAMILLE },
      by: { id: idOf(alex), name: 'Alex Martin' },
      before: { roles: ['ambassador', 'preview-access'], active: true },
      after: { roles: ['member'], active: true },
    });
    expect(log.body.items.at(-1)).toMatchObject({ after: { roles: ['ambassador'], active: true } });
    expect(log.body.items.at(-1)?.before).toBeUndefined();
    const page = await asAlex<List<GlobalRoleChange>>(
      `/v1/global/role-changes?memberId=${idOf(camille)}&_max=2&_offset=1`,
    );
    expect(page.body.count).toBe(5);
    expect(page.body.items.map((c) => c.id)).toEqual(log.body.items.slice(1, 3).map((c) => c.id));
    expect(
      (await asAlex<List<GlobalRoleChange>>(`/v1/global/role-changes?memberId=${idOf(zoe)}`)).body.count,
    ).toBe(0);
  });

  it('is the person’s data: downloaded with the rest, and taken out of the log when they leave', async () => {
    const response = await fetch(`${stack.endpoints.api}/v1/me/export`, {
      headers: { authorization: camille.accessToken, accept: 'application/zip', 'x-language': 'en' },
    });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array)) as Record<string, unknown>;
    expect(data.globalMembership).toMatchObject({ email: CAMILLE, roles: 'member', active: true });
    expect(data.globalRoleChanges).toHaveLength(5);
    expect(Object.keys(files)).toContain('global-role-changes.csv');

    const left = await call(camille, '/v1/me', 'DELETE', { confirmation: CAMILLE });
    expect(left.status).toBe(204);
    const items = await wholeTable();
    for (const needle of [idOf(camille), CAMILLE])
      expect(items.filter((i) => i.includes(needle.toLowerCase()))).toEqual([]);
    const log = await asAlex<List<GlobalRoleChange>>('/v1/global/role-changes');
    expect(log.body.count).toBe(5);
    expect(log.body.items[0]).toMatchObject({
      member: { id: 'former', name: '', email: '' },
      by: { id: idOf(alex), name: 'Alex Martin' },
    });
    expect((await asAlex<List<GlobalMember>>('/v1/global/members')).body.count).toBe(0);
  });
});

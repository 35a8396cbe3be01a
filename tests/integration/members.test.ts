import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '@shared/contracts/me';
import type { Member, Sphere } from '@shared/contracts/spheres';
import { startTestStack, type TestStack, type Tokens } from './harness';

/**
 * Members added by a sphere's admins (spec 01 §5 member form): the person of a verified address is
 * a member at once; an address with no account waits and becomes its person's when they join by
 * the link; a duplicate says who is already there; an admin removes a member.
 */
let stack: TestStack;
let admin: Tokens;
let nora: Tokens;
let sphere: Sphere;

const api = <T>(tokens: Tokens, path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, { method, token: tokens.accessToken, ...(body !== undefined ? { body } : {}) });
const add = (body: Record<string, unknown>) =>
  api<Member>(admin, '/v1/members', 'POST', { sphereId: sphere.id, roles: ['contributor'], ...body });
const members = async () =>
  (await api<{ items: Member[] }>(admin, `/v1/spheres/${sphere.id}/members`)).body.items;

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('admin.members@example.be', { firstName: 'Aline' });
  nora = await stack.signInWithCode('nora.members@example.be', { firstName: 'Nora' });
  sphere = (
    await api<Sphere>(admin, '/v1/spheres', 'POST', {
      name: 'Maison Tilia',
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'fr' },
    })
  ).body;
});
afterAll(async () => {
  await stack?.stop();
});

describe('POST /v1/members', () => {
  it('the person of a verified address is an active member at once, and sees the sphere', async () => {
    const added = await add({
      name: 'Nora Peeters',
      email: 'Nora.Members@example.be',
      firstDayOfWork: '2021-04-01',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      name: 'Nora Peeters',
      email: 'nora.members@example.be',
      active: true,
    });
    const start = (await api<Me>(nora, '/v1/me')).body;
    expect(start.spheres.map((s) => s.id)).toContain(sphere.id);
  });

  it('the same person twice is a duplicate that names the existing member', async () => {
    const again = await add({ name: 'Nora P.', email: 'nora.members@example.be' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      key: 'exist',
      errors: [{ key: 'member-exists', field: 'body.email', values: { email: 'nora.members@example.be' } }],
    });
  });

  it('an address with no account waits, inactive, and becomes its person’s when they join by the link', async () => {
    const waiting = await add({ name: 'Oscar Lambert', email: 'oscar.members@example.be', roles: ['admin'] });
    expect(waiting.status).toBe(201);
    expect(waiting.body).toMatchObject({ active: false, inactiveReason: 'no-user' });
    // A waiting member is a duplicate too, said inactive.
    const twice = await add({ name: 'Oscar', email: 'oscar.members@example.be' });
    expect(twice.body).toMatchObject({ errors: [{ key: 'member-exists-inactive' }] });
    // It cannot be made active before its person exists.
    const activated = await api(admin, `/v1/spheres/${sphere.id}/members/${waiting.body.id}`, 'PUT', {
      name: 'Oscar Lambert',
      roles: ['admin'],
      subscription: 'starter',
      active: true,
    });
    expect(activated.status).toBe(400);
    // Oscar creates his account and joins by the link: the same member, his, active, still admin.
    const oscar = await stack.signInWithCode('oscar.members@example.be', { firstName: 'Oscar' });
    const key = await api<{ sphereKey: string }>(admin, `/v1/spheres/${sphere.id}/join-key`);
    const joined = await api<Sphere>(oscar, `/v1/spheres/${sphere.id}/join`, 'POST', {
      sphereKey: key.body.sphereKey,
    });
    expect(joined.status).toBe(200);
    expect(joined.body.roles).toEqual(expect.arrayContaining(['admin', 'contributor']));
    const list = await members();
    expect(list.filter((m) => m.email === 'oscar.members@example.be')).toEqual([
      expect.objectContaining({ id: waiting.body.id, active: true, name: 'Oscar Lambert' }),
    ]);
  });

  it('sales-up needs that entitlement, Essentials needs licences, a name and a valid address are required', async () => {
    expect((await add({ name: 'X', email: 'x@example.be', roles: ['sales-up'] })).body).toMatchObject({
      errors: [{ key: 'not-valid', field: 'body.roles' }],
    });
    expect((await add({ name: 'X', email: 'x@example.be', subscription: 'essentials' })).body).toMatchObject({
      key: 'not-enough-licenses',
    });
    const bad = await add({ name: ' ', email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      errors: expect.arrayContaining([
        expect.objectContaining({ field: 'body.name' }),
        expect.objectContaining({ key: 'email-not-valid', field: 'body.email' }),
      ]),
    });
  });

  it('a member of the sphere without the admin role cannot add, nor add to another sphere', async () => {
    const refused = await api(nora, '/v1/members', 'POST', {
      sphereId: sphere.id,
      name: 'Intruder',
      email: 'intruder@example.be',
      roles: ['admin'],
    });
    expect(refused.status).toBe(403);
  });
});

describe('POST /v1/members/bulk', () => {
  it('adds each row it can and says why for the others, one by one', async () => {
    const answer = await api<{ items: { row: number; status: string; errors?: { key: string }[] }[] }>(
      admin,
      '/v1/members/bulk',
      'POST',
      {
        sphereId: sphere.id,
        rows: [
          { name: 'Paul Renard', email: 'paul.bulk@example.be' },
          { name: 'Nora again', email: 'nora.members@example.be' },
          { name: 'No address', email: 'not-an-address' },
          { name: ' ', email: 'blank.bulk@example.be' },
        ],
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.items).toEqual([
      expect.objectContaining({ row: 1, status: 'waiting' }),
      expect.objectContaining({
        row: 2,
        status: 'exists',
        errors: [expect.objectContaining({ key: 'member-exists' })],
      }),
      expect.objectContaining({
        row: 3,
        status: 'invalid',
        errors: [expect.objectContaining({ key: 'email-not-valid' })],
      }),
      expect.objectContaining({ row: 4, status: 'invalid' }),
    ]);
    expect((await members()).map((m) => m.email)).toContain('paul.bulk@example.be');
  });
});

describe('DELETE /v1/spheres/{id}/members/{memberId}', () => {
  it('an admin removes a member: they no longer see the sphere', async () => {
    const noraMember = (await members()).find((m) => m.email === 'nora.members@example.be') as Member;
    expect((await api(admin, `/v1/spheres/${sphere.id}/members/${noraMember.id}`, 'DELETE')).status).toBe(
      204,
    );
    expect((await api(nora, `/v1/spheres/${sphere.id}`)).status).toBe(403);
    expect((await members()).map((m) => m.id)).not.toContain(noraMember.id);
  });

  it('the last active admin is not removed', async () => {
    const solo = (
      await api<Sphere>(admin, '/v1/spheres', 'POST', {
        name: 'Solo',
        category: 'company',
        address: { country: 'BE' },
        languages: { primary: 'fr' },
      })
    ).body;
    const [me] = (await api<{ items: Member[] }>(admin, `/v1/spheres/${solo.id}/members`)).body.items;
    const refused = await api(admin, `/v1/spheres/${solo.id}/members/${me?.id}`, 'DELETE');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ key: 'sphere-last-admin' });
  });
});

describe('the member count', () => {
  it('follows every add, join and removal: the first page’s total is the sphere’s tally, equal to a full count', async () => {
    const page = (await api<{ count: number; items: Member[] }>(admin, `/v1/spheres/${sphere.id}/members`))
      .body;
    const searched = (
      await api<{ count: number; items: Member[] }>(admin, `/v1/spheres/${sphere.id}/members?q=example`)
    ).body;
    // The search reads every member; the first page reads the tally.
    expect(page.count).toBe(searched.count);
    expect(page.count).toBe(page.items.length);
    const added = await add({ name: 'Compté', email: 'compte.members@example.be' });
    expect((await api<{ count: number }>(admin, `/v1/spheres/${sphere.id}/members`)).body.count).toBe(
      page.count + 1,
    );
    await api(admin, `/v1/spheres/${sphere.id}/members/${added.body.id}`, 'DELETE');
    // Deleting twice counts once.
    await api(admin, `/v1/spheres/${sphere.id}/members/${added.body.id}`, 'DELETE');
    expect((await api<{ count: number }>(admin, `/v1/spheres/${sphere.id}/members`)).body.count).toBe(
      page.count,
    );
  });
});

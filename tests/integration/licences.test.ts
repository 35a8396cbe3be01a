import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { SphereLicences } from '@shared/contracts/licences';
import type { Member, Sphere } from '@shared/contracts/spheres';
import { usersDb } from '../../functions/users/store';
import { callerOf, startTestStack, type TestStack, type Tokens } from './harness';
import { galaxyTally, putSphereInGalaxy, seedGalaxy } from './galaxy-fixtures';

/**
 * Sphere licences over HTTP (decision 0046): its admins set the count of each tier, never below the
 * licences in use; giving a member Essentials takes one, and the member gets the Essentials rules;
 * racing assignments never pass the count; the mode is chosen once, legacy by a super-admin only.
 */
let stack: TestStack;
let admin: Tokens;
let other: Tokens;
let sam: Tokens;
let alex: Tokens;
let sphere: Sphere;
const idOf = (tokens: Tokens) => decodeJwt(tokens.accessToken).sub as string;

const call = callerOf(() => stack);
const licences = (id = sphere.id) => call<SphereLicences>(admin, `/v1/spheres/${id}/subscriptions`);
const essentialsOf = async () => (await licences()).body.licences.find((l) => l.tier === 'essentials')!;
const setCount = (quantity: unknown, who = admin) =>
  call<{ key?: string; errors?: unknown[] }>(
    who,
    `/v1/spheres/${sphere.id}/subscriptions/essentials/license`,
    'PUT',
    {
      quantity,
    },
  );

async function addMember(email: string, subscription: 'starter' | 'essentials') {
  return call<Member & { key?: string; errors?: { key: string; values?: Record<string, number> }[] }>(
    admin,
    '/v1/members',
    'POST',
    { sphereId: sphere.id, name: email.split('@')[0], email, roles: ['contributor'], subscription },
  );
}

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('ines.licences@example.be', { firstName: 'Inès' });
  other = await stack.signInWithCode('olga.licences@example.be', { firstName: 'Olga' });
  sam = await stack.signInWithCode('sam.licences@example.be', { firstName: 'Sam' });
  alex = await stack.signInWithCode('alex.licences@example.be', { firstName: 'Alex' });
  await usersDb()
    .entities.user.patch({ userId: idOf(alex) })
    .set({ globalRoles: ['super-admin'] })
    .go();
  const created = await call<Sphere>(admin, '/v1/spheres', 'POST', {
    name: 'Atelier licences',
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'fr' },
  });
  sphere = created.body;
  await call(other, '/v1/spheres', 'POST', {
    name: 'Autre sphère licences',
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'fr' },
  });
});
afterAll(async () => {
  await stack?.stop();
});

describe('sphere licences', () => {
  it('a new sphere holds none; another sphere’s admin reads and sets nothing', async () => {
    const read = await licences();
    expect(read.status).toBe(200);
    expect(read.body.mode).toBeUndefined();
    expect(read.body.licences.map((l) => [l.tier, l.count, l.used])).toEqual([
      ['essentials', 0, 0],
      ['premium', 0, 0],
      ['weUp', 0, 0],
      ['alignia', 0, 0],
      ['syneria', 0, 0],
    ]);
    expect((await call(other, `/v1/spheres/${sphere.id}/subscriptions`)).status).toBe(403);
    expect((await setCount(5, other)).status).toBe(403);
  });

  it('without a licence, a member cannot be made Essentials; the refusal says how many are needed and left', async () => {
    const refused = await addMember('nolicence.licences@example.be', 'essentials');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      key: 'not-enough-licenses',
      errors: [{ key: 'not-enough-licenses', values: { required: 1, remaining: 0, count: 0 } }],
    });
  });

  it('bad counts are 400s; an unknown tier is a 400', async () => {
    expect((await setCount(-1)).status).toBe(400);
    expect((await setCount(2.5)).status).toBe(400);
    expect((await setCount('ten')).status).toBe(400);
    const tier = await call(admin, `/v1/spheres/${sphere.id}/subscriptions/gold/license`, 'PUT', {
      quantity: 3,
    });
    expect(tier.status).toBe(400);
  });

  it('Essentials given to Sam takes a licence, and Sam gets the Essentials rules at once', async () => {
    expect((await setCount(2)).status).toBe(200);
    const samJoins = await addMember('sam.licences@example.be', 'starter');
    expect(samJoins.status).toBe(201);
    const before = await call<{ ability: { subscription: string } }>(sam, '/v1/me');
    expect(before.body.ability.subscription).toBe('starter');
    expect((await call(sam, '/v1/thinkings')).status).toBe(403);
    const updated = await call<Member>(admin, `/v1/spheres/${sphere.id}/members/${samJoins.body.id}`, 'PUT', {
      name: 'Sam',
      roles: ['contributor'],
      subscription: 'essentials',
      active: true,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.subscription).toBe('essentials');
    expect(await essentialsOf()).toMatchObject({ count: 2, used: 1, remaining: 1 });
    const after = await call<{ ability: { subscription: string } }>(sam, '/v1/me');
    expect(after.body.ability.subscription).toBe('essentials');
    expect((await call(sam, '/v1/thinkings')).status).toBe(200);
  });

  it('the count never goes below the licences in use: licenses-min with the count in use', async () => {
    const below = await setCount(0);
    expect(below.status).toBe(409);
    expect(below.body).toMatchObject({
      key: 'licenses-min',
      errors: [{ key: 'licenses-min', values: { count: 1 } }],
    });
    expect((await essentialsOf()).count).toBe(2);
  });

  it('racing assignments never pass the count', async () => {
    expect((await setCount(4)).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => addMember(`racer${i}.licences@example.be`, 'essentials')),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    expect(await essentialsOf()).toMatchObject({ count: 4, used: 4, remaining: 0 });
  });

  it('a member made Starter or removed gives the licence back', async () => {
    const members = await call<{ items: Member[] }>(admin, `/v1/spheres/${sphere.id}/members`);
    const racers = members.body.items.filter(
      (m) => m.email.startsWith('racer') && m.subscription === 'essentials',
    );
    const [first, second] = racers;
    const starter = await call(admin, `/v1/spheres/${sphere.id}/members/${first!.id}`, 'PUT', {
      name: first!.name,
      roles: ['contributor'],
      subscription: 'starter',
      active: false,
    });
    expect(starter.status).toBe(200);
    expect((await call(admin, `/v1/spheres/${sphere.id}/members/${second!.id}`, 'DELETE')).status).toBe(204);
    expect(await essentialsOf()).toMatchObject({ count: 4, used: 2, remaining: 2 });
  });

  it('the mode is chosen once; only a super-admin switches it to legacy', async () => {
    const chosen = await call<SphereLicences>(admin, `/v1/spheres/${sphere.id}/subscriptions/mode`, 'PUT', {
      mode: 'bill',
    });
    expect(chosen.body.mode).toBe('bill');
    const again = await call(admin, `/v1/spheres/${sphere.id}/subscriptions/mode`, 'PUT', { mode: 'auto' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ key: 'licence-mode-fixed' });
    const legacy = await call(admin, `/v1/spheres/${sphere.id}/subscriptions/mode`, 'PUT', {
      mode: 'legacy',
    });
    expect(legacy.status).toBe(409);
    const bySuperAdmin = await call<SphereLicences>(
      alex,
      `/v1/spheres/${sphere.id}/subscriptions/mode`,
      'PUT',
      { mode: 'legacy' },
      { 'x-super-admin': 'true' },
    );
    expect(bySuperAdmin.body.mode).toBe('legacy');
    const bad = await call(admin, `/v1/spheres/${sphere.id}/subscriptions/mode`, 'PUT', { mode: 'free' });
    expect(bad.status).toBe(400);
  });

  it('in a galaxy, a count takes its difference from the galaxy’s licence quota, refused past its value', async () => {
    const galaxy = await seedGalaxy({
      name: 'Galaxie licences',
      quotas: { 'engagement-up-e-nous-licences': { value: 6, used: 0 } },
    });
    await putSphereInGalaxy(sphere.id, galaxy.galaxyId);
    // The sphere holds 4: raising to 6 takes 2 of the galaxy's 6 (the usage moves by the difference).
    expect((await setCount(6)).status).toBe(200);
    expect((await galaxyTally(galaxy.galaxyId, 'engagement-up-e-nous-licences'))?.used).toBe(2);
    const past = await setCount(11);
    expect(past.status).toBe(409);
    expect(past.body).toMatchObject({
      key: 'quota-blocked',
      errors: [{ key: 'quota-blocked', field: 'engagement-up-e-nous-licences' }],
    });
    expect((await essentialsOf()).count).toBe(6);
    expect((await setCount(5)).status).toBe(200);
    expect((await galaxyTally(galaxy.galaxyId, 'engagement-up-e-nous-licences'))?.used).toBe(1);
  });
});

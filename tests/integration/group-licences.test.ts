import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SphereLicences } from '@shared/contracts/licences';
import type { Me } from '@shared/contracts/me';
import type { Session } from '@shared/contracts/sessions';
import type { Sphere } from '@shared/contracts/spheres';
import type { LicenceTier } from '@shared/domain/licences';
import { sessionsDb } from '../../functions/sessions/store';
import { startTestStack, type TestStack, type Tokens } from './harness';

/**
 * A group's plan and modules over HTTP (decision 0050): Essentials takes one Essentials licence of
 * the sphere for the whole group, each module one of its tier, in the group's own transaction;
 * none left is refused with the spec's key and figures and writes nothing; modules need Essentials
 * and a contributor group; racing saves never pass the count; removing a group gives back.
 */
let stack: TestStack;
let admin: Tokens;
let zoe: Tokens;
let sphere: Sphere;

type Refusal = { key?: string; errors?: { key: string; field?: string; values?: Record<string, number> }[] };

const call = <T>(who: Tokens, path: string, method = 'GET', body?: unknown) =>
  stack.api<T & Refusal>(path, { method, token: who.accessToken, ...(body !== undefined ? { body } : {}) });

const licence = async (tier: LicenceTier) =>
  (await call<SphereLicences>(admin, `/v1/spheres/${sphere.id}/subscriptions`)).body.licences.find(
    (l) => l.tier === tier,
  )!;
const setCount = (tier: LicenceTier, quantity: number) =>
  call(admin, `/v1/spheres/${sphere.id}/subscriptions/${tier}/license`, 'PUT', { quantity });
const groups = async () =>
  (await call<{ items: Session[] }>(admin, `/v1/spheres/${sphere.id}/sessions`)).body.items;
const create = (body: Record<string, unknown>, who = admin) =>
  call<Session>(who, `/v1/spheres/${sphere.id}/sessions`, 'POST', {
    category: 'contributor',
    name: { fr: 'Équipe' },
    ...body,
  });
const save = (s: Session, change: Record<string, unknown>, who = admin) =>
  call<Session>(who, `/v1/sessions/${s.id}`, 'PUT', {
    name: s.realName ?? s.name,
    publicName: s.publicName ?? {},
    isLeaf: s.isLeaf,
    subscription: s.subscription,
    isPublic: s.isPublic,
    archived: s.archived,
    updateDate: s.updateDate,
    ...change,
  });

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('ines.group-licences@example.be', { firstName: 'Inès' });
  zoe = await stack.signInWithCode('zoe.group-licences@example.be', { firstName: 'Zoé' });
  sphere = (
    await call<Sphere>(admin, '/v1/spheres', 'POST', {
      name: 'Atelier des groupes',
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'fr' },
    })
  ).body;
  const key = await call<{ sphereKey: string }>(admin, `/v1/spheres/${sphere.id}/join-key`);
  await call(zoe, `/v1/spheres/${sphere.id}/join`, 'POST', { sphereKey: key.body.sphereKey });
});
afterAll(async () => {
  await stack?.stop();
});

describe('group licences', () => {
  it('without a licence, a group made Essentials is refused not-enough-e-nous-licenses with its figures, and nothing is written', async () => {
    const refused = await create({ subscription: 'essentials' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      key: 'not-enough-e-nous-licenses',
      errors: [
        {
          key: 'not-enough-e-nous-licenses',
          field: 'body.subscription',
          values: { required: 1, remaining: 0, count: 0 },
        },
      ],
    });
    expect(await groups()).toEqual([]);
  });

  it('modules without Essentials are e-nous-essentials-licenses-required; on a consumer session they are not valid', async () => {
    const noEssentials = await create({ subscription: 'starter', subscriptionModules: ['weUp'] });
    expect(noEssentials.status).toBe(400);
    expect(noEssentials.body).toMatchObject({
      key: 'e-nous-essentials-licenses-required',
      errors: [{ key: 'e-nous-essentials-licenses-required', field: 'body.subscriptionModules' }],
    });
    const consumer = await create({
      category: 'consumer',
      publicName: { fr: 'Clients' },
      subscription: 'essentials',
      subscriptionModules: ['alignia'],
    });
    expect(consumer.status).toBe(400);
    expect(consumer.body.errors).toEqual([{ key: 'not-valid', field: 'body.subscriptionModules' }]);
    const unknown = await create({ subscription: 'essentials', subscriptionModules: ['gold'] });
    expect(unknown.status).toBe(400);
    expect(await groups()).toEqual([]);
  });

  it('a group made Essentials takes one Essentials licence for the whole group; a module one of its tier', async () => {
    expect((await setCount('essentials', 2)).status).toBe(200);
    expect((await setCount('weUp', 1)).status).toBe(200);
    const created = await create({ subscription: 'essentials' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ subscription: 'essentials', subscriptionModules: [] });
    expect(await licence('essentials')).toMatchObject({ count: 2, used: 1, remaining: 1 });
    const withModule = await save(created.body, { subscriptionModules: ['weUp'] });
    expect(withModule.status).toBe(200);
    expect(withModule.body.subscriptionModules).toEqual(['weUp']);
    expect(await licence('weUp')).toMatchObject({ count: 1, used: 1, remaining: 0 });
    // A save that keeps the plan and modules (a rename, modules left out) takes nothing more.
    const renamed = await call<Session>(admin, `/v1/sessions/${created.body.id}`, 'PUT', {
      name: { fr: 'Équipe renommée' },
      subscription: 'essentials',
      updateDate: withModule.body.updateDate,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.subscriptionModules).toEqual(['weUp']);
    expect(await licence('essentials')).toMatchObject({ used: 1 });
    expect(await licence('weUp')).toMatchObject({ used: 1 });
  });

  it('no module licence left: not-enough-module-licenses on the module, and the group is not written, its Essentials not taken', async () => {
    const before = (await groups()).length;
    const refused = await create({ subscription: 'essentials', subscriptionModules: ['weUp'] });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      key: 'not-enough-module-licenses',
      errors: [
        {
          key: 'not-enough-module-licenses',
          field: 'body.subscriptionModules.weUp',
          values: { required: 1, remaining: 0, count: 1 },
        },
      ],
    });
    expect(await groups()).toHaveLength(before);
    expect(await licence('essentials')).toMatchObject({ used: 1 });
  });

  it('dropping Essentials while keeping modules is e-nous-essentials-licenses-required; a referent does not give the sphere’s licences', async () => {
    const [group] = await groups();
    const dropped = await save(group!, { subscription: 'starter' });
    expect(dropped.status).toBe(400);
    expect(dropped.body.key).toBe('e-nous-essentials-licenses-required');
    // Zoé runs a group of her own (owner) but does not manage the sphere.
    const me = await call<Me>(zoe, '/v1/me');
    const zoeMember = me.body.members.find((m) => m.sphereId === sphere.id)?.id;
    const hers = await create({ name: { fr: 'Équipe de Zoé' }, ownerIds: [zoeMember] });
    expect(hers.status).toBe(201);
    const asked = await save(hers.body, { subscription: 'essentials' }, zoe);
    expect(asked.status).toBe(403);
    const renamed = await save(hers.body, { name: { fr: 'Zoé et co' } }, zoe);
    expect(renamed.status).toBe(200);
    expect(await licence('essentials')).toMatchObject({ used: 1 });
  });

  it('racing saves never pass the count', async () => {
    expect((await setCount('essentials', 3)).status).toBe(200);
    const starters = await Promise.all(
      Array.from({ length: 5 }, (_, i) => create({ name: { fr: `Course ${i}` } }).then((a) => a.body)),
    );
    const answers = await Promise.all(starters.map((s) => save(s, { subscription: 'essentials' })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.key)).toEqual(
      expect.arrayContaining(['not-enough-e-nous-licenses']),
    );
    expect(await licence('essentials')).toMatchObject({ count: 3, used: 3, remaining: 0 });
    const essentialsGroups = (await groups()).filter((g) => g.subscription === 'essentials');
    expect(essentialsGroups).toHaveLength(3);
  });

  it('an archived group keeps its licences; back to Starter or removed, a group gives them back, once', async () => {
    const all = await groups();
    const withModule = all.find((g) => (g.subscriptionModules ?? []).includes('weUp'))!;
    const archived = await save(withModule, { archived: true });
    expect(archived.status).toBe(200);
    expect(await licence('weUp')).toMatchObject({ used: 1 });
    expect((await call(admin, `/v1/sessions/${withModule.id}`, 'DELETE')).status).toBe(204);
    expect(await licence('weUp')).toMatchObject({ used: 0 });
    expect(await licence('essentials')).toMatchObject({ used: 2 });
    // Removed again (the group is gone: refused), nothing more goes back.
    expect([403, 404]).toContain((await call(admin, `/v1/sessions/${withModule.id}`, 'DELETE')).status);
    expect(await licence('essentials')).toMatchObject({ used: 2 });
    const racer = all.find((g) => g.subscription === 'essentials' && g.id !== withModule.id)!;
    const starter = await save(racer, { subscription: 'starter' });
    expect(starter.status).toBe(200);
    expect(await licence('essentials')).toMatchObject({ used: 1, remaining: 2 });
  });
});

describe('groups given Essentials before groups took licences', () => {
  it('hold none: a rename keeps their plan and takes nothing; dropped to Starter, they give nothing back', async () => {
    const old = await create({ name: { fr: 'Ancienne équipe' } });
    // As written before: Essentials on the item, no licence taken for it.
    await sessionsDb()
      .entities.session.patch({ sessionId: old.body.id })
      .set({ subscription: 'essentials' })
      .go();
    const before = await licence('essentials');
    const read = (await call<Session>(admin, `/v1/sessions/${old.body.id}`)).body;
    const renamed = await save(read, { name: { fr: 'Ancienne équipe renommée' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.subscription).toBe('essentials');
    expect(await licence('essentials')).toMatchObject({ used: before.used });
    const dropped = await save(renamed.body, { subscription: 'starter' });
    expect(dropped.status).toBe(200);
    expect(await licence('essentials')).toMatchObject({ used: before.used });
  });
});

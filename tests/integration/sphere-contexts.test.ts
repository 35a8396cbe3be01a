import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sphere } from '@shared/contracts/spheres';
import type { SphereContext } from '@shared/contracts/sphere-contexts';
import { SPHERE_CONTEXTS_MAX } from '@shared/domain/sphere-contexts';
import { startTestStack, type TestStack, type Tokens } from './harness';

/**
 * Contexts of a sphere over HTTP (spec 01 §3 Sphere context, §7 `/spheres/{id}/contexts`): its
 * admins create, change and delete them, at most one active; its members read them (their texts
 * use the active one); anyone else is refused, and every wrong body answers 400 with its key.
 */
let stack: TestStack;
let admin: Tokens;
let member: Tokens;
let outsider: Tokens;
let sphere: Sphere;

type List = { count: number; items: SphereContext[] };

const api = <T>(tokens: Tokens, path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, { method, token: tokens.accessToken, ...(body !== undefined ? { body } : {}) });
const contextsPath = () => `/v1/spheres/${sphere.id}/contexts`;
const create = (body: Record<string, unknown>, as: Tokens = admin) =>
  api<SphereContext>(as, contextsPath(), 'POST', body);
const save = (context: SphereContext, change: Record<string, unknown> = {}, as: Tokens = admin) =>
  api<SphereContext>(as, `${contextsPath()}/${context.id}`, 'PUT', {
    name: context.name,
    description: context.description,
    substitutions: context.substitutions,
    overrides: context.overrides,
    active: context.active,
    updateDate: context.updateDate,
    ...change,
  });

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('admin.contexts@example.be', { firstName: 'Ada' });
  member = await stack.signInWithCode('member.contexts@example.be', { firstName: 'Mona' });
  outsider = await stack.signInWithCode('outsider.contexts@example.be', { firstName: 'Otto' });
  sphere = (
    await api<Sphere>(admin, '/v1/spheres', 'POST', {
      name: 'Maison Contextes',
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'fr', extras: ['nl'] },
    })
  ).body;
  const key = await api<{ sphereKey: string }>(admin, `/v1/spheres/${sphere.id}/join-key`);
  const joined = await api(member, `/v1/spheres/${sphere.id}/join`, 'POST', {
    sphereKey: key.body.sphereKey,
  });
  if (joined.status !== 200) throw new Error(`The member did not join: ${joined.status}`);
  // The outsider is the admin of a sphere of their own.
  await api(outsider, '/v1/spheres', 'POST', {
    name: 'Ailleurs',
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'fr' },
  });
});
afterAll(async () => {
  await stack?.stop();
});

describe('sphere contexts', () => {
  let workshop: SphereContext;

  it('an admin creates a context; blank texts and empty lists are not kept', async () => {
    const created = await create({
      name: { fr: '  L’atelier  ', nl: '' },
      description: { fr: 'Une coopérative de menuiserie de quarante personnes.', nl: ' ' },
      substitutions: {
        fr: [
          { from: 'groupe', to: 'équipe' },
          { from: 'responsable', to: 'chef d’atelier' },
        ],
        nl: [],
      },
      overrides: { sphereWelcome: { fr: 'Bienvenue à l’atelier !' }, leaveMessage: { nl: '  ' } },
    });
    expect(created.status).toBe(201);
    workshop = created.body;
    expect(workshop).toMatchObject({
      name: { fr: 'L’atelier' },
      description: { fr: 'Une coopérative de menuiserie de quarante personnes.' },
      substitutions: {
        fr: [
          { from: 'groupe', to: 'équipe' },
          { from: 'responsable', to: 'chef d’atelier' },
        ],
      },
      overrides: { sphereWelcome: { fr: 'Bienvenue à l’atelier !' } },
      active: false,
    });
    expect(workshop.name).not.toHaveProperty('nl');
    expect(workshop.substitutions).not.toHaveProperty('nl');
    expect(workshop.overrides).not.toHaveProperty('leaveMessage');
    expect((await api<SphereContext>(admin, `${contextsPath()}/${workshop.id}`)).body).toEqual(workshop);
  });

  it('the name is required in the sphere’s primary language, 2 to 100 characters', async () => {
    const noFrench = await create({ name: { nl: 'De werkplaats' } });
    expect(noFrench.status).toBe(400);
    expect(noFrench.body).toMatchObject({ errors: [{ key: 'required', field: 'body.name.fr' }] });
    const short = await create({ name: { fr: 'A' } });
    expect(short.body).toMatchObject({
      errors: [{ key: 'length-out-of-range-error', field: 'body.name.fr', values: { min: 2 } }],
    });
    const long = await create({ name: { fr: 'x'.repeat(101) } });
    expect(long.body).toMatchObject({
      errors: [{ key: 'length-out-of-range-error', field: 'body.name.fr', values: { max: 100 } }],
    });
    const noName = await create({});
    expect(noName.body).toMatchObject({ errors: [{ key: 'required', field: 'body.name' }] });
  });

  it('the description, words and texts have their limits, each said at its field', async () => {
    const name = { fr: 'Limites' };
    const description = await create({ name, description: { fr: 'x'.repeat(2001) } });
    expect(description.status).toBe(400);
    expect(description.body).toMatchObject({
      errors: [{ key: 'length-out-of-range-error', field: 'body.description.fr' }],
    });
    const many = await create({
      name,
      substitutions: { fr: Array.from({ length: 31 }, (_, i) => ({ from: `mot${i}`, to: `terme${i}` })) },
    });
    expect(many.body).toMatchObject({ errors: [{ key: 'too-many', field: 'body.substitutions.fr' }] });
    const longWord = await create({ name, substitutions: { en: [{ from: 'x'.repeat(61), to: 'y' }] } });
    expect(longWord.body).toMatchObject({
      errors: [{ key: 'length-out-of-range-error', field: 'body.substitutions.en.0.from' }],
    });
    const emptyWord = await create({ name, substitutions: { fr: [{ from: 'groupe', to: '  ' }] } });
    expect(emptyWord.body).toMatchObject({
      errors: [{ key: 'required', field: 'body.substitutions.fr.0.to' }],
    });
    const twice = await create({
      name,
      substitutions: {
        fr: [
          { from: 'groupe', to: 'équipe' },
          { from: 'manager', to: 'coach' },
          { from: ' Groupe ', to: 'cellule' },
        ],
      },
    });
    expect(twice.body).toMatchObject({ errors: [{ key: 'exist', field: 'body.substitutions.fr.2.from' }] });
    const unknownText = await create({ name, overrides: { homeTitle: { fr: 'Accueil' } } });
    expect(unknownText.status).toBe(400);
    expect(unknownText.body).toMatchObject({
      errors: [{ key: 'unexpected-value-error', field: 'body.overrides.homeTitle' }],
    });
    const longText = await create({ name, overrides: { groupsEmpty: { nl: 'x'.repeat(501) } } });
    expect(longText.body).toMatchObject({
      errors: [{ key: 'length-out-of-range-error', field: 'body.overrides.groupsEmpty.nl' }],
    });
    const language = await create({ name, substitutions: { de: [] } });
    expect(language.body).toMatchObject({
      errors: [{ key: 'unexpected-value-error', field: 'body.substitutions.de' }],
    });
    // Nothing of these was kept.
    expect((await api<List>(admin, contextsPath())).body.count).toBe(1);
  });

  it('at most one context is active: activating one deactivates the one before', async () => {
    const active = await save(workshop, { active: true });
    expect(active.status).toBe(200);
    workshop = active.body;
    expect(workshop.active).toBe(true);
    const school = await create({ name: { fr: 'L’école' }, active: true });
    expect(school.status).toBe(201);
    const list = (await api<List>(admin, contextsPath())).body;
    expect(list.items.map((c) => [c.name.fr, c.active])).toEqual([
      ['L’école', true],
      ['L’atelier', false],
    ]);
    const onlyActive = (await api<List>(admin, `${contextsPath()}?active=true`)).body;
    expect(onlyActive.items.map((c) => c.id)).toEqual([school.body.id]);

    // The workshop changed (it was deactivated): the copy read before is stale.
    const stale = await save(workshop, { active: true });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ key: 'conflict' });
    workshop = (await api<SphereContext>(admin, `${contextsPath()}/${workshop.id}`)).body;
    const back = await save(workshop, {
      active: true,
      substitutions: { fr: [{ from: 'groupe', to: 'atelier' }] },
    });
    expect(back.body).toMatchObject({
      active: true,
      substitutions: { fr: [{ from: 'groupe', to: 'atelier' }] },
    });
    workshop = back.body;
    expect(
      (await api<List>(admin, contextsPath())).body.items.filter((c) => c.active).map((c) => c.id),
    ).toEqual([workshop.id]);
  });

  it('a member reads the contexts their texts use, and may not change them', async () => {
    const read = await api<List>(member, `${contextsPath()}?active=true`);
    expect(read.status).toBe(200);
    expect(read.body.items.map((c) => c.id)).toEqual([workshop.id]);
    expect((await api(member, `${contextsPath()}/${workshop.id}`)).status).toBe(200);
    expect((await create({ name: { fr: 'Le mien' } }, member)).status).toBe(403);
    expect((await save(workshop, { name: { fr: 'Le mien' } }, member)).status).toBe(403);
    expect((await api(member, `${contextsPath()}/${workshop.id}`, 'DELETE')).status).toBe(403);
  });

  it('someone of another sphere reads nothing and changes nothing', async () => {
    const list = await api(outsider, contextsPath());
    expect(list.status).toBe(403);
    expect(JSON.stringify(list.body)).not.toContain('atelier');
    expect((await api(outsider, `${contextsPath()}/${workshop.id}`)).status).toBe(403);
    expect((await create({ name: { fr: 'Intrus' } }, outsider)).status).toBe(403);
    expect((await save(workshop, {}, outsider)).status).toBe(403);
    expect((await api(outsider, `${contextsPath()}/${workshop.id}`, 'DELETE')).status).toBe(403);
  });

  it('a missing context answers 404 not-found, to read, change or delete', async () => {
    const missing = await api(admin, `${contextsPath()}/no-such-context`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ key: 'not-found' });
    const changed = await api(admin, `${contextsPath()}/no-such-context`, 'PUT', {
      name: { fr: 'Fantôme' },
      active: false,
      updateDate: new Date().toISOString(),
    });
    expect(changed.status).toBe(404);
    expect((await api(admin, `${contextsPath()}/no-such-context`, 'DELETE')).status).toBe(404);
  });

  it('deleting the active context leaves the sphere without one', async () => {
    const deleted = await api(admin, `${contextsPath()}/${workshop.id}`, 'DELETE');
    expect(deleted.status).toBe(204);
    expect((await api(admin, `${contextsPath()}/${workshop.id}`)).status).toBe(404);
    expect((await api(admin, `${contextsPath()}/${workshop.id}`, 'DELETE')).status).toBe(404);
    expect((await api<List>(member, `${contextsPath()}?active=true`)).body).toMatchObject({
      count: 0,
      items: [],
    });
    expect((await save(workshop, { active: true })).status).toBe(404);
  });

  it(`a sphere keeps at most ${SPHERE_CONTEXTS_MAX} contexts: one more is 400 too-many`, async () => {
    const count = (await api<List>(admin, contextsPath())).body.count;
    for (let i = count; i < SPHERE_CONTEXTS_MAX; i++)
      expect((await create({ name: { fr: `Contexte ${i}` } })).status).toBe(201);
    const more = await create({ name: { fr: 'Un de trop' } });
    expect(more.status).toBe(400);
    expect(more.body).toMatchObject({ errors: [{ key: 'too-many', values: { max: SPHERE_CONTEXTS_MAX } }] });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type {
  Galaxy,
  GalaxyMember,
  GalaxyQuota,
  GalaxyReport,
  GalaxySphere,
  QuotaRequest,
} from '@shared/contracts/galaxies';
import type { Sphere } from '@shared/contracts/spheres';
import { usersDb } from '../../functions/users/store';
import { callerOf, startTestStack, type TestStack, type Tokens } from './harness';
import { mailTo } from '../../tools/local-stack/ses';

/**
 * Galaxies over HTTP (spec 02 §2–§9, decision 0045): super-admins create them, attach spheres, set
 * quotas and decide change requests; a galaxy's admins read it and manage its members, requests and
 * context, and the settings of its spheres, never their reports; another galaxy's admin gets nothing.
 */
let stack: TestStack;
let alex: Tokens; // super-admin
let camille: Tokens; // admin of Horizon galaxy
let olga: Tokens; // admin of another galaxy
let zoe: Tokens; // admin of a sphere in Horizon galaxy
const idOf = (tokens: Tokens) => decodeJwt(tokens.accessToken).sub as string;
const superAdmin = { 'x-super-admin': 'true' };

const call = callerOf(() => stack);
const asAlex = <T>(path: string, method = 'GET', body?: unknown) =>
  call<T>(alex, path, method, body, superAdmin);

async function newSphere(who: Tokens, name: string): Promise<Sphere> {
  const created = await call<Sphere>(who, '/v1/spheres', 'POST', {
    name,
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'fr' },
  });
  expect(created.status).toBe(201);
  return created.body;
}

async function newGalaxy(name: string, shortName: string): Promise<Galaxy> {
  const created = await asAlex<Galaxy>('/v1/galaxies', 'POST', { name, shortName });
  expect(created.status).toBe(201);
  return created.body;
}

async function addAdmin(galaxy: Galaxy, email: string, name: string): Promise<GalaxyMember> {
  const added = await asAlex<GalaxyMember>(`/v1/galaxies/${galaxy.id}/members`, 'POST', {
    galaxyId: galaxy.id,
    name,
    email,
    roles: ['admin'],
  });
  expect(added.status).toBe(201);
  return added.body;
}

const quotaOf = async (galaxyId: string, kind: string) => {
  const quotas = await call<GalaxyQuota[]>(camille, `/v1/galaxies/${galaxyId}/quotas`);
  expect(quotas.status).toBe(200);
  return quotas.body.find((q) => q.kind === kind)!;
};

let horizon: Galaxy;
let other: Galaxy;
let atelier: Sphere;

beforeAll(async () => {
  stack = await startTestStack();
  alex = await stack.signInWithCode('alex.galaxies@example.be', { firstName: 'Alex', locale: 'en' });
  camille = await stack.signInWithCode('camille.galaxies@example.be', { firstName: 'Camille', locale: 'fr' });
  olga = await stack.signInWithCode('olga.galaxies@example.be', { firstName: 'Olga', locale: 'nl' });
  zoe = await stack.signInWithCode('zoe.galaxies@example.be', { firstName: 'Zoé', locale: 'fr' });
  await usersDb()
    .entities.user.patch({ userId: idOf(alex) })
    .set({ globalRoles: ['super-admin'] })
    .go();
  horizon = await newGalaxy('Groupe Horizon', 'Horizon');
  other = await newGalaxy('Autre groupe', 'Autre');
  await addAdmin(horizon, 'camille.galaxies@example.be', 'Camille');
  await addAdmin(other, 'olga.galaxies@example.be', 'Olga');
  atelier = await newSphere(zoe, 'Atelier galaxie');
});
afterAll(async () => {
  await stack?.stop();
});

describe('galaxies', () => {
  it('only a super-admin creates a galaxy; bad input is a 400 with the field', async () => {
    expect((await call(camille, '/v1/galaxies', 'POST', { name: 'Mine', shortName: 'M' })).status).toBe(403);
    const bad = await asAlex<{ errors: { key: string; field: string }[] }>('/v1/galaxies', 'POST', {
      name: '',
      shortName: 'X',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual(expect.objectContaining({ key: 'required', field: 'body.name' }));
    const read = await call<Galaxy>(camille, `/v1/galaxies/${horizon.id}`);
    expect(read.body).toMatchObject({
      name: 'Groupe Horizon',
      language: 'fr',
      sphereCount: 0,
      memberCount: 1,
    });
  });

  it('the admin list is the super-admins’; a galaxy admin reads their own galaxy only', async () => {
    const list = await asAlex<{ items: Galaxy[] }>('/v1/galaxies?q=horizon');
    expect(list.body.items.map((g) => g.id)).toEqual([horizon.id]);
    expect((await call(camille, '/v1/galaxies')).status).toBe(403);
    expect((await call(camille, `/v1/galaxies/${horizon.id}`)).status).toBe(200);
    expect((await call(olga, `/v1/galaxies/${horizon.id}`)).status).toBe(403);
    expect((await call(olga, `/v1/galaxies/${horizon.id}/members`)).status).toBe(403);
    expect((await call(zoe, `/v1/galaxies/${horizon.id}/quotas`)).status).toBe(403);
  });

  it('the start call lists the galaxies the person administers', async () => {
    const me = await call<{ galaxies: { id: string; shortName: string; roles: string[] }[] }>(
      camille,
      '/v1/me',
    );
    expect(me.body.galaxies).toEqual([
      expect.objectContaining({ id: horizon.id, shortName: 'Horizon', roles: ['admin'] }),
    ]);
    const zoeMe = await call<{ galaxies: unknown[] }>(zoe, '/v1/me');
    expect(zoeMe.body.galaxies).toEqual([]);
  });

  it('a member names the galaxy of the path; the same address twice is a 409; another galaxy’s admin adds nobody', async () => {
    const wrong = await call<{ errors: { field: string }[] }>(
      camille,
      `/v1/galaxies/${horizon.id}/members`,
      'POST',
      {
        galaxyId: other.id,
        name: 'Léa',
        email: 'lea.galaxies@example.be',
        roles: ['admin'],
      },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toContainEqual(expect.objectContaining({ field: 'body.galaxyId' }));
    const added = await call<GalaxyMember>(camille, `/v1/galaxies/${horizon.id}/members`, 'POST', {
      galaxyId: horizon.id,
      name: 'Léa',
      email: 'Lea.Galaxies@example.be',
      roles: ['admin'],
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ email: 'lea.galaxies@example.be', userLinked: false, active: true });
    const again = await call(camille, `/v1/galaxies/${horizon.id}/members`, 'POST', {
      galaxyId: horizon.id,
      name: 'Léa',
      email: 'lea.galaxies@example.be',
      roles: ['admin'],
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ key: 'exist' });
    const theirs = await call(olga, `/v1/galaxies/${horizon.id}/members`, 'POST', {
      galaxyId: horizon.id,
      name: 'Intrus',
      email: 'intrus@example.be',
      roles: ['admin'],
    });
    expect(theirs.status).toBe(403);
    const removed = await call<GalaxyMember>(
      camille,
      `/v1/galaxies/${horizon.id}/members/${added.body.id}`,
      'DELETE',
    );
    expect(removed.body).toMatchObject({ active: false, removedByAdmin: true });
  });

  it('a super-admin attaches a sphere: its usage joins the galaxy’s, and the galaxy admin gets its settings, never its report', async () => {
    expect((await call(camille, `/v1/galaxies/${horizon.id}/spheres/${atelier.id}`, 'PUT')).status).toBe(403);
    const before = await quotaOf(horizon.id, 'engagement-up-members');
    const attached = await asAlex<GalaxySphere>(`/v1/galaxies/${horizon.id}/spheres/${atelier.id}`, 'PUT');
    expect(attached.status).toBe(200);
    const spheres = await call<{ items: GalaxySphere[] }>(camille, `/v1/galaxies/${horizon.id}/spheres`);
    expect(spheres.body.items.map((s) => s.id)).toEqual([atelier.id]);
    expect((await quotaOf(horizon.id, 'spheres')).usage).toBe(1);
    expect((await quotaOf(horizon.id, 'engagement-up-members')).usage).toBe(before.usage + 1);
    expect((await call(camille, `/v1/spheres/${atelier.id}`)).status).toBe(200);
    expect((await call(olga, `/v1/spheres/${atelier.id}`)).status).toBe(403);
    const report = await call(camille, `/v1/spheres/${atelier.id}/report?start=2026-01-01&end=2026-01-31`);
    expect([403, 404]).toContain(report.status);
  });

  it('attaching past a quota is refused naming it, and nothing moves', async () => {
    const second = await newSphere(zoe, 'Second atelier galaxie');
    expect((await asAlex(`/v1/galaxies/${horizon.id}/quotas/spheres`, 'PUT', { value: 1 })).status).toBe(200);
    const refused = await asAlex<{ key: string; errors: { key: string; field: string }[] }>(
      `/v1/galaxies/${horizon.id}/spheres/${second.id}`,
      'PUT',
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      key: 'quota-blocked',
      errors: [{ key: 'quota-blocked', field: 'spheres' }],
    });
    expect((await quotaOf(horizon.id, 'spheres')).usage).toBe(1);
    const spheres = await call<{ items: GalaxySphere[] }>(camille, `/v1/galaxies/${horizon.id}/spheres`);
    expect(spheres.body.items).toHaveLength(1);
    const quota = await quotaOf(horizon.id, 'spheres');
    expect(quota).toMatchObject({ value: 1, state: 'blocked', percentage: 100, blockThreshold: 1 });
  });

  it('a quota value is a count: bad values are 400s', async () => {
    const negative = await asAlex(`/v1/galaxies/${horizon.id}/quotas/tags`, 'PUT', { value: -1 });
    expect(negative.status).toBe(400);
    const kind = await asAlex(`/v1/galaxies/${horizon.id}/quotas/unicorns`, 'PUT', { value: 3 });
    expect(kind.status).toBe(400);
    expect((await call(camille, `/v1/galaxies/${horizon.id}/quotas/tags`, 'PUT', { value: 3 })).status).toBe(
      403,
    );
  });

  it('a change request goes pending → validated by a super-admin, and the value changes at once', async () => {
    const made = await call<QuotaRequest>(camille, `/v1/galaxies/${horizon.id}/quota-requests`, 'POST', {
      kind: 'spheres',
      value: 5,
      reason: 'Deux nouvelles filiales',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      status: 'pending',
      currentValue: 1,
      requestedValue: 5,
      galaxyName: 'Groupe Horizon',
    });
    const twice = await call(camille, `/v1/galaxies/${horizon.id}/quota-requests`, 'POST', {
      kind: 'spheres',
      value: 6,
      reason: 'Encore',
    });
    expect(twice.status).toBe(409);
    expect((await quotaOf(horizon.id, 'spheres')).requestedValue).toBe(5);
    const pending = await asAlex<{ items: QuotaRequest[] }>('/v1/quota-requests');
    expect(pending.body.items.map((r) => r.id)).toContain(made.body.id);
    const byAdmin = await call(camille, `/v1/galaxies/${horizon.id}/quota-requests/${made.body.id}`, 'PUT', {
      decision: 'validated',
    });
    expect(byAdmin.status).toBe(403);
    const decided = await asAlex<QuotaRequest>(
      `/v1/galaxies/${horizon.id}/quota-requests/${made.body.id}`,
      'PUT',
      {
        decision: 'validated',
        comment: 'Bienvenue',
      },
    );
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({
      status: 'validated',
      comment: 'Bienvenue',
      decidedBy: { name: 'Alex' },
    });
    expect((await quotaOf(horizon.id, 'spheres')).value).toBe(5);
    // The requester is told by mail, in her language.
    const told = await mailTo(stack.endpoints.outbox, 'camille.galaxies@example.be');
    expect(told.filter((m) => m.subject.includes('« spheres » a été validée'))).toHaveLength(1);
    const afterwards = await asAlex<{ items: QuotaRequest[] }>('/v1/quota-requests');
    expect(afterwards.body.items.map((r) => r.id)).not.toContain(made.body.id);
    const again = await asAlex(`/v1/galaxies/${horizon.id}/quota-requests/${made.body.id}`, 'PUT', {
      decision: 'rejected',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ key: 'quota-request-decided' });
    const deleted = await call(
      camille,
      `/v1/galaxies/${horizon.id}/quota-requests/${made.body.id}`,
      'DELETE',
    );
    expect(deleted.status).toBe(409);
    const history = await call<{ items: QuotaRequest[] }>(
      camille,
      `/v1/galaxies/${horizon.id}/quota-requests`,
    );
    expect(history.body.items[0]).toMatchObject({ id: made.body.id, status: 'validated' });
  });

  it('a pending request may be withdrawn; a rejected one keeps the value', async () => {
    const made = await call<QuotaRequest>(camille, `/v1/galaxies/${horizon.id}/quota-requests`, 'POST', {
      kind: 'tags',
      value: 40,
      reason: 'Plus de services',
    });
    expect(
      (await call(camille, `/v1/galaxies/${horizon.id}/quota-requests/${made.body.id}`, 'DELETE')).status,
    ).toBe(204);
    const other = await call<QuotaRequest>(camille, `/v1/galaxies/${horizon.id}/quota-requests`, 'POST', {
      kind: 'tags',
      value: 41,
      reason: 'Plus de services',
    });
    expect(other.status).toBe(201);
    const rejected = await asAlex<QuotaRequest>(
      `/v1/galaxies/${horizon.id}/quota-requests/${other.body.id}`,
      'PUT',
      {
        decision: 'rejected',
      },
    );
    expect(rejected.body.status).toBe('rejected');
    expect((await quotaOf(horizon.id, 'tags')).value).toBeUndefined();
    const bad = await call(camille, `/v1/galaxies/${horizon.id}/quota-requests`, 'POST', {
      kind: 'tags',
      value: 'many',
      reason: '',
    });
    expect(bad.status).toBe(400);
  });

  it('a sphere without an active context of its own reads its galaxy’s', async () => {
    const put = await call<{ updateDate: string }>(camille, `/v1/galaxies/${horizon.id}/context`, 'PUT', {
      name: { fr: 'Contexte Horizon' },
      substitutions: { fr: [{ from: 'sphère', to: 'filiale' }] },
    });
    expect(put.status).toBe(200);
    const read = await call<{ items: { name: { fr?: string }; inherited?: string }[] }>(
      zoe,
      `/v1/spheres/${atelier.id}/contexts?active=true`,
    );
    expect(read.body.items).toEqual([
      expect.objectContaining({ name: { fr: 'Contexte Horizon' }, inherited: 'galaxy' }),
    ]);
    const stale = await call(camille, `/v1/galaxies/${horizon.id}/context`, 'PUT', {
      name: { fr: 'Autre' },
      updateDate: '2020-01-01T00:00:00.000Z',
    });
    expect(stale.status).toBe(409);
    const missingName = await call(camille, `/v1/galaxies/${horizon.id}/context`, 'PUT', {
      name: { en: 'Only English' },
      updateDate: put.body.updateDate,
    });
    expect(missingName.status).toBe(400);
  });

  it('a super-admin edits a galaxy under the update date read; a stale one is a 409 and a galaxy admin may not', async () => {
    const read = await asAlex<Galaxy>(`/v1/galaxies/${other.id}`);
    const body = { name: 'Autre groupe', shortName: 'Autre', language: 'nl', renewalDate: '2027-01-31' };
    expect(
      (await call(olga, `/v1/galaxies/${other.id}`, 'PUT', { ...body, updateDate: read.body.updateDate }))
        .status,
    ).toBe(403);
    const saved = await asAlex<Galaxy>(`/v1/galaxies/${other.id}`, 'PUT', {
      ...body,
      updateDate: read.body.updateDate,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ language: 'nl', renewalDate: '2027-01-31' });
    const stale = await asAlex(`/v1/galaxies/${other.id}`, 'PUT', {
      ...body,
      updateDate: read.body.updateDate,
    });
    expect(stale.status).toBe(409);
    const missing = await asAlex('/v1/galaxies/no-such-galaxy', 'PUT', {
      ...body,
      updateDate: read.body.updateDate,
    });
    expect(missing.status).toBe(404);
  });

  it('a galaxy admin updates a member (name, roles, active) and a disabled one comes back', async () => {
    const members = await call<{ items: GalaxyMember[] }>(camille, `/v1/galaxies/${horizon.id}/members`);
    const lea = members.body.items.find((m) => m.email === 'lea.galaxies@example.be')!;
    expect(lea).toMatchObject({ active: false, removedByAdmin: true });
    const back = await call<GalaxyMember>(camille, `/v1/galaxies/${horizon.id}/members/${lea.id}`, 'PUT', {
      name: 'Léa Martin',
      roles: ['admin'],
      active: true,
      firstDayOfWork: '2026-09-01',
    });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({
      name: 'Léa Martin',
      active: true,
      removedByAdmin: false,
      firstDayOfWork: '2026-09-01',
    });
    const bad = await call(camille, `/v1/galaxies/${horizon.id}/members/${lea.id}`, 'PUT', {
      name: '',
      roles: [],
      active: true,
    });
    expect(bad.status).toBe(400);
    const gone = await call(camille, `/v1/galaxies/${horizon.id}/members/nobody`, 'PUT', {
      name: 'X',
      roles: ['admin'],
      active: true,
    });
    expect(gone.status).toBe(404);
  });

  it('a super-admin sets a value and takes it away (no limit)', async () => {
    const set = await asAlex<GalaxyQuota>(
      `/v1/galaxies/${horizon.id}/quotas/engagement-up-campaigns`,
      'PUT',
      { value: 3 },
    );
    expect(set.body).toMatchObject({ value: 3, alertThreshold: 3, blockThreshold: 3, state: 'ok', usage: 0 });
    const cleared = await asAlex<GalaxyQuota>(
      `/v1/galaxies/${horizon.id}/quotas/engagement-up-campaigns`,
      'PUT',
      { value: null },
    );
    expect(cleared.body.value).toBeUndefined();
    expect(cleared.body.state).toBe('ok');
  });

  it('two change requests for one kind sent at once leave one pending', async () => {
    const answers = await Promise.all(
      [7, 8, 9].map((value) =>
        call(camille, `/v1/galaxies/${horizon.id}/quota-requests`, 'POST', {
          kind: 'engagement-up-groups',
          value,
          reason: 'Teams',
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  });

  it('the report holds the spheres, their members, every quota and the admins', async () => {
    const report = await call<GalaxyReport>(camille, `/v1/galaxies/${horizon.id}/report`);
    expect(report.status).toBe(200);
    expect(report.body.spheres).toEqual([
      expect.objectContaining({ id: atelier.id, members: 1, activeMembers: 1 }),
    ]);
    expect(report.body.quotas.find((q) => q.kind === 'spheres')).toMatchObject({ usage: 1, value: 5 });
    expect(report.body.admins.map((a) => a.name)).toContain('Camille');
    expect((await call(olga, `/v1/galaxies/${horizon.id}/report`)).status).toBe(403);
  });

  it('the galaxy context is read, and once deleted the sphere reads none', async () => {
    const read = await call<{ context: { name: { fr?: string } } | null }>(
      camille,
      `/v1/galaxies/${horizon.id}/context`,
    );
    expect(read.body.context?.name.fr).toBe('Contexte Horizon');
    expect((await call(olga, `/v1/galaxies/${horizon.id}/context`)).status).toBe(403);
    expect((await call(camille, `/v1/galaxies/${horizon.id}/context`, 'DELETE')).status).toBe(204);
    expect((await call(camille, `/v1/galaxies/${horizon.id}/context`, 'DELETE')).status).toBe(404);
    const sphere = await call<{ items: unknown[] }>(zoe, `/v1/spheres/${atelier.id}/contexts?active=true`);
    expect(sphere.body.items).toEqual([]);
  });

  it('a galaxy holding spheres is not deleted; detached, its usage leaves with the sphere', async () => {
    const refused = await asAlex(`/v1/galaxies/${horizon.id}`, 'DELETE');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ key: 'galaxy-not-empty' });
    expect((await asAlex(`/v1/galaxies/${horizon.id}/spheres/${atelier.id}`, 'DELETE')).status).toBe(204);
    expect((await quotaOf(horizon.id, 'spheres')).usage).toBe(0);
    expect((await quotaOf(horizon.id, 'engagement-up-members')).usage).toBe(0);
    expect((await call(camille, `/v1/spheres/${atelier.id}`)).status).toBe(403);
    const moved = await asAlex(`/v1/galaxies/${other.id}/spheres/${atelier.id}`, 'PUT');
    expect(moved.status).toBe(200);
    expect((await asAlex(`/v1/galaxies/${horizon.id}`, 'DELETE')).status).toBe(204);
    expect((await call(camille, `/v1/galaxies/${horizon.id}`)).status).toBe(403);
  });
});

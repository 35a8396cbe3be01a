import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me, MySessions } from '@shared/contracts/me';
import type { Session, SessionMember } from '@shared/contracts/sessions';
import type { Sphere } from '@shared/contracts/spheres';
import type { Feeling } from '@shared/contracts/feelings';
import { spheresDb } from '../../functions/spheres/store';
import { startTestStack, type TestStack, type Tokens } from './harness';

/**
 * Sessions over HTTP on the local stack: the tree and its errors, members and roles, joining by
 * the link, the start call, contributor feelings in a group, and isolation between spheres.
 */
let stack: TestStack;
let admin: Tokens;
let zoe: Tokens;
let yann: Tokens;
let sphere: Sphere;
let other: Sphere;

const api = <T>(tokens: Tokens, path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, { method, token: tokens.accessToken, ...(body !== undefined ? { body } : {}) });
const create = (tokens: Tokens, sphereId: string, body: Record<string, unknown>) =>
  api<Session>(tokens, `/v1/spheres/${sphereId}/sessions`, 'POST', { category: 'contributor', ...body });
const editable = (s: Session, change: Record<string, unknown> = {}) => ({
  name: s.realName ?? s.name,
  publicName: s.publicName ?? {},
  isLeaf: s.isLeaf,
  ...(s.parentSessionId !== undefined ? { parentSessionId: s.parentSessionId } : {}),
  ...(s.childNumber !== undefined ? { childNumber: s.childNumber } : {}),
  ...(s.stepNumber !== undefined ? { stepNumber: s.stepNumber } : {}),
  subscription: s.subscription,
  isPublic: s.isPublic,
  archived: s.archived,
  updateDate: s.updateDate,
  ...change,
});
const me = (tokens: Tokens) => api<Me>(tokens, '/v1/me');
/** The person's groups, as the start call held them before decision 0055. */
const mySessions = (tokens: Tokens) => api<MySessions>(tokens, '/v1/me/sessions');
const memberIdOf = async (tokens: Tokens, sphereId: string) =>
  (await me(tokens)).body.members.find((m) => m.sphereId === sphereId)?.id ?? 'none';
const joinSphere = async (tokens: Tokens, s: Sphere) => {
  const key = await api<{ sphereKey: string }>(admin, `/v1/spheres/${s.id}/join-key`);
  return api<Sphere>(tokens, `/v1/spheres/${s.id}/join`, 'POST', { sphereKey: key.body.sphereKey });
};

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('admin.sessions@example.be', { firstName: 'Adèle', locale: 'fr' });
  zoe = await stack.signInWithCode('zoe.sessions@example.be', { firstName: 'Zoé', locale: 'fr' });
  yann = await stack.signInWithCode('yann.sessions@example.be', { firstName: 'Yann', locale: 'en' });
  const body = { category: 'company', address: { country: 'BE' }, languages: { primary: 'fr' } };
  sphere = (await api<Sphere>(admin, '/v1/spheres', 'POST', { ...body, name: 'Maison Ginkgo' })).body;
  other = (await api<Sphere>(admin, '/v1/spheres', 'POST', { ...body, name: 'Autre maison' })).body;
  expect((await joinSphere(zoe, sphere)).status).toBe(200);
});
afterAll(async () => {
  await stack?.stop();
});

describe('the tree (spec 01 §8 session errors)', () => {
  let root: Session;
  let child: Session;
  let grandchild: Session;

  it('an admin creates groups under groups; each knows its ancestors and level', async () => {
    const r = await create(admin, sphere.id, { name: { fr: 'Production' }, publicName: { fr: 'Atelier' } });
    expect(r.status).toBe(201);
    root = r.body;
    child = (await create(admin, sphere.id, { name: { fr: 'Équipe A' }, parentSessionId: root.id })).body;
    grandchild = (await create(admin, sphere.id, { name: { fr: 'Binôme' }, parentSessionId: child.id })).body;
    expect(grandchild).toMatchObject({
      parentSessionId: child.id,
      parentSessionIds: [root.id, child.id],
      level: 2,
    });
    // The admin sees the real name.
    expect(root.name).toEqual({ fr: 'Production' });
  });

  it('a session cannot move under itself or a descendant: changeParentToChild', async () => {
    const moved = await api(
      admin,
      `/v1/sessions/${root.id}`,
      'PUT',
      editable(root, { parentSessionId: grandchild.id }),
    );
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({ key: 'changeParentToChild' });
  });

  it('a leaf takes no children: parentIsLeaf', async () => {
    const leaf = (await create(admin, sphere.id, { name: { fr: 'Feuille' }, isLeaf: true })).body;
    const refused = await create(admin, sphere.id, {
      name: { fr: 'Sous-feuille' },
      parentSessionId: leaf.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ key: 'parentIsLeaf' });
  });

  it('a parent of another sphere or category is not allowed: changeParentNotAllowed', async () => {
    const elsewhere = (await create(admin, other.id, { name: { fr: 'Ailleurs' } })).body;
    const refused = await create(admin, sphere.id, { name: { fr: 'X' }, parentSessionId: elsewhere.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ key: 'changeParentNotAllowed' });
    const consumer = await create(admin, sphere.id, {
      category: 'consumer',
      name: { fr: 'Clients' },
      parentSessionId: root.id,
      publicName: { fr: 'Clients' },
    });
    expect(consumer.body).toMatchObject({ key: 'changeParentNotAllowed' });
  });

  it('moving a group moves its subtree; the tree lists depth and order', async () => {
    const sibling = (await create(admin, sphere.id, { name: { fr: 'Logistique' } })).body;
    const fresh = (await api<Session>(admin, `/v1/sessions/${child.id}`)).body;
    const moved = await api<Session>(
      admin,
      `/v1/sessions/${child.id}`,
      'PUT',
      editable(fresh, { parentSessionId: sibling.id }),
    );
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ parentSessionIds: [sibling.id], level: 1 });
    const below = (await api<Session>(admin, `/v1/sessions/${grandchild.id}`)).body;
    expect(below.parentSessionIds).toEqual([sibling.id, child.id]);
    const list = await api<{ items: Session[] }>(admin, `/v1/spheres/${sphere.id}/sessions?isLeaf=false`);
    expect(list.body.items.some((s) => s.isLeaf)).toBe(false);
    expect(list.body.items.map((s) => s.id)).toEqual(expect.arrayContaining([root.id, child.id, sibling.id]));
  });

  it('an owner who does not arrange the tree cannot move the group: changeParentNotAllowed', async () => {
    const zoeMember = await memberIdOf(zoe, sphere.id);
    expect(
      (await api(admin, `/v1/sessions/${root.id}/members`, 'POST', { memberId: zoeMember, roles: ['owner'] }))
        .status,
    ).toBe(201);
    const fresh = (await api<Session>(zoe, `/v1/sessions/${root.id}`)).body;
    // An owner sees the real name and may rename…
    expect(fresh.name).toEqual({ fr: 'Production' });
    const renamed = await api<Session>(
      zoe,
      `/v1/sessions/${root.id}`,
      'PUT',
      editable(fresh, { name: { fr: 'Production Nord' } }),
    );
    expect(renamed.status).toBe(200);
    // …but not move it.
    const moved = await api(
      zoe,
      `/v1/sessions/${root.id}`,
      'PUT',
      editable(renamed.body, { parentSessionId: grandchild.id }),
    );
    expect(moved.status).toBe(403);
    expect(moved.body).toMatchObject({ key: 'changeParentNotAllowed' });
  });

  it('owners must be active members of the sphere: ownerNotFound', async () => {
    const refused = await create(admin, sphere.id, { name: { fr: 'Y' }, ownerIds: ['nobody'] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ key: 'ownerNotFound' });
  });

  it('the sphere’s group limit blocks creation: creationBlocked', async () => {
    const small = (
      await api<Sphere>(admin, '/v1/spheres', 'POST', {
        name: 'Petite maison',
        category: 'company',
        address: { country: 'BE' },
        languages: { primary: 'fr' },
      })
    ).body;
    await spheresDb()
      .entities.sphere.patch({ sphereId: small.id })
      .set({ limits: { tags: 10, members: 10, groups: 1 } })
      .go();
    expect((await create(admin, small.id, { name: { fr: 'Un' } })).status).toBe(201);
    const refused = await create(admin, small.id, { name: { fr: 'Deux' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ key: 'creationBlocked' });
  });

  it('a name in the sphere’s language is required, a public name for consumer sessions, a step for consumers only', async () => {
    const noName = await create(admin, sphere.id, { name: { en: 'Only English' } });
    expect(noName.body).toMatchObject({ errors: [{ key: 'required', field: 'body.name.fr' }] });
    const consumer = await create(admin, sphere.id, { category: 'consumer', name: { fr: 'Boutique' } });
    expect(consumer.body).toMatchObject({ errors: [{ key: 'required', field: 'body.publicName.fr' }] });
    const step = await create(admin, sphere.id, { name: { fr: 'Z' }, stepNumber: 3 });
    expect(step.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.stepNumber' }] });
    const tooFar = await create(admin, sphere.id, {
      category: 'consumer',
      name: { fr: 'B' },
      publicName: { fr: 'B' },
      stepNumber: 100,
    });
    expect(tooFar.status).toBe(400);
  });

  it('deleting a group moves its children up to its parent', async () => {
    const top = (await create(admin, sphere.id, { name: { fr: 'Haut' } })).body;
    const middle = (await create(admin, sphere.id, { name: { fr: 'Milieu' }, parentSessionId: top.id })).body;
    const bottom = (await create(admin, sphere.id, { name: { fr: 'Bas' }, parentSessionId: middle.id })).body;
    expect((await api(admin, `/v1/sessions/${middle.id}`, 'DELETE')).status).toBe(204);
    // A session that is not there is in no sphere: it answers like one the caller may not see.
    expect((await api(admin, `/v1/sessions/${middle.id}`)).status).toBe(403);
    expect((await api<Session>(admin, `/v1/sessions/${bottom.id}`)).body).toMatchObject({
      parentSessionId: top.id,
      parentSessionIds: [top.id],
      level: 1,
    });
  });
});

describe('members, joining and contributor feelings', () => {
  let group: Session;
  let shop: Session;

  beforeAll(async () => {
    group = (
      await create(admin, sphere.id, {
        name: { fr: 'Cellule Nord' },
        publicName: { fr: 'Groupe Nord' },
        isPublic: true,
      })
    ).body;
    shop = (
      await create(admin, sphere.id, {
        category: 'consumer',
        name: { fr: 'Boutique' },
        publicName: { fr: 'Nos clients' },
        isPublic: true,
        stepNumber: 4,
      })
    ).body;
  });

  const keyOf = async (id: string) =>
    (await api<{ sessionKey: string }>(admin, `/v1/sessions/${id}/join-key`)).body.sessionKey;

  it('a wrong or renewed key: sessionKeyNotValid', async () => {
    const wrong = await api(zoe, `/v1/sessions/${group.id}/join`, 'POST', { sessionKey: 'guessed' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ key: 'sessionKeyNotValid' });
    const old = await keyOf(group.id);
    await api(admin, `/v1/sessions/${group.id}/join-key`, 'POST');
    const expired = await api(zoe, `/v1/sessions/${group.id}/join`, 'POST', { sessionKey: old });
    expect(expired.body).toMatchObject({ key: 'sessionKeyNotValid' });
  });

  it('a session closed to its link: sessionNotPublic', async () => {
    const closed = (await create(admin, sphere.id, { name: { fr: 'Fermé' } })).body;
    const refused = await api(zoe, `/v1/sessions/${closed.id}/join`, 'POST', {
      sessionKey: await keyOf(closed.id),
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ key: 'sessionNotPublic' });
  });

  it('a group takes only active members of its sphere: memberNotActive', async () => {
    const refused = await api(yann, `/v1/sessions/${group.id}/join`, 'POST', {
      sessionKey: await keyOf(group.id),
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ key: 'memberNotActive' });
    const added = await api(admin, `/v1/sessions/${group.id}/members`, 'POST', {
      memberId: 'not-a-member',
      roles: ['member'],
    });
    expect(added.body).toMatchObject({ key: 'memberNotActive' });
  });

  it('a member joins the group by its link, sees its public name, and the start call lists it', async () => {
    const joined = await api<Session>(zoe, `/v1/sessions/${group.id}/join`, 'POST', {
      sessionKey: await keyOf(group.id),
    });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ isMember: true, roles: ['member'], name: { fr: 'Groupe Nord' } });
    expect(joined.body.realName).toBeUndefined();
    const start = (await mySessions(zoe)).body;
    expect(start.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: group.id,
          name: 'Groupe Nord',
          sphereName: 'Maison Ginkgo',
          languages: ['fr'],
          roles: ['member'],
        }),
      ]),
    );
    // The admin lists the group's members, with the address of each.
    const members = await api<{ items: SessionMember[] }>(admin, `/v1/sessions/${group.id}/members`);
    expect(members.body.items).toEqual([
      expect.objectContaining({ email: 'zoe.sessions@example.be', isSphereMember: true }),
    ]);
  });

  it('a member records a contributor feeling in their group; it is also their sphere’s', async () => {
    const feeling = await api<Feeling>(zoe, '/v1/feelings', 'POST', {
      value: 0.7,
      energy: 0.8,
      sessionId: group.id,
      evaluationPeriod: { value: 0, type: 'none' },
      geoPoint: { latitude: 0, longitude: 0 },
    });
    expect(feeling.status).toBe(201);
    const read = await api<Feeling>(zoe, `/v1/feelings/${feeling.body.id}`);
    expect(read.body).toMatchObject({ sessionId: group.id, sphereId: sphere.id });
  });

  it('no contributor feeling in a group one is not a member of, nor in a consumer session', async () => {
    const feeling = (sessionId: string) =>
      api(yann, '/v1/feelings', 'POST', {
        value: 0.3,
        energy: 0.3,
        sessionId,
        evaluationPeriod: { value: 0, type: 'none' },
        geoPoint: { latitude: 0, longitude: 0 },
      });
    expect((await feeling(group.id)).body).toMatchObject({ key: 'contributor-feeling-forbidden' });
    // Yann, in no sphere, joins the consumer session by its link…
    const joined = await api<Session>(yann, `/v1/sessions/${shop.id}/join`, 'POST', {
      sessionKey: await keyOf(shop.id),
    });
    expect(joined.body).toMatchObject({ isMember: true, name: { fr: 'Nos clients' } });
    // …which gives no contributor feeling.
    expect((await feeling(shop.id)).body).toMatchObject({ key: 'contributor-feeling-forbidden' });
    const members = await api<{ items: SessionMember[] }>(admin, `/v1/sessions/${shop.id}/members`);
    expect(members.body.items).toEqual([expect.objectContaining({ name: 'Yann', isSphereMember: false })]);
  });

  it('a consumer session takes its members by its link, not from the admins: categoryForbidden', async () => {
    const zoeMember = await memberIdOf(zoe, sphere.id);
    const refused = await api(admin, `/v1/sessions/${shop.id}/members`, 'POST', {
      memberId: zoeMember,
      roles: ['member'],
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ key: 'categoryForbidden' });
    expect(
      (await api(admin, `/v1/sessions/${shop.id}/members`, 'POST', { memberId: zoeMember, roles: ['owner'] }))
        .status,
    ).toBe(201);
  });

  it('a member who leaves the sphere no longer counts in its groups, and gets them back on return', async () => {
    expect((await api(zoe, `/v1/spheres/${sphere.id}/leave`, 'POST')).status).toBe(204);
    expect((await mySessions(zoe)).body.items.map((s) => s.id)).not.toContain(group.id);
    expect((await api(zoe, `/v1/sessions/${group.id}`)).status).toBe(403);
    expect((await joinSphere(zoe, sphere)).status).toBe(200);
    expect((await mySessions(zoe)).body.items.map((s) => s.id)).toContain(group.id);
  });

  it('a member leaves a group; their rights there end', async () => {
    expect((await api(zoe, `/v1/sessions/${group.id}/leave`, 'POST')).status).toBe(204);
    expect((await api(zoe, `/v1/sessions/${group.id}`)).status).toBe(403);
    expect((await api(zoe, `/v1/sessions/${group.id}/leave`, 'POST')).status).toBe(403);
  });

  it('a person stars a group: their favourites change, nothing else of their profile', async () => {
    const before = (await me(zoe)).body.profile;
    const saved = await api<Me['profile']>(zoe, '/v1/profile/favorites', 'PUT', {
      favoriteSessionIds: [group.id],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...before, favoriteSessionIds: [group.id] });
    const empty = await api(zoe, '/v1/profile/favorites', 'PUT', {});
    expect(empty.status).toBe(400);
  });

  it('nothing of a sphere’s sessions reaches the admin of another sphere', async () => {
    const stranger = await stack.signInWithCode('stranger.sessions@example.be', { firstName: 'Sven' });
    const theirs = (
      await api<Sphere>(stranger, '/v1/spheres', 'POST', {
        name: 'Maison Sven',
        category: 'company',
        address: { country: 'BE' },
        languages: { primary: 'fr' },
      })
    ).body;
    expect(theirs.id).toBeDefined();
    expect((await api(stranger, `/v1/spheres/${sphere.id}/sessions`)).status).toBe(403);
    expect((await api(stranger, `/v1/sessions/${group.id}`)).status).toBe(403);
    expect((await api(stranger, `/v1/sessions/${group.id}/members`)).status).toBe(403);
    const own = await api<{ items: Session[] }>(stranger, `/v1/spheres/${theirs.id}/sessions`);
    expect(own.body.items).toEqual([]);
  });
});

/// <reference types="vite/client" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { ROUTES as routes } from '../../functions/domains';
import { fillPath, pathParameterNames, type RouteContract } from '@shared/contracts/route';
import { startTestStack, type TestStack } from './harness';
import { galaxiesDb } from '../../functions/galaxies/store';
import { spheresDb } from '../../functions/spheres/store';
import type { Example, Person } from './matrix/example';

/** Each domain's examples live in matrix/<domain>.ts: `export const examples: Record<string, Example>`. */
const examples: Record<string, Example> = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<{ examples: Record<string, Example> }>('./matrix/*.ts', { eager: true }),
  ).map((m) => m.examples ?? {}),
);

/**
 * The security matrix: every route of the contracts, called as an anonymous visitor, as another
 * user and as a guest, aiming at the owner's identifiers. A route without an example here fails the test, so every
 * new route joins the matrix.
 */
let stack: TestStack;
let owner: Person;
let other: Person;
/** A guest (spec 01 §6): it has no address, so its `email` is empty. */
let guest: Person;
/** A contributor of the owner's sphere, in none of its groups: a member without the rights. */
let contributor: Person;

/**
 * Routes checked on a resource that a plain member of the sphere may call on it: reading the
 * sphere and its contexts (their texts use them), the thinking axes it asks them, the sessions
 * of it they are in (none), and leaving it (walked last).
 */
const MEMBER_MAY = new Set([
  'getSphere',
  'listSphereContexts',
  'getSphereContext',
  'listSphereSessions',
  // The thinking axes a sphere asks its contributors: they answer them.
  'getSphereAxes',
  // A sphere's strategy: its members read and assess it, and list their own assessments of it
  // (Essentials only: the matrix's people are starter users, so they are refused all the same).
  'listSphereStrategies',
  'addSphereStrategyAssessment',
  'listSphereStrategyAssessments',
  'leaveSphere',
]);

async function person(email: string, firstName: string): Promise<Person> {
  const tokens = await stack.signInWithCode(email, { firstName });
  return { tokens, userId: decodeJwt(tokens.accessToken).sub as string, email };
}

beforeAll(async () => {
  stack = await startTestStack();
  owner = await person('owner@example.be', 'Owner');
  other = await person('other@example.be', 'Other');
  // Each has a sphere of their own: the other person is the admin of another sphere.
  for (const [who, name] of [
    [owner, 'Owner sphere zq7'],
    [other, 'Other sphere'],
  ] as const) {
    const created = await stack.api<{ id: string }>('/v1/spheres', {
      method: 'POST',
      token: who.tokens.accessToken,
      body: { name, category: 'company', address: { country: 'BE' }, languages: { primary: 'en' } },
    });
    if (created.status !== 201) throw new Error(`The matrix's sphere was not created: ${created.status}`);
    Object.assign(who, { sphereId: created.body.id, sphereName: name });
  }
  // The owner administers a galaxy that holds their sphere (a super-admin's setup, written as is).
  const galaxyId = 'matrix-owner-galaxy';
  await galaxiesDb()
    .entities.galaxy.create({
      galaxyId,
      name: 'Owner galaxy',
      shortName: 'OG',
      language: 'en',
      sphereCount: 1,
      memberCount: 1,
    })
    .go();
  await galaxiesDb()
    .entities.galaxyMember.create({
      galaxyId,
      memberId: 'matrix-owner',
      name: 'Owner',
      email: owner.email,
      roles: ['admin'],
      userId: owner.userId,
    })
    .go();
  await galaxiesDb().entities.galaxySphere.create({ galaxyId, sphereId: owner.sphereId! }).go();
  await spheresDb().entities.sphere.patch({ sphereId: owner.sphereId! }).set({ galaxyId }).go();
  Object.assign(owner, { galaxyId });
  // The owner's group: they own it and are a member of it.
  const token = owner.tokens.accessToken;
  const me = await stack.api<{ members: { id: string; sphereId: string }[] }>('/v1/me', { token });
  const memberId = me.body.members.find((m) => m.sphereId === owner.sphereId)?.id ?? 'none';
  const group = await stack.api<{ id: string }>(`/v1/spheres/${owner.sphereId}/sessions`, {
    method: 'POST',
    token,
    body: {
      category: 'contributor',
      name: { en: 'Owner group xk4' },
      publicName: { en: 'Group' },
      isPublic: true,
      ownerIds: [memberId],
    },
  });
  if (group.status !== 201) throw new Error(`The matrix's group was not created: ${group.status}`);
  Object.assign(owner, { sessionId: group.body.id, sessionName: 'Owner group xk4' });
  await stack.api(`/v1/sessions/${group.body.id}/members/${memberId}`, {
    method: 'PUT',
    token,
    body: { roles: ['owner', 'member'] },
  });
  // The owner's campaign, with one measure and one cycle.
  const campaign = await stack.api<{ campaignId: string; updateDate: string }>(
    `/v1/campaigns/spheres/${owner.sphereId}`,
    { method: 'POST', token, body: { name: 'Owner campaign', publicName: { en: 'Our pulse' } } },
  );
  if (campaign.status !== 201) throw new Error(`The matrix's campaign was not created: ${campaign.status}`);
  await stack.api(`/v1/campaigns/${campaign.body.campaignId}/measures`, {
    method: 'PUT',
    token,
    body: { measures: [{ id: 'mood', type: 'feeling' }], updateDate: campaign.body.updateDate },
  });
  const cycle = await stack.api<{ cycleId: string }>(`/v1/campaigns/${campaign.body.campaignId}/cycles`, {
    method: 'POST',
    token,
    body: { internalLabel: 'Matrix cycle' },
  });
  if (cycle.status !== 201) throw new Error(`The matrix's cycle was not created: ${cycle.status}`);
  Object.assign(owner, { campaignId: campaign.body.campaignId, cycleId: cycle.body.cycleId });
  // A contributor joins the owner's sphere by its link, and no group.
  contributor = await person('contributor@example.be', 'Contributor');
  const key = await stack.api<{ sphereKey: string }>(`/v1/spheres/${owner.sphereId}/join-key`, { token });
  const joined = await stack.api(`/v1/spheres/${owner.sphereId}/join`, {
    method: 'POST',
    token: contributor.tokens.accessToken,
    body: { sphereKey: key.body.sphereKey },
  });
  if (joined.status !== 200) throw new Error(`The matrix's contributor did not join: ${joined.status}`);
  const signedIn = await stack.signInAsGuest({ link: 'http://127.0.0.1/route-matrix' });
  guest = { tokens: signedIn, userId: signedIn.userId, email: '' };
});
afterAll(async () => {
  await stack?.stop();
});

function request(route: RouteContract, as: Person | null) {
  const example = examples[route.name];
  if (!example) throw new Error(`Route ${route.name} has no example in the route matrix`);
  const { params = {}, query, body } = example(owner);
  for (const name of pathParameterNames(route.path)) {
    params[name] ??= name === 'userId' ? owner.userId : name === 'email' ? owner.email : `matrix-${name}`;
  }
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return stack.api(`${fillPath(route.path, params)}${search}`, {
    method: route.method,
    body,
    ...(as ? { token: as.tokens.accessToken } : {}),
  });
}

describe('route matrix', () => {
  it('every route has an example', () => {
    expect(routes.map((r) => r.name).filter((name) => !examples[name])).toEqual([]);
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s as an anonymous visitor: 401 unless public, never a server error',
    async (_, route) => {
      const response = await request(route, null);
      expect(response.status).toBeLessThan(500);
      if (route.auth === 'public') expect(response.status).not.toBe(401);
      else {
        expect(response.status).toBe(401);
        expect(JSON.stringify(response.body ?? '')).not.toContain(owner.userId);
      }
    },
  );

  it.each(routes.filter((r) => r.auth !== 'public').map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s as another user, the admin of another sphere: nothing of the owner or their sphere',
    async (_, route) => {
      const response = await request(route, other);
      expect(response.status).toBeLessThan(500);
      const text = JSON.stringify(response.body ?? '');
      expect(text).not.toContain(owner.userId);
      expect(text).not.toContain(owner.email);
      expect(text).not.toContain(owner.sphereName);
      // A write aimed at the owner's sphere is refused, never applied.
      if (route.ability?.on && route.method !== 'GET') expect(response.status).toBe(403);
    },
  );

  it.each(routes.filter((r) => r.auth !== 'public').map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s as a guest: nothing of the owner, and 403 guest-not-allowed on registered-only routes',
    async (_, route) => {
      const response = await request(route, guest);
      expect(response.status).toBeLessThan(500);
      const text = JSON.stringify(response.body ?? '');
      expect(text).not.toContain(owner.userId);
      expect(text).not.toContain(owner.email);
      expect(text).not.toContain(owner.sphereName);
      if (route.auth === 'registered') {
        expect(response.status).toBe(403);
        expect(response.body).toMatchObject({ key: 'guest-not-allowed' });
      }
    },
  );

  const leaving = new Set(['leaveSphere', 'leaveSession']);
  it.each(
    routes
      .filter((r) => r.auth !== 'public' && !leaving.has(r.name))
      .map((r) => [`${r.method} ${r.path}`, r] as const),
  )(
    '%s as a contributor of the sphere without the right: refused on the sphere and its group, nothing of the group',
    async (_, route) => {
      const response = await request(route, contributor);
      expect(response.status).toBeLessThan(500);
      const text = JSON.stringify(response.body ?? '');
      expect(text).not.toContain(owner.userId);
      expect(text).not.toContain(owner.email);
      expect(text).not.toContain(owner.sessionName);
      if (route.ability?.on && !MEMBER_MAY.has(route.name)) expect(response.status).toBe(403);
    },
  );

  it('the contributor leaves the sphere, and cannot leave a group they are not in', async () => {
    expect(
      (
        await request(
          routes.find((r) => r.name === 'leaveSession')!,
          contributor,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await request(
          routes.find((r) => r.name === 'leaveSphere')!,
          contributor,
        )
      ).status,
    ).toBe(204);
  });

  it('the guest of the matrix is still a guest after every call', async () => {
    const me = await stack.api<{ userId: string; profile: { isGuest: boolean } }>('/v1/me', {
      token: guest.tokens.accessToken,
    });
    expect(me.body).toMatchObject({ userId: guest.userId, profile: { isGuest: true } });
  });

  it('GET /v1/me answers each caller with their own account only', async () => {
    const mine = await stack.api<{ userId: string }>('/v1/me', { token: owner.tokens.accessToken });
    const theirs = await stack.api<{ userId: string }>('/v1/me', { token: other.tokens.accessToken });
    expect(mine.body.userId).toBe(owner.userId);
    expect(theirs.body.userId).toBe(other.userId);
  });

  it('an injected identity in the query or body is refused, not obeyed', async () => {
    const response = await stack.api(`/v1/me?userId=${owner.userId}`, { token: other.tokens.accessToken });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      errors: [{ key: 'unexpected-value-error', field: 'query.userId' }],
    });
  });
});

// Last, as it changes the owner's data: the admin calls every route on their own sphere and group.
describe('route matrix as the admin', () => {
  it.each(routes.filter((r) => r.auth !== 'public').map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s as the sphere admin on their own sphere: never a server error',
    async (_, route) => {
      expect((await request(route, owner)).status).toBeLessThan(500);
    },
  );
});

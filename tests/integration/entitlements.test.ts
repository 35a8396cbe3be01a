import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type WebSocket from 'ws';
import type { Me } from '@shared/contracts/me';
import type { Member, Sphere } from '@shared/contracts/spheres';
import type { SphereEntitlements } from '@shared/domain/entitlements';
import { usersDb } from '../../functions/users/store';
import { callerOf, eventually, openRealtime, startTestStack, type TestStack, type Tokens } from './harness';

/**
 * A sphere's entitlements over HTTP (issue 37 point 7, decision 0047): only a super-admin in the
 * super-admin mode sets them (`PUT /v1/spheres/{id}/entitlements`); their effect is at once: the
 * sales-up role becomes assignable and gives its holders the consumer sessions, switched off it
 * stays and grants nothing (the holders' tabs hear `ability`), and a contributor joins by the link
 * only while Engagement-Up is active. The sphere's `updateDate`, the settings form's token, stays.
 */
let stack: TestStack;
let alex: Tokens; // super-admin
let zoe: Tokens; // the sphere's admin
let sam: Tokens; // made a sales-up member
let lou: Tokens; // joins as a contributor
let sphere: Sphere;
let samMember: string;
const superAdmin = { 'x-super-admin': 'true' };
const idOf = (tokens: Tokens) => decodeJwt(tokens.accessToken).sub as string;

type Errors = { key?: string; errors?: { key: string; field?: string }[] };

const call = callerOf(() => stack);

const entitlements = (
  engagementUp: boolean,
  campaignTemplatesAvailable: boolean,
  salesUp: boolean,
): SphereEntitlements => ({
  engagementUp: { active: engagementUp, campaignTemplatesAvailable },
  salesUp: { active: salesUp },
});
/** As the super-admin in the mode, unless another caller is named (`mode: false`: no header). */
const grant = (body: unknown, who = alex, mode = true) =>
  call<Sphere & Errors>(
    who,
    `/v1/spheres/${sphere.id}/entitlements`,
    'PUT',
    body,
    mode ? superAdmin : undefined,
  );

/** Whether the person's rules give them the sphere's consumer sessions (the sales-up role's right). */
async function seesConsumerSessions(who: Tokens): Promise<boolean> {
  const me = await call<Me>(who, '/v1/me');
  expect(me.status).toBe(200);
  return me.body.ability.rules.some(
    (r) =>
      r.subject === 'session' &&
      !r.inverted &&
      (r.conditions as { sphereId?: string; category?: string } | undefined)?.category === 'consumer' &&
      (r.conditions as { sphereId?: string }).sphereId === sphere.id,
  );
}

const samAs = (roles: string[]) =>
  call<Member & Errors>(zoe, `/v1/spheres/${sphere.id}/members/${samMember}`, 'PUT', {
    name: 'Sam',
    roles,
    subscription: 'starter',
    active: true,
  });

async function join(who: Tokens) {
  const link = await call<{ sphereKey: string }>(zoe, `/v1/spheres/${sphere.id}/join-key`);
  return call<Sphere & Errors>(who, `/v1/spheres/${sphere.id}/join`, 'POST', {
    sphereKey: link.body.sphereKey,
  });
}

let socket: WebSocket;
const heard: { type: string; action: string }[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  alex = await stack.signInWithCode('alex.entitlements@example.be', { firstName: 'Alex', locale: 'en' });
  zoe = await stack.signInWithCode('zoe.entitlements@example.be', { firstName: 'Zoé', locale: 'fr' });
  sam = await stack.signInWithCode('sam.entitlements@example.be', { firstName: 'Sam', locale: 'en' });
  lou = await stack.signInWithCode('lou.entitlements@example.be', { firstName: 'Lou', locale: 'nl' });
  await usersDb()
    .entities.user.patch({ userId: idOf(alex) })
    .set({ globalRoles: ['super-admin'] })
    .go();
  const created = await call<Sphere>(zoe, '/v1/spheres', 'POST', {
    name: 'Boutique Entitlements',
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'fr' },
    isTerminalEnabled: true,
  });
  expect(created.status).toBe(201);
  sphere = created.body;
  const joined = await join(sam);
  expect(joined.status).toBe(200);
  const me = await call<Me>(sam, '/v1/me');
  samMember = me.body.members.find((m) => m.sphereId === sphere.id)?.id ?? 'none';
  socket = await openRealtime(stack, sam);
  socket.on('message', (data: Buffer) => heard.push(JSON.parse(data.toString()) as (typeof heard)[number]));
});
afterAll(async () => {
  socket?.close();
  await stack?.stop();
});

describe('sphere entitlements', () => {
  it('a new sphere has Engagement-Up without templates, and no Sales-Up', () => {
    expect(sphere.entitlements).toEqual(entitlements(true, false, false));
  });

  it('are the super-admin mode’s only: 403 for the sphere’s admin, with or without the header, and for a super-admin without the mode', async () => {
    const body = entitlements(true, true, true);
    expect((await grant(body, zoe, false)).status).toBe(403);
    expect((await grant(body, zoe, true)).status).toBe(403);
    expect((await grant(body, sam, false)).status).toBe(403);
    expect((await grant(body, alex, false)).status).toBe(403);
    const unchanged = await call<Sphere>(zoe, `/v1/spheres/${sphere.id}`);
    expect(unchanged.body.entitlements).toEqual(entitlements(true, false, false));
    // A sphere that does not exist: the super-admin hears so.
    const missing = await call(alex, '/v1/spheres/no-such-sphere/entitlements', 'PUT', body, superAdmin);
    expect(missing.status).toBe(404);
  });

  it('refuses a body that is not the whole of the entitlements, or holds anything else', async () => {
    for (const body of [
      {},
      { engagementUp: { active: true }, salesUp: { active: true } },
      { engagementUp: { active: 'yes', campaignTemplatesAvailable: false }, salesUp: { active: true } },
      { ...entitlements(true, false, true), updateDate: new Date().toISOString() },
      {
        engagementUp: { active: true, campaignTemplatesAvailable: false, remoteVoting: true },
        salesUp: { active: true },
      },
      { engagementUp: { active: true, campaignTemplatesAvailable: false } },
    ]) {
      const refused = await grant(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('Sales-Up switched on makes the role assignable and gives it the consumer sessions; the settings’ updateDate stays', async () => {
    expect((await samAs(['contributor', 'sales-up'])).body).toMatchObject({
      errors: [{ key: 'not-valid', field: 'body.roles' }],
    });
    const before = await call<Sphere>(zoe, `/v1/spheres/${sphere.id}`);
    const granted = await grant(entitlements(true, false, true));
    expect(granted.status).toBe(200);
    expect(granted.body.entitlements).toEqual(entitlements(true, false, true));
    expect(granted.body.id).toBe(sphere.id);
    const after = await call<Sphere>(zoe, `/v1/spheres/${sphere.id}`);
    expect(after.body.entitlements).toEqual(entitlements(true, false, true));
    expect(after.body.updateDate).toBe(before.body.updateDate);

    const promoted = await samAs(['contributor', 'sales-up']);
    expect(promoted.status).toBe(200);
    expect(promoted.body.roles).toEqual(expect.arrayContaining(['sales-up']));
    expect(await seesConsumerSessions(sam)).toBe(true);
    // The terminals of the sphere are Sam's to set up now (decision 0028).
    expect((await call(sam, `/v1/terminals?sphereId=${sphere.id}`)).status).toBe(200);
  });

  it('Sales-Up switched off keeps the role, which grants nothing, and tells its holder at once', async () => {
    heard.length = 0;
    const off = await grant(entitlements(true, false, false));
    expect(off.status).toBe(200);
    expect(off.body.entitlements.salesUp.active).toBe(false);
    await eventually(async () => (heard.some((e) => e.type === 'ability') ? true : undefined), {
      what: 'the ability event',
    });
    expect(heard).toEqual(expect.arrayContaining([{ type: 'ability', action: 'updated' }]));
    expect(await seesConsumerSessions(sam)).toBe(false);
    expect((await call(sam, `/v1/terminals?sphereId=${sphere.id}`)).status).toBe(403);
    const members = await call<{ items: Member[] }>(zoe, `/v1/spheres/${sphere.id}/members`);
    expect(members.body.items.find((m) => m.id === samMember)?.roles).toContain('sales-up');
    // The kept role may be kept on a save, never given anew while Sales-Up is off.
    expect((await samAs(['contributor', 'sales-up'])).status).toBe(200);
    // Switched on again, it grants what it did.
    expect((await grant(entitlements(true, false, true))).status).toBe(200);
    expect(await seesConsumerSessions(sam)).toBe(true);
  });

  it('a contributor joins by the link only while Engagement-Up is active', async () => {
    expect((await grant(entitlements(false, false, true))).status).toBe(200);
    const refused = await join(lou);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ key: 'contribution-not-active' });
    expect((await grant(entitlements(true, true, true))).status).toBe(200);
    const joined = await join(lou);
    expect(joined.status).toBe(200);
    expect(joined.body.entitlements.engagementUp).toEqual({ active: true, campaignTemplatesAvailable: true });
  });

  it('the same entitlements again is no change: 200, nobody told', async () => {
    heard.length = 0;
    const same = await grant(entitlements(true, true, true));
    expect(same.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([]);
  });

  it('racing writes: each is saved whole or refused with conflict, and one of them is what stays', async () => {
    const bodies = [
      entitlements(true, false, false),
      entitlements(false, false, true),
      entitlements(true, true, false),
      entitlements(false, true, true),
    ];
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(bodies.map((b) => grant(b)));
      const statuses = answers.map((a) => a.status);
      expect(
        statuses.every((s) => s === 200 || s === 409),
        JSON.stringify(statuses),
      ).toBe(true);
      expect(statuses).toContain(200);
      for (const a of answers) if (a.status === 409) expect(a.body).toMatchObject({ key: 'conflict' });
      const now = (await call<Sphere>(zoe, `/v1/spheres/${sphere.id}`)).body.entitlements;
      const saved = bodies.filter((_, i) => statuses[i] === 200);
      expect(saved).toContainEqual(now);
    }
  });
});

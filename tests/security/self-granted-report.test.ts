import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '@shared/contracts/me';
import type { Session } from '@shared/contracts/sessions';
import type { Sphere } from '@shared/contracts/spheres';
import { startTestStack, type TestStack, type Tokens } from '../integration/harness';

/**
 * Finding 8 of the security review: the group-report exception (spec 02 §6) was lifted by the very
 * people it keeps out. A sphere's admin added themselves to a private group as a member, or a
 * group's referent gave themselves the member role, and read the group's report. A member role a
 * person gives themselves through their own admin or referent right now opens no report (decision
 * 0012); one given by someone else, or taken by the group's link without such a right, still does.
 */
let stack: TestStack;
/** The sphere's first admin. */
let ada: Tokens;
/** Another admin of the sphere. */
let bob: Tokens;
/** A contributor who is the referent (owner) of the group, and no admin. */
let rita: Tokens;
/** A plain contributor. */
let zoe: Tokens;
let sphere: Sphere;
/** A private group (not open to its link). */
let group: Session;
/** A group open to its link. */
let open: Session;
const member: Record<'ada' | 'bob' | 'rita' | 'zoe', string> = { ada: '', bob: '', rita: '', zoe: '' };

const api = <T>(tokens: Tokens, path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, { method, token: tokens.accessToken, ...(body !== undefined ? { body } : {}) });
const memberIdOf = async (tokens: Tokens) =>
  (await api<Me>(tokens, '/v1/me')).body.members.find((m) => m.sphereId === sphere.id)?.id ?? 'none';

const DAY = 86_400_000;
const day = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The group's reports as one reader asks them: its feelings report and its questionnaires' list. */
async function reports(tokens: Tokens, sessionId: string): Promise<[number, number]> {
  const feelings = await api(tokens, '/v1/feelings/session-reports', 'POST', {
    sessionId,
    start: day(Date.now() - 28 * DAY),
    end: day(Date.now()),
  });
  const forms = await api(tokens, `/v1/forms/reports/sessions/${sessionId}`);
  return [feelings.status, forms.status];
}

const setRoles = (tokens: Tokens, sessionId: string, memberId: string, roles: string[]) =>
  api(tokens, `/v1/sessions/${sessionId}/members/${memberId}`, 'PUT', { roles });

beforeAll(async () => {
  stack = await startTestStack();
  ada = await stack.signInWithCode('ada.selfgrant@example.be', { firstName: 'Ada', locale: 'en' });
  bob = await stack.signInWithCode('bob.selfgrant@example.be', { firstName: 'Bob', locale: 'en' });
  rita = await stack.signInWithCode('rita.selfgrant@example.be', { firstName: 'Rita', locale: 'en' });
  zoe = await stack.signInWithCode('zoe.selfgrant@example.be', { firstName: 'Zoe', locale: 'en' });
  sphere = (
    await api<Sphere>(ada, '/v1/spheres', 'POST', {
      name: 'Self-grant sphere',
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'en' },
    })
  ).body;
  const { sphereKey } = (await api<{ sphereKey: string }>(ada, `/v1/spheres/${sphere.id}/join-key`)).body;
  for (const tokens of [bob, rita, zoe])
    expect((await api(tokens, `/v1/spheres/${sphere.id}/join`, 'POST', { sphereKey })).status).toBe(200);
  member.ada = await memberIdOf(ada);
  member.bob = await memberIdOf(bob);
  member.rita = await memberIdOf(rita);
  member.zoe = await memberIdOf(zoe);
  // Bob becomes the sphere's second admin, given the right by Ada.
  const promoted = await api(ada, `/v1/spheres/${sphere.id}/members/${member.bob}`, 'PUT', {
    name: 'Bob',
    roles: ['admin', 'contributor'],
    subscription: 'starter',
    active: true,
  });
  expect(promoted.status).toBe(200);
  const created = await api<Session>(ada, `/v1/spheres/${sphere.id}/sessions`, 'POST', {
    category: 'contributor',
    name: { en: 'Night shift' },
    publicName: { en: 'Team' },
    isPublic: false,
    ownerIds: [member.rita],
  });
  expect(created.status).toBe(201);
  group = created.body;
  open = (
    await api<Session>(ada, `/v1/spheres/${sphere.id}/sessions`, 'POST', {
      category: 'contributor',
      name: { en: 'Day shift' },
      publicName: { en: 'Day team' },
      isPublic: true,
    })
  ).body;
});
afterAll(async () => {
  await stack?.stop();
});

describe('the group-report exception is not lifted by the person it keeps out', () => {
  it('a sphere admin who adds themselves to a private group as a member reads none of its reports', async () => {
    expect(await reports(ada, group.id)).toEqual([403, 403]);
    const added = await api(ada, `/v1/sessions/${group.id}/members`, 'POST', {
      memberId: member.ada,
      roles: ['member'],
    });
    expect(added.status).toBe(201);
    expect(await reports(ada, group.id)).toEqual([403, 403]);
    // The group's page says why, instead of offering a report that answers 403.
    const seen = await api<Session>(ada, `/v1/sessions/${group.id}`);
    expect(seen.body).toMatchObject({ isMember: true, roles: ['member'], selfGranted: true });
  });

  it('a referent who gives themselves the member role reads none of its reports', async () => {
    expect(await reports(rita, group.id)).toEqual([403, 403]);
    expect((await setRoles(rita, group.id, member.rita, ['owner', 'member'])).status).toBe(200);
    expect(await reports(rita, group.id)).toEqual([403, 403]);
    // Saving their roles again keeps the grant as it was.
    expect((await setRoles(rita, group.id, member.rita, ['member', 'owner'])).status).toBe(200);
    expect(await reports(rita, group.id)).toEqual([403, 403]);
  });

  it('an admin who joins a group by its link (a key their right reads) reads none of its reports', async () => {
    const { sessionKey } = (await api<{ sessionKey: string }>(bob, `/v1/sessions/${open.id}/join-key`)).body;
    expect((await api(bob, `/v1/sessions/${open.id}/join`, 'POST', { sessionKey })).status).toBe(200);
    expect(await reports(bob, open.id)).toEqual([403, 403]);
  });
});

describe('a member role given by someone else, or taken by the link without a right, still gives the report', () => {
  it('a contributor added as a member by an admin reads the group’s reports', async () => {
    const added = await api(ada, `/v1/sessions/${group.id}/members`, 'POST', {
      memberId: member.zoe,
      roles: ['member'],
    });
    expect(added.status).toBe(201);
    expect(await reports(zoe, group.id)).toEqual([200, 200]);
    expect((await api<Session>(zoe, `/v1/sessions/${group.id}`)).body.selfGranted).toBeUndefined();
  });

  it('the self-added admin reads them once another admin gives them the member role', async () => {
    expect(await reports(ada, group.id)).toEqual([403, 403]);
    expect((await setRoles(bob, group.id, member.ada, ['member'])).status).toBe(200);
    expect(await reports(ada, group.id)).toEqual([200, 200]);
    // Saving their own roles later does not take back what the other admin gave.
    expect((await setRoles(ada, group.id, member.ada, ['member', 'owner'])).status).toBe(200);
    expect(await reports(ada, group.id)).toEqual([200, 200]);
  });

  it('the referent reads them once an admin gives them the member role', async () => {
    expect((await setRoles(ada, group.id, member.rita, ['owner', 'member'])).status).toBe(200);
    expect(await reports(rita, group.id)).toEqual([200, 200]);
  });

  it('a contributor without a right who joins by the link reads the group’s reports', async () => {
    const { sessionKey } = (await api<{ sessionKey: string }>(ada, `/v1/sessions/${open.id}/join-key`)).body;
    expect((await api(zoe, `/v1/sessions/${open.id}/join`, 'POST', { sessionKey })).status).toBe(200);
    expect(await reports(zoe, open.id)).toEqual([200, 200]);
  });
});

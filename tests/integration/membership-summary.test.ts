import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { Me, MySessions } from '@shared/contracts/me';
import { DEFAULT_SPHERE_LIMITS } from '@shared/domain/spheres';
import { galaxyMembershipsOf } from '../../functions/galaxies';
import { sessionMembershipsOf } from '../../functions/sessions';
import { importSession } from '../../functions/sessions/seeding';
import { membershipsOf } from '../../functions/spheres';
import { importSphere } from '../../functions/spheres/seeding';
import { readMembershipSummary } from '../../functions/users';
import { itemsReadBy, recordDynamoCalls } from '../bench/dynamo-time';
import { callerOf, startTestStack, type TestStack, type Tokens } from './harness';

/**
 * The membership summary the start call reads (decision 0055) stays what the memberships say
 * after every change, and the start call of a member of 20 spheres and 200 groups reads at most
 * 50 items.
 */
let stack: TestStack;
const api = callerOf(() => stack);
let admin: Tokens;
let zoe: Tokens;
const idOf = (who: Tokens) => decodeJwt(who.accessToken).sub as string;

/** The memberships as their own items say, in the summary's terms, sorted. */
async function truth(userId: string) {
  const [members, sessionMembers, galaxyMembers] = await Promise.all([
    membershipsOf(userId),
    sessionMembershipsOf(userId),
    galaxyMembershipsOf(userId),
  ]);
  return {
    spheres: members
      .map((m) => ({
        sphereId: m.sphereId,
        memberId: m.memberId,
        roles: [...m.roles].sort(),
        active: m.active,
        subscription: m.subscription,
      }))
      .sort((a, b) => `${a.sphereId}#${a.memberId}`.localeCompare(`${b.sphereId}#${b.memberId}`)),
    sessions: sessionMembers
      .map((m) => ({
        sessionId: m.sessionId,
        memberId: m.memberId,
        sphereId: m.sphereId,
        category: m.category,
        roles: [...m.roles].sort(),
        ...(m.memberSelfGranted === true ? { selfGranted: true } : {}),
      }))
      .sort((a, b) => a.sessionId.localeCompare(b.sessionId)),
    galaxies: galaxyMembers
      .map((m) => ({
        galaxyId: m.galaxyId,
        memberId: m.memberId,
        roles: [...m.roles].sort(),
        active: m.active,
      }))
      .sort((a, b) => a.galaxyId.localeCompare(b.galaxyId)),
  };
}

/** The summary as stored, in the same order. */
async function stored(userId: string) {
  const { summary } = await readMembershipSummary(userId);
  return {
    spheres: summary.spheres
      .map((e) => ({ ...e, roles: [...e.roles].sort() }))
      .sort((a, b) => `${a.sphereId}#${a.memberId}`.localeCompare(`${b.sphereId}#${b.memberId}`)),
    sessions: summary.sessions
      .map((e) => ({ ...e, roles: [...e.roles].sort() }))
      .sort((a, b) => a.sessionId.localeCompare(b.sessionId)),
    galaxies: summary.galaxies
      .map((e) => ({ ...e, roles: [...e.roles].sort() }))
      .sort((a, b) => a.galaxyId.localeCompare(b.galaxyId)),
  };
}

const expectTrue = async (who: Tokens) => expect(await stored(idOf(who))).toEqual(await truth(idOf(who)));

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('summary.admin@example.be', { firstName: 'Ada' });
  zoe = await stack.signInWithCode('summary.zoe@example.be', { firstName: 'Zoé' });
});
afterAll(async () => {
  await stack?.stop();
});

describe('the membership summary follows every membership change', () => {
  let sphereId: string;
  let groupId: string;

  it('is built on the first start call, then kept by the writes', async () => {
    expect((await readMembershipSummary(idOf(admin))).built).toBe(false);
    expect((await api<Me>(admin, '/v1/me')).status).toBe(200);
    expect((await readMembershipSummary(idOf(admin))).built).toBe(true);
    const sphere = await api<{ id: string }>(admin, '/v1/spheres', 'POST', {
      name: 'Résumés',
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'fr' },
    });
    expect(sphere.status).toBe(201);
    sphereId = sphere.body.id;
    await expectTrue(admin);
    const me = (await api<Me>(admin, '/v1/me')).body;
    expect(me.spheres.map((s) => s.id)).toEqual([sphereId]);
    expect(me.members.find((m) => m.sphereId === sphereId)?.roles).toEqual(
      expect.arrayContaining(['admin', 'contributor']),
    );
  });

  it('a join, a group, a role change, leaving a group and leaving the sphere', async () => {
    await api<Me>(zoe, '/v1/me');
    const { body: key } = await api<{ sphereKey: string }>(admin, `/v1/spheres/${sphereId}/join-key`);
    expect(
      (
        await api(zoe, `/v1/spheres/${sphereId}/join`, 'POST', {
          sphereKey: key.sphereKey,
          email: 'summary.zoe@example.be',
        })
      ).status,
    ).toBe(200);
    await expectTrue(zoe);
    const group = await api<{ id: string }>(admin, `/v1/spheres/${sphereId}/sessions`, 'POST', {
      category: 'contributor',
      name: { fr: 'Équipe' },
    });
    groupId = group.body.id;
    await expectTrue(admin);
    const zoeMember = (await api<Me>(zoe, '/v1/me')).body.members[0]?.id as string;
    expect(
      (
        await api(admin, `/v1/sessions/${groupId}/members`, 'POST', {
          memberId: zoeMember,
          roles: ['member'],
        })
      ).status,
    ).toBe(201);
    await expectTrue(zoe);
    expect((await api<MySessions>(zoe, '/v1/me/sessions')).body.items.map((s) => s.id)).toEqual([groupId]);
    // A role change of the sphere membership.
    expect(
      (
        await api(admin, `/v1/spheres/${sphereId}/members/${zoeMember}`, 'PUT', {
          name: 'Zoé',
          roles: ['contributor', 'admin'],
          active: true,
          subscription: 'starter',
        })
      ).status,
    ).toBe(200);
    await expectTrue(zoe);
    expect((await api(zoe, `/v1/sessions/${groupId}/leave`, 'POST')).status).toBeLessThan(300);
    await expectTrue(zoe);
    expect((await api<MySessions>(zoe, '/v1/me/sessions')).body.items).toEqual([]);
    expect((await api(zoe, `/v1/spheres/${sphereId}/leave`, 'POST')).status).toBe(204);
    await expectTrue(zoe);
    expect((await api<Me>(zoe, '/v1/me')).body.spheres).toEqual([]);
  });
});

describe('the start call of a member of 20 spheres and 200 groups', () => {
  it('reads at most 50 items once its summary is built', async () => {
    const many = await stack.signInWithCode('summary.many@example.be', { firstName: 'Max' });
    const userId = idOf(many);
    for (let s = 0; s < 20; s++) {
      const sphereId = `summary-sphere-${s}`;
      await importSphere(
        {
          sphereId,
          name: `Sphère ${s}`,
          nameKey: `sphere ${s}`,
          category: 'company',
          ownerId: userId,
          address: { country: 'BE' as const },
          domains: [],
          isStudyProgram: false,
          isTerminalEnabled: false,
          customizableThinkingAxes: false,
          accessPolicy: 'AUTH' as const,
          languages: { primary: 'fr' as const, extras: [] },
          limits: { ...DEFAULT_SPHERE_LIMITS },
          entitlements: {
            engagementUp: { active: true, campaignTemplatesAvailable: false },
            salesUp: { active: false },
          },
          sphereKey: `key-${sphereId}`,
        },
        [
          {
            memberId: 'm0',
            userId,
            name: 'Max',
            email: 'summary.many@example.be',
            roles: ['admin', 'contributor'],
            active: true,
            subscription: 'starter',
          },
        ],
      );
      for (let g = 0; g < 10; g++)
        await importSession(
          {
            sessionId: `${sphereId}-g${g}`,
            sphereId,
            category: 'contributor',
            type: 'group',
            name: { fr: `Groupe ${g}` },
            publicName: {},
            parentSessionIds: [],
            isLeaf: false,
            subscription: 'starter',
            isPublic: false,
            archived: false,
            sessionKey: `key-${sphereId}-g${g}`,
          },
          [
            {
              memberId: 'm0',
              userId,
              sphereId,
              category: 'contributor',
              name: 'Max',
              email: 'summary.many@example.be',
              roles: ['member'],
            },
          ],
        );
    }
    // The first start call builds the summary; the next ones read it.
    const first = await api<Me>(many, '/v1/me');
    expect(first.status).toBe(200);
    await expectTrue(many);
    let answer: Me | undefined;
    const calls = await recordDynamoCalls(async () => {
      answer = (await api<Me>(many, '/v1/me')).body;
    });
    expect(answer?.spheres).toHaveLength(20);
    // The rules of every group still come with the start call.
    expect(
      answer?.ability.rules.filter((r) => r.subject === 'session' && r.conditions?.sessionId !== undefined),
    ).toHaveLength(200);
    const items = await itemsReadBy(calls, stack.services.dynamodb);
    expect(items).toBeLessThanOrEqual(50);
    // The groups themselves are the pages' (GET /v1/me/sessions).
    expect((await api<MySessions>(many, '/v1/me/sessions')).body.count).toBe(200);
  }, 120_000);
});

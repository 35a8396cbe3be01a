import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { Me, MySessions } from '@shared/contracts/me';
import { DEFAULT_SPHERE_LIMITS } from '@shared/domain/spheres';
import { galaxyMembershipsOf } from '../../functions/galaxies';
import { findSessions, sessionMembershipsOf } from '../../functions/sessions';
import { importSession } from '../../functions/sessions/seeding';
import { membershipsOf } from '../../functions/spheres';
import { importSphere } from '../../functions/spheres/seeding';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Session } from '@shared/contracts/sessions';
import { documentClient } from '../../functions/lib/aws';
import { config } from '../../functions/lib/config';
import { readMembershipSummary } from '../../functions/users';
import { usersDb } from '../../functions/users/store';
import { itemsReadBy, recordDynamoCalls } from '../bench/dynamo-time';
import { callerOf, startTestStack, type TestStack, type Tokens } from './harness';

/** The fields a group's save sends back, as the group was read. */
const saved = (s: Session) => ({
  name: s.realName ?? s.name,
  publicName: s.publicName ?? {},
  isLeaf: s.isLeaf,
  subscription: s.subscription,
  isPublic: s.isPublic,
  archived: s.archived,
  updateDate: s.updateDate,
});

/** The key of a person's summary item. */
const summaryKey = (userId: string) =>
  usersDb().entities.membershipSummary.get({ userId }).params<{ Key: Record<string, unknown> }>().Key;

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
  const groups = new Map(
    (await findSessions(sessionMembers.map((m) => m.sessionId))).map((g) => [g.sessionId, g]),
  );
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
        plan: groups.get(m.sessionId)?.subscription,
        ...(groups.get(m.sessionId)?.archived === true ? { archived: true } : {}),
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

describe('the start call tells the top bar whether a group opens the myself forms menu', () => {
  const openGroups = async (who: Tokens) => (await api<Me>(who, '/v1/me')).body.openContributorGroups;

  it('counts the contributor groups not Starter and not archived, following their plan and archiving', async () => {
    const sphere = await api<{ id: string }>(admin, '/v1/spheres', 'POST', {
      name: 'Formulaires',
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'fr' },
    });
    const sphereId = sphere.body.id;
    expect(
      (await api(admin, `/v1/spheres/${sphereId}/subscriptions/essentials/license`, 'PUT', { quantity: 2 }))
        .status,
    ).toBe(200);
    const before = (await openGroups(admin)) ?? 0;
    const ownerIds = [(await api<Me>(admin, '/v1/me')).body.members.find((m) => m.sphereId === sphereId)?.id];
    // A Starter group opens nothing.
    const starter = await api<Session>(admin, `/v1/spheres/${sphereId}/sessions`, 'POST', {
      category: 'contributor',
      name: { fr: 'Débutants' },
      ownerIds,
    });
    expect(starter.status).toBe(201);
    expect(await openGroups(admin)).toBe(before);
    // An Essentials group does, from its creation.
    const essentials = await api<Session>(admin, `/v1/spheres/${sphereId}/sessions`, 'POST', {
      category: 'contributor',
      name: { fr: 'Avancés' },
      subscription: 'essentials',
      ownerIds,
    });
    expect(essentials.status).toBe(201);
    expect(await openGroups(admin)).toBe(before + 1);
    await expectTrue(admin);
    // The Starter group made Essentials: its members' summaries follow the save.
    const raised = await api<Session>(admin, `/v1/sessions/${starter.body.id}`, 'PUT', {
      ...saved(starter.body),
      subscription: 'essentials',
    });
    expect(raised.status).toBe(200);
    expect(await openGroups(admin)).toBe(before + 2);
    await expectTrue(admin);
    // Archived, it no longer counts; back to Starter neither.
    const archived = await api<Session>(admin, `/v1/sessions/${raised.body.id}`, 'PUT', {
      ...saved(raised.body),
      archived: true,
    });
    expect(archived.status).toBe(200);
    expect(await openGroups(admin)).toBe(before + 1);
    await expectTrue(admin);
    const lowered = await api<Session>(admin, `/v1/sessions/${essentials.body.id}`, 'PUT', {
      ...saved(essentials.body),
      subscription: 'starter',
    });
    expect(lowered.status).toBe(200);
    expect(await openGroups(admin)).toBe(before);
    await expectTrue(admin);
  });

  it('a summary built in the older shape is built again once, with the groups’ plans', async () => {
    const userId = idOf(admin);
    const expected = await openGroups(admin);
    // The summary as the first shape wrote it: no plan, no shape.
    const { summary, revision } = await readMembershipSummary(userId);
    await documentClient().send(
      new PutCommand({
        TableName: config().TABLE_NAME,
        Item: {
          ...summaryKey(userId),
          userId,
          __edb_e__: 'membershipSummary',
          __edb_v__: '1',
          revision,
          builtAt: new Date().toISOString(),
          ...Object.fromEntries(
            summary.sessions.map(({ sessionId, memberId, plan: _p, archived: _a, ...rest }) => [
              `session#${sessionId}#${memberId}`,
              JSON.parse(JSON.stringify(rest)) as unknown,
            ]),
          ),
          ...Object.fromEntries(
            summary.spheres.map(({ sphereId, memberId, ...rest }) => [
              `sphere#${sphereId}#${memberId}`,
              rest,
            ]),
          ),
        },
      }),
    );
    expect((await readMembershipSummary(userId)).built).toBe(false);
    expect(await openGroups(admin)).toBe(expected);
    expect((await readMembershipSummary(userId)).built).toBe(true);
    await expectTrue(admin);
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

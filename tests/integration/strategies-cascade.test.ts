import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { Session } from '@shared/contracts/sessions';
import type { Sphere } from '@shared/contracts/spheres';
import type { Strategy, StrategyAssessment, StrategyList } from '@shared/contracts/strategies';
import { usersDb } from '../../functions/users/store';
import { importEntitlements } from '../../functions/forms/seeding';
import { formsDb } from '../../functions/forms/store';
import { assessmentsOfList, eraseStrategyOf, readList } from '../../functions/strategies/repository';
import { startTestStack, type TestStack, type Tokens } from './harness';
import { wholeTable } from './table-scan';

/**
 * What goes with a deleted session (decisions 0012, 0019, 0020): its strategy, everyone's
 * assessments of it and its place in the sphere's form entitlements; other sessions' strategies,
 * the sphere's and the people's own life compasses stay. Spheres are never deleted.
 */
let stack: TestStack;
/** Admin of the sphere (Essentials). */
let ada: Tokens;
/** A contributor of the sphere, a member of both groups (Essentials). */
let zoe: Tokens;
let sphere: Sphere;
/** The group deleted. */
let doomed: Session;
/** A group of the same sphere that stays. */
let kept: Session;
const idOf = (tokens: Tokens) => decodeJwt(tokens.accessToken).sub as string;

const api = <T>(tokens: Tokens, path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, { method, token: tokens.accessToken, ...(body !== undefined ? { body } : {}) });
const addTo = async (tokens: Tokens, list: string, body: Record<string, unknown>) => {
  const created = await api<Strategy>(tokens, `/v1/strategies/${list}`, 'POST', body);
  expect(created.status).toBe(201);
  return created.body;
};
const titlesOf = async (tokens: Tokens, list: string) =>
  (await api<StrategyList>(tokens, `/v1/strategies/${list}`)).body.items.map((s) => s.title);
const assess = async (tokens: Tokens, sessionId: string, strategyId: string) => {
  const saved = await api<StrategyAssessment>(
    tokens,
    `/v1/strategies/assessments/sessions/${sessionId}`,
    'POST',
    { values: { [strategyId]: 4 } },
  );
  expect(saved.status).toBe(201);
  return saved.body;
};
const entitlement = async (formId: string) => {
  const { data } = await formsDb()
    .entities.formEntitlement.get({ sphereId: sphere.id, formId })
    .go({ consistent: true });
  return data;
};

async function newGroup(name: string) {
  const created = await api<Session>(ada, `/v1/spheres/${sphere.id}/sessions`, 'POST', {
    category: 'contributor',
    name: { en: name },
    publicName: { en: name },
    isPublic: true,
  });
  expect(created.status).toBe(201);
  const { sessionKey } = (await api<{ sessionKey: string }>(ada, `/v1/sessions/${created.body.id}/join-key`))
    .body;
  expect((await api(zoe, `/v1/sessions/${created.body.id}/join`, 'POST', { sessionKey })).status).toBe(200);
  return created.body;
}

beforeAll(async () => {
  stack = await startTestStack();
  ada = await stack.signInWithCode('ada.cascade@example.be', { firstName: 'Ada', locale: 'en' });
  zoe = await stack.signInWithCode('zoe.cascade@example.be', { firstName: 'Zoé', locale: 'fr' });
  for (const person of [ada, zoe])
    await usersDb()
      .entities.user.patch({ userId: idOf(person) })
      .set({ subscription: 'essentials' })
      .go();
  const created = await api<Sphere>(ada, '/v1/spheres', 'POST', {
    name: 'Maison Cascade',
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'en' },
    strategyEnabled: true,
  });
  expect(created.status).toBe(201);
  sphere = created.body;
  const { sphereKey } = (await api<{ sphereKey: string }>(ada, `/v1/spheres/${sphere.id}/join-key`)).body;
  expect((await api(zoe, `/v1/spheres/${sphere.id}/join`, 'POST', { sphereKey })).status).toBe(200);
  doomed = await newGroup('Doomed cell');
  kept = await newGroup('Kept cell');
});
afterAll(async () => {
  await stack?.stop();
});

describe('deleting a session', () => {
  it('deletes its strategy and everyone’s assessments of it; other lists and assessments stay', async () => {
    const goal = await addTo(ada, `sessions/${doomed.id}`, {
      type: 'goal',
      title: 'Ship',
      description: 'Ship it',
    });
    await addTo(ada, `sessions/${doomed.id}`, { type: 'action', title: 'Plan', description: 'Plan it' });
    const keptGoal = await addTo(ada, `sessions/${kept.id}`, {
      type: 'goal',
      title: 'Stay',
      description: 'Stay on',
    });
    await addTo(ada, `spheres/${sphere.id}`, { type: 'vision', title: 'Ours', description: 'Our vision' });
    await addTo(ada, 'myself', { type: 'vision', title: 'Mine', description: 'My vision' });
    await addTo(zoe, 'myself', { type: 'vision', title: 'Hers', description: 'Her vision' });
    const gone = await assess(zoe, doomed.id, goal.id);
    const stays = await assess(zoe, kept.id, keptGoal.id);
    expect(await assessmentsOfList({ linkTo: 'session', linkId: doomed.id })).toHaveLength(1);

    expect((await api(ada, `/v1/sessions/${doomed.id}`, 'DELETE')).status).toBe(204);

    const list = await readList({ linkTo: 'session', linkId: doomed.id });
    expect(list.items).toEqual([]);
    expect(list.revision).toBeUndefined();
    expect(await assessmentsOfList({ linkTo: 'session', linkId: doomed.id })).toEqual([]);
    expect((await api(zoe, `/v1/strategies/assessments/${gone.id}`)).status).toBe(404);

    expect(await titlesOf(ada, `sessions/${kept.id}`)).toEqual(['Stay']);
    expect(await titlesOf(ada, `spheres/${sphere.id}`)).toEqual(['Ours']);
    expect(await titlesOf(ada, 'myself')).toEqual(['Mine']);
    expect(await titlesOf(zoe, 'myself')).toEqual(['Hers']);
    const read = await api<StrategyAssessment>(zoe, `/v1/strategies/assessments/${stays.id}`);
    expect(read.status).toBe(200);
    expect(read.body.values).toEqual({ [keptGoal.id]: 4 });
  });

  it('takes it out of the sphere’s form entitlements; the other sessions named stay', async () => {
    const session = await newGroup('Entitled cell');
    await importEntitlements(sphere.id, [
      { formId: 'cascade-both', availabilitiesThrough: 'sessionMember', sessionIds: [session.id, kept.id] },
      { formId: 'cascade-only', availabilitiesThrough: 'sessionMember', sessionIds: [session.id] },
      { formId: 'cascade-kept', availabilitiesThrough: 'sessionMember', sessionIds: [kept.id] },
      { formId: 'cascade-sphere', availabilitiesThrough: 'sphereMember', sessionIds: [] },
    ]);
    const untouched = await entitlement('cascade-kept');

    expect((await api(ada, `/v1/sessions/${session.id}`, 'DELETE')).status).toBe(204);

    expect((await entitlement('cascade-both'))?.sessionIds).toEqual([kept.id]);
    // Left reaching nobody until the sphere's admins change it.
    expect(await entitlement('cascade-only')).toMatchObject({
      availabilitiesThrough: 'sessionMember',
      sessionIds: [],
    });
    expect(await entitlement('cascade-kept')).toEqual(untouched);
    expect((await entitlement('cascade-sphere'))?.availabilitiesThrough).toBe('sphereMember');
  });

  it('leaves nothing in the table that names it, and erasing its strategy again changes nothing', async () => {
    const items = await wholeTable();
    expect(items.filter((i) => i.includes(doomed.id.toLowerCase()))).toEqual([]);
    await eraseStrategyOf({ linkTo: 'session', linkId: doomed.id });
    expect(await titlesOf(ada, `sessions/${kept.id}`)).toEqual(['Stay']);
  });
});

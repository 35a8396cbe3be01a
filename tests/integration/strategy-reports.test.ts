import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { Session } from '@shared/contracts/sessions';
import type { Sphere } from '@shared/contracts/spheres';
import type { Strategy, StrategyAssessment } from '@shared/contracts/strategies';
import type { StrategyReport } from '@shared/contracts/strategy-reports';
import { isoWeekOf, weekBounds } from '@shared/domain/report-rollups';
import { assessmentFreezeDate } from '@shared/domain/strategies';
import { readScope, scopeOf } from '../../functions/rollups';
import { membershipIn } from '../../functions/spheres';
import { spheresDb } from '../../functions/spheres/store';
import { rebuildSphereStrategyRollups } from '../../functions/strategies';
import {
  changeAssessment,
  eraseAssessments,
  findAssessment,
  insertAssessment,
  strategySource,
  type NewAssessment,
} from '../../functions/strategies/repository';
import { usersDb } from '../../functions/users/store';
import { startTestStack, writtenAt, type TestStack, type Tokens } from './harness';

/**
 * Strategy assessments in reports (decision 0034): POST /v1/strategies/sphere-reports and
 * /v1/strategies/session-reports give each item of the place's strategy, in its outline's order,
 * with its average level and each level's count over the closed weeks, under the privacy rules of
 * every report; an item too few people surely answered is hidden with its reason. Its rollups are
 * kept by the assessments' own writes, equal a rebuild, and go with a deleted group.
 */
let stack: TestStack;
/** Admin of the sphere (Essentials). */
let ada: Tokens;
let sphere: Sphere;
let tagId: string;
let vision: Strategy;
let axis: Strategy;
let goal: Strategy;
let hidden: Strategy;

const DAY = 86_400_000;
const week = isoWeekOf(new Date(Date.now() - 14 * DAY).toISOString().slice(0, 10));
const at = (dayOfWeek: number) =>
  new Date(Date.parse(`${weekBounds(week).first}T10:00:00Z`) + dayOfWeek * DAY).toISOString();
const period = { start: weekBounds(week).first, end: weekBounds(week).last };
const idOf = (tokens: Tokens) => decodeJwt(tokens.accessToken).sub as string;

const api = <T>(tokens: Tokens, path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, { method, token: tokens.accessToken, ...(body !== undefined ? { body } : {}) });
const addTo = async (list: string, body: Record<string, unknown>) => {
  const created = await api<Strategy>(ada, `/v1/strategies/${list}`, 'POST', body);
  expect(created.status).toBe(201);
  return created.body;
};

const assessment = (
  userId: string,
  values: Record<string, number>,
  tags: string[],
  day = 2,
): NewAssessment => ({
  userId,
  linkTo: 'sphere',
  linkId: sphere.id,
  sphereId: sphere.id,
  values: Object.entries(values).map(([id, value]) => ({ id, value })),
  locale: 'Europe/Brussels',
  fromDirectLink: false,
  specificTagIds: [],
  reportTagIds: tags,
  creationDate: at(day),
  freezeDate: assessmentFreezeDate(Date.now()),
});

/** An assessment written when it was given (its week then open). */
const insertAssessmentAt = (given: NewAssessment) =>
  writtenAt(given.creationDate, () => insertAssessment(given));

const report = (body: Record<string, unknown>, tokens = ada) =>
  api<StrategyReport>(tokens, '/v1/strategies/sphere-reports', 'POST', {
    sphereId: sphere.id,
    ...period,
    ...body,
  });

async function essentials(email: string, firstName: string): Promise<Tokens> {
  const tokens = await stack.signInWithCode(email, { firstName, locale: 'en' });
  await usersDb()
    .entities.user.patch({ userId: idOf(tokens) })
    .set({ subscription: 'essentials' })
    .go();
  return tokens;
}

async function join(tokens: Tokens) {
  const { sphereKey } = (await api<{ sphereKey: string }>(ada, `/v1/spheres/${sphere.id}/join-key`)).body;
  expect((await api(tokens, `/v1/spheres/${sphere.id}/join`, 'POST', { sphereKey })).status).toBe(200);
}

beforeAll(async () => {
  stack = await startTestStack();
  ada = await essentials('ada.strategy-reports@example.be', 'Ada');
  const created = await api<Sphere>(ada, '/v1/spheres', 'POST', {
    name: 'Maison Boussole',
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'en' },
    strategyEnabled: true,
  });
  expect(created.status).toBe(201);
  sphere = created.body;
  const tag = await api<{ id: string }>(ada, `/v1/spheres/${sphere.id}/tags`, 'POST', {
    name: { en: 'Workshop' },
    type: 'department',
    color: '#336699',
    weight: 1,
  });
  tagId = tag.body.id;
  vision = await addTo(`spheres/${sphere.id}`, { type: 'vision', title: 'Vision', description: 'Where' });
  axis = await addTo(`spheres/${sphere.id}`, { type: 'strategicAxis', title: 'Care', description: 'How' });
  goal = await addTo(`spheres/${sphere.id}`, {
    type: 'goal',
    title: 'Less dust',
    description: 'Clean air',
    indent: 1,
  });
  hidden = await addTo(`spheres/${sphere.id}`, {
    type: 'action',
    title: 'Secret plan',
    description: 'Not yet',
    indent: 2,
    isHidden: true,
  });
});
afterAll(async () => {
  await stack?.stop();
});

describe('POST /v1/strategies/sphere-reports', () => {
  // 10 people, the first 4 under the tag; all judge the vision, 9 the axis, 3 the goal.
  const visions = [1, 2, 3, 4, 5, 5, 4, 4, 3, 5];
  const axes = [2, 2, 3, 3, 4, 4, 5, 5, 1];

  it('gives each item in the outline’s order with its average and levels, and hides an item 3 people judged', async () => {
    for (let i = 0; i < 10; i++) {
      const values: Record<string, number> = {
        [vision.id]: visions[i] as number,
        ...(i < 9 ? { [axis.id]: axes[i] as number } : {}),
        ...(i < 3 ? { [goal.id]: 2 } : {}),
      };
      await insertAssessmentAt(assessment(`user-${randomUUID()}`, values, i < 4 ? [tagId] : []));
    }
    const answer = await report({});
    expect(answer.status).toBe(200);
    const levels = (given: number[]) =>
      [1, 2, 3, 4, 5]
        .map((value) => ({ value, count: given.filter((g) => g === value).length }))
        .filter((v) => v.count > 0);
    const average = (given: number[]) =>
      Math.round((given.reduce((a, b) => a + b, 0) / given.length) * 1000) / 1000;
    expect(answer.body.total).toEqual({
      shown: true,
      people: 10,
      answers: 10,
      questions: [
        { answerId: vision.id, shown: true, answers: 10, average: average(visions), values: levels(visions) },
        { answerId: axis.id, shown: true, answers: 9, average: average(axes), values: levels(axes) },
        // 3 answers among 10 assessments of 10 people: fewer than 8 surely different people.
        { answerId: goal.id, shown: false, reason: 'too-few-answers', threshold: 8 },
        // Hidden from members, never assessed: shown to the admin with no answer.
        { answerId: hidden.id, shown: true, answers: 0, values: [] },
      ],
      results: [],
    });
    expect(answer.body.linkTo).toBe('sphere');
    expect(answer.body.weeks).toEqual([week]);
    expect(answer.body.strategies.map((s) => [s.title, s.indent, s.isHidden])).toEqual([
      ['Vision', 0, false],
      ['Care', 0, false],
      ['Less dust', 1, false],
      ['Secret plan', 2, true],
    ]);
    expect(answer.body.series).toHaveLength(1);
    // A tag of 4 people is hidden whole, with its reason.
    const tagged = await report({ tagIds: [tagId] });
    expect(tagged.body.total).toEqual({ shown: false, reason: 'too-few-people', threshold: 8 });
  });

  it('keeps its rollups equal to a rebuild through writes, changes, refused changes and repeated erasures', async () => {
    const userId = `user-${randomUUID()}`;
    const written = await insertAssessmentAt(assessment(userId, { [vision.id]: 1 }, [tagId], 3));
    const changed = await changeAssessment(
      written,
      [
        { id: vision.id, value: 5 },
        { id: goal.id, value: 4 },
      ],
      new Date().toISOString(),
    );
    // A stale change is refused and moves nothing.
    await expect(
      changeAssessment(written, [{ id: vision.id, value: 2 }], new Date().toISOString()),
    ).rejects.toMatchObject({ key: 'conflict' });
    expect(await rebuildSphereStrategyRollups(sphere.id, 'check')).toEqual({
      assessments: 11,
      differences: [],
    });
    const after = await report({});
    expect(after.body.total).toMatchObject({ shown: true, people: 11, answers: 11 });
    await eraseAssessments([changed]);
    await eraseAssessments([changed]);
    expect(await findAssessment(userId, written.assessmentId)).toBeNull();
    expect(await rebuildSphereStrategyRollups(sphere.id, 'check')).toEqual({
      assessments: 10,
      differences: [],
    });
  });

  it('counts an assessment given through the API under the member’s tags', async () => {
    const milo = await essentials('milo.strategy-reports@example.be', 'Milo');
    await join(milo);
    const member = await membershipIn(idOf(milo), sphere.id);
    await spheresDb()
      .entities.member.patch({ sphereId: sphere.id, memberId: member?.memberId as string })
      .set({ tagIds: [tagId] })
      .go();
    const saved = await api<StrategyAssessment>(
      milo,
      `/v1/strategies/assessments/spheres/${sphere.id}`,
      'POST',
      { values: { [vision.id]: 4 } },
    );
    expect(saved.status).toBe(201);
    const stored = await findAssessment(idOf(milo), saved.body.id);
    expect(stored?.reportTagIds).toEqual([tagId]);
    expect(await rebuildSphereStrategyRollups(sphere.id, 'check')).toEqual({
      assessments: 11,
      differences: [],
    });
    // Changed while it may be: the counts move with it.
    const updated = await api(milo, `/v1/strategies/assessments/${saved.body.id}`, 'PUT', {
      values: { [vision.id]: 2, [axis.id]: 3 },
    });
    expect(updated.status).toBe(200);
    expect(await rebuildSphereStrategyRollups(sphere.id, 'check')).toEqual({
      assessments: 11,
      differences: [],
    });
  });

  it('is refused with 403 to a member who is not the sphere’s admin, 403 strategy-not-enabled where the sphere keeps none, 400 for a tag not of the sphere or archived', async () => {
    const nina = await essentials('nina.strategy-reports@example.be', 'Nina');
    await join(nina);
    expect((await report({}, nina)).status).toBe(403);
    const plain = await api<Sphere>(ada, '/v1/spheres', 'POST', {
      name: 'Maison Sans Boussole',
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'en' },
    });
    const off = await report({ sphereId: plain.body.id });
    expect(off.status).toBe(403);
    expect(off.body).toMatchObject({ key: 'strategy-not-enabled' });
    const unknownTag = await report({ tagIds: ['not-a-tag-here'] });
    expect(unknownTag.status).toBe(400);
    // An archived tag is no group of a report any more.
    const old = await api<{ id: string }>(ada, `/v1/spheres/${sphere.id}/tags`, 'POST', {
      name: { en: 'Old team' },
      type: 'department',
      color: '#993366',
      weight: 1,
    });
    await spheresDb()
      .entities.tag.patch({ sphereId: sphere.id, tagId: old.body.id })
      .set({ archived: true })
      .go();
    expect((await report({ tagIds: [tagId, old.body.id] })).status).toBe(400);
    expect((await report({ tagIds: [tagId] })).status).toBe(200);
  });
});

describe('POST /v1/strategies/session-reports', () => {
  let group: Session;
  let teamGoal: Strategy;

  it('gives a group’s own strategy to its members, not to the sphere’s admin who is not one', async () => {
    const created = await api<Session>(ada, `/v1/spheres/${sphere.id}/sessions`, 'POST', {
      category: 'contributor',
      name: { en: 'North team' },
      publicName: { en: 'North team' },
      isPublic: true,
    });
    expect(created.status).toBe(201);
    group = created.body;
    teamGoal = await addTo(`sessions/${group.id}`, { type: 'goal', title: 'Team goal', description: 'Ours' });
    const zoe = await essentials('zoe.strategy-reports@example.be', 'Zoé');
    await join(zoe);
    const { sessionKey } = (await api<{ sessionKey: string }>(ada, `/v1/sessions/${group.id}/join-key`)).body;
    expect((await api(zoe, `/v1/sessions/${group.id}/join`, 'POST', { sessionKey })).status).toBe(200);
    for (let i = 0; i < 9; i++)
      await insertAssessmentAt({
        ...assessment(`user-${randomUUID()}`, { [teamGoal.id]: 1 + (i % 5) }, []),
        linkTo: 'session',
        linkId: group.id,
        sessionId: group.id,
      });
    const body = { sessionId: group.id, ...period };
    const seen = await api<StrategyReport>(zoe, '/v1/strategies/session-reports', 'POST', body);
    expect(seen.status).toBe(200);
    expect(seen.body.linkTo).toBe('session');
    expect(seen.body.strategies.map((s) => s.title)).toEqual(['Team goal']);
    expect(seen.body.total).toMatchObject({
      shown: true,
      people: 9,
      // Levels 1 2 3 4 5 1 2 3 4: 25 / 9.
      questions: [{ answerId: teamGoal.id, shown: true, answers: 9, average: 2.778 }],
    });
    // The group's assessments are not the sphere's strategy's (Milo's is this week's, not counted
    // yet; the one erased after its week closed is still in what that week shows, decision 0030).
    expect((await report({})).body.total).toMatchObject({ people: 11 });
    const refused = await api(ada, '/v1/strategies/session-reports', 'POST', body);
    expect(refused.status).toBe(403);
    expect(await rebuildSphereStrategyRollups(sphere.id, 'check')).toEqual({
      assessments: 20,
      differences: [],
    });
  });

  it('takes the group’s rollups away with the group when it is deleted', async () => {
    const source = strategySource({ linkTo: 'session', linkId: group.id });
    expect((await readScope(scopeOf(source, 'session', group.id))).length).toBeGreaterThan(0);
    expect((await api(ada, `/v1/sessions/${group.id}`, 'DELETE')).status).toBe(204);
    expect(await readScope(scopeOf(source, 'session', group.id))).toEqual([]);
    expect(await readScope(scopeOf(source, 'sphere', sphere.id))).toEqual([]);
    expect(await rebuildSphereStrategyRollups(sphere.id, 'check')).toEqual({
      assessments: 11,
      differences: [],
    });
  });
});

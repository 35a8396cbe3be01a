import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportGroup, ReportGroups, Tag } from '@shared/contracts/tags';
import { insertMember } from '../../functions/spheres/repository';
import { startTestStack, type TestStack, type Tokens } from './harness';

/**
 * GET /v1/spheres/{id}/report-groups over HTTP: the groups a sphere's report may be narrowed by,
 * each saying whether its active members reach the thresholds of decision 0030 today (8 with one
 * tag, 5 with two), never how many they are; and who may ask.
 */
let stack: TestStack;
let admin: Tokens;
let contributor: Tokens;
let stranger: Tokens;
let sphereId: string;
const tag: Record<'eight' | 'seven' | 'fiveBoth' | 'fourBoth' | 'archived', string> = {
  eight: '',
  seven: '',
  fiveBoth: '',
  fourBoth: '',
  archived: '',
};

const api = <T>(tokens: Tokens, path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, { method, token: tokens.accessToken, ...(body !== undefined ? { body } : {}) });
const groupsPath = (query = '') => `/v1/spheres/${sphereId}/report-groups${query}`;

/** Members written as the admins' list holds them: who holds which tags, active or not. */
async function seedMember(tagIds: string[], options: { active?: boolean; auto?: boolean } = {}) {
  const active = options.active ?? true;
  await insertMember({
    sphereId,
    memberId: randomUUID(),
    userId: `user-${randomUUID()}`,
    name: 'Seeded person',
    email: `${randomUUID()}@example.be`,
    roles: ['contributor'],
    active,
    ...(active ? {} : { inactiveReason: 'left' as const }),
    subscription: 'starter',
    // Tags given by the rules count like tags given by hand.
    tagIds: options.auto ? [] : tagIds,
    autoTagIds: options.auto ? tagIds : [],
  });
}

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('ada.groups@example.be', { firstName: 'Ada' });
  contributor = await stack.signInWithCode('cleo.groups@example.be', { firstName: 'Cleo' });
  stranger = await stack.signInWithCode('otto.groups@example.be', { firstName: 'Otto' });
  for (const [who, name] of [
    [admin, 'Groups sphere'],
    [stranger, 'Stranger sphere'],
  ] as const) {
    const created = await api<{ id: string }>(who, '/v1/spheres', 'POST', {
      name,
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'en' },
    });
    if (who === admin) sphereId = created.body.id;
  }
  for (const name of Object.keys(tag) as (keyof typeof tag)[]) {
    const made = await api<Tag>(admin, `/v1/spheres/${sphereId}/tags`, 'POST', {
      name: { en: `Team ${name}` },
      type: 'department',
      color: '#336699',
      weight: 1,
    });
    tag[name] = made.body.id;
  }
  // Eight hold `eight`; five of them `fiveBoth` as well (two by the rules), four `fourBoth`.
  for (let i = 0; i < 8; i++) {
    const more = [...(i < 5 ? [tag.fiveBoth] : []), ...(i < 4 ? [tag.fourBoth] : [])];
    await seedMember([tag.eight, ...more], { auto: i >= 3 && i < 5 });
  }
  // Seven hold `seven`, and so does one who left: not counted.
  for (let i = 0; i < 7; i++) await seedMember([tag.seven]);
  await seedMember([tag.seven], { active: false });
  // One who left held `eight` and `fourBoth`: the pair stays at four.
  await seedMember([tag.eight, tag.fourBoth], { active: false });
  // Ten hold a tag the admins archive.
  for (let i = 0; i < 10; i++) await seedMember([tag.archived]);
  const archivedTag = (await api<Tag>(admin, `/v1/spheres/${sphereId}/tags/${tag.archived}`)).body;
  await api(admin, `/v1/spheres/${sphereId}/tags/${tag.archived}`, 'PUT', {
    name: archivedTag.name,
    type: archivedTag.type,
    color: archivedTag.color,
    weight: archivedTag.weight,
    modules: archivedTag.modules,
    keywords: [],
    archived: true,
  });
  // A contributor joins by the link: a member without the report's right.
  const key = await api<{ sphereKey: string }>(admin, `/v1/spheres/${sphereId}/join-key`);
  const joined = await api(contributor, `/v1/spheres/${sphereId}/join`, 'POST', {
    sphereKey: key.body.sphereKey,
  });
  if (joined.status !== 200) throw new Error(`The contributor did not join: ${joined.status}`);
});
afterAll(async () => {
  await stack?.stop();
});

const byId = (items: ReportGroup[]) => new Map(items.map((g) => [g.tagId, g]));

describe('GET /v1/spheres/{id}/report-groups', () => {
  it('names the thresholds and, for each active tag, whether its active members reach 8 today', async () => {
    const answer = await api<ReportGroups>(admin, groupsPath());
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ threshold: 8, pairThreshold: 5 });
    const groups = byId(answer.body.items);
    expect(groups.get(tag.eight)).toMatchObject({
      name: { en: 'Team eight' },
      type: 'department',
      color: '#336699',
      enough: true,
    });
    // Seven active holders, the one who left not counted.
    expect(groups.get(tag.seven)?.enough).toBe(false);
    expect(groups.get(tag.fiveBoth)?.enough).toBe(false);
    // No pairs without `with`.
    expect(answer.body.items.some((g) => 'pairEnough' in g)).toBe(false);
  });

  it('an archived tag is not offered, whoever holds it', async () => {
    const answer = await api<ReportGroups>(admin, groupsPath());
    expect(answer.body.items.map((g) => g.tagId).sort()).toEqual(
      [tag.eight, tag.seven, tag.fiveBoth, tag.fourBoth].sort(),
    );
  });

  it('with a tag, each other tag says whether those holding both reach 5', async () => {
    const answer = await api<ReportGroups>(admin, groupsPath(`?with=${tag.eight}`));
    expect(answer.status).toBe(200);
    const groups = byId(answer.body.items);
    expect(groups.get(tag.fiveBoth)?.pairEnough).toBe(true);
    // Four active holders of both; the one who left is not counted.
    expect(groups.get(tag.fourBoth)?.pairEnough).toBe(false);
    expect(groups.get(tag.seven)?.pairEnough).toBe(false);
    expect(groups.get(tag.eight)).not.toHaveProperty('pairEnough');
  });

  it('never answers how many people hold a tag', async () => {
    const answer = await api<ReportGroups>(admin, groupsPath(`?with=${tag.eight}`));
    for (const item of answer.body.items)
      expect(Object.keys(item).sort()).toEqual(
        [
          'color',
          'enough',
          'name',
          'tagId',
          'type',
          ...(item.tagId === tag.eight ? [] : ['pairEnough']),
        ].sort(),
      );
  });

  it('an unknown or archived tag to pair with is refused: 400 not-valid on query.with', async () => {
    for (const other of ['no-such-tag', tag.archived]) {
      const answer = await api(admin, groupsPath(`?with=${other}`));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'query.with' }] });
    }
  });

  it('a member without the report’s right is refused, and learns nothing of the tags', async () => {
    const answer = await api(contributor, groupsPath());
    expect(answer.status).toBe(403);
    expect(JSON.stringify(answer.body)).not.toContain('Team eight');
  });

  it('the admin of another sphere is refused, and learns nothing of the tags', async () => {
    const answer = await api(stranger, groupsPath(`?with=${tag.eight}`));
    expect(answer.status).toBe(403);
    expect(JSON.stringify(answer.body)).not.toContain('Team eight');
  });
});

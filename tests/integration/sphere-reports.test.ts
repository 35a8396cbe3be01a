import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SphereReport } from '@shared/contracts/reports';
import { feelingColor } from '@shared/domain/feelings';
import { isoWeekOf, weekBounds } from '@shared/domain/report-rollups';
import { importFeelings, type NewFeeling } from '../../functions/feelings/seeding';
import { rolesFromCoAdmin } from './co-admin';
import { startTestStack, type TestStack, type Tokens } from './harness';

/**
 * POST /v1/feelings/sphere-reports over HTTP: figures of seeded feelings, computed here again
 * independently, the thresholds of spec 02 §5 and the differencing rule of decision 0030, and who
 * may ask.
 */
let stack: TestStack;
let admin: Tokens;
let stranger: Tokens;
let sphereId: string;
let sessionId: string;
let memberId: string;
const tag: Record<'A' | 'B' | 'C', string> = { A: '', B: '', C: '' };

const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
/** The closed weeks two and three weeks ago, and a Wednesday noon of each. */
const weeks = [
  isoWeekOf(new Date(Date.now() - 21 * DAY).toISOString().slice(0, 10)),
  isoWeekOf(new Date(Date.now() - 14 * DAY).toISOString().slice(0, 10)),
];
const wednesday = (week: string) =>
  `${new Date(Date.parse(`${weekBounds(week).first}T12:00:00Z`) + 2 * DAY).toISOString()}`;

/** Who answered, under which tags: 26 people. */
const PEOPLE: { tags: ('A' | 'B' | 'C')[]; n: number }[] = [
  { tags: ['A', 'C'], n: 9 },
  { tags: ['A'], n: 1 },
  { tags: ['A', 'B'], n: 5 },
  { tags: ['B'], n: 1 },
  { tags: [], n: 10 },
];
interface Seeded {
  userId: string;
  tags: string[];
  value: number;
  energy: number;
}
const seeded: Seeded[] = [];

const api = (tokens: Tokens, body: unknown) =>
  stack.api<SphereReport & { key?: string }>('/v1/feelings/sphere-reports', {
    method: 'POST',
    token: tokens.accessToken,
    body,
  });

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('ada.reports@example.be', { firstName: 'Ada' });
  stranger = await stack.signInWithCode('otto.reports@example.be', { firstName: 'Otto' });
  const sphere = await stack.api<{ id: string }>('/v1/spheres', {
    method: 'POST',
    token: admin.accessToken,
    body: {
      name: 'Report sphere',
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'en' },
    },
  });
  sphereId = sphere.body.id;
  // A group of the sphere: the admin owns it and, at first, is not among its members.
  const me = await stack.api<{ members: { id: string; sphereId: string }[] }>('/v1/me', {
    token: admin.accessToken,
  });
  memberId = me.body.members.find((m) => m.sphereId === sphereId)?.id ?? 'none';
  const group = await stack.api<{ id: string }>(`/v1/spheres/${sphereId}/sessions`, {
    method: 'POST',
    token: admin.accessToken,
    body: {
      category: 'contributor',
      name: { en: 'Workshop' },
      publicName: { en: 'Group' },
      isPublic: true,
      ownerIds: [memberId],
    },
  });
  sessionId = group.body.id;
  await stack.api('/v1/spheres', {
    method: 'POST',
    token: stranger.accessToken,
    body: {
      name: 'Stranger sphere',
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'en' },
    },
  });
  for (const name of ['A', 'B', 'C'] as const) {
    const made = await stack.api<{ id: string }>(`/v1/spheres/${sphereId}/tags`, {
      method: 'POST',
      token: admin.accessToken,
      body: { name: { en: `Team ${name}` }, type: 'department', color: '#336699', weight: 1 },
    });
    tag[name] = made.body.id;
  }
  let i = 0;
  for (const group of PEOPLE)
    for (let k = 0; k < group.n; k++, i++) {
      const person: Seeded = {
        userId: `user-${randomUUID()}`,
        tags: group.tags.map((t) => tag[t]),
        value: [-0.8, -0.3, 0.4, 0.9][i % 4] as number,
        energy: [0.2, 0.7, 0.5][i % 3] as number,
      };
      seeded.push(person);
      const feeling = (timestamp: string): NewFeeling => ({
        userId: person.userId,
        value: person.value,
        energy: person.energy,
        color: feelingColor(person.value, person.energy),
        wordId: i % 2 ? 'calm' : 'tired',
        sphereId,
        // The last sixteen answer in the group (none under C, five under A): ten fewer than the sphere.
        ...(i >= 10 ? { sessionId } : {}),
        reportTagIds: person.tags,
        evaluationPeriod: { value: 0, type: 'none' },
        geoPoint: { latitude: 0, longitude: 0 },
        locale: 'Europe/Brussels',
        personalNotes: [],
        goals: [],
        timestamp,
      });
      // One feeling in each closed week, and one in the week in progress that no report counts yet.
      await importFeelings(person.userId, [
        ...weeks.map((w) => feeling(wednesday(w))),
        feeling(new Date(Date.now() - 60_000).toISOString()),
      ]);
    }
});
afterAll(async () => {
  await stack?.stop();
});

/** The figures of some people over the two closed weeks, computed from what was seeded. */
function expected(people: readonly Seeded[]) {
  const answers = people.length * 2;
  const round = (n: number) => Math.round(n * 1000) / 1000;
  const colors = { yellow: 0, green: 0, red: 0, blue: 0 };
  for (const p of people) colors[feelingColor(p.value, p.energy)] += 2;
  return {
    shown: true,
    people: people.length,
    answers,
    averageValue: round(people.reduce((s, p) => s + p.value * 2, 0) / answers),
    averageEnergy: round(people.reduce((s, p) => s + p.energy * 2, 0) / answers),
    colors,
  };
}

describe('POST /v1/feelings/sphere-reports', () => {
  const period = () => ({ sphereId, start: weekBounds(weeks[0] as string).first, end: today() });

  it('gives the whole sphere’s figures over the closed weeks, the week in progress left out', async () => {
    const answer = await api(admin, period());
    expect(answer.status).toBe(200);
    // The closed weeks of the period, the week in progress left out.
    expect(answer.body.weeks.slice(0, 2)).toEqual(weeks);
    expect(answer.body.weeks).not.toContain(isoWeekOf(today()));
    expect(answer.body.anonymityNotGuaranteed).toBe(false);
    expect(answer.body.covered?.first).toBe(weekBounds(weeks[0] as string).first);
    expect(answer.body.total).toMatchObject(expected(seeded));
    expect(answer.body.series.slice(0, 2).map((s) => s.figure)).toMatchObject([
      { shown: true, people: 26, answers: 26 },
      { shown: true, people: 26, answers: 26 },
    ]);
  });

  it('hides a pair of 5 that one tag in the group describes, a tag of 6, and the tag whose group part is 5 (decision 0041)', async () => {
    // The pair A+B is exactly the group's people under A: one tag (in the group) describes them, so
    // they need 8, not 5.
    expect((await api(admin, { ...period(), tagIds: [tag.A, tag.B] })).body.total).toEqual({
      shown: false,
      reason: 'too-few-people',
      threshold: 8,
    });
    expect((await api(admin, { ...period(), tagIds: [tag.B] })).body.total).toEqual({
      shown: false,
      reason: 'too-few-people',
      threshold: 8,
    });
    // The sphere, A and the group together would give A's 5 people in the group (A + group −
    // sphere): A, the smaller of the two, is hidden, and says why.
    expect((await api(admin, { ...period(), tagIds: [tag.A] })).body.total).toEqual({
      shown: false,
      reason: 'protects-a-smaller-group',
      threshold: 8,
    });
    expect((await api(admin, period())).body.total).toMatchObject(expected(seeded));
  });

  it('hides a tag that would leave one person as the sphere minus the group and it, saying why instead of a zero', async () => {
    // C (9) is outside the group (16); the sphere (26) minus both is the one person under A alone.
    // The period ends with the seeded weeks: a month after them, with nobody, has too few people.
    const answer = await api(admin, {
      ...period(),
      end: weekBounds(weeks[1] as string).last,
      tagIds: [tag.C],
      generalOptions: { interval: 'month', include: ['colors'] },
    });
    expect(answer.body.total).toEqual({ shown: false, reason: 'protects-a-smaller-group', threshold: 8 });
    for (const { figure } of answer.body.series) expect(figure).toEqual(answer.body.total);
  });

  it('gives the public template the colours alone', async () => {
    const answer = await api(admin, { ...period(), template: 'public' });
    expect(answer.body.total).toEqual({
      shown: true,
      people: 26,
      answers: 52,
      colors: expected(seeded).colors,
    });
  });

  it('refuses three tags, a tag of no sphere of its own and a period before 2018 with 400', async () => {
    const three = await api(admin, { ...period(), tagIds: [tag.A, tag.B, tag.C] });
    expect(three.status).toBe(400);
    const unknown = await api(admin, { ...period(), tagIds: [randomUUID()] });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('not-valid');
    expect((await api(admin, { ...period(), start: '2017-12-31' })).status).toBe(400);
  });

  it('gives a group’s members its report, and refuses it to its referent who is not a member', async () => {
    const body = { sessionId, start: weekBounds(weeks[0] as string).first, end: today() };
    const report = () =>
      stack.api<SphereReport>('/v1/feelings/session-reports', {
        method: 'POST',
        token: admin.accessToken,
        body,
      });
    // The group-report exception (spec 02 §6): its referent and the sphere's admin does not see it.
    expect((await report()).status).toBe(403);
    // Nor when they give themselves the member role (decision 0012): another admin gives it.
    await stack.api(`/v1/sessions/${sessionId}/members/${memberId}`, {
      method: 'PUT',
      token: admin.accessToken,
      body: { roles: ['owner', 'member'] },
    });
    expect((await report()).status).toBe(403);
    await rolesFromCoAdmin(stack, admin, { sphereId, sessionId, memberId }, ['owner', 'member']);
    const answer = await report();
    expect(answer.status).toBe(200);
    expect(answer.body.sessionId).toBe(sessionId);
    expect(answer.body.total).toMatchObject(expected(seeded.slice(10)));
    // Its people under tag A: five, fewer than eight.
    const tagged = await stack.api<SphereReport>('/v1/feelings/session-reports', {
      method: 'POST',
      token: admin.accessToken,
      body: { ...body, tagIds: [tag.A] },
    });
    expect(tagged.body.total).toEqual({ shown: false, reason: 'too-few-people', threshold: 8 });
  });

  it('decides a week again when its people changed after a report kept its decision', async () => {
    const body = period();
    expect((await api(admin, body)).body.total).toMatchObject({ shown: true, people: 26 });
    // Two more people under B answer in each closed week: the sphere has 28.
    for (let k = 0; k < 2; k++) {
      const userId = `user-${randomUUID()}`;
      await importFeelings(
        userId,
        weeks.map((w) => ({
          userId,
          value: 0.5,
          energy: 0.5,
          color: feelingColor(0.5, 0.5),
          sphereId,
          reportTagIds: [tag.B],
          evaluationPeriod: { value: 0, type: 'none' as const },
          geoPoint: { latitude: 0, longitude: 0 },
          locale: 'Europe/Brussels',
          personalNotes: [],
          goals: [],
          timestamp: wednesday(w),
        })),
      );
    }
    expect((await api(admin, body)).body.total).toMatchObject({ shown: true, people: 28, answers: 56 });
  });

  it('is refused with 403 to the admin of another sphere', async () => {
    const answer = await api(stranger, period());
    expect(answer.status).toBe(403);
    expect(JSON.stringify(answer.body)).not.toContain('"people"');
  });
});

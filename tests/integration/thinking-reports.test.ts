import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThinkingReport } from '@shared/contracts/reports';
import { isoWeekOf, weekBounds } from '@shared/domain/report-rollups';
import { readScope } from '../../functions/rollups';
import { rebuildSphereThinkingRollups } from '../../functions/thinkings';
import { importThinkings } from '../../functions/thinkings/seeding';
import {
  changeThinking,
  eraseThinkings,
  findThinking,
  insertThinking,
  type NewThinking,
} from '../../functions/thinkings/repository';
import { startTestStack, writtenAt, type TestStack, type Tokens } from './harness';

/**
 * Thinkings in a sphere's reports: POST /v1/thinkings/sphere-reports gives each axis's answers,
 * average and values over the closed weeks, under the same privacy rules as feelings, and each
 * axis's comments under the free-text rule; its rollups are kept by the thinkings' own writes and
 * equal a rebuild from the thinkings.
 */
let stack: TestStack;
let admin: Tokens;
let sphereId: string;
let tagId: string;

const DAY = 86_400_000;
const week = isoWeekOf(new Date(Date.now() - 14 * DAY).toISOString().slice(0, 10));
const at = (dayOfWeek: number) =>
  new Date(Date.parse(`${weekBounds(week).first}T10:00:00Z`) + dayOfWeek * DAY).toISOString();

const thinking = (
  userId: string,
  axes: { id: string; value: number; comment?: string }[],
  tags: string[],
  day = 2,
): NewThinking => ({
  userId,
  axes,
  sphereId,
  reportTagIds: tags,
  geoPoint: { latitude: 0, longitude: 0 },
  locale: 'Europe/Brussels',
  creationDate: at(day),
  freezeDate: new Date(Date.now() + DAY).toISOString(),
});

/** A thinking written when it was given (its week then open). */
const insertThinkingAt = (context: string, given: NewThinking) =>
  writtenAt(given.creationDate, () => insertThinking(context, given));

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('thea.reports@example.be', { firstName: 'Thea' });
  const sphere = await stack.api<{ id: string }>('/v1/spheres', {
    method: 'POST',
    token: admin.accessToken,
    body: {
      name: 'Thinking sphere',
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'en' },
    },
  });
  sphereId = sphere.body.id;
  const tag = await stack.api<{ id: string }>(`/v1/spheres/${sphereId}/tags`, {
    method: 'POST',
    token: admin.accessToken,
    body: { name: { en: 'Night shift' }, type: 'department', color: '#336699', weight: 1 },
  });
  tagId = tag.body.id;
});
afterAll(async () => {
  await stack?.stop();
});

describe('POST /v1/thinkings/sphere-reports', () => {
  it('gives each axis its answers, average and values, and hides a tag of 5 people', async () => {
    // 12 people: the first 5 under the tag. Each answers workload and, one in two, recognition.
    const values = [-1, -0.5, 0, 0.5, 1];
    for (let i = 0; i < 12; i++) {
      const axes = [
        { id: 'workload', value: values[i % 5] as number },
        ...(i % 2 ? [] : [{ id: 'recognition', value: 1 }]),
      ];
      await importThinkings(`user-${randomUUID()}`, [thinking('', axes, i < 5 ? [tagId] : [])]);
    }
    const body = { sphereId, start: weekBounds(week).first, end: weekBounds(week).last };
    const answer = await stack.api<ThinkingReport>('/v1/thinkings/sphere-reports', {
      method: 'POST',
      token: admin.accessToken,
      body,
    });
    expect(answer.status).toBe(200);
    const workloadValues = values.map((value) => ({
      value,
      count: Array.from({ length: 12 }, (_, i) => values[i % 5]).filter((v) => v === value).length,
    }));
    const workloadAverage =
      Math.round(
        (Array.from({ length: 12 }, (_, i) => values[i % 5] as number).reduce((a, b) => a + b, 0) / 12) *
          1000,
      ) / 1000;
    expect(answer.body.total).toEqual({
      shown: true,
      people: 12,
      answers: 12,
      axes: [
        {
          axisId: 'recognition',
          answers: 6,
          average: 1,
          values: values.map((value) => ({ value, count: value === 1 ? 6 : 0 })),
        },
        { axisId: 'workload', answers: 12, average: workloadAverage, values: workloadValues },
      ],
    });
    const tagged = await stack.api<ThinkingReport>('/v1/thinkings/sphere-reports', {
      method: 'POST',
      token: admin.accessToken,
      body: { ...body, tagIds: [tagId] },
    });
    expect(tagged.body.total).toEqual({ shown: false, reason: 'too-few-people', threshold: 8 });
  });

  it('keeps its rollups, comments included, equal to a rebuild through writes, changes and erasures', async () => {
    const userId = `user-${randomUUID()}`;
    const written = await insertThinkingAt(
      sphereId,
      thinking(userId, [{ id: 'workload', value: 0.5, comment: 'Rebuilt first words' }], [tagId], 3),
    );
    const revalued = await changeThinking(
      written,
      { axes: [{ id: 'workload', value: -1, comment: 'Rebuilt first words' }] },
      new Date().toISOString(),
    );
    // A change of the comment alone moves the kept text.
    const changed = await changeThinking(
      revalued,
      { axes: [{ id: 'workload', value: -1, comment: 'Rebuilt second words' }] },
      new Date().toISOString(),
    );
    // A stale change is refused and moves nothing.
    await expect(
      changeThinking(written, { axes: [{ id: 'workload', value: 1 }] }, new Date().toISOString()),
    ).rejects.toThrow();
    expect(await rebuildSphereThinkingRollups(sphereId, 'check')).toEqual({ thinkings: 13, differences: [] });
    const kept = JSON.stringify(await readScope(`thinkings/sphere#${sphereId}`));
    expect(kept).toContain('Rebuilt second words');
    expect(kept).not.toContain('Rebuilt first words');
    await eraseThinkings([changed]);
    await eraseThinkings([changed]);
    expect(await findThinking(userId, written.thinkingId)).toBeNull();
    expect(await rebuildSphereThinkingRollups(sphereId, 'check')).toEqual({ thinkings: 12, differences: [] });
    expect(JSON.stringify(await readScope(`thinkings/sphere#${sphereId}`))).not.toContain('Rebuilt');
  });

  it('is refused with 403 to someone who is not the sphere’s admin', async () => {
    const other = await stack.signInWithCode('ottilie.reports@example.be', { firstName: 'Ottilie' });
    const answer = await stack.api('/v1/thinkings/sphere-reports', {
      method: 'POST',
      token: other.accessToken,
      body: { sphereId, start: weekBounds(week).first, end: weekBounds(week).last },
    });
    expect(answer.status).toBe(403);
  });
});

describe('comments in a sphere’s thinking report', () => {
  // Weeks of their own: 10 people under tag A, 5 of them also under tag B; then a week of 7.
  const tenWeek = isoWeekOf(new Date(Date.now() - 35 * DAY).toISOString().slice(0, 10));
  const sevenWeek = isoWeekOf(new Date(Date.now() - 42 * DAY).toISOString().slice(0, 10));
  // A week where the pair A+B truly needs two tags: 8 under A alone, 8 under B alone, 5 under both.
  const pairWeek = isoWeekOf(new Date(Date.now() - 56 * DAY).toISOString().slice(0, 10));
  const inWeek = (w: string, day: number) =>
    new Date(Date.parse(`${weekBounds(w).first}T10:00:00Z`) + day * DAY).toISOString();
  const periodOf = (w: string) => ({ start: weekBounds(w).first, end: weekBounds(w).last });
  const textOrder = (text: string) => createHash('sha256').update(text).digest('hex');
  const inTextOrder = (texts: string[]) => texts.sort((a, b) => textOrder(a).localeCompare(textOrder(b)));
  let tagA: string;
  let tagB: string;
  const written: Awaited<ReturnType<typeof insertThinking>>[] = [];

  const report = (body: Record<string, unknown>) =>
    stack.api<ThinkingReport>('/v1/thinkings/sphere-reports', {
      method: 'POST',
      token: admin.accessToken,
      body: { sphereId, ...body },
    });
  const workloadTexts = (body: ThinkingReport) => body.texts?.find((t) => t.answerId === 'workload');

  beforeAll(async () => {
    for (const name of ['Team A', 'Team B']) {
      const made = await stack.api<{ id: string }>(`/v1/spheres/${sphereId}/tags`, {
        method: 'POST',
        token: admin.accessToken,
        body: { name: { en: name }, type: 'department', color: '#336699', weight: 1 },
      });
      if (name === 'Team A') tagA = made.body.id;
      else tagB = made.body.id;
    }
    // Everyone answers recognition without a comment, and workload with one.
    for (let i = 0; i < 10; i++)
      written.push(
        await insertThinkingAt(sphereId, {
          ...thinking(
            `user-${randomUUID()}`,
            [
              { id: 'recognition', value: 1 },
              { id: 'workload', value: 0, comment: `note ${i}` },
            ],
            i < 5 ? [tagA, tagB] : [tagA],
          ),
          creationDate: inWeek(tenWeek, 1 + (i % 5)),
        }),
      );
    for (let i = 0; i < 7; i++)
      await importThinkings(`user-${randomUUID()}`, [
        {
          ...thinking('', [{ id: 'workload', value: -1, comment: `few ${i}` }], [tagA]),
          creationDate: inWeek(sevenWeek, 2),
        },
      ]);
    for (let i = 0; i < 21; i++)
      await importThinkings(`user-${randomUUID()}`, [
        {
          ...thinking(
            '',
            [
              { id: 'recognition', value: 1 },
              { id: 'workload', value: 0, comment: `pair ${i}` },
            ],
            i < 5 ? [tagA, tagB] : i < 13 ? [tagA] : [tagB],
          ),
          creationDate: inWeek(pairWeek, 2),
        },
      ]);
  });

  it('gives a group of at least 8 the comments of the period, axis by axis in the figure’s order', async () => {
    for (const tagIds of [[], [tagA]]) {
      const answer = await report({ ...periodOf(tenWeek), tagIds });
      expect(answer.status).toBe(200);
      expect(answer.body.total).toMatchObject({ shown: true, people: 10 });
      expect(answer.body.texts).toEqual([
        { answerId: 'recognition', shown: true, texts: [] },
        {
          answerId: 'workload',
          shown: true,
          texts: inTextOrder(Array.from({ length: 10 }, (_, i) => `note ${i}`)),
        },
      ]);
    }
  });

  it('gives a group of 7 no comment: its figure is hidden, and no axis is listed', async () => {
    const answer = await report(periodOf(sevenWeek));
    expect(answer.body.total).toEqual({ shown: false, reason: 'too-few-people', threshold: 8 });
    expect(answer.body.texts).toEqual([]);
    expect(JSON.stringify(answer.body)).not.toContain('few ');
  });

  it('hides the comments of a two-tag group of 5, whose figures are shown, with the reason and 8', async () => {
    const answer = await report({ ...periodOf(pairWeek), tagIds: [tagA, tagB] });
    expect(answer.body.total).toMatchObject({ shown: true, people: 5 });
    expect(answer.body.texts).toEqual(
      ['recognition', 'workload'].map((answerId) => ({
        answerId,
        shown: false,
        reason: 'too-few-people',
        threshold: 8,
      })),
    );
    expect(JSON.stringify(answer.body)).not.toContain('pair ');
  });

  it('gives over two weeks only the comments of the week shown with at least 8 people', async () => {
    const answer = await report({ start: weekBounds(sevenWeek).first, end: weekBounds(tenWeek).last });
    const shown = workloadTexts(answer.body);
    expect(shown?.shown && [...shown.texts].sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `note ${i}`).sort(),
    );
    expect(JSON.stringify(answer.body)).not.toContain('few ');
  });

  it('gives no comment in the public template', async () => {
    const answer = await report({ ...periodOf(tenWeek), template: 'public' });
    expect(answer.body.total).toMatchObject({ shown: true, people: 10 });
    expect(answer.body.texts).toBeUndefined();
    expect(JSON.stringify(answer.body)).not.toContain('note ');
  });

  it('replaces a changed comment, and takes an erased thinking’s comment away', async () => {
    const [first, second] = written as [(typeof written)[number], (typeof written)[number]];
    await changeThinking(
      first,
      {
        axes: [
          { id: 'recognition', value: 1 },
          { id: 'workload', value: 0, comment: 'changed note' },
        ],
      },
      new Date().toISOString(),
    );
    let shown = workloadTexts((await report(periodOf(tenWeek))).body);
    expect(shown?.shown && shown.texts).toContain('changed note');
    expect(shown?.shown && shown.texts).not.toContain('note 0');
    expect(shown?.shown && shown.texts).toHaveLength(10);

    await eraseThinkings([second]);
    shown = workloadTexts((await report(periodOf(tenWeek))).body);
    expect(shown?.shown && shown.texts).toHaveLength(9);
    expect(shown?.shown && shown.texts).not.toContain('note 1');
    expect(JSON.stringify(await readScope(`thinkings/sphere#${sphereId}`))).not.toContain('note 1');
    expect((await rebuildSphereThinkingRollups(sphereId, 'check')).differences).toEqual([]);
  });
});

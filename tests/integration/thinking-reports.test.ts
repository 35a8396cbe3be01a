import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThinkingReport } from '../../shared/contracts/reports';
import { isoWeekOf, weekBounds } from '../../shared/domain/report-rollups';
import { importThinkings, rebuildSphereThinkingRollups } from '../../functions/thinkings';
import {
  changeThinking,
  eraseThinkings,
  findThinking,
  insertThinking,
  type NewThinking,
} from '../../functions/thinkings/repository';
import { startTestStack, type TestStack, type Tokens } from './harness';

/**
 * Thinkings in a sphere's reports: POST /v1/thinkings/sphere-reports gives each axis's answers,
 * average and values over the closed weeks, under the same privacy rules as feelings; its rollups
 * are kept by the thinkings' own writes and equal a rebuild from the thinkings.
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
  axes: { id: string; value: number }[],
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

  it('keeps its rollups equal to a rebuild through writes, changes and erasures', async () => {
    const userId = `user-${randomUUID()}`;
    const written = await insertThinking(
      sphereId,
      thinking(userId, [{ id: 'workload', value: 0.5 }], [tagId], 3),
    );
    const changed = await changeThinking(
      written,
      { axes: [{ id: 'workload', value: -1 }] },
      new Date().toISOString(),
    );
    // A stale change is refused and moves nothing.
    await expect(
      changeThinking(written, { axes: [{ id: 'workload', value: 1 }] }, new Date().toISOString()),
    ).rejects.toThrow();
    expect(await rebuildSphereThinkingRollups(sphereId, 'check')).toEqual({ thinkings: 13, differences: [] });
    await eraseThinkings([changed]);
    await eraseThinkings([changed]);
    expect(await findThinking(userId, written.thinkingId)).toBeNull();
    expect(await rebuildSphereThinkingRollups(sphereId, 'check')).toEqual({ thinkings: 12, differences: [] });
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

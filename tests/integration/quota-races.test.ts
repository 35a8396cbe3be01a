import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member, Sphere } from '@shared/contracts/spheres';
import { spheresDb } from '../../functions/spheres/store';
import { startTestStack, type TestStack, type Tokens } from './harness';

/**
 * A sphere's limits hold under racing creates (decision 0043): each create takes its place on one
 * tally item with a conditional ADD in its own transaction, so requests sent at once at a limit of
 * N leave exactly N, and the refused ones answer the spec's key.
 */
let stack: TestStack;
let admin: Tokens;
const LIMIT = 3;
const RACERS = 8;

const api = <T>(path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, { method, token: admin.accessToken, ...(body !== undefined ? { body } : {}) });

async function newSphere(name: string, limits: { tags: number; members: number; groups: number }) {
  const sphere = (
    await api<Sphere>('/v1/spheres', 'POST', {
      name,
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'fr' },
    })
  ).body;
  await spheresDb().entities.sphere.patch({ sphereId: sphere.id }).set({ limits }).go();
  return sphere;
}

const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort();

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('admin.quotas@example.be', { firstName: 'Quentin' });
});
afterAll(async () => {
  await stack?.stop();
});

describe('limits under racing creates', () => {
  it(`${RACERS} group creates at once at a limit of ${LIMIT} leave exactly ${LIMIT} groups`, async () => {
    const sphere = await newSphere('Course aux groupes', { tags: 50, members: 50, groups: LIMIT });
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        api<{ key?: string }>(`/v1/spheres/${sphere.id}/sessions`, 'POST', {
          category: 'contributor',
          name: { fr: `Groupe ${i}` },
        }),
      ),
    );
    expect(statuses(answers)).toEqual([...Array(LIMIT).fill(201), ...Array(RACERS - LIMIT).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body).toMatchObject({ key: 'creationBlocked' });
    const listed = await api<{ count: number }>(`/v1/spheres/${sphere.id}/sessions?archived=false`);
    expect(listed.body.count).toBe(LIMIT);
  });

  it(`${RACERS} tag creates at once at a limit of ${LIMIT} leave exactly ${LIMIT} tags`, async () => {
    const sphere = await newSphere('Course aux étiquettes', { tags: LIMIT, members: 50, groups: 50 });
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        api<{ key?: string }>(`/v1/spheres/${sphere.id}/tags`, 'POST', {
          name: { fr: `Étiquette ${i}` },
          type: 'department',
          color: '#336699',
          weight: 1,
        }),
      ),
    );
    expect(statuses(answers)).toEqual([...Array(LIMIT).fill(201), ...Array(RACERS - LIMIT).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body).toMatchObject({ key: 'sphere-max-tags-reached' });
    const tags = await api<{ items: unknown[] }>(`/v1/spheres/${sphere.id}/tags?archived=false`);
    expect(tags.body.items).toHaveLength(LIMIT);
  });

  it(`${RACERS} member adds at once at a limit of ${LIMIT} leave exactly ${LIMIT} members`, async () => {
    // The admin who created the sphere is its first member: the limit leaves room for LIMIT - 1.
    const sphere = await newSphere('Course aux membres', { tags: 50, members: LIMIT, groups: 50 });
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        api<Member>('/v1/members', 'POST', {
          sphereId: sphere.id,
          roles: ['contributor'],
          name: `Membre ${i}`,
          email: `membre.${i}.quotas@example.be`,
        }),
      ),
    );
    expect(statuses(answers)).toEqual([
      ...Array(LIMIT - 1).fill(201),
      ...Array(RACERS - LIMIT + 1).fill(409),
    ]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body).toMatchObject({ key: 'creationBlocked' });
    const members = await api<{ items: Member[] }>(`/v1/spheres/${sphere.id}/members?_max=50`);
    expect(members.body.items).toHaveLength(LIMIT);
  });
});

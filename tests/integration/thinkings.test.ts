import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { Axis, Thinking } from '@shared/contracts/thinkings';
import { usersDb } from '../../functions/users/store';
import { thinkingsDb } from '../../functions/thinkings/store';
import { openRealtime, startTestStack, type TestStack, type Tokens } from './harness';

/** The thinking API over HTTP on the local stack: the catalogue, the rules, isolation, realtime. */
let stack: TestStack;
let admin: Tokens;
let camille: Tokens;
let sam: Tokens;
let guest: Tokens;
const idOf = (tokens: Tokens) => decodeJwt(tokens.accessToken).sub as string;
const asSuperAdmin = { 'x-super-admin': 'true' };

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('alex.thinkings@example.be', { firstName: 'Alex', locale: 'en' });
  camille = await stack.signInWithCode('camille.thinkings@example.be', {
    firstName: 'Camille',
    locale: 'fr',
  });
  sam = await stack.signInWithCode('sam.thinkings@example.be', { firstName: 'Sam', locale: 'en' });
  guest = await stack.signInAsGuest({ link: 'http://127.0.0.1/thinkings' });
  await usersDb()
    .entities.user.patch({ userId: idOf(admin) })
    .set({ globalRoles: ['super-admin'] })
    .go();
  for (const person of [camille, sam])
    await usersDb()
      .entities.user.patch({ userId: idOf(person) })
      .set({ subscription: person === camille ? 'essentials' : 'starter' })
      .go();
  for (const [id, name, allowComment] of [
    ['workload', 'My workload is manageable', false],
    ['meaning', 'My days have meaning', true],
  ] as const) {
    const created = await createAxis({ id, name: { en: name }, modules: ['myself'], allowComment });
    expect(created.status).toBe(201);
  }
  await createAxis({ id: 'sphere-only', name: { en: 'Only in spheres' }, modules: ['sphere'] });
});
afterAll(async () => {
  await stack?.stop();
});

function createAxis(body: unknown, headers: Record<string, string> = asSuperAdmin, tokens = admin) {
  return stack.api<Axis>('/v1/thinkings/definitions/axes', {
    method: 'POST',
    token: tokens.accessToken,
    headers,
    body,
  });
}
const postThinking = (tokens: Tokens, body: unknown) =>
  stack.api<Thinking>('/v1/thinkings', { method: 'POST', token: tokens.accessToken, body });

describe('axis catalogue', () => {
  it('lists the axes of a module, by id, to anyone signed in', async () => {
    const answer = await stack.api<{ count: number; items: Axis[] }>(
      '/v1/thinkings/definitions/axes?module=myself',
      { token: guest.accessToken },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.items.map((a) => a.id)).toEqual(['meaning', 'workload']);
    expect(answer.body.items[1]).toMatchObject({
      name: { en: 'My workload is manageable' },
      required: false,
    });
  });

  it('rejects an axis already in the list with 409 exist, and keeps the first', async () => {
    const again = await createAxis({ id: 'workload', name: { en: 'Other' }, modules: ['myself'] });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ key: 'exist' });
    const kept = await stack.api<Axis>('/v1/thinkings/definitions/axes/workload', {
      token: camille.accessToken,
    });
    expect(kept.body.name).toEqual({ en: 'My workload is manageable' });
  });

  it.each([
    [{ id: 'a', name: { en: 'Fine' }, modules: ['myself'] }, 'body.id', 'length-out-of-range-error'],
    [{ id: 'Big Axis', name: { en: 'Fine' }, modules: ['myself'] }, 'body.id', 'not-valid'],
    [{ id: 'ok-id', name: { en: 'x' }, modules: ['myself'] }, 'body.name.en', 'length-out-of-range-error'],
    [{ id: 'ok-id', name: {}, modules: ['myself'] }, 'body.name', 'required'],
    [{ id: 'ok-id', name: { en: 'Fine' }, modules: [] }, 'body.modules', 'required'],
    [{ id: 'ok-id', name: { en: 'Fine' }, modules: ['moon'] }, 'body.modules.0', 'unexpected-value-error'],
  ])('refuses %j with 400 and the key of %s', async (body, field, key) => {
    const answer = await createAxis(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errors: [expect.objectContaining({ field, key })] });
  });

  it('an id cannot change: PUT takes every field but the id, and the id in the body is refused', async () => {
    const changed = await stack.api<Axis>('/v1/thinkings/definitions/axes/meaning', {
      method: 'PUT',
      token: admin.accessToken,
      headers: asSuperAdmin,
      body: {
        name: { en: 'My days have meaning', fr: 'Mes journées ont du sens' },
        description: { en: 'At %SPHERE_NAME% or anywhere' },
        modules: ['myself', 'session'],
        keywords: ['purpose'],
        allowComment: true,
        required: true,
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: 'meaning', modules: ['myself', 'session'], required: true });
    const renamed = await stack.api('/v1/thinkings/definitions/axes/meaning', {
      method: 'PUT',
      token: admin.accessToken,
      headers: asSuperAdmin,
      body: { id: 'other', name: { en: 'x y' }, modules: ['myself'] },
    });
    expect(renamed.status).toBe(400);
  });

  it('PUT and DELETE of a missing axis answer 404', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const answer = await stack.api('/v1/thinkings/definitions/axes/nowhere', {
        method,
        token: admin.accessToken,
        headers: asSuperAdmin,
        ...(method === 'PUT' ? { body: { name: { en: 'Nowhere' }, modules: ['myself'] } } : {}),
      });
      expect(answer.status).toBe(404);
    }
  });

  it('facets count the catalogue by module, keyword and flag', async () => {
    const facets = await stack.api<{ modules: { value: string; count: number }[] }>(
      '/v1/thinkings/definitions/axes/facets',
      { token: admin.accessToken, headers: { ...asSuperAdmin, 'x-language': 'en' } },
    );
    expect(facets.status).toBe(200);
    expect(facets.body.modules).toContainEqual({ value: 'myself', label: 'My space', count: 2 });
  });

  it('is managed by super-admins in super-admin mode only: not by others, not without the mode', async () => {
    const body = { id: 'not-mine', name: { en: 'Not mine' }, modules: ['myself'] };
    expect((await createAxis(body, {})).status).toBe(403);
    expect((await createAxis(body, asSuperAdmin, camille)).status).toBe(403);
    const removal = await stack.api('/v1/thinkings/definitions/axes/workload', {
      method: 'DELETE',
      token: camille.accessToken,
      headers: asSuperAdmin,
    });
    expect(removal.status).toBe(403);
  });

  it('deletes an axis; it is no longer offered', async () => {
    await createAxis({ id: 'short-lived', name: { en: 'Short lived' }, modules: ['myself'] });
    const removal = await stack.api('/v1/thinkings/definitions/axes/short-lived', {
      method: 'DELETE',
      token: admin.accessToken,
      headers: asSuperAdmin,
    });
    expect(removal.status).toBe(204);
    const gone = await stack.api('/v1/thinkings/definitions/axes/short-lived', { token: admin.accessToken });
    expect(gone.status).toBe(404);
  });
});

describe('thinkings', () => {
  it('saves a thinking on two axes, a value of 0 included, and reads it back editable', async () => {
    const created = await postThinking(camille, {
      axes: [
        { id: 'workload', value: 0 },
        { id: 'meaning', value: 1, comment: 'Un bon projet' },
      ],
      locale: 'Europe/Brussels',
    });
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^myself_\d{8}T\d{9}Z-[0-9a-f]{6}_0$/);
    expect(created.body).toMatchObject({ isBlank: false, editable: true });
    const read = await stack.api<Thinking>(`/v1/thinkings/${created.body.id}`, {
      token: camille.accessToken,
    });
    expect(read.body.axes).toEqual([
      { id: 'workload', value: 0 },
      { id: 'meaning', value: 1, comment: 'Un bon projet' },
    ]);
    const listed = await stack.api<{ count: number; items: Thinking[] }>('/v1/thinkings', {
      token: camille.accessToken,
    });
    expect(listed.body.items.map((t) => t.id)).toContain(created.body.id);
  });

  it.each([
    [{ axes: [] }, 'body.axes', 'required'],
    [{ axes: [{ id: 'workload', value: 0.25 }] }, 'body.axes.0.value', 'value-out-of-range-error'],
    [{ axes: [{ id: 'sphere-only', value: 1 }] }, 'body.axes.0.id', 'not-valid'],
    [{ axes: [{ id: 'unknown', value: 1 }] }, 'body.axes.0.id', 'not-valid'],
    [{ axes: [{ id: 'workload', value: 1, comment: 'no comments here' }] }, 'body.axes.0.id', 'not-valid'],
    [
      {
        axes: [
          { id: 'workload', value: 1 },
          { id: 'workload', value: -1 },
        ],
      },
      'body.axes.1.id',
      'exist',
    ],
  ])('refuses %j with 400 and the key of %s', async (body, field, key) => {
    const answer = await postThinking(camille, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errors: [expect.objectContaining({ field, key })] });
  });

  it('is an Essentials feature: a starter user gets 403 essentials-required, a guest guest-not-allowed', async () => {
    const starter = await postThinking(sam, { axes: [{ id: 'workload', value: 1 }] });
    expect(starter.status).toBe(403);
    expect(starter.body).toMatchObject({ key: 'essentials-required' });
    const list = await stack.api('/v1/thinkings', { token: sam.accessToken });
    expect(list.status).toBe(403);
    const byGuest = await postThinking(guest, { axes: [{ id: 'workload', value: 1 }] });
    expect(byGuest.status).toBe(403);
    expect(byGuest.body).toMatchObject({ key: 'guest-not-allowed' });
  });

  it('another user’s thinking is not found, in reads, writes and lists', async () => {
    const mine = await postThinking(camille, { axes: [{ id: 'workload', value: -0.5 }] });
    await usersDb()
      .entities.user.patch({ userId: idOf(sam) })
      .set({ subscription: 'essentials' })
      .go();
    try {
      const read = await stack.api(`/v1/thinkings/${mine.body.id}`, { token: sam.accessToken });
      expect(read.status).toBe(404);
      const write = await stack.api(`/v1/thinkings/${mine.body.id}`, {
        method: 'PUT',
        token: sam.accessToken,
        body: { axes: [{ id: 'workload', value: 1 }] },
      });
      expect(write.status).toBe(404);
      const list = await stack.api<{ count: number; items: Thinking[] }>('/v1/thinkings', {
        token: sam.accessToken,
      });
      expect(list.body.items.map((t) => t.id)).not.toContain(mine.body.id);
      expect(JSON.stringify(list.body)).not.toContain(idOf(camille));
    } finally {
      await usersDb()
        .entities.user.patch({ userId: idOf(sam) })
        .set({ subscription: 'starter' })
        .go();
    }
  });

  it('is changed within its window and refused with feeling-frozen after its freeze date', async () => {
    const created = await postThinking(camille, { axes: [{ id: 'workload', value: 1 }] });
    const changed = await stack.api<Thinking>(`/v1/thinkings/${created.body.id}`, {
      method: 'PUT',
      token: camille.accessToken,
      body: { axes: [{ id: 'workload', value: -1 }] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.axes).toEqual([{ id: 'workload', value: -1 }]);
    await thinkingsDb()
      .entities.thinking.patch({ userId: idOf(camille), thinkingId: created.body.id })
      .set({ freezeDate: new Date(Date.now() - 1000).toISOString() })
      .go();
    const frozen = await stack.api(`/v1/thinkings/${created.body.id}`, {
      method: 'PUT',
      token: camille.accessToken,
      body: { axes: [{ id: 'workload', value: 0.5 }] },
    });
    expect(frozen.status).toBe(409);
    expect(frozen.body).toMatchObject({ key: 'feeling-frozen' });
    const read = await stack.api<Thinking>(`/v1/thinkings/${created.body.id}`, {
      token: camille.accessToken,
    });
    expect(read.body).toMatchObject({ editable: false, axes: [{ id: 'workload', value: -1 }] });
  });

  it('lists a date range newest first, with its count', async () => {
    const start = new Date(Date.now() - 60_000).toISOString();
    const a = await postThinking(camille, { axes: [{ id: 'workload', value: 0.5 }] });
    const b = await postThinking(camille, { axes: [{ id: 'meaning', value: -0.5 }] });
    const listed = await stack.api<{ count: number; items: Thinking[] }>(
      `/v1/thinkings?start=${encodeURIComponent(start)}&_max=1`,
      { token: camille.accessToken },
    );
    expect(listed.body.items.map((t) => t.id)).toEqual([b.body.id]);
    expect(listed.body.count).toBeGreaterThanOrEqual(2);
    const none = await stack.api<{ count: number }>(
      `/v1/thinkings?end=${encodeURIComponent('2019-01-01T00:00:00Z')}`,
      { token: camille.accessToken },
    );
    expect(none.body.count).toBe(0);
    expect(a.status).toBe(201);
  });
});

describe('realtime', () => {
  it('tells the owner, and only the owner, that a thinking was saved', async () => {
    const [mine, theirs] = await Promise.all([openRealtime(stack, camille), openRealtime(stack, sam)]);
    const heard: { owner: unknown[]; other: unknown[] } = { owner: [], other: [] };
    mine.on('message', (data: Buffer) => heard.owner.push(JSON.parse(data.toString())));
    theirs.on('message', (data: Buffer) => heard.other.push(JSON.parse(data.toString())));
    expect((await postThinking(camille, { axes: [{ id: 'meaning', value: 0 }] })).status).toBe(201);
    await new Promise((r) => setTimeout(r, 300));
    expect(heard.owner).toContainEqual({ type: 'thinkings', action: 'created' });
    expect(heard.other).toEqual([]);
    mine.close();
    theirs.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { strFromU8, unzipSync } from 'fflate';
import type { ContextAxes, Thinking } from '@shared/contracts/thinkings';
import type { Feeling, QuickAnswerPlace } from '@shared/contracts/feelings';
import type { Session } from '@shared/contracts/sessions';
import type { Sphere } from '@shared/contracts/spheres';
import { usersDb } from '../../functions/users/store';
import { spheresDb } from '../../functions/spheres/store';
import { startTestStack, type TestStack, type Tokens } from './harness';

/**
 * Contributions in context over HTTP. Thinking (spec 01 §7): the axes a sphere asks each member
 * category, the axes a session asks (its own list when not empty, else its sphere's; its own only
 * where the sphere allows), and contributor thinkings, which need membership. Quick-answer links
 * (spec 01 §2): a code only the admins can make, checked before and when recording.
 */
let stack: TestStack;
let admin: Tokens;
let zoe: Tokens;
let yann: Tokens;
let sphere: Sphere;
let group: Session;
const idOf = (tokens: Tokens) => decodeJwt(tokens.accessToken).sub as string;

const api = <T>(
  tokens: Tokens,
  path: string,
  method = 'GET',
  body?: unknown,
  headers?: Record<string, string>,
) =>
  stack.api<T>(path, {
    method,
    token: tokens.accessToken,
    ...(body !== undefined ? { body } : {}),
    ...(headers ? { headers } : {}),
  });
const sphereAxes = (tokens: Tokens, category = 'contributor', method = 'GET', body?: unknown) =>
  api<ContextAxes>(tokens, `/v1/thinkings/sphere-axes/${sphere.id}/${category}`, method, body);
const sessionAxes = (tokens: Tokens, method = 'GET', body?: unknown, groupId = 'default') =>
  api<ContextAxes>(tokens, `/v1/thinkings/session-axes/${group.id}/${groupId}`, method, body);
const think = (tokens: Tokens, body: Record<string, unknown>) =>
  api<Thinking>(tokens, '/v1/thinkings', 'POST', { geoPoint: { latitude: 0, longitude: 0 }, ...body });

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('admin.context-axes@example.be', { firstName: 'Ada', locale: 'en' });
  zoe = await stack.signInWithCode('zoe.context-axes@example.be', { firstName: 'Zoé', locale: 'fr' });
  yann = await stack.signInWithCode('yann.context-axes@example.be', { firstName: 'Yann', locale: 'en' });
  // Thinking is an Essentials feature; the catalogue is a super-admin's.
  await usersDb()
    .entities.user.patch({ userId: idOf(admin) })
    .set({ globalRoles: ['super-admin'], subscription: 'essentials' })
    .go();
  for (const person of [zoe, yann])
    await usersDb()
      .entities.user.patch({ userId: idOf(person) })
      .set({ subscription: 'essentials' })
      .go();
  for (const [id, modules, required] of [
    ['team-spirit', ['sphere', 'session'], false],
    ['workplace', ['sphere'], false],
    ['meetings', ['session'], false],
    ['safety', ['sphere', 'session'], true],
    ['sleep', ['myself'], false],
  ] as const) {
    const created = await api(
      admin,
      '/v1/thinkings/definitions/axes',
      'POST',
      { id, name: { en: id }, modules, required },
      { 'x-super-admin': 'true' },
    );
    expect(created.status).toBe(201);
  }
  const body = { category: 'company', address: { country: 'BE' }, languages: { primary: 'en' } };
  sphere = (await api<Sphere>(admin, '/v1/spheres', 'POST', { ...body, name: 'Maison Tilleul' })).body;
  group = (
    await api<Session>(admin, `/v1/spheres/${sphere.id}/sessions`, 'POST', {
      category: 'contributor',
      name: { en: 'North cell' },
      publicName: { en: 'North team' },
      isPublic: true,
    })
  ).body;
  const sphereKey = (await api<{ sphereKey: string }>(admin, `/v1/spheres/${sphere.id}/join-key`)).body
    .sphereKey;
  expect((await api(zoe, `/v1/spheres/${sphere.id}/join`, 'POST', { sphereKey })).status).toBe(200);
  const sessionKey = (await api<{ sessionKey: string }>(admin, `/v1/sessions/${group.id}/join-key`)).body
    .sessionKey;
  expect((await api(zoe, `/v1/sessions/${group.id}/join`, 'POST', { sessionKey })).status).toBe(200);
});
afterAll(async () => {
  await stack?.stop();
});

describe('sphere axes: one list per member category, set by the sphere’s admins', () => {
  it('asks only the required axes before the admins choose', async () => {
    const read = await sphereAxes(zoe);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ axisIds: [], inherited: false, customizable: false });
    expect(read.body.axes.map((a) => a.id)).toEqual(['safety']);
  });

  it('an admin sets the contributors’ list; members read it, required axes first', async () => {
    const saved = await sphereAxes(admin, 'contributor', 'PUT', { axisIds: ['workplace', 'team-spirit'] });
    expect(saved.status).toBe(200);
    expect(saved.body.axisIds).toEqual(['workplace', 'team-spirit']);
    const read = await sphereAxes(zoe);
    expect(read.body.axes.map((a) => a.id)).toEqual(['safety', 'workplace', 'team-spirit']);
    // The consumers' list is another one.
    expect((await sphereAxes(zoe, 'consumer')).body.axisIds).toEqual([]);
  });

  it('refuses an axis not offered to spheres (not-valid) or twice (exist), and keeps the list', async () => {
    const notOffered = await sphereAxes(admin, 'contributor', 'PUT', {
      axisIds: ['team-spirit', 'meetings'],
    });
    expect(notOffered.status).toBe(400);
    expect(notOffered.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.axisIds.1' }] });
    const twice = await sphereAxes(admin, 'contributor', 'PUT', { axisIds: ['workplace', 'workplace'] });
    expect(twice.body).toMatchObject({ errors: [{ key: 'exist', field: 'body.axisIds.1' }] });
    const unknown = await sphereAxes(admin, 'contributor', 'PUT', { axisIds: ['Not An Id'] });
    expect(unknown.status).toBe(400);
    expect((await sphereAxes(zoe)).body.axisIds).toEqual(['workplace', 'team-spirit']);
  });

  it('a member without the right cannot change it; a stranger cannot read it', async () => {
    expect((await sphereAxes(zoe, 'contributor', 'PUT', { axisIds: [] })).status).toBe(403);
    expect((await sphereAxes(yann)).status).toBe(403);
    const bad = await api(admin, `/v1/thinkings/sphere-axes/${sphere.id}/visitors`);
    expect(bad.status).toBe(400);
  });
});

describe('session axes: the session’s own list when not empty, else its sphere’s', () => {
  it('a session with no list of its own asks its sphere’s', async () => {
    const read = await sessionAxes(zoe);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ axisIds: [], inherited: true, customizable: false });
    expect(read.body.axes.map((a) => a.id)).toEqual(['safety', 'workplace', 'team-spirit']);
  });

  it('a session chooses its own axes only where the sphere allows: axes-not-customizable', async () => {
    const refused = await sessionAxes(admin, 'PUT', { axisIds: ['meetings'] });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ key: 'axes-not-customizable' });
    await spheresDb()
      .entities.sphere.patch({ sphereId: sphere.id })
      .set({ customizableThinkingAxes: true })
      .go();
    const saved = await sessionAxes(admin, 'PUT', { axisIds: ['meetings', 'team-spirit'] });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      axisIds: ['meetings', 'team-spirit'],
      inherited: false,
      customizable: true,
    });
    expect(saved.body.axes.map((a) => a.id)).toEqual(['safety', 'meetings', 'team-spirit']);
    // Another group of questions of the same session is another list.
    expect((await sessionAxes(zoe, 'GET', undefined, 'kick-off')).body.inherited).toBe(true);
  });

  it('refuses an axis not offered to sessions; a plain member cannot change the list', async () => {
    const refused = await sessionAxes(admin, 'PUT', { axisIds: ['workplace'] });
    expect(refused.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.axisIds.0' }] });
    expect((await sessionAxes(zoe, 'PUT', { axisIds: [] })).status).toBe(403);
    expect((await sessionAxes(yann)).status).toBe(403);
  });
});

describe('contributor thinkings need membership (spec 01 §6)', () => {
  it('a group member answers the group’s axes; the thinking names its group and sphere', async () => {
    const given = await think(zoe, {
      sessionId: group.id,
      axes: [
        { id: 'safety', value: 1 },
        { id: 'meetings', value: -0.5 },
      ],
    });
    expect(given.status).toBe(201);
    expect(given.body).toMatchObject({ sessionId: group.id, sphereId: sphere.id, groupId: 'default' });
    expect(given.body.id.startsWith(`${group.id}_`)).toBe(true);
    const changed = await api<Thinking>(zoe, `/v1/thinkings/${given.body.id}`, 'PUT', {
      axes: [{ id: 'meetings', value: 0 }],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.axes).toEqual([{ id: 'meetings', value: 0 }]);
  });

  it('an axis the place does not ask is refused: not-valid', async () => {
    const refused = await think(zoe, { sessionId: group.id, axes: [{ id: 'workplace', value: 1 }] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.axes.0.id' }] });
    const personal = await think(zoe, { axes: [{ id: 'team-spirit', value: 1 }] });
    expect(personal.body).toMatchObject({ errors: [{ key: 'not-valid' }] });
  });

  it('a contributor answers the sphere’s contributor axes', async () => {
    const given = await think(zoe, { sphereId: sphere.id, axes: [{ id: 'workplace', value: 0.5 }] });
    expect(given.status).toBe(201);
    expect(given.body).toMatchObject({ sphereId: sphere.id });
    expect(given.body.sessionId).toBeUndefined();
  });

  it('a stranger gives no thinking in the sphere or the group: contributor-thinking-forbidden', async () => {
    for (const context of [
      { sphereId: sphere.id },
      { sessionId: group.id },
      { sessionId: 'no-such-group' },
    ]) {
      const refused = await think(yann, { ...context, axes: [{ id: 'safety', value: 1 }] });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ key: 'contributor-thinking-forbidden' });
    }
  });
});

describe('quick-answer links (spec 01 §2): the code is the admins’, membership still counts', () => {
  const feel = (tokens: Tokens, body: Record<string, unknown>) =>
    api<Feeling>(tokens, '/v1/feelings', 'POST', {
      value: 0.6,
      energy: 0.4,
      geoPoint: { latitude: 0, longitude: 0 },
      ...body,
    });
  const check = (tokens: Tokens, body: Record<string, unknown>) =>
    api<QuickAnswerPlace>(tokens, '/v1/feelings/quick-answers/check', 'POST', body);
  let groupCode: string;
  let sphereCode: string;

  it('the admins get each link’s code; a plain member does not', async () => {
    const ofGroup = await api<{ validationCode: string }>(
      admin,
      `/v1/feelings/quick-answer-links/sessions/${group.id}`,
    );
    expect(ofGroup.status).toBe(200);
    groupCode = ofGroup.body.validationCode;
    sphereCode = (
      await api<{ validationCode: string }>(admin, `/v1/feelings/quick-answer-links/spheres/${sphere.id}`)
    ).body.validationCode;
    expect(groupCode).toMatch(/^[\w-]{22}$/);
    expect(sphereCode).not.toBe(groupCode);
    expect((await api(zoe, `/v1/feelings/quick-answer-links/sessions/${group.id}`)).status).toBe(403);
  });

  it('a right link names its place as members see it, and says whether the caller contributes', async () => {
    const forZoe = await check(zoe, { sessionId: group.id, validationCode: groupCode });
    expect(forZoe.status).toBe(200);
    expect(forZoe.body).toEqual({
      sphereId: sphere.id,
      sessionId: group.id,
      name: 'North team',
      contributes: true,
    });
    expect((await check(yann, { sessionId: group.id, validationCode: groupCode })).body).toMatchObject({
      contributes: false,
    });
    expect((await check(zoe, { sphereId: sphere.id, validationCode: sphereCode })).body).toMatchObject({
      name: 'Maison Tilleul',
      contributes: true,
    });
  });

  it('a wrong code, or one of another place, is an invalid link', async () => {
    for (const body of [
      { sessionId: group.id, validationCode: 'x'.repeat(22) },
      { sessionId: group.id, validationCode: sphereCode },
      { sphereId: sphere.id, validationCode: groupCode },
      { sessionId: 'no-such-group', validationCode: groupCode },
    ]) {
      const refused = await check(zoe, body);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ key: 'invalid-link' });
    }
    expect((await check(zoe, { validationCode: groupCode })).status).toBe(400);
  });

  it('a feeling through the link is marked as such; a wrong code records nothing', async () => {
    const recorded = await feel(zoe, { sessionId: group.id, validationCode: groupCode });
    expect(recorded.status).toBe(201);
    const read = await api<Feeling>(zoe, `/v1/feelings/${recorded.body.id}`);
    expect(read.body).toMatchObject({ sessionId: group.id, sphereId: sphere.id, fromDirectLink: true });
    const wrong = await feel(zoe, { sessionId: group.id, validationCode: sphereCode });
    expect(wrong.body).toMatchObject({ key: 'invalid-link' });
    // "Download my data" says where each contribution went.
    const archive = await fetch(`${stack.endpoints.api}/v1/me/export`, {
      headers: { authorization: zoe.accessToken, accept: 'application/zip', 'x-language': 'en' },
    });
    const data = JSON.parse(
      strFromU8(unzipSync(new Uint8Array(await archive.arrayBuffer()))['data.json'] as Uint8Array),
    ) as { feelings: unknown[]; thinkings: unknown[] };
    expect(data.feelings).toContainEqual(
      expect.objectContaining({
        id: recorded.body.id,
        sessionId: group.id,
        sphereId: sphere.id,
        fromDirectLink: true,
      }),
    );
    expect(data.thinkings).toContainEqual(
      expect.objectContaining({ sessionId: group.id, sphereId: sphere.id, groupId: 'default' }),
    );
    // The link opens nothing by itself: a stranger still may not record there.
    const stranger = await feel(yann, { sessionId: group.id, validationCode: groupCode });
    expect(stranger.body).toMatchObject({ key: 'contributor-feeling-forbidden' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { strFromU8, unzipSync } from 'fflate';
import type { Session } from '@shared/contracts/sessions';
import type { Sphere } from '@shared/contracts/spheres';
import type { Strategy, StrategyAssessment, StrategyList } from '@shared/contracts/strategies';
import { usersDb } from '../../functions/users/store';
import { insertStrategy, readList, removeStrategy, saveOutline } from '../../functions/strategies/repository';
import { strategiesDb } from '../../functions/strategies/store';
import { openRealtime, startTestStack, type TestStack, type Tokens } from './harness';
import { wholeTable } from './table-scan';

/**
 * Strategies over HTTP (spec 01 §3, §4, §5, §7; spec 02 §2, §5; decision 0019): the life compass,
 * a sphere's and a session's strategy with their rights, reorders that persist order and indent,
 * assessments with their save rules and freeze date, Essentials only, and "my data".
 */
let stack: TestStack;
/** Admin of the sphere (Essentials). */
let ada: Tokens;
/** A contributor of the sphere and a member of its group (Essentials). */
let zoe: Tokens;
/** A contributor of the sphere in no group (Essentials). */
let lou: Tokens;
/** A contributor of the sphere on the starter plan. */
let sam: Tokens;
/** The admin of another sphere (Essentials). */
let yann: Tokens;
let guest: Tokens;
let sphere: Sphere;
let quiet: Sphere;
let elsewhere: Sphere;
let group: Session;
const idOf = (tokens: Tokens) => decodeJwt(tokens.accessToken).sub as string;

const api = <T>(tokens: Tokens, path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, { method, token: tokens.accessToken, ...(body !== undefined ? { body } : {}) });
const addTo = (tokens: Tokens, list: string, body: Record<string, unknown>) =>
  api<Strategy>(tokens, `/v1/strategies/${list}`, 'POST', body);
const listOf = (tokens: Tokens, list: string, query = '') =>
  api<StrategyList>(tokens, `/v1/strategies/${list}${query}`);
const shape = (list: StrategyList) => list.items.map((s) => `${s.title}:${s.indent}`).join(' ');

async function subscribe(tokens: Tokens, subscription: 'starter' | 'essentials') {
  await usersDb()
    .entities.user.patch({ userId: idOf(tokens) })
    .set({ subscription })
    .go();
}

async function newSphere(tokens: Tokens, name: string, strategyEnabled?: boolean) {
  const body = { name, category: 'company', address: { country: 'BE' }, languages: { primary: 'en' } };
  const created = await api<Sphere>(
    tokens,
    '/v1/spheres',
    'POST',
    strategyEnabled === undefined ? body : { ...body, strategyEnabled },
  );
  expect(created.status).toBe(201);
  return created.body;
}

async function join(tokens: Tokens, target: Sphere) {
  const key = await api<{ sphereKey: string }>(ada, `/v1/spheres/${target.id}/join-key`);
  expect(
    (await api(tokens, `/v1/spheres/${target.id}/join`, 'POST', { sphereKey: key.body.sphereKey })).status,
  ).toBe(200);
}

beforeAll(async () => {
  stack = await startTestStack();
  ada = await stack.signInWithCode('ada.strategies@example.be', { firstName: 'Ada', locale: 'en' });
  zoe = await stack.signInWithCode('zoe.strategies@example.be', { firstName: 'Zoé', locale: 'fr' });
  lou = await stack.signInWithCode('lou.strategies@example.be', { firstName: 'Lou', locale: 'en' });
  sam = await stack.signInWithCode('sam.strategies@example.be', { firstName: 'Sam', locale: 'en' });
  yann = await stack.signInWithCode('yann.strategies@example.be', { firstName: 'Yann', locale: 'nl' });
  guest = await stack.signInAsGuest({ link: 'http://127.0.0.1/strategies' });
  for (const person of [ada, zoe, lou, yann]) await subscribe(person, 'essentials');
  sphere = await newSphere(ada, 'Maison Boussole', true);
  quiet = await newSphere(ada, 'Maison Silence');
  elsewhere = await newSphere(yann, 'Ailleurs', true);
  group = (
    await api<Session>(ada, `/v1/spheres/${sphere.id}/sessions`, 'POST', {
      category: 'contributor',
      name: { en: 'Compass cell' },
      publicName: { en: 'Compass team' },
      isPublic: true,
    })
  ).body;
  for (const person of [zoe, lou, sam]) await join(person, sphere);
  const sessionKey = (await api<{ sessionKey: string }>(ada, `/v1/sessions/${group.id}/join-key`)).body
    .sessionKey;
  expect((await api(zoe, `/v1/sessions/${group.id}/join`, 'POST', { sessionKey })).status).toBe(200);
});
afterAll(async () => {
  await stack?.stop();
});

describe('a sphere keeps a strategy only when strategyEnabled is on', () => {
  it('a new sphere has it off unless created with it; an update that leaves it out keeps it', async () => {
    expect(sphere.strategyEnabled).toBe(true);
    expect(quiet.strategyEnabled).toBe(false);
    const read = await api<Sphere>(ada, `/v1/spheres/${sphere.id}`);
    const { name, category, address, languages, domains, accessPolicy, updateDate } = read.body;
    const saved = await api<Sphere>(ada, `/v1/spheres/${sphere.id}`, 'PUT', {
      name,
      category,
      address,
      languages,
      domains,
      accessPolicy,
      updateDate,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.strategyEnabled).toBe(true);
  });

  it('its strategy and assessments are refused with strategy-not-enabled', async () => {
    for (const answer of [
      await listOf(ada, `spheres/${quiet.id}`),
      await addTo(ada, `spheres/${quiet.id}`, { type: 'vision', description: 'Ours' }),
      await api(ada, `/v1/strategies/assessments/spheres/${quiet.id}`, 'POST', { values: { x: 3 } }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ key: 'strategy-not-enabled' });
    }
  });
});

describe('the life compass (linkTo user)', () => {
  it.each([
    [{ type: 'goal', description: 'Run twice a week' }, 'body.title', 'required'],
    [{ type: 'goal', title: '   ', description: 'Run' }, 'body.title', 'required'],
    [{ type: 'goal', title: 'Health' }, 'body.description', 'strategy-description-required'],
    [
      { type: 'goal', title: 'Health', description: '  ' },
      'body.description',
      'strategy-description-required',
    ],
    [{ type: 'goal', title: 'x'.repeat(251), description: 'd' }, 'body.title', 'length-out-of-range-error'],
    [
      { type: 'goal', title: 'Health', description: 'd'.repeat(2501) },
      'body.description',
      'length-out-of-range-error',
    ],
    [{ type: 'dream', title: 'Health', description: 'd' }, 'body.type', 'unexpected-value-error'],
    [
      { type: 'goal', title: 'Health', description: 'd', indent: 6 },
      'body.indent',
      'value-out-of-range-error',
    ],
    [
      { type: 'goal', title: 'Health', description: 'd', indent: 1 },
      'body.indent',
      'value-out-of-range-error',
    ],
    [
      { type: 'goal', title: 'Health', description: 'd', goalsLinked: ['moon'] },
      'body.goalsLinked.0',
      'unexpected-value-error',
    ],
    [
      { type: 'goal', title: 'Health', description: 'd', goalsLinked: ['health', 'health'] },
      'body.goalsLinked',
      'exist',
    ],
    [
      { type: 'goal', title: 'Health', description: 'd', userId: 'someone' },
      'body.userId',
      'unexpected-value-error',
    ],
  ])('refuses %j with 400 and %s %s', async (body, field, key) => {
    const answer = await addTo(zoe, 'myself', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      errors: expect.arrayContaining([expect.objectContaining({ field, key })]),
    });
  });

  let ids: Record<string, string> = {};

  it('adds items at the end at an indent up to the one above plus one, and lists them in order', async () => {
    for (const [title, indent] of [
      ['Vision', 0],
      ['Health', 1],
      ['Run', 2],
      ['Family', 1],
      ['Work', 0],
    ] as const) {
      const added = await addTo(zoe, 'myself', {
        type: 'goal',
        title,
        description: `About ${title}`,
        indent,
        goalsLinked: title === 'Health' ? ['health'] : [],
      });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ title, indent, linkTo: 'user', userId: idOf(zoe) });
      ids = { ...ids, [title]: added.body.id };
    }
    const tooDeep = await addTo(zoe, 'myself', { type: 'goal', title: 'Deep', description: 'd', indent: 2 });
    expect(tooDeep.body).toMatchObject({
      errors: [{ key: 'value-out-of-range-error', field: 'body.indent' }],
    });
    const listed = await listOf(zoe, 'myself');
    expect(listed.status).toBe(200);
    expect(shape(listed.body)).toBe('Vision:0 Health:1 Run:2 Family:1 Work:0');
    expect(listed.body.items.map((s) => s.order)).toEqual([0, 1, 2, 3, 4]);
    expect(listed.body).toMatchObject({ count: 5, max: 200, offset: 0 });
    expect(listed.body.items[1]).toMatchObject({ goalsLinked: ['health'] });
    const page = await listOf(zoe, 'myself', '?_max=2&_offset=1');
    expect(page.body.items.map((s) => s.title)).toEqual(['Health', 'Run']);
    expect((await listOf(zoe, 'myself', '?_max=2001')).status).toBe(400);
  });

  it('a reorder persists order and indent in one call', async () => {
    const items = [
      { id: ids.Work, indent: 0 },
      { id: ids.Vision, indent: 0 },
      { id: ids.Family, indent: 1 },
      { id: ids.Health, indent: 1 },
      { id: ids.Run, indent: 2 },
    ];
    const saved = await api<StrategyList>(zoe, '/v1/strategies/myself/order', 'PUT', { items });
    expect(saved.status).toBe(200);
    expect(shape(saved.body)).toBe('Work:0 Vision:0 Family:1 Health:1 Run:2');
    expect(shape((await listOf(zoe, 'myself')).body)).toBe('Work:0 Vision:0 Family:1 Health:1 Run:2');
  });

  it('a reorder breaking the indent rule is refused with the first item breaking it', async () => {
    const items = [
      { id: ids.Work, indent: 0 },
      { id: ids.Vision, indent: 0 },
      { id: ids.Family, indent: 2 },
      { id: ids.Health, indent: 1 },
      { id: ids.Run, indent: 2 },
    ];
    const refused = await api(zoe, '/v1/strategies/myself/order', 'PUT', { items });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      errors: [{ key: 'value-out-of-range-error', field: 'body.items.2.indent' }],
    });
    const first = await api(zoe, '/v1/strategies/myself/order', 'PUT', {
      items: [{ id: ids.Work, indent: 1 }],
    });
    expect(first.body).toMatchObject({ errors: [{ field: 'body.items.0.indent' }] });
  });

  it('a reorder that misses an item, names one twice or names another list’s is a conflict', async () => {
    const all = [ids.Work, ids.Vision, ids.Family, ids.Health, ids.Run].map((id) => ({ id, indent: 0 }));
    for (const items of [
      all.slice(1),
      [...all.slice(1), all[1]],
      [...all.slice(1), { id: 'not-mine', indent: 0 }],
    ]) {
      const refused = await api(zoe, '/v1/strategies/myself/order', 'PUT', { items });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ key: 'conflict' });
    }
    expect(shape((await listOf(zoe, 'myself')).body)).toBe('Work:0 Vision:0 Family:1 Health:1 Run:2');
  });

  it('an update changes texts and flags, once: an editor holding an older read gets a conflict', async () => {
    const read = (await listOf(zoe, 'myself')).body.items.find((s) => s.id === ids.Run) as Strategy;
    const body = {
      type: 'action',
      title: 'Run',
      description: 'Run on Sundays',
      isHidden: true,
      updateDate: read.updateDate,
    };
    const changed = await api<Strategy>(zoe, `/v1/strategies/myself/${ids.Run}`, 'PUT', body);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      type: 'action',
      description: 'Run on Sundays',
      isHidden: true,
      order: 4,
      indent: 2,
    });
    const stale = await api(zoe, `/v1/strategies/myself/${ids.Run}`, 'PUT', {
      ...body,
      description: 'Later',
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ key: 'conflict' });
    const blank = await api(zoe, `/v1/strategies/myself/${ids.Run}`, 'PUT', { ...body, title: '' });
    expect(blank.body).toMatchObject({ errors: [{ key: 'required', field: 'body.title' }] });
    // Its owner sees a hidden item of their life compass.
    expect(shape((await listOf(zoe, 'myself')).body)).toContain('Run:2');
  });

  it('deleting an item moves its children up one level into its place', async () => {
    expect((await api(zoe, `/v1/strategies/myself/${ids.Health}`, 'DELETE')).status).toBe(204);
    expect(shape((await listOf(zoe, 'myself')).body)).toBe('Work:0 Vision:0 Family:1 Run:1');
    const again = await api(zoe, `/v1/strategies/myself/${ids.Health}`, 'DELETE');
    expect(again.status).toBe(404);
  });

  it('a write on a list read before another tab changed it is refused, and changes nothing', async () => {
    const stale = await readList({ linkTo: 'user', linkId: idOf(zoe) });
    const added = await addTo(zoe, 'myself', { type: 'goal', title: 'Read', description: 'A book a month' });
    expect(added.status).toBe(201);
    const fields = {
      type: 'goal' as const,
      title: 'Lost',
      description: 'd',
      isHidden: false,
      goalsLinked: [],
    };
    await expect(insertStrategy(stale, { ...fields, userId: idOf(zoe) }, 0)).rejects.toMatchObject({
      key: 'conflict',
    });
    await expect(saveOutline(stale, [...stale.items].reverse())).rejects.toMatchObject({ key: 'conflict' });
    const first = stale.items[0]?.strategyId ?? '';
    await expect(removeStrategy(stale, first, stale.items.slice(1))).rejects.toMatchObject({
      key: 'conflict',
    });
    expect(shape((await listOf(zoe, 'myself')).body)).toBe('Work:0 Vision:0 Family:1 Run:1 Read:0');
    expect((await api(zoe, `/v1/strategies/myself/${added.body.id}`, 'DELETE')).status).toBe(204);
  });

  it('is its person’s alone: another user lists their own and cannot reach these items', async () => {
    expect((await listOf(yann, 'myself')).body).toMatchObject({ count: 0, items: [] });
    const read = (await listOf(zoe, 'myself')).body.items[0] as Strategy;
    const change = await api(yann, `/v1/strategies/myself/${read.id}`, 'PUT', {
      type: 'goal',
      title: 'Mine now',
      description: 'd',
      updateDate: read.updateDate,
    });
    expect(change.status).toBe(404);
    expect((await api(yann, `/v1/strategies/myself/${read.id}`, 'DELETE')).status).toBe(404);
    expect(shape((await listOf(zoe, 'myself')).body)).toBe('Work:0 Vision:0 Family:1 Run:1');
  });

  it('is reserved for Essentials: a starter user gets essentials-required, a guest guest-not-allowed', async () => {
    for (const answer of [
      await listOf(sam, 'myself'),
      await addTo(sam, 'myself', { type: 'goal', title: 'Mine', description: 'd' }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ key: 'essentials-required' });
    }
    const asGuest = await listOf(guest, 'myself');
    expect(asGuest.status).toBe(403);
    expect(asGuest.body).toMatchObject({ key: 'guest-not-allowed' });
  });
});

describe('a sphere’s strategy: members read it, admins write it', () => {
  let vision: Strategy;
  let secret: Strategy;

  it('an admin adds items; a title is needed only for custom items', async () => {
    const added = await addTo(ada, `spheres/${sphere.id}`, {
      type: 'vision',
      description: 'A calmer workplace',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      type: 'vision',
      title: '',
      linkTo: 'sphere',
      sphereId: sphere.id,
      order: 0,
    });
    expect(added.body.userId).toBeUndefined();
    vision = added.body;
    const custom = await addTo(ada, `spheres/${sphere.id}`, {
      type: 'custom',
      description: 'Untitled',
      indent: 1,
    });
    expect(custom.body).toMatchObject({ errors: [{ key: 'required', field: 'body.title' }] });
    const noDescription = await addTo(ada, `spheres/${sphere.id}`, { type: 'mission', title: 'Care' });
    expect(noDescription.body).toMatchObject({
      errors: [{ key: 'strategy-description-required', field: 'body.description' }],
    });
    secret = (
      await addTo(ada, `spheres/${sphere.id}`, {
        type: 'custom',
        title: 'Restructuring',
        description: 'Not yet announced',
        indent: 1,
        isHidden: true,
      })
    ).body;
    expect(
      (
        await addTo(ada, `spheres/${sphere.id}`, {
          type: 'strategicAxis',
          title: 'Care',
          description: 'People first',
          indent: 2,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await addTo(ada, `spheres/${sphere.id}`, {
          type: 'goal',
          title: 'Open',
          description: 'Say it',
          indent: 1,
        })
      ).status,
    ).toBe(201);
  });

  it('members read it without hidden items (nor their children); the admins see them', async () => {
    const asMember = await listOf(zoe, `spheres/${sphere.id}`);
    expect(asMember.status).toBe(200);
    expect(asMember.body.items.map((s) => [s.type, s.order, s.indent])).toEqual([
      ['vision', 0, 0],
      ['goal', 3, 1],
    ]);
    expect(JSON.stringify(asMember.body)).not.toContain('Restructuring');
    const asAdmin = await listOf(ada, `spheres/${sphere.id}`);
    expect(asAdmin.body.items.map((s) => s.id)).toContain(secret.id);
    expect(asAdmin.body.count).toBe(4);
  });

  it('a member may not write it', async () => {
    expect((await addTo(zoe, `spheres/${sphere.id}`, { type: 'vision', description: 'Mine' })).status).toBe(
      403,
    );
    expect((await api(zoe, `/v1/strategies/spheres/${sphere.id}/${vision.id}`, 'DELETE')).status).toBe(403);
    const reorder = await api(zoe, `/v1/strategies/spheres/${sphere.id}/order`, 'PUT', { items: [] });
    expect(reorder.status).toBe(403);
  });

  it('the admin of another sphere neither reads nor writes it, and learns nothing of it', async () => {
    for (const answer of [
      await listOf(yann, `spheres/${sphere.id}`),
      await addTo(yann, `spheres/${sphere.id}`, { type: 'vision', description: 'Theirs' }),
      await api(yann, `/v1/strategies/spheres/${sphere.id}/${vision.id}`, 'PUT', {
        type: 'vision',
        description: 'Taken',
        updateDate: vision.updateDate,
      }),
    ]) {
      expect(answer.status).toBe(403);
      expect(JSON.stringify(answer.body)).not.toContain('calmer');
    }
    // A sphere that does not exist is refused the same way.
    expect((await listOf(yann, 'spheres/no-such-sphere')).status).toBe(403);
    // Nor does a strategy id of this sphere open anything through the admin's own sphere.
    const crossed = await api(yann, `/v1/strategies/spheres/${elsewhere.id}/${vision.id}`, 'DELETE');
    expect(crossed.status).toBe(404);
    expect((await listOf(ada, `spheres/${elsewhere.id}`)).status).toBe(403);
  });

  it('a starter member is told it is an Essentials feature; a guest is refused as a guest', async () => {
    const starter = await listOf(sam, `spheres/${sphere.id}`);
    expect(starter.status).toBe(403);
    expect(starter.body).toMatchObject({ key: 'essentials-required' });
    const asGuest = await listOf(guest, `spheres/${sphere.id}`);
    expect(asGuest.body).toMatchObject({ key: 'guest-not-allowed' });
  });

  it('an admin’s reorder persists order and indent for every reader', async () => {
    const current = (await listOf(ada, `spheres/${sphere.id}`)).body.items;
    const [first, second, third, fourth] = current.map((s) => s.id);
    const saved = await api<StrategyList>(ada, `/v1/strategies/spheres/${sphere.id}/order`, 'PUT', {
      items: [
        { id: first, indent: 0 },
        { id: fourth, indent: 1 },
        { id: second, indent: 1 },
        { id: third, indent: 2 },
      ],
    });
    expect(saved.status).toBe(200);
    const asMember = await listOf(zoe, `spheres/${sphere.id}`);
    expect(asMember.body.items.map((s) => [s.id, s.order, s.indent])).toEqual([
      [first, 0, 0],
      [fourth, 1, 1],
    ]);
  });
});

describe('a session’s strategy: its members read it, its sphere’s admins and its owners write it', () => {
  let action: Strategy;

  it('the sphere’s admin writes it; a group member reads it', async () => {
    const added = await addTo(ada, `sessions/${group.id}`, {
      type: 'action',
      title: 'Weekly check-in',
      description: 'Fridays',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ linkTo: 'session', sessionId: group.id, sphereId: sphere.id });
    action = added.body;
    const read = await listOf(zoe, `sessions/${group.id}`);
    expect(read.status).toBe(200);
    expect(read.body.items.map((s) => s.id)).toEqual([action.id]);
  });

  it('a member of the sphere outside the group reads the sphere’s strategy, not the group’s', async () => {
    expect((await listOf(lou, `spheres/${sphere.id}`)).status).toBe(200);
    const refused = await listOf(lou, `sessions/${group.id}`);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('Weekly');
  });

  it('a group member may not write it; another sphere’s admin may not read it', async () => {
    expect(
      (await addTo(zoe, `sessions/${group.id}`, { type: 'action', title: 'X', description: 'Y' })).status,
    ).toBe(403);
    expect((await listOf(yann, `sessions/${group.id}`)).status).toBe(403);
    expect((await listOf(yann, 'sessions/no-such-session')).status).toBe(403);
  });
});

describe('strategy assessments', () => {
  let items: Strategy[];
  let hidden: Strategy;
  let mine: StrategyAssessment;
  const assess = (tokens: Tokens, place: string, body: unknown) =>
    api<StrategyAssessment>(tokens, `/v1/strategies/assessments/${place}`, 'POST', body);

  beforeAll(async () => {
    const all = (await listOf(ada, `spheres/${sphere.id}`)).body.items;
    hidden = all.find((s) => s.isHidden) as Strategy;
    items = (await listOf(zoe, `spheres/${sphere.id}`)).body.items;
  });

  it.each([
    [{ values: {} }, 'body.values', 'required'],
    [{ values: { a: null } }, 'body.values', 'required'],
    [{}, 'body.values', 'required'],
    [{ values: { a: 'happy' } }, 'body.values.a', 'not-a-number'],
    [{ values: { a: 3 }, locale: 'Mars/Olympus' }, 'body.locale', 'not-valid'],
    [{ values: { a: 3 }, userId: 'x' }, 'body.userId', 'unexpected-value-error'],
  ])('refuses %j with 400 and %s %s', async (body, field, key) => {
    const answer = await assess(zoe, `spheres/${sphere.id}`, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      errors: expect.arrayContaining([expect.objectContaining({ field, key })]),
    });
  });

  it('a level out of the five, a hidden item and an unknown item are refused by name', async () => {
    const [first] = items as [Strategy];
    const outOfRange = await assess(zoe, `spheres/${sphere.id}`, { values: { [first.id]: 6 } });
    expect(outOfRange.body).toMatchObject({
      errors: [{ key: 'value-out-of-range-error', field: `body.values.${first.id}` }],
    });
    const ofHidden = await assess(zoe, `spheres/${sphere.id}`, { values: { [hidden.id]: 3 } });
    expect(ofHidden.body).toMatchObject({
      errors: [{ key: 'not-valid', field: `body.values.${hidden.id}` }],
    });
    const unknown = await assess(zoe, `spheres/${sphere.id}`, { values: { 'no-such-item': 3 } });
    expect(unknown.status).toBe(400);
  });

  it('saves the answers given, empty ones dropped, editable for an hour; tells its person only', async () => {
    const [first, second] = items as [Strategy, Strategy];
    const [mineSocket, theirsSocket] = await Promise.all([
      openRealtime(stack, zoe),
      openRealtime(stack, ada),
    ]);
    const heard: { mine: unknown[]; theirs: unknown[] } = { mine: [], theirs: [] };
    mineSocket.on('message', (data: Buffer) => heard.mine.push(JSON.parse(data.toString())));
    theirsSocket.on('message', (data: Buffer) => heard.theirs.push(JSON.parse(data.toString())));
    const saved = await assess(zoe, `spheres/${sphere.id}`, {
      values: { [first.id]: 4, [second.id]: null },
      locale: 'Europe/Brussels',
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      linkTo: 'sphere',
      sphereId: sphere.id,
      values: { [first.id]: 4 },
      locale: 'Europe/Brussels',
      fromDirectLink: false,
      editable: true,
    });
    expect(Date.parse(saved.body.freezeDate) - Date.parse(saved.body.creationDate)).toBe(60 * 60 * 1000);
    mine = saved.body;
    await new Promise((r) => setTimeout(r, 300));
    expect(heard.mine).toContainEqual({ type: 'strategyAssessments', action: 'created' });
    expect(heard.theirs).toEqual([]);
    mineSocket.close();
    theirsSocket.close();
  });

  it('its person reads it and changes its values before the freeze date; nobody else finds it', async () => {
    const [first, second] = items as [Strategy, Strategy];
    const read = await api<StrategyAssessment>(zoe, `/v1/strategies/assessments/${mine.id}`);
    expect(read.body).toMatchObject({ id: mine.id, values: { [first.id]: 4 } });
    const changed = await api<StrategyAssessment>(zoe, `/v1/strategies/assessments/${mine.id}`, 'PUT', {
      values: { [first.id]: 2, [second.id]: 5 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.values).toEqual({ [first.id]: 2, [second.id]: 5 });
    expect((await api(ada, `/v1/strategies/assessments/${mine.id}`)).status).toBe(404);
    const theirs = await api(ada, `/v1/strategies/assessments/${mine.id}`, 'PUT', {
      values: { [first.id]: 1 },
    });
    expect(theirs.status).toBe(404);
    const empty = await api(zoe, `/v1/strategies/assessments/${mine.id}`, 'PUT', {
      values: { [first.id]: null },
    });
    expect(empty.body).toMatchObject({ errors: [{ key: 'required', field: 'body.values' }] });
  });

  it('lists its person’s assessments of the sphere, newest first; an outsider may not', async () => {
    const [first] = items as [Strategy];
    const later = await assess(zoe, `spheres/${sphere.id}`, { values: { [first.id]: 3 } });
    const listed = await api<{ count: number; items: StrategyAssessment[] }>(
      zoe,
      `/v1/strategies/assessments/spheres/${sphere.id}`,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.count).toBe(2);
    expect(listed.body.items.map((a) => a.id)).toEqual([later.body.id, mine.id]);
    const others = await api<{ count: number }>(lou, `/v1/strategies/assessments/spheres/${sphere.id}`);
    expect(others.body.count).toBe(0);
    expect((await api(yann, `/v1/strategies/assessments/spheres/${sphere.id}`)).status).toBe(403);
    expect((await assess(yann, `spheres/${sphere.id}`, { values: { [first.id]: 3 } })).status).toBe(403);
  });

  it('after its freeze date it is refused with strategy-assessment-frozen, and stays as it was', async () => {
    const [first] = items as [Strategy];
    await strategiesDb()
      .entities.strategyAssessment.patch({ userId: idOf(zoe), assessmentId: mine.id })
      .set({ freezeDate: new Date(Date.now() - 1000).toISOString() })
      .go();
    const frozen = await api(zoe, `/v1/strategies/assessments/${mine.id}`, 'PUT', {
      values: { [first.id]: 1 },
    });
    expect(frozen.status).toBe(409);
    expect(frozen.body).toMatchObject({ key: 'strategy-assessment-frozen' });
    const read = await api<StrategyAssessment>(zoe, `/v1/strategies/assessments/${mine.id}`);
    expect(read.body).toMatchObject({ editable: false });
    expect(read.body.values[first.id]).toBe(2);
  });

  it('a group’s strategy is assessed by its members only, with the group’s tags', async () => {
    const [action] = (await listOf(zoe, `sessions/${group.id}`)).body.items as [Strategy];
    const saved = await assess(zoe, `sessions/${group.id}`, { values: { [action.id]: 5 } });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      linkTo: 'session',
      sessionId: group.id,
      sphereId: sphere.id,
      specificTagIds: [],
    });
    expect((await assess(lou, `sessions/${group.id}`, { values: { [action.id]: 5 } })).status).toBe(403);
    // The sphere's admin writes the group's strategy but is not in the group.
    expect((await assess(ada, `sessions/${group.id}`, { values: { [action.id]: 5 } })).status).toBe(403);
    const listed = await api<{ count: number }>(zoe, `/v1/strategies/assessments/sessions/${group.id}`);
    expect(listed.body.count).toBe(1);
  });

  it('an assessment given through a campaign link takes the link’s tags; another sphere’s link is invalid-link', async () => {
    const tag = await api<{ id: string }>(ada, `/v1/spheres/${sphere.id}/tags`, 'POST', {
      name: { en: 'Town hall' },
      type: 'department',
      color: '#336699',
      weight: 1,
    });
    expect(tag.status).toBe(201);
    const link = await api<{ id: string }>(ada, '/v1/shorten-urls', 'POST', {
      category: 'sphere',
      sphereId: sphere.id,
      name: 'Town hall',
      defaultLanguage: 'en',
      stepNumber: 100,
      specificTagIds: [tag.body.id],
      wizards: [{ type: 'sphereStrategyAssessment' }],
    });
    expect(link.status).toBe(201);
    const [first] = items as [Strategy];
    const saved = await assess(lou, `spheres/${sphere.id}`, {
      values: { [first.id]: 4 },
      linkId: link.body.id,
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ specificTagIds: [tag.body.id], fromDirectLink: true });
    const refused = await assess(lou, `spheres/${sphere.id}`, {
      values: { [first.id]: 4 },
      linkId: 'no-such-link',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ key: 'invalid-link' });
  });

  it('a starter member is told assessing is an Essentials feature', async () => {
    const [first] = items as [Strategy];
    const refused = await assess(sam, `spheres/${sphere.id}`, { values: { [first.id]: 3 } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ key: 'essentials-required' });
    const read = await api(sam, `/v1/strategies/assessments/${mine.id}`);
    expect(read.body).toMatchObject({ key: 'essentials-required' });
  });
});

describe('my data', () => {
  it('downloads the life compass and the assessments; leaving erases everything naming the person', async () => {
    const leaver = await stack.signInWithCode('leo.strategies@example.be', {
      firstName: 'Léo',
      locale: 'en',
    });
    const leaverId = idOf(leaver);
    await subscribe(leaver, 'essentials');
    await join(leaver, sphere);
    const kept = await addTo(leaver, 'myself', {
      type: 'vision',
      title: 'Slow down',
      description: 'One thing at a time',
    });
    await addTo(leaver, 'myself', { type: 'action', title: 'Walk', description: 'Every evening', indent: 1 });
    const [first] = (await listOf(leaver, `spheres/${sphere.id}`)).body.items as [Strategy];
    const assessed = await api<StrategyAssessment>(
      leaver,
      `/v1/strategies/assessments/spheres/${sphere.id}`,
      'POST',
      {
        values: { [first.id]: 5 },
      },
    );
    expect(assessed.status).toBe(201);

    const archive = await fetch(`${stack.endpoints.api}/v1/me/export`, {
      headers: { authorization: leaver.accessToken, accept: 'application/zip', 'x-language': 'en' },
    });
    const files = unzipSync(new Uint8Array(await archive.arrayBuffer()));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['life-compass.csv', 'strategy-assessments.csv']),
    );
    const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array)) as {
      lifeCompass: unknown[];
      strategyAssessments: unknown[];
    };
    expect(data.lifeCompass).toEqual([
      expect.objectContaining({ id: kept.body.id, title: 'Slow down', order: 0, indent: 0 }),
      expect.objectContaining({ title: 'Walk', order: 1, indent: 1 }),
    ]);
    expect(data.strategyAssessments).toEqual([
      expect.objectContaining({ id: assessed.body.id, sphereId: sphere.id, values: { [first.id]: 5 } }),
    ]);

    const left = await stack.api('/v1/me', {
      method: 'DELETE',
      token: leaver.accessToken,
      body: { confirmation: 'leo.strategies@example.be' },
    });
    expect(left.status).toBe(204);
    const items = await wholeTable();
    expect(items.filter((i) => i.includes(leaverId.toLowerCase()))).toEqual([]);
    // The sphere's strategy, which names nobody, stays.
    expect((await listOf(zoe, `spheres/${sphere.id}`)).body.items.map((s) => s.id)).toContain(first.id);
  });
});

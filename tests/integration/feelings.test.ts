import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { Feeling, FeelingFacets, MyselfReportData } from '@shared/contracts/feelings';
import { FEELING_EDIT_WINDOW_MS } from '@shared/domain/feelings';
import { usersDb } from '../../functions/users/store';
import { feelingsDb } from '../../functions/feelings/store';
import { importFeelings } from '../../functions/feelings/seeding';
import { openRealtime, startTestStack, type TestStack, type Tokens } from './harness';

/** The feelings API over HTTP on the local stack: rules, isolation between users, realtime. */
let stack: TestStack;
let camille: Tokens;
let sam: Tokens;
const idOf = (tokens: Tokens) => decodeJwt(tokens.accessToken).sub as string;

beforeAll(async () => {
  stack = await startTestStack();
  camille = await stack.signInWithCode('camille.feelings@example.be', { firstName: 'Camille', locale: 'fr' });
  sam = await stack.signInWithCode('sam.feelings@example.be', { firstName: 'Sam', locale: 'en' });
});
afterAll(async () => {
  await stack?.stop();
});

const post = (tokens: Tokens, body: unknown) =>
  stack.api<Record<string, unknown>>('/v1/feelings', { method: 'POST', token: tokens.accessToken, body });

describe('emotion words', () => {
  it('serves about 100 words, 25 per quadrant, named and described in fr, en and nl', async () => {
    const answer = await stack.api<{
      count: number;
      items: {
        id: string;
        color: string;
        label: Record<string, string>;
        description: Record<string, string>;
      }[];
    }>('/v1/feelings/definitions/words', { token: camille.accessToken });
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBe(100);
    for (const color of ['yellow', 'green', 'red', 'blue'])
      expect(answer.body.items.filter((w) => w.color === color)).toHaveLength(25);
    const ids = answer.body.items.map((w) => w.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const language of ['fr', 'en', 'nl']) {
      const labels = answer.body.items.map((w) => w.label[language]);
      expect(new Set(labels).size, `${language} labels are distinct`).toBe(labels.length);
      for (const w of answer.body.items)
        expect(w.description[language]?.length, `${w.id} ${language}`).toBeGreaterThan(5);
    }
  });
});

describe('POST /v1/feelings', () => {
  it('computes the colour from the value and the energy, and numbers the notes', async () => {
    const created = await post(camille, {
      value: -0.8,
      energy: 0.9,
      wordId: 'stressed',
      personalNotes: [
        { value: 'Réunion tendue', type: 'professional' },
        { value: 'Mal dormi', type: 'private' },
      ],
      geoPoint: { latitude: 50.85, longitude: 4.35 },
      locale: 'Europe/Brussels',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ color: 'red', value: -0.8, energy: 0.9, wordId: 'stressed' });
    const feeling = await stack.api<Feeling>(`/v1/feelings/${String(created.body.id)}`, {
      token: camille.accessToken,
    });
    expect(feeling.body).toMatchObject({
      color: 'red',
      editable: true,
      evaluationPeriod: { value: 0, type: 'none' },
      personalNotes: [
        { id: 1, value: 'Réunion tendue', type: 'professional' },
        { id: 2, value: 'Mal dormi', type: 'private' },
      ],
    });
  });

  it('falls back to 0/0 when the browser gave no position', async () => {
    const created = await post(camille, { value: 0.3, energy: 0.2 });
    const feeling = await stack.api<Feeling>(`/v1/feelings/${String(created.body.id)}`, {
      token: camille.accessToken,
    });
    expect(feeling.body).toMatchObject({ color: 'green', geoPoint: { latitude: 0, longitude: 0 } });
  });

  it.each([
    [{ value: 0.5, energy: 0.5, color: 'yellow' }, 'body.color', 'not-valid'],
    [{ value: 0.55, energy: 0.5 }, 'body.value', 'value-out-of-range-error'],
    [{ value: 0, energy: 0.5 }, 'body.value', 'value-out-of-range-error'],
    [{ value: 0.5, energy: -0.5 }, 'body.energy', 'value-out-of-range-error'],
    [{ value: 0.5, energy: 1.1 }, 'body.energy', 'value-out-of-range-error'],
    [{ value: 0.5, energy: 0.5, wordId: 'not-a-word' }, 'body.wordId', 'not-valid'],
    [
      { value: 0.5, energy: 0.5, personalNotes: [{ value: 'x'.repeat(501), type: 'general' }] },
      'body.personalNotes.0.value',
      'length-out-of-range-error',
    ],
    [
      { value: 0.5, energy: 0.5, personalNotes: [{ value: 'ok', type: 'secret' }] },
      'body.personalNotes.0.type',
      'unexpected-value-error',
    ],
  ])('refuses %j with 400 and the key of %s', async (body, field, key) => {
    const answer = await post(camille, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errors: [expect.objectContaining({ field, key })] });
  });

  it('keeps goals for Essentials: a starter user gets 403 essentials-required and nothing is stored', async () => {
    const before = await stack.api<{ count: number }>('/v1/feelings', { token: sam.accessToken });
    const refused = await post(sam, { value: 0.6, energy: 0.6, goals: [{ id: 'health', level: 1 }] });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ key: 'essentials-required' });
    const after = await stack.api<{ count: number }>('/v1/feelings', { token: sam.accessToken });
    expect(after.body.count).toBe(before.body.count);
  });

  it('an Essentials user records goals from the taxonomy, and an unknown goal is refused', async () => {
    await usersDb()
      .entities.user.patch({ userId: idOf(camille) })
      .set({ subscription: 'essentials' })
      .go();
    const created = await post(camille, {
      value: 0.9,
      energy: 0.7,
      goals: [{ id: 'health', level: 2, subs: [{ id: 'sleep', level: 1 }] }],
    });
    expect(created.status).toBe(201);
    const unknown = await post(camille, { value: 0.9, energy: 0.7, goals: [{ id: 'wealth', level: 1 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.goals' }] });
  });
});

describe('another user', () => {
  it('never sees, lists or changes my feelings', async () => {
    const mine = await post(camille, { value: 0.4, energy: 0.8, wordId: 'curious' });
    const id = String(mine.body.id);
    const read = await stack.api(`/v1/feelings/${id}`, { token: sam.accessToken });
    expect(read.status).toBe(404);
    const changed = await stack.api(`/v1/feelings/${id}`, {
      method: 'PUT',
      token: sam.accessToken,
      body: { category: 'hijack' },
    });
    expect(changed.status).toBe(404);
    const list = await stack.api<{ items: Feeling[] }>('/v1/feelings', { token: sam.accessToken });
    expect(list.body.items.map((f) => f.id)).not.toContain(id);
    expect(JSON.stringify(list.body)).not.toContain(idOf(camille));
  });
});

describe('PUT /v1/feelings/{id}', () => {
  it('changes the word, category and notes within the hour, keeping note ids', async () => {
    const created = await post(camille, {
      value: -0.3,
      energy: 0.2,
      wordId: 'tired',
      personalNotes: [{ value: 'Longue journée', type: 'general' }],
    });
    const id = String(created.body.id);
    const changed = await stack.api<Feeling>(`/v1/feelings/${id}`, {
      method: 'PUT',
      token: camille.accessToken,
      body: {
        wordId: 'drained',
        category: 'work',
        personalNotes: [
          { id: 1, value: 'Très longue journée', type: 'professional' },
          { value: 'Besoin de repos', type: 'private' },
        ],
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      wordId: 'drained',
      category: 'work',
      color: 'blue',
      personalNotes: [
        { id: 1, value: 'Très longue journée', type: 'professional' },
        { id: 2, value: 'Besoin de repos', type: 'private' },
      ],
    });
  });

  it('refuses a change after the window with 409 feeling-frozen and keeps the feeling as it was', async () => {
    const created = await post(camille, { value: 0.2, energy: 0.3, wordId: 'calm' });
    const id = String(created.body.id);
    const old = new Date(Date.now() - FEELING_EDIT_WINDOW_MS - 60_000).toISOString();
    // An hour has passed: the timestamp is moved back in the table (it is read-only to the API).
    const stored = await feelingsDb()
      .entities.feeling.get({ userId: idOf(camille), feelingId: id })
      .go();
    await feelingsDb()
      .entities.feeling.put({ ...stored.data!, timestamp: old })
      .go();
    const refused = await stack.api(`/v1/feelings/${id}`, {
      method: 'PUT',
      token: camille.accessToken,
      body: { wordId: 'serene' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ key: 'feeling-frozen' });
    const kept = await stack.api<Feeling>(`/v1/feelings/${id}`, { token: camille.accessToken });
    expect(kept.body).toMatchObject({ wordId: 'calm', editable: false });
  });
});

describe('GET /v1/feelings', () => {
  it('lists newest first, filtered by colour and by a search in the notes, with its count', async () => {
    const user = await stack.signInWithCode('lotte.feelings@example.be', {
      firstName: 'Lotte',
      locale: 'nl',
    });
    for (const body of [
      { value: 0.9, energy: 0.9, personalNotes: [{ value: 'Fietsen in de zon', type: 'friends' }] },
      { value: -0.9, energy: 0.9 },
      { value: 0.2, energy: 0.1, personalNotes: [{ value: 'ZON op het terras', type: 'family' }] },
    ])
      expect((await post(user, body)).status).toBe(201);
    const all = await stack.api<{ count: number; items: Feeling[] }>('/v1/feelings', {
      token: user.accessToken,
    });
    expect(all.body.count).toBe(3);
    expect(all.body.items.map((f) => f.color)).toEqual(['green', 'red', 'yellow']);
    const warm = await stack.api<{ items: Feeling[] }>('/v1/feelings?color=yellow,red', {
      token: user.accessToken,
    });
    expect(warm.body.items.map((f) => f.color)).toEqual(['red', 'yellow']);
    const sun = await stack.api<{ items: Feeling[] }>('/v1/feelings?personalNotes=zon', {
      token: user.accessToken,
    });
    expect(sun.body.items).toHaveLength(2);
    const page = await stack.api<{ count: number; items: Feeling[] }>('/v1/feelings?_max=1&_offset=1', {
      token: user.accessToken,
    });
    expect(page.body).toMatchObject({ count: 3, max: 1, offset: 1 });
    expect(page.body.items.map((f) => f.color)).toEqual(['red']);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const none = await stack.api<{ count: number }>(`/v1/feelings?start=${encodeURIComponent(future)}`, {
      token: user.accessToken,
    });
    expect(none.body.count).toBe(0);
  });

  it('refuses an unknown colour or a malformed date with 400', async () => {
    expect((await stack.api('/v1/feelings?color=purple', { token: sam.accessToken })).status).toBe(400);
    expect((await stack.api('/v1/feelings?start=yesterday', { token: sam.accessToken })).status).toBe(400);
  });
});

describe('realtime', () => {
  it('tells the owner, and only the owner, that a feeling was recorded', async () => {
    const [mine, theirs] = await Promise.all([openRealtime(stack, camille), openRealtime(stack, sam)]);
    const heard: { owner: unknown[]; other: unknown[] } = { owner: [], other: [] };
    mine.on('message', (data: Buffer) => heard.owner.push(JSON.parse(data.toString())));
    theirs.on('message', (data: Buffer) => heard.other.push(JSON.parse(data.toString())));
    expect((await post(camille, { value: 0.5, energy: 0.5 })).status).toBe(201);
    await new Promise((r) => setTimeout(r, 300));
    expect(heard.owner).toContainEqual({ type: 'feelings', action: 'created' });
    expect(heard.other).toEqual([]);
    mine.close();
    theirs.close();
  });
});

describe('day summaries, facets and my report', () => {
  const today = () => new Date().toISOString().slice(0, 10);
  // Until tomorrow in UTC (the latest end a period takes): a feeling recorded in Brussels after
  // 23:00 UTC is already on the next day there.
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const ofToday = (path: string) => `${path}?start=2018-01-01&end=${tomorrow()}`;

  it('count every feeling of twenty recorded at once, and move when one is edited', async () => {
    const user = await stack.signInWithCode('noor.feelings@example.be', { firstName: 'Noor', locale: 'nl' });
    await usersDb()
      .entities.user.patch({ userId: idOf(user) })
      .set({ subscription: 'essentials' })
      .go();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(user, {
          value: i % 2 ? 0.8 : -0.4,
          energy: i % 4 < 2 ? 0.9 : 0.2,
          wordId: i % 2 ? 'joyful' : 'worried',
          goals: i < 3 ? [{ id: 'health', level: 2, ranking: 2 }] : [],
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const facets = await stack.api<FeelingFacets>(ofToday('/v1/feelings/facets'), {
      token: user.accessToken,
    });
    expect(facets.status).toBe(200);
    expect(facets.body.color.reduce((n, c) => n + c.count, 0)).toBe(20);
    expect(facets.body.goalIds).toEqual([{ value: 'health', label: 'Santé', count: 3 }]);
    expect(facets.body.goalRankings).toEqual([{ value: '2', label: '2', count: 3 }]);

    const worried = answers.find((a) => a.body.wordId === 'worried');
    const edited = await stack.api(`/v1/feelings/${String(worried?.body.id)}`, {
      method: 'PUT',
      token: user.accessToken,
      body: { wordId: 'nervous' },
    });
    expect(edited.status).toBe(200);
    const report = await stack.api<MyselfReportData>('/v1/feelings/myself-reports', {
      method: 'POST',
      token: user.accessToken,
      body: { start: today(), end: today() },
    });
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ count: 20, activeDays: 1, interval: 'day' });
    expect(report.body.topWords).toEqual([
      { wordId: 'joyful', count: 10 },
      { wordId: 'worried', count: 9 },
      { wordId: 'nervous', count: 1 },
    ]);
    expect(report.body.goals).toEqual([{ id: 'health', closer: 3, neutral: 0, away: 0 }]);
    expect(report.body.calendar).toEqual([{ day: today(), count: 20, dominant: expect.any(String) }]);
  });

  it('labels facets in the language asked', async () => {
    const facets = await stack.api<FeelingFacets>(ofToday('/v1/feelings/facets'), {
      token: camille.accessToken,
      headers: { 'x-language': 'en' },
    });
    expect(facets.body.color.map((c) => c.label)).toContain('Unpleasant, high energy');
  });

  it('never count another user’s feelings', async () => {
    const fresh = await stack.signInWithCode('ines.feelings@example.be', { firstName: 'Inès' });
    const facets = await stack.api<FeelingFacets>(ofToday('/v1/feelings/facets'), {
      token: fresh.accessToken,
    });
    expect(facets.body).toEqual({
      color: [],
      sphere: [],
      session: [],
      goalIds: [],
      goalLevels: [],
      goalRankings: [],
    });
    const report = await stack.api<MyselfReportData>('/v1/feelings/myself-reports', {
      method: 'POST',
      token: fresh.accessToken,
      body: { start: '2026-01-01', end: today() },
    });
    expect(report.body).toMatchObject({ count: 0, topWords: [], calendar: [] });
  });

  it.each([
    ['start=2017-12-31&end=2026-01-01', 'query.start', 'value-out-of-range-error'],
    ['start=2026-02-01&end=2026-01-01', 'query.end', 'value-out-of-range-error'],
    ['start=2026-01-01&end=2999-01-01', 'query.end', 'value-out-of-range-error'],
    ['start=01/01/2026&end=2026-02-01', 'query.start', 'not-a-date'],
  ])('refuses the period %s with 400 and the key of %s', async (search, field, key) => {
    const answer = await stack.api(`/v1/feelings/facets?${search}`, { token: sam.accessToken });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      key: 'error',
      errors: [expect.objectContaining({ field, key })],
      requestId: expect.any(String),
    });
  });

  it('keeps my report from guests, as the spec does', async () => {
    const guest = await stack.signInAsGuest();
    const answer = await stack.api('/v1/feelings/myself-reports', {
      method: 'POST',
      token: guest.accessToken,
      body: { start: '2026-01-01', end: today() },
    });
    expect(answer.status).toBe(403);
  });
});

describe('the count of a list', () => {
  it('equals the matching feelings for any range and colours, feelings recorded in time zones from −11 h to +14 h', async () => {
    const user = await stack.signInWithCode('zones.feelings@example.be', { firstName: 'Zoé' });
    const userId = idOf(user);
    const zones = ['Europe/Brussels', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC'];
    const colors = ['yellow', 'green', 'red', 'blue'] as const;
    const now = Date.now();
    const feelings = Array.from({ length: 240 }, (_, i) => {
      const color = colors[i % 4] as (typeof colors)[number];
      const value = color === 'yellow' || color === 'green' ? 0.5 : -0.5;
      const energy = color === 'yellow' || color === 'red' ? 0.8 : 0.2;
      return {
        userId,
        value,
        energy,
        color,
        evaluationPeriod: { value: 0, type: 'none' as const },
        geoPoint: { latitude: 0, longitude: 0 },
        locale: zones[i % zones.length] as string,
        personalNotes: [],
        goals: [],
        timestamp: new Date(now - 3_600_000 - i * 2.3 * 3_600_000).toISOString(),
      };
    });
    expect(await importFeelings(userId, feelings)).toBe(240);

    const day = 86_400_000;
    const ranges: { start?: string; end?: string; color?: string }[] = [
      {},
      { start: new Date(now - 5 * day).toISOString() },
      { end: new Date(now - 9 * day).toISOString() },
      { start: new Date(now - 20 * day).toISOString(), end: new Date(now - 2.5 * day).toISOString() },
      { start: new Date(now - 7.2 * day).toISOString(), end: new Date(now - 6.9 * day).toISOString() },
      {
        start: new Date(now - 12.4 * day).toISOString(),
        end: new Date(now - 9.6 * day).toISOString(),
        color: 'red',
      },
      {
        start: new Date(now - 30 * day).toISOString(),
        end: new Date(now).toISOString(),
        color: 'yellow,blue',
      },
    ];
    for (const range of ranges) {
      const search = new URLSearchParams({ ...range, _max: '1' });
      const answer = await stack.api<{ count: number }>(`/v1/feelings?${search.toString()}`, {
        token: user.accessToken,
      });
      const expected = feelings.filter(
        (f) =>
          (!range.start || f.timestamp >= range.start) &&
          (!range.end || f.timestamp <= range.end) &&
          (!range.color || range.color.split(',').includes(f.color)),
      ).length;
      expect(answer.body.count, JSON.stringify(range)).toBe(expected);
    }
  });
});

describe('goal and context filters of the list', () => {
  it('finds the feelings touching a goal, a level or a ranking, with a count that matches', async () => {
    await usersDb()
      .entities.user.patch({ userId: idOf(camille) })
      .set({ subscription: 'essentials' })
      .go();
    const start = new Date(Date.now() - 1000).toISOString();
    const made = [
      await post(camille, { value: 0.4, energy: 0.4, goals: [{ id: 'family', level: -1, ranking: 3 }] }),
      await post(camille, { value: 0.4, energy: 0.4, goals: [{ id: 'family', level: 1 }] }),
      await post(camille, { value: 0.4, energy: 0.4, goals: [{ id: 'power', level: 1, ranking: 30 }] }),
      await post(camille, { value: 0.4, energy: 0.4 }),
    ];
    const ids = made.map((m) => String(m.body.id));
    const list = async (query: string) => {
      const answer = await stack.api<{ count: number; items: Feeling[] }>(
        `/v1/feelings?start=${encodeURIComponent(start)}&${query}`,
        { token: camille.accessToken },
      );
      expect(answer.status).toBe(200);
      expect(answer.body.count).toBe(answer.body.items.length);
      return answer.body.items.map((f) => ids.indexOf(f.id)).sort();
    };
    expect(await list('goalIds=family')).toEqual([0, 1]);
    expect(await list('goalIds=family,power')).toEqual([0, 1, 2]);
    expect(await list('goalLevels=-1')).toEqual([0]);
    expect(await list('goalLevels=1')).toEqual([1, 2]);
    expect(await list('goalRankings=3')).toEqual([0]);
    expect(await list('goalIds=family&goalLevels=1')).toEqual([1]);
    expect(await list('sphereId=some-sphere')).toEqual([]);
  });

  it.each([
    ['goalIds=wealth', 'query.goalIds', 'unexpected-value-error'],
    ['goalLevels=3', 'query.goalLevels', 'value-out-of-range-error'],
    ['goalRankings=0', 'query.goalRankings', 'value-out-of-range-error'],
  ])('refuses %s with 400 and the key of %s', async (query, field, key) => {
    const answer = await stack.api(`/v1/feelings?${query}`, { token: camille.accessToken });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errors: [expect.objectContaining({ field, key })] });
  });
});

describe('feeling context', () => {
  it('refuses a sphere the person is not a contributor of and a session they are not a member of (contributor-feeling-forbidden), storing nothing', async () => {
    const before = await stack.api<{ count: number }>('/v1/feelings?_max=1', { token: sam.accessToken });
    const theirs = await stack.api<{ id: string }>('/v1/spheres', {
      method: 'POST',
      token: camille.accessToken,
      body: {
        name: 'Chez Camille',
        category: 'company',
        address: { country: 'BE' },
        languages: { primary: 'fr' },
      },
    });
    for (const [context, key] of [
      [{ sphereId: 'sphere-1' }, 'contributor-feeling-forbidden'],
      [{ sphereId: theirs.body.id }, 'contributor-feeling-forbidden'],
      [{ sessionId: 'session-1' }, 'contributor-feeling-forbidden'],
    ] as const) {
      const answer = await post(sam, { value: 0.5, energy: 0.5, ...context });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ key });
    }
    const after = await stack.api<{ count: number }>('/v1/feelings?_max=1', { token: sam.accessToken });
    expect(after.body.count).toBe(before.body.count);
  });

  it('records a contributor feeling in a sphere where the person contributes, and finds it by sphere', async () => {
    const sphere = await stack.api<{ id: string }>('/v1/spheres', {
      method: 'POST',
      token: sam.accessToken,
      body: { name: 'Chez Sam', category: 'sport', address: { country: 'BE' }, languages: { primary: 'en' } },
    });
    const answer = await post(sam, { value: -0.3, energy: 0.8, sphereId: sphere.body.id });
    expect(answer.status).toBe(201);
    const list = await stack.api<{ items: { id: string; sphereId?: string }[] }>(
      `/v1/feelings?sphereId=${sphere.body.id}`,
      { token: sam.accessToken },
    );
    expect(list.body.items).toEqual([expect.objectContaining({ sphereId: sphere.body.id })]);
  });
});

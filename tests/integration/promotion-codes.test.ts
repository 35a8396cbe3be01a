import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { strFromU8, unzipSync } from 'fflate';
import type WebSocket from 'ws';
import type { Me } from '@shared/contracts/me';
import type { OwnPlanAnswer, PromotionCode } from '@shared/contracts/subscriptions';
import { subscriptionsDb } from '../../functions/subscriptions/store';
import { usersDb } from '../../functions/users/store';
import { callerOf, openRealtime, startTestStack, type TestStack, type Tokens } from './harness';
import { wholeTable } from './table-scan';

/**
 * Promotion codes over HTTP (spec 02 §3, §6, §7, §9; decision 0048): ambassadors create numbered
 * codes, valid on the day of their creation, for at most `count` people, and see only their own;
 * a registered person redeems a code for one free month of Essentials, cumulative, which reaches the
 * rules at once and ends by itself.
 */
let stack: TestStack;
let amelie: Tokens; // ambassador, member of her own sphere
let bruno: Tokens; // another ambassador
let nina: Tokens; // no global role
let sphereId: string;
let sessionId: string;
let otherSphereId: string;
const idOf = (tokens: Tokens) => decodeJwt(tokens.accessToken).sub as string;

type Errors = { key?: string; errors: { key: string; field?: string }[] };
type List<T> = { count: number; items: T[] };

const call = callerOf(() => stack);
const CODES = '/users/subscriptions/promotion-codes';
const REDEEM = `${CODES}/redeem`;

async function createCode(who: Tokens, body: Record<string, unknown>): Promise<PromotionCode> {
  const created = await call<PromotionCode>(who, CODES, 'POST', body);
  expect(created.status).toBe(201);
  return created.body;
}
const redeem = (who: Tokens, code: string) => call<OwnPlanAnswer & Errors>(who, REDEEM, 'POST', { code });
const ambassador = (who: Tokens) =>
  usersDb()
    .entities.user.patch({ userId: idOf(who) })
    .set({ globalRoles: ['ambassador'] })
    .go();
const person = (email: string, firstName: string) => stack.signInWithCode(email, { firstName, locale: 'en' });

beforeAll(async () => {
  stack = await startTestStack();
  amelie = await person('amelie.promo@example.be', 'Amélie');
  bruno = await person('bruno.promo@example.be', 'Bruno');
  nina = await person('nina.promo@example.be', 'Nina');
  await ambassador(amelie);
  await ambassador(bruno);
  for (const [who, name] of [
    [amelie, 'Salon Promo'],
    [nina, 'Nina Promo'],
  ] as const) {
    const sphere = await call<{ id: string }>(who, '/v1/spheres', 'POST', {
      name,
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'en' },
    });
    expect(sphere.status).toBe(201);
    if (who === amelie) sphereId = sphere.body.id;
    else otherSphereId = sphere.body.id;
  }
  const me = await call<{ members: { id: string; sphereId: string }[] }>(amelie, '/v1/me');
  const memberId = me.body.members.find((m) => m.sphereId === sphereId)?.id ?? 'none';
  const group = await call<{ id: string }>(amelie, `/v1/spheres/${sphereId}/sessions`, 'POST', {
    category: 'contributor',
    name: { en: 'Booth team' },
    publicName: { en: 'Booth' },
    isPublic: true,
    ownerIds: [memberId],
  });
  expect(group.status).toBe(201);
  sessionId = group.body.id;
});
afterAll(async () => {
  await stack?.stop();
});

describe('promotion codes: ambassadors', () => {
  it('are the ambassadors’: 403 for a person without the role, on the list and the creation', async () => {
    expect((await call(nina, CODES)).status).toBe(403);
    expect((await call(nina, CODES, 'POST', { name: 'Mine', count: 3 })).status).toBe(403);
  });

  it('refuses bad input with the keys of the fields', async () => {
    const bad = await call<Errors>(amelie, CODES, 'POST', { name: ' ', count: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { key: 'required', field: 'body.name' },
        expect.objectContaining({ key: 'value-out-of-range-error', field: 'body.count' }),
      ]),
    );
    const missing = await call<Errors>(amelie, CODES, 'POST', { count: 'three' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(
      expect.arrayContaining([
        { key: 'required', field: 'body.name' },
        expect.objectContaining({ key: 'not-a-number', field: 'body.count' }),
      ]),
    );
    const fraction = await call<Errors>(amelie, CODES, 'POST', { name: 'Half', count: 1.5 });
    expect(fraction.status).toBe(400);
    const extra = await call<Errors>(amelie, CODES, 'POST', { name: 'Extra', count: 1, ownerId: idOf(nina) });
    expect(extra.status).toBe(400);
  });

  it('a sphere must be one the ambassador is in, and a session must be of that sphere', async () => {
    const notHers = await call<Errors>(amelie, CODES, 'POST', {
      name: 'X',
      count: 1,
      sphereId: otherSphereId,
    });
    expect(notHers.status).toBe(400);
    expect(notHers.body.errors).toEqual([{ key: 'promotion-code-sphere-not-valid', field: 'body.sphereId' }]);
    const unknown = await call<Errors>(amelie, CODES, 'POST', { name: 'X', count: 1, sphereId: 'nope' });
    expect(unknown.body.errors).toEqual([{ key: 'promotion-code-sphere-not-valid', field: 'body.sphereId' }]);
    const elsewhere = await call<Errors>(amelie, CODES, 'POST', {
      name: 'X',
      count: 1,
      sphereId: otherSphereId,
      sessionId,
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors).toEqual([
      { key: 'promotion-code-session-not-valid', field: 'body.sessionId' },
    ]);
    const noSession = await call<Errors>(amelie, CODES, 'POST', { name: 'X', count: 1, sessionId: 'nope' });
    expect(noSession.body.errors).toEqual([
      { key: 'promotion-code-session-not-valid', field: 'body.sessionId' },
    ]);
    // A refused creation writes nothing.
    expect((await call(amelie, CODES)).body).toMatchObject({ count: 0 });
  });

  it('creates numbered codes valid today, with the sphere and session named, and lists only their own', async () => {
    const first = await createCode(amelie, { name: 'Salon RH', count: 3, sphereId, sessionId });
    expect(first).toMatchObject({
      name: 'Salon RH',
      count: 3,
      used: 0,
      remaining: 3,
      sphereId,
      sphereName: 'Salon Promo',
      sessionId,
      sessionName: 'Booth',
      redeemable: true,
    });
    expect(first.code).toMatch(/^P\d{4,}-[A-Z2-9]{5}$/);
    const second = await createCode(amelie, { name: 'Conférence', count: 1 });
    expect(second.number).toBe(first.number + 1);
    expect(second.validOn).toBe(first.validOn);
    const theirs = await createCode(bruno, { name: 'Bruno’s', count: 2 });

    const mine = await call<List<PromotionCode>>(amelie, CODES);
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((c) => c.code)).toEqual([second.code, first.code]);
    const his = await call<List<PromotionCode>>(bruno, CODES);
    expect(his.body.items.map((c) => c.code)).toEqual([theirs.code]);
  });
});

describe('promotion codes: redeeming', () => {
  let socket: WebSocket;
  const heard: { type: string; action: string }[] = [];
  let code: PromotionCode;
  let cleo: Tokens;

  beforeAll(async () => {
    cleo = await person('cleo.promo@example.be', 'Cléo');
    socket = await openRealtime(stack, cleo);
    socket.on('message', (data: Buffer) => heard.push(JSON.parse(data.toString()) as (typeof heard)[number]));
    code = await createCode(amelie, { name: 'Cléo’s day', count: 5 });
  });
  afterAll(() => socket?.close());

  it('a guest must register first: 403 guest-not-allowed', async () => {
    const guest = await stack.signInAsGuest({ link: 'http://127.0.0.1/promo' });
    const refused = await redeem(guest, code.code);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ key: 'guest-not-allowed' });
  });

  it('an unknown code is 404 promotion-code-not-found; bad input is 400', async () => {
    for (const typed of ['P9999-AAAAA', 'hello']) {
      const unknown = await redeem(cleo, typed);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ key: 'promotion-code-not-found' });
    }
    expect((await call(cleo, REDEEM, 'POST', { code: ' ' })).status).toBe(400);
    expect((await call(cleo, REDEEM, 'POST', {})).status).toBe(400);
  });

  it('one free month of Essentials unlocks an Essentials route at once, and the tabs are told', async () => {
    expect((await call(cleo, '/v1/thinkings')).status).toBe(403);
    const before = Date.now();
    const redeemed = await redeem(cleo, ` ${code.code.toLowerCase()} `);
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.subscription).toBe('essentials');
    const until = new Date(redeemed.body.planUntil!);
    const days = (until.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31.01);
    const me = await call<Me>(cleo, '/v1/me');
    expect(me.body.ability).toMatchObject({ subscription: 'essentials', planUntil: redeemed.body.planUntil });
    expect((await call(cleo, '/v1/thinkings')).status).toBe(200);
    await expect.poll(() => heard).toEqual(expect.arrayContaining([{ type: 'ability', action: 'updated' }]));
    const listed = await call<List<PromotionCode>>(amelie, CODES);
    expect(listed.body.items.find((c) => c.code === code.code)).toMatchObject({ used: 1, remaining: 4 });
  });

  it('the same person redeems a code once: 409 promotion-code-already-redeemed', async () => {
    const again = await redeem(cleo, code.code);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ key: 'promotion-code-already-redeemed' });
  });

  it('a second code adds a month to the end of the first, not to today', async () => {
    const first = (await call<Me>(cleo, '/v1/me')).body.ability.planUntil!;
    const other = await createCode(bruno, { name: 'Second', count: 1 });
    const redeemed = await redeem(cleo, other.code);
    expect(redeemed.status).toBe(200);
    const expected = new Date(first);
    const day = expected.getUTCDate();
    expected.setUTCDate(1);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    const last = new Date(Date.UTC(expected.getUTCFullYear(), expected.getUTCMonth() + 1, 0)).getUTCDate();
    expected.setUTCDate(Math.min(day, last));
    expect(redeemed.body.planUntil).toBe(expected.toISOString());
  });

  it('the plan falls back to Starter by itself once its end has passed', async () => {
    await usersDb()
      .entities.user.patch({ userId: idOf(cleo) })
      .set({ planUntil: new Date(Date.now() - 1000).toISOString() })
      .go();
    const me = await call<Me>(cleo, '/v1/me');
    expect(me.body.ability.subscription).toBe('starter');
    expect(me.body.ability.planUntil).toBeUndefined();
    const refused = await call<Errors>(cleo, '/v1/thinkings');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ key: 'essentials-required' });
  });

  it('a code is refused from the day after its creation: 409 promotion-code-expired', async () => {
    const old = await createCode(amelie, { name: 'Yesterday', count: 5 });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    // The day is read-only for the product: the test writes the code again as if made yesterday.
    const { data: stored } = await subscriptionsDb().entities.promotionCode.get({ code: old.code }).go();
    await subscriptionsDb()
      .entities.promotionCode.put({ ...stored!, day: yesterday })
      .go();
    const expired = await redeem(nina, old.code);
    expect(expired.status).toBe(409);
    expect(expired.body).toMatchObject({ key: 'promotion-code-expired' });
    const listed = await call<List<PromotionCode>>(amelie, CODES);
    expect(listed.body.items.find((c) => c.code === old.code)).toMatchObject({ redeemable: false, used: 0 });
  });

  it('a person holding Premium gets nothing from a code: 409 promotion-code-plan-held', async () => {
    const premium = await person('paul.promo@example.be', 'Paul');
    await usersDb()
      .entities.user.patch({ userId: idOf(premium) })
      .set({ subscription: 'premium' })
      .go();
    const held = await redeem(premium, code.code);
    expect(held.status).toBe(409);
    expect(held.body).toMatchObject({ key: 'promotion-code-plan-held' });
  });

  it('racing redemptions never pass the count: 8 people at once on a code for 3', async () => {
    const limited = await createCode(amelie, { name: 'Three only', count: 3 });
    const racers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => person(`racer${i}.promo@example.be`, `Racer ${i}`)),
    );
    const answers = await Promise.all(racers.map((r) => redeem(r, limited.code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(5);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ key: 'promotion-code-used-up' });
    }
    const listed = await call<List<PromotionCode>>(amelie, CODES);
    expect(listed.body.items.find((c) => c.code === limited.code)).toMatchObject({
      used: 3,
      remaining: 0,
      redeemable: false,
    });
  });

  it('one person redeeming two codes at once gets both months', async () => {
    const dana = await person('dana.promo@example.be', 'Dana');
    const [a, b] = await Promise.all([
      createCode(amelie, { name: 'Twin A', count: 1 }),
      createCode(bruno, { name: 'Twin B', count: 1 }),
    ]);
    const before = Date.now();
    const answers = await Promise.all([redeem(dana, a.code), redeem(dana, b.code)]);
    expect(answers.map((x) => x.status)).toEqual([200, 200]);
    const until = (await call<Me>(dana, '/v1/me')).body.ability.planUntil!;
    const days = (Date.parse(until) - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(58);
    expect(days).toBeLessThanOrEqual(62.01);
  });

  it('redemptions and codes are the person’s data: downloaded, and erased when they leave', async () => {
    const response = await fetch(`${stack.endpoints.api}/v1/me/export`, {
      headers: { authorization: cleo.accessToken, accept: 'application/zip', 'x-language': 'en' },
    });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array)) as Record<string, unknown[]>;
    expect(data['promotion-code-redemptions']).toHaveLength(2);
    expect(Object.keys(files)).toContain('promotion-code-redemptions.csv');

    const mine = await fetch(`${stack.endpoints.api}/v1/me/export`, {
      headers: { authorization: bruno.accessToken, accept: 'application/zip', 'x-language': 'en' },
    });
    const his = JSON.parse(
      strFromU8(unzipSync(new Uint8Array(await mine.arrayBuffer()))['data.json'] as Uint8Array),
    ) as Record<string, unknown[]>;
    expect(his['promotion-codes']?.length).toBeGreaterThanOrEqual(2);

    for (const [who, email] of [
      [cleo, 'cleo.promo@example.be'],
      [bruno, 'bruno.promo@example.be'],
    ] as const) {
      const userId = idOf(who);
      expect((await call(who, '/v1/me', 'DELETE', { confirmation: email })).status).toBe(204);
      const items = await wholeTable();
      expect(items.filter((i) => i.includes(userId.toLowerCase()))).toEqual([]);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SphereLicenceReport } from '@shared/contracts/licences';
import type { Member, Sphere } from '@shared/contracts/spheres';
import { licenceDayOf } from '@shared/domain/licence-history';
import { callerOf, startTestStack, type TestStack, type Tokens } from './harness';

/**
 * A sphere's licences over time over HTTP (spec 02 §7 `GET /spheres/{id}/subscriptions/report`,
 * decision 0052): every change writes its day in its own transaction, and the report works each
 * day's count and use back from today's tallies.
 */
let stack: TestStack;
let admin: Tokens;
let other: Tokens;
let sphere: Sphere;
const DAY = 86_400_000;
const daysAgo = (n: number) => licenceDayOf(new Date(Date.now() - n * DAY).toISOString());

const call = callerOf(() => stack);
const report = (query: string, who = admin) =>
  call<SphereLicenceReport & { errors?: { key: string; field?: string }[] }>(
    who,
    `/v1/spheres/${sphere.id}/subscriptions/report${query}`,
  );

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('ines.licence-report@example.be', { firstName: 'Inès' });
  other = await stack.signInWithCode('olga.licence-report@example.be', { firstName: 'Olga' });
  sphere = (
    await call<Sphere>(admin, '/v1/spheres', 'POST', {
      name: 'Atelier du rapport',
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'fr' },
    })
  ).body;
  await call(other, '/v1/spheres', 'POST', {
    name: 'Autre atelier du rapport',
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'fr' },
  });
});
afterAll(async () => {
  await stack?.stop();
});

describe('the licences over time', () => {
  it('works each day back from today: the count set and the licences given today show today only', async () => {
    expect(
      (await call(admin, `/v1/spheres/${sphere.id}/subscriptions/essentials/license`, 'PUT', { quantity: 3 }))
        .status,
    ).toBe(200);
    const given: Member[] = [];
    for (const email of ['ann.licence-report@example.be', 'bo.licence-report@example.be']) {
      const added = await call<Member>(admin, '/v1/members', 'POST', {
        sphereId: sphere.id,
        name: email.split('.')[0],
        email,
        roles: ['contributor'],
        subscription: 'essentials',
      });
      expect(added.status).toBe(201);
      given.push(added.body);
    }
    // One given back: removed.
    expect((await call(admin, `/v1/spheres/${sphere.id}/members/${given[0]!.id}`, 'DELETE')).status).toBe(
      204,
    );

    const answer = await report(`?from=${daysAgo(2)}&interval=day`);
    expect(answer.status).toBe(200);
    expect(answer.body.from).toBe(daysAgo(2));
    expect(answer.body.to).toBe(daysAgo(0));
    expect(answer.body.licences.find((l) => l.tier === 'essentials')).toMatchObject({ count: 3, used: 1 });
    const essentials = answer.body.series.find((s) => s.tier === 'essentials')!;
    expect(essentials.points).toEqual([
      { day: daysAgo(2), count: 0, used: 0 },
      { day: daysAgo(1), count: 0, used: 0 },
      { day: daysAgo(0), count: 3, used: 1 },
    ]);
    // A tier never touched keeps today's figures every day.
    expect(answer.body.series.find((s) => s.tier === 'premium')!.points.every((p) => p.count === 0)).toBe(
      true,
    );
  });

  it('counts a group given Essentials and a module on its day, and what its deletion gives back', async () => {
    for (const [tier, quantity] of [
      ['essentials', 4],
      ['weUp', 1],
    ] as const)
      expect(
        (await call(admin, `/v1/spheres/${sphere.id}/subscriptions/${tier}/license`, 'PUT', { quantity }))
          .status,
      ).toBe(200);
    const group = await call<{ id: string }>(admin, `/v1/spheres/${sphere.id}/sessions`, 'POST', {
      category: 'contributor',
      name: { fr: 'Équipe du rapport' },
      subscription: 'essentials',
      subscriptionModules: ['weUp'],
    });
    expect(group.status).toBe(201);
    const today = async () => {
      const answer = await report(`?from=${daysAgo(1)}&interval=day`);
      return Object.fromEntries(answer.body.series.map((s) => [s.tier, s.points]));
    };
    const given = await today();
    expect(given.essentials).toEqual([
      { day: daysAgo(1), count: 0, used: 0 },
      { day: daysAgo(0), count: 4, used: 2 },
    ]);
    expect(given.weUp).toEqual([
      { day: daysAgo(1), count: 0, used: 0 },
      { day: daysAgo(0), count: 1, used: 1 },
    ]);
    expect((await call(admin, `/v1/sessions/${group.body.id}`, 'DELETE')).status).toBe(204);
    const back = await today();
    expect(back.essentials?.at(-1)).toEqual({ day: daysAgo(0), count: 4, used: 1 });
    expect(back.weUp?.at(-1)).toEqual({ day: daysAgo(0), count: 1, used: 0 });
    // The day before still reads as nothing held, whatever today moved.
    expect(back.essentials?.[0]).toEqual({ day: daysAgo(1), count: 0, used: 0 });
  });

  it('ends each week on its Sunday and the period on today; three months back by default', async () => {
    const weekly = await report('');
    expect(weekly.status).toBe(200);
    expect(weekly.body.interval).toBe('week');
    const days = weekly.body.series[0]!.points.map((p) => p.day);
    expect(days.at(-1)).toBe(daysAgo(0));
    for (const day of days.slice(0, -1)) expect(new Date(`${day}T00:00:00Z`).getUTCDay()).toBe(0);
    expect(weekly.body.from.endsWith('-01')).toBe(true);
  });

  it('refuses a period that ends before it starts, one longer than a year, and an unknown interval', async () => {
    const backwards = await report(`?from=${daysAgo(1)}&to=${daysAgo(3)}`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([
      expect.objectContaining({ key: 'not-valid', field: 'query.from' }),
    ]);
    const long = await report(`?from=${daysAgo(400)}`);
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([
      expect.objectContaining({ key: 'value-out-of-range-error', field: 'query.from' }),
    ]);
    expect((await report('?interval=hour')).status).toBe(400);
    expect((await report('?from=yesterday')).status).toBe(400);
  });

  it('is its admins’ alone: another sphere’s admin is refused', async () => {
    expect((await report('', other)).status).toBe(403);
  });
});

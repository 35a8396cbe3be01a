import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@shared/contracts/sessions';
import type { Sphere } from '@shared/contracts/spheres';
import type { CreatedTerminal, Kiosk, SessionFigures, TerminalFeeling } from '@shared/contracts/terminals';
import { spheresDb } from '../../functions/spheres/store';
import { terminalsDomain } from '../../functions/terminals/domain';
import { decodeJwt } from 'jose';
import { startTestStack, type TestStack, type Tokens } from './harness';
import { dayOf } from '@shared/domain/time-zones';

/**
 * Terminals over HTTP (issue 12 point 11, decision 0028): set up by a sales-up member, refused to
 * a plain member and to another sphere's admin; the kiosk records anonymous feelings once per
 * clientId, counted in the session's figures; `unauth-feeling-forbidden` where the sphere does not
 * take them; a wrong key is a 404 like an unknown terminal.
 */
let stack: TestStack;
let admin: Tokens;
let seller: Tokens;
let plain: Tokens;
let stranger: Tokens;
let sphere: Sphere;
let shop: Session;
let terminal: CreatedTerminal;
let key: string;

const api = <T>(
  tokens: Tokens | null,
  path: string,
  method = 'GET',
  body?: unknown,
  headers?: Record<string, string>,
) =>
  stack.api<T>(path, {
    method,
    ...(tokens ? { token: tokens.accessToken } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(headers ? { headers } : {}),
  });

const answer = (overrides: Record<string, unknown> = {}) => ({
  clientId: randomUUID(),
  good: true,
  recordedAt: new Date().toISOString(),
  timeZone: 'Europe/Brussels',
  ...overrides,
});
const send = (body: unknown, withKey = key, terminalId = terminal.id) =>
  api<TerminalFeeling>(null, `/v1/terminals/${terminalId}/feelings`, 'POST', body, {
    'x-terminal-key': withKey,
  });
/** Today where the kiosk stands: its feelings are counted on their Brussels day. */
const today = () => dayOf(new Date().toISOString(), 'Europe/Brussels');
const figures = (tokens: Tokens) => {
  const start = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  const end = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  return api<SessionFigures>(tokens, `/v1/terminals/figures?sessionId=${shop.id}&start=${start}&end=${end}`);
};

async function joinAs(tokens: Tokens, sphereId: string): Promise<string> {
  const link = await api<{ sphereKey: string }>(admin, `/v1/spheres/${sphereId}/join-key`);
  const joined = await api(tokens, `/v1/spheres/${sphereId}/join`, 'POST', {
    sphereKey: link.body.sphereKey,
  });
  if (joined.status !== 200) throw new Error(`join failed: ${joined.status}`);
  const me = await api<{ members: { id: string; sphereId: string }[] }>(tokens, '/v1/me');
  return me.body.members.find((m) => m.sphereId === sphereId)?.id ?? 'none';
}

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('admin.terminals@example.be', { firstName: 'Ada', locale: 'en' });
  seller = await stack.signInWithCode('seller.terminals@example.be', { firstName: 'Sam', locale: 'en' });
  plain = await stack.signInWithCode('plain.terminals@example.be', { firstName: 'Pia', locale: 'en' });
  stranger = await stack.signInWithCode('stranger.terminals@example.be', { firstName: 'Sid', locale: 'en' });
  const created = await api<Sphere>(admin, '/v1/spheres', 'POST', {
    name: 'Bakery Terminals',
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'en' },
    isTerminalEnabled: true,
  });
  sphere = created.body;
  await api(stranger, '/v1/spheres', 'POST', {
    name: 'Elsewhere',
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'en' },
  });
  // The salesUp entitlement is a super-admin's to give (spec 02 §6); set here as it would be.
  await spheresDb()
    .entities.sphere.patch({ sphereId: sphere.id })
    .set({ entitlements: { ...sphere.entitlements, salesUp: { active: true } } })
    .go();
  const shopSession = await api<Session>(admin, `/v1/spheres/${sphere.id}/sessions`, 'POST', {
    category: 'consumer',
    name: { en: 'Shop floor' },
    publicName: { en: 'Our shop' },
  });
  if (shopSession.status !== 201) throw new Error(`session: ${shopSession.status}`);
  shop = shopSession.body;
  const sellerMember = await joinAs(seller, sphere.id);
  const promoted = await api(admin, `/v1/spheres/${sphere.id}/members/${sellerMember}`, 'PUT', {
    name: 'Sam',
    roles: ['sales-up'],
    subscription: 'starter',
    active: true,
  });
  if (promoted.status !== 200)
    throw new Error(`sales-up: ${promoted.status} ${JSON.stringify(promoted.body)}`);
  await joinAs(plain, sphere.id);
});
afterAll(async () => {
  await stack?.stop();
});

describe('setting terminals up (/v1/terminals)', () => {
  it('a sales-up member sets up a terminal of a consumer session and gets its kiosk path once', async () => {
    const created = await api<CreatedTerminal>(seller, '/v1/terminals', 'POST', {
      sphereId: sphere.id,
      sessionId: shop.id,
      deviceName: 'Till 1',
      steps: 'histograms',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ sphereId: sphere.id, sessionId: shop.id, deviceName: 'Till 1' });
    expect(created.body.deviceCode).toMatch(/^[A-Z2-9]{6}$/);
    expect(created.body.kioskPath).toMatch(new RegExp(`^/terminal/${created.body.id}#key=.+`));
    terminal = created.body;
    key = decodeURIComponent(terminal.kioskPath.split('#key=')[1] ?? '');
    const list = await api<{ items: Record<string, unknown>[] }>(
      seller,
      `/v1/terminals?sphereId=${sphere.id}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.items.map((t) => t.id)).toEqual([terminal.id]);
    // The key is never read back.
    expect(JSON.stringify(list.body)).not.toContain(key);
    expect(list.body.items[0]).not.toHaveProperty('kioskPath');
  });

  it('a plain member and another sphere’s admin are refused (403), and so is a contributor session', async () => {
    for (const who of [plain, stranger]) {
      const body = { sphereId: sphere.id, sessionId: shop.id, deviceName: 'Nope' };
      expect((await api(who, '/v1/terminals', 'POST', body)).status).toBe(403);
      expect((await api(who, `/v1/terminals?sphereId=${sphere.id}`)).status).toBe(403);
      expect((await api(who, `/v1/terminals/${terminal.id}`, 'DELETE')).status).toBe(403);
      expect((await figures(who)).status).toBe(403);
    }
    const group = await api<Session>(admin, `/v1/spheres/${sphere.id}/sessions`, 'POST', {
      category: 'contributor',
      name: { en: 'Bakers' },
      publicName: { en: 'Bakers' },
    });
    const refused = await api(seller, '/v1/terminals', 'POST', {
      sphereId: sphere.id,
      sessionId: group.body.id,
      deviceName: 'Back office',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.sessionId' }] });
  });

  it('the device name is required and at most 100 characters', async () => {
    for (const deviceName of ['  ', 'x'.repeat(101)]) {
      const refused = await api(seller, '/v1/terminals', 'POST', {
        sphereId: sphere.id,
        sessionId: shop.id,
        deviceName,
      });
      expect(refused.status).toBe(400);
    }
  });
});

describe('the kiosk (/v1/terminals/{terminalId}/kiosk, /feelings)', () => {
  it('opens with its key and shows the session’s public name and steps, without a token', async () => {
    const read = await api<Kiosk>(null, `/v1/terminals/${terminal.id}/kiosk`, 'GET', undefined, {
      'x-terminal-key': key,
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ steps: 'histograms', name: { en: 'Our shop' }, words: [] });
    expect(JSON.stringify(read.body)).not.toContain('Shop floor');
  });

  it('a wrong key and an unknown terminal are the same 404', async () => {
    const wrong = await send(answer(), 'not-the-key');
    const unknown = await send(answer(), key, randomUUID());
    const none = await api(null, `/v1/terminals/${terminal.id}/kiosk`);
    for (const refused of [wrong, unknown, none]) {
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ key: 'not-found' });
    }
  });

  it('stores a feeling once: 201, then 200 with the same body on a replay, counted once', async () => {
    const before = (await figures(seller)).body.count;
    const body = answer({ good: false, intensityStep: 8, energyStep: 7 });
    const first = await send(body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ clientId: body.clientId, value: -0.9, energy: 0.8, color: 'red' });
    const again = await send(body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // Sent at once twice more (a queue flushed by two tabs): still one.
    const [a, b] = await Promise.all([send(body), send(body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const after = await figures(seller);
    expect(after.status).toBe(200);
    expect(after.body.count).toBe(before + 1);
    expect(after.body.colors.red).toBe(1);
    expect(after.body.days.find((d) => d.day === today())?.count ?? 0).toBeGreaterThanOrEqual(1);
  });

  it('an answer queued offline counts with its own time; the future and more than 7 days back are refused', async () => {
    const earlier = new Date(Date.now() - 20 * 60_000).toISOString();
    const queued = await send(answer({ recordedAt: earlier }));
    expect(queued.status).toBe(201);
    expect(queued.body.recordedAt).toBe(earlier);
    for (const recordedAt of [
      new Date(Date.now() + 60 * 60_000).toISOString(),
      new Date(Date.now() - 8 * 86_400_000).toISOString(),
    ]) {
      const refused = await send(answer({ recordedAt }));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.recordedAt' }] });
    }
    // The admin reads the same figures as the sales-up member: two feelings.
    expect((await figures(admin)).body.count).toBe(2);
  });

  it('unauth-feeling-forbidden when the sphere’s terminal flag is off or its salesUp entitlement inactive', async () => {
    await spheresDb().entities.sphere.patch({ sphereId: sphere.id }).set({ isTerminalEnabled: false }).go();
    const flagOff = await send(answer());
    expect(flagOff.status).toBe(403);
    expect(flagOff.body).toMatchObject({ key: 'unauth-feeling-forbidden' });
    const setup = await api(seller, '/v1/terminals', 'POST', {
      sphereId: sphere.id,
      sessionId: shop.id,
      deviceName: 'Till 2',
    });
    expect(setup.status).toBe(403);
    expect(setup.body).toMatchObject({ key: 'unauth-feeling-forbidden' });
    await spheresDb()
      .entities.sphere.patch({ sphereId: sphere.id })
      .set({ isTerminalEnabled: true, entitlements: { ...sphere.entitlements, salesUp: { active: false } } })
      .go();
    const inactive = await send(answer());
    expect(inactive.status).toBe(403);
    expect(inactive.body).toMatchObject({ key: 'unauth-feeling-forbidden' });
    // Without the entitlement, the sales-up role opens nothing; the admin still lists terminals.
    expect((await api(seller, `/v1/terminals?sphereId=${sphere.id}`)).status).toBe(403);
    expect((await api(admin, `/v1/terminals?sphereId=${sphere.id}`)).status).toBe(200);
    expect((await figures(admin)).body.count).toBe(2);
    await spheresDb()
      .entities.sphere.patch({ sphereId: sphere.id })
      .set({ entitlements: { ...sphere.entitlements, salesUp: { active: true } } })
      .go();
  });

  it('the person who set a terminal up finds it in their data; leaving takes their id off it, and it keeps working', async () => {
    const sellerId = decodeJwt(seller.accessToken).sub as string;
    const [belonging] = terminalsDomain.belongings;
    const held = await belonging!.gather({ userId: sellerId, emails: [], ownedEmails: [] });
    expect(held.records).toEqual([expect.objectContaining({ id: terminal.id, deviceName: 'Till 1' })]);
    expect(JSON.stringify(held.records)).not.toContain(key);
    await held.leave();
    expect((await belonging!.gather({ userId: sellerId, emails: [], ownedEmails: [] })).records).toEqual([]);
    expect((await send(answer())).status).toBe(201);
    expect((await figures(admin)).body.count).toBe(3);
  });

  it('a deleted terminal’s kiosk is a 404, and what it recorded stays counted', async () => {
    expect((await api(plain, `/v1/terminals/${terminal.id}`, 'DELETE')).status).toBe(403);
    expect((await api(seller, `/v1/terminals/${terminal.id}`, 'DELETE')).status).toBe(204);
    expect((await send(answer())).status).toBe(404);
    expect((await figures(seller)).body.count).toBe(3);
  });
});

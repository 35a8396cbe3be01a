import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '@shared/contracts/campaigns';
import type { Member, Sphere } from '@shared/contracts/spheres';
import {
  ACCESS_CODE_MAX_FAILURES,
  ACCESS_CODE_MAX_FAILURES_PER_ADDRESS,
  DELEGATION_MAX_FAILURES,
  DELEGATION_MAX_FAILURES_PER_CLIENT,
} from '@shared/domain/spheres';
import { startTestStack, type TestStack, type Tokens } from '../integration/harness';

/**
 * Finding 5 of the hostile probe (issue 34): five wrong codes for a member's address, from five
 * addresses, made the member's right code answer 429 for ten minutes; fifty wrong codes over ten
 * addresses closed a campaign's delegation for every participant. Wrong codes are now counted per
 * client as well as per address (or campaign), with room for the rightful person beside a few
 * strangers, and a browser that signed in with the code before (a known device,
 * docs/decisions/0006) has attempts of its own that strangers never spend.
 */

let stack: TestStack;
let admin: Tokens;
let sphere: Sphere;
let campaign: Campaign;

const api = <T>(tokens: Tokens | null, path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, {
    method,
    ...(tokens ? { token: tokens.accessToken } : {}),
    ...(body !== undefined ? { body } : {}),
  });

/** A public POST from one loopback source address: each address is another client. */
function postFrom<T>(
  localAddress: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: T }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${stack.endpoints.api}${path}`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'x-language': 'en' } },
      (res) => {
        let answer = '';
        res.on('data', (chunk: Buffer) => (answer += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(answer || 'null') as T }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

type Ticket = { username: string; ticket: string; deviceKey: string };
type Entry = { userId: string; deviceKey?: string };

const signInPath = () => `/v1/spheres/${sphere.id}/access-sign-in`;
const signInFrom = (client: string, email: string, accessCode: string, deviceKey?: string) =>
  postFrom<Ticket & { key?: string }>(client, signInPath(), {
    email,
    accessCode,
    ...(deviceKey ? { deviceKey } : {}),
  });
const enterFrom = (client: string, accessCode: string, deviceKey?: string) =>
  postFrom<Entry & { key?: string }>(client, '/users/guests', {
    link: `http://localhost/apps/participation/${campaign.campaignId}`,
    delegation: { accessCode, campaignId: campaign.campaignId, ...(deviceKey ? { deviceKey } : {}) },
  });
/** Client addresses 127.0.<block>.1, .2, …: a block per test, so no test spends another's limits. */
const client = (block: number, n: number) => `127.0.${block}.${n}`;

async function memberWithCode(name: string, email: string, code: string): Promise<Member> {
  const member = await api<Member>(admin, '/v1/members', 'POST', {
    sphereId: sphere.id,
    name,
    email,
    roles: ['contributor'],
  });
  expect(member.status).toBe(201);
  const codes = await api(admin, `/v1/spheres/${sphere.id}/members/${member.body.id}/access-codes`, 'PUT', {
    lowSecurityAccessEnabled: true,
    add: [code],
  });
  expect(codes.status).toBe(200);
  return member.body;
}

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('aude.lockout@example.be', { firstName: 'Aude' });
  sphere = (
    await api<Sphere>(admin, '/v1/spheres', 'POST', {
      name: 'Atelier Verrou',
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'fr' },
    })
  ).body;
  const saved = await api<Sphere>(admin, `/v1/spheres/${sphere.id}`, 'PUT', {
    name: sphere.name,
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'fr' },
    lowSecurityAccessOptions: { enabled: true, label: { fr: 'Matricule', en: 'Staff number' } },
    updateDate: sphere.updateDate,
  });
  expect(saved.status).toBe(200);
  sphere = saved.body;
  const created = await api<Campaign>(admin, `/v1/campaigns/spheres/${sphere.id}`, 'POST', {
    name: 'Pouls',
    publicName: { fr: 'Pouls', en: 'Pulse' },
    defaultLocale: 'fr',
    allowDelegation: true,
  });
  expect(created.status).toBe(201);
  campaign = created.body;
});
afterAll(async () => {
  await stack?.stop();
});

describe('strangers giving wrong access codes for a member’s address', () => {
  it('five wrong codes from five clients leave the member’s right code working', async () => {
    await memberWithCode('Noor Haddad', 'noor.lockout@example.be', 'NOOR-2024');
    for (let n = 1; n <= 5; n++) {
      const wrong = await signInFrom(client(10, n), 'noor.lockout@example.be', `WRONG-${n}`);
      expect(wrong.status).toBe(400);
    }
    const right = await signInFrom(client(10, 9), 'noor.lockout@example.be', 'NOOR-2024');
    expect(right.status).toBe(200);
    expect(right.body.ticket).toBeTruthy();
  });

  it('never shut out a browser that signed in with the code before, however many they give', async () => {
    await memberWithCode('Lieve Claes', 'lieve.lockout@example.be', 'LIEVE-88');
    const first = await signInFrom(client(11, 1), 'lieve.lockout@example.be', 'LIEVE-88');
    expect(first.status).toBe(200);
    const { deviceKey } = first.body;
    expect(deviceKey).toBeTruthy();
    // Strangers spend every attempt the address has for unknown browsers.
    const statuses: number[] = [];
    for (let n = 0; n < ACCESS_CODE_MAX_FAILURES_PER_ADDRESS + 5; n++)
      statuses.push(
        (await signInFrom(client(11, 10 + (n % 6)), 'lieve.lockout@example.be', `NOPE-${n}`)).status,
      );
    expect(statuses).toContain(429);
    // A new browser now waits (the trade-off of decision 0006)…
    expect((await signInFrom(client(11, 50), 'lieve.lockout@example.be', 'LIEVE-88')).status).toBe(429);
    // …while Lieve's own browser signs in, and keeps its key.
    const again = await signInFrom(client(11, 1), 'lieve.lockout@example.be', 'LIEVE-88', deviceKey);
    expect(again.status).toBe(200);
    expect(again.body.deviceKey).toBe(deviceKey);
  });

  it(`bound guessing: ${ACCESS_CODE_MAX_FAILURES} per client, ${ACCESS_CODE_MAX_FAILURES_PER_ADDRESS} from all unknown browsers`, async () => {
    await memberWithCode('Bram Wouters', 'bram.lockout@example.be', 'BRAM-31');
    const one = client(12, 1);
    for (let n = 0; n < ACCESS_CODE_MAX_FAILURES; n++)
      expect((await signInFrom(one, 'bram.lockout@example.be', `MISS-${n}`)).status).toBe(400);
    const blocked = await signInFrom(one, 'bram.lockout@example.be', 'BRAM-31');
    expect(blocked.status).toBe(429);
    expect(blocked.body.key).toBe('too-many-attempts');
    // Another client is not held back by the first one's guesses.
    expect((await signInFrom(client(12, 2), 'bram.lockout@example.be', 'MISS-X')).status).toBe(400);
  });

  it('a forged key, or the key of another member, is an unknown browser', async () => {
    await memberWithCode('Ilse Maes', 'ilse.lockout@example.be', 'ILSE-12');
    const other = await memberWithCode('Omar Saidi', 'omar.lockout@example.be', 'OMAR-55');
    const omar = await signInFrom(client(13, 1), 'omar.lockout@example.be', 'OMAR-55');
    expect(omar.status).toBe(200);
    expect(other.id).toBeTruthy();
    const [userId] = omar.body.deviceKey.split('.');
    const one = client(13, 2);
    for (let n = 0; n < ACCESS_CODE_MAX_FAILURES; n++)
      await signInFrom(one, 'ilse.lockout@example.be', `MISS-${n}`);
    for (const key of [omar.body.deviceKey, `${userId}.${'Z'.repeat(43)}`])
      expect((await signInFrom(one, 'ilse.lockout@example.be', 'ILSE-12', key)).status).toBe(429);
  });
});

describe('strangers giving wrong codes to a campaign’s delegation', () => {
  it('never close it for a participant who entered on this browser before', async () => {
    await memberWithCode('Jef Peeters', 'jef.lockout@example.be', 'JEF-7');
    const first = await enterFrom(client(20, 1), 'JEF-7');
    expect(first.status).toBe(201);
    const { deviceKey } = first.body;
    expect(deviceKey).toBeTruthy();
    // The finding: fifty wrong codes over ten clients.
    for (let n = 0; n < DELEGATION_MAX_FAILURES; n++)
      await enterFrom(client(20, 10 + (n % 10)), `GUESS-${n}`);
    // A new browser now waits (the trade-off of decision 0006)…
    expect((await enterFrom(client(20, 40), 'JEF-7')).status).toBe(429);
    // …while Jef's browser enters.
    const again = await enterFrom(client(20, 1), 'JEF-7', deviceKey);
    expect(again.status).toBe(201);
  });

  it(`bound guessing: ${DELEGATION_MAX_FAILURES_PER_CLIENT} per client, whatever others do`, async () => {
    const one = client(21, 1);
    // The campaign's budget for unknown browsers is spent by the previous test: use a new one.
    const created = await api<Campaign>(admin, `/v1/campaigns/spheres/${sphere.id}`, 'POST', {
      name: 'Pouls 2',
      publicName: { fr: 'Pouls 2', en: 'Pulse 2' },
      defaultLocale: 'fr',
      allowDelegation: true,
    });
    campaign = created.body;
    for (let n = 0; n < DELEGATION_MAX_FAILURES_PER_CLIENT; n++)
      expect((await enterFrom(one, `GUESS-${n}`)).status).toBe(400);
    const blocked = await enterFrom(one, 'JEF-7');
    expect(blocked.status).toBe(429);
    expect(blocked.body.key).toBe('too-many-attempts');
    expect((await enterFrom(client(21, 2), 'JEF-7')).status).toBe(201);
  });
});

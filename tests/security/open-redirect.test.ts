import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '@shared/contracts/campaigns';
import type { Link } from '@shared/contracts/links';
import type { Sphere } from '@shared/contracts/spheres';
import { startTestStack, type TestStack, type Tokens } from '../integration/harness';

/**
 * Finding 2 of the hostile probe: any registered user made a sphere and a short link whose
 * `redirectUrl` was any http(s) address (credentials in it, the cloud metadata address, loopback,
 * CR/LF), and a campaign whose `endRedirectUrl` was any https host; the SPA then sent people there.
 * Every stored outbound address now follows one rule (shared/domain/safe-url.ts): each hostile
 * spelling is refused with 400 `invalid-url` on its field, and a plain public https address is still
 * taken.
 */

let stack: TestStack;
let mallory: Tokens;
let sphere: Sphere;

type Refusal = { errors?: { key: string; field?: string }[] };

const api = <T>(path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, { method, token: mallory.accessToken, ...(body !== undefined ? { body } : {}) });

/** Addresses an attacker would store to send people off the product, each refused. */
const HOSTILE = [
  'https://sentia.app@evil.example/',
  'https://user:pass@evil.example/',
  'http://169.254.169.254/latest/meta-data',
  'https://169.254.169.254/latest/meta-data',
  'http://[::1]/',
  'https://[::1]/',
  'https://[::ffff:127.0.0.1]/',
  'https://[fd00::1]/',
  'https://[fe80::1]/',
  'https://127.0.0.1/',
  'https://10.1.2.3/',
  'https://192.168.0.1/',
  'https://172.16.0.1/',
  'https://100.64.0.1/',
  'https://0.0.0.0/',
  'https://2130706433/',
  'https://0x7f.1/',
  'https://0177.0.0.1/',
  'https://localhost/',
  'https://admin.localhost/',
  'https://intranet/',
  'https://printer.local/',
  'https://db.internal/',
  'https://example.be/%0d%0aSet-Cookie:%20a=b',
  'https://example.be/%00',
  'https://example.be/\r\nSet-Cookie: a=b',
  'https://example.be/ x',
  'http://example.be/',
  'javascript:alert(1)',
  '//evil.example/',
];

const SAFE = 'https://www.example.be/thanks?from=link#end';

const sphereLink = (extra: Record<string, unknown> = {}) => ({
  category: 'sphere',
  sphereId: sphere.id,
  name: 'Poster',
  defaultLanguage: 'en',
  stepNumber: 100,
  wizards: [{ type: 'profile' }],
  ...extra,
});

beforeAll(async () => {
  stack = await startTestStack();
  mallory = await stack.signInWithCode('mallory.redirect@example.be', { firstName: 'Mallory', locale: 'en' });
  const created = await api<Sphere>('/v1/spheres', 'POST', {
    name: 'Maison Redirection',
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'en' },
  });
  expect(created.status).toBe(201);
  sphere = created.body;
});
afterAll(async () => {
  await stack?.stop();
});

describe('a short link', () => {
  it.each(HOSTILE)('refuses redirectUrl %s with 400 invalid-url, on create and on update', async (url) => {
    const refused = await api<Refusal>('/v1/shorten-urls', 'POST', sphereLink({ redirectUrl: url }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ key: 'invalid-url', field: 'body.redirectUrl' }]);

    const made = await api<Link>('/v1/shorten-urls', 'POST', sphereLink());
    expect(made.status).toBe(201);
    const changed = await api<Refusal>(
      `/v1/shorten-urls/${made.body.id}`,
      'PUT',
      sphereLink({ redirectUrl: url, category: undefined, sphereId: undefined }),
    );
    expect(changed.status).toBe(400);
    expect(changed.body.errors).toEqual([{ key: 'invalid-url', field: 'body.redirectUrl' }]);
    expect((await api<Link>(`/v1/shorten-urls/${made.body.id}`)).body.redirectUrl).toBeUndefined();
  });

  it('refuses an address longer than 2000 characters by its length', async () => {
    const long = `https://www.example.be/${'a'.repeat(2000)}`;
    const refused = await api<Refusal>('/v1/shorten-urls', 'POST', sphereLink({ redirectUrl: long }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { key: 'length-out-of-range-error', field: 'body.redirectUrl', values: { max: 2000 } },
    ]);
  });

  it('still takes a public https address', async () => {
    const made = await api<Link>('/v1/shorten-urls', 'POST', sphereLink({ redirectUrl: SAFE }));
    expect(made.status).toBe(201);
    expect(made.body.redirectUrl).toBe(SAFE);
  });
});

describe('a campaign', () => {
  let campaign: Campaign;

  it('still takes a public https end address', async () => {
    const created = await api<Campaign>(`/v1/campaigns/spheres/${sphere.id}`, 'POST', {
      name: 'Pulse',
      defaultLocale: 'en',
      endRedirectUrl: SAFE,
    });
    expect(created.status).toBe(201);
    expect(created.body.endRedirectUrl).toBe(SAFE);
    campaign = created.body;
  });

  it.each(HOSTILE)('refuses endRedirectUrl %s with 400 invalid-url, on create and on update', async (url) => {
    const refused = await api<Refusal>(`/v1/campaigns/spheres/${sphere.id}`, 'POST', {
      name: 'Pulse',
      defaultLocale: 'en',
      endRedirectUrl: url,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ key: 'invalid-url', field: 'body.endRedirectUrl' }]);

    const changed = await api<Refusal>(`/v1/campaigns/${campaign.campaignId}`, 'PUT', {
      name: 'Pulse',
      defaultLocale: 'en',
      endRedirectUrl: url,
      updateDate: campaign.updateDate,
    });
    expect(changed.status).toBe(400);
    expect(changed.body.errors).toEqual([{ key: 'invalid-url', field: 'body.endRedirectUrl' }]);
    expect((await api<Campaign>(`/v1/campaigns/${campaign.campaignId}`)).body.endRedirectUrl).toBe(SAFE);
  });
});

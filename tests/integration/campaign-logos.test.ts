import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Campaign,
  CampaignAccess,
  CampaignLogoUpload,
  ParticipationView,
} from '@shared/contracts/campaigns';
import type { Sphere } from '@shared/contracts/spheres';
import { startTestStack, type TestStack, type Tokens } from './harness';

/**
 * A campaign's own logo over HTTP on the local stack, with the real files in s3rver: its admin asks
 * for an upload, sends the file as the browser does (form POST), confirms it, and the campaign and
 * what its participants see name the logo's URL; the sphere's logo is the fallback when the campaign
 * uses it; the settings form's concurrency token does not move.
 */
let stack: TestStack;
/** Admin of the sphere. */
let ada: Tokens;
/** A contributor of the sphere: a participant. */
let zoe: Tokens;
/** The admin of another sphere. */
let yann: Tokens;
let sphere: Sphere;
let sphereLogoUrl: string;
let campaign: Campaign;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const api = <T>(tokens: Tokens, path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, { method, token: tokens.accessToken, ...(body !== undefined ? { body } : {}) });
const logoPath = (campaignId: string) => `/v1/campaigns/${campaignId}/logo`;
const askUpload = (tokens: Tokens, campaignId: string, body: unknown) =>
  api<CampaignLogoUpload>(tokens, logoPath(campaignId), 'POST', body);
const confirm = (tokens: Tokens, campaignId: string, key: string) =>
  api<Campaign>(tokens, logoPath(campaignId), 'PUT', { key });
const remove = (tokens: Tokens, campaignId: string) => api<Campaign>(tokens, logoPath(campaignId), 'DELETE');
const read = (campaignId: string) => api<Campaign>(ada, `/v1/campaigns/${campaignId}`);

/** Sends a file with the granted form, as the SPA does: every field, then the file last. */
async function send(upload: { uploadUrl: string; fields: Record<string, string> }, bytes: Uint8Array) {
  const data = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) data.append(name, value);
  data.append('file', new Blob([bytes], { type: 'image/png' }), 'logo');
  return fetch(upload.uploadUrl, { method: 'POST', body: data });
}

/** A PNG uploaded and confirmed as the campaign's own logo. */
async function ownLogo(campaignId: string): Promise<Campaign> {
  const upload = await askUpload(ada, campaignId, { contentType: 'image/png', size: PNG.length });
  expect(upload.status).toBe(200);
  expect((await send(upload.body, PNG)).ok).toBe(true);
  const confirmed = await confirm(ada, campaignId, upload.body.key);
  expect(confirmed.status).toBe(200);
  return confirmed.body;
}

async function newCampaign(name: string): Promise<Campaign> {
  const created = await api<Campaign>(ada, `/v1/campaigns/spheres/${sphere.id}`, 'POST', {
    name,
    publicName: { en: name },
  });
  expect(created.status).toBe(201);
  return created.body;
}

/** The campaign's fields as the settings form sends them back (with what it read of the logo). */
function settingsBody(c: Campaign, changes: Partial<Campaign>) {
  const {
    campaignId: _id,
    sphereId: _sphere,
    status: _s,
    preparationStatus: _p,
    active: _a,
    validationCode: _v,
    creationDate: _c,
    measures: _m,
    ...fields
  } = c;
  return { ...fields, ...changes };
}

beforeAll(async () => {
  stack = await startTestStack();
  ada = await stack.signInWithCode('ada.campaignlogo@example.be', { firstName: 'Ada', locale: 'en' });
  zoe = await stack.signInWithCode('zoe.campaignlogo@example.be', { firstName: 'Zoe', locale: 'en' });
  yann = await stack.signInWithCode('yann.campaignlogo@example.be', { firstName: 'Yann', locale: 'en' });
  for (const [tokens, name] of [
    [ada, 'Logo atelier'],
    [yann, 'Elsewhere'],
  ] as const) {
    const created = await api<Sphere>(tokens, '/v1/spheres', 'POST', {
      name,
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'en' },
    });
    expect(created.status).toBe(201);
    if (tokens === ada) sphere = created.body;
  }
  const key = await api<{ sphereKey: string }>(ada, `/v1/spheres/${sphere.id}/join-key`);
  const joined = await api(zoe, `/v1/spheres/${sphere.id}/join`, 'POST', { sphereKey: key.body.sphereKey });
  expect(joined.status).toBe(200);
  // The sphere's own logo: the campaigns' fallback.
  const upload = await api<CampaignLogoUpload>(ada, `/v1/spheres/${sphere.id}/logo`, 'POST', {
    contentType: 'image/png',
    size: PNG.length,
  });
  expect((await send(upload.body, PNG)).ok).toBe(true);
  const withLogo = await api<Sphere>(ada, `/v1/spheres/${sphere.id}/logo`, 'PUT', { key: upload.body.key });
  expect(withLogo.status).toBe(200);
  sphereLogoUrl = withLogo.body.logoUrl!;
  campaign = await newCampaign('Logo pulse');
});
afterAll(async () => {
  await stack?.stop();
});

describe('campaign logo (/v1/campaigns/{campaignId}/logo)', () => {
  it('shows the sphere’s logo while the campaign has none of its own and uses it', () => {
    expect(campaign.useSphereLogo).toBe(true);
    expect(campaign.logo).toBeUndefined();
    expect(campaign.logoUrl).toBe(sphereLogoUrl);
  });

  it('grants an upload, confirms it, and the campaign and its participants see it; the updateDate stays', async () => {
    const upload = await askUpload(ada, campaign.campaignId, { contentType: 'image/png', size: PNG.length });
    expect(upload.status).toBe(200);
    expect(upload.body.key).toMatch(
      new RegExp(`^uploads/campaigns/${campaign.campaignId}/[0-9a-f-]{36}\\.png$`),
    );
    expect(Date.parse(upload.body.expiresAt) - Date.now()).toBeGreaterThan(200_000);
    expect((await send(upload.body, PNG)).ok).toBe(true);

    const confirmed = await confirm(ada, campaign.campaignId, upload.body.key);
    expect(confirmed.status).toBe(200);
    const logoUrl = confirmed.body.logoUrl!;
    expect(logoUrl).toMatch(new RegExp(`/logos/campaigns/${campaign.campaignId}/[0-9a-f-]{36}\\.png$`));
    expect(confirmed.body.logo).toMatch(/^logos\/campaigns\//);
    expect(confirmed.body.updateDate).toBe(campaign.updateDate);
    const loaded = await fetch(logoUrl);
    expect(loaded.status).toBe(200);
    expect(loaded.headers.get('content-type')).toBe('image/png');

    expect((await read(campaign.campaignId)).body.logoUrl).toBe(logoUrl);
    const listed = await api<{ items: Campaign[] }>(ada, `/v1/campaigns/spheres/${sphere.id}`);
    expect(listed.body.items.find((c) => c.campaignId === campaign.campaignId)?.logoUrl).toBe(logoUrl);
    // What a participant sees: the campaign's own logo before the sphere's.
    const access = await api<CampaignAccess>(zoe, `/v1/campaigns/${campaign.campaignId}/access`);
    expect(access.status).toBe(200);
    expect(access.body.logoUrl).toBe(logoUrl);
    const view = await api<ParticipationView>(zoe, `/v1/campaigns/${campaign.campaignId}/participation`);
    expect(view.status).toBe(200);
    expect(view.body.campaign.logoUrl).toBe(logoUrl);
    // The upload itself is gone once confirmed.
    expect((await confirm(ada, campaign.campaignId, upload.body.key)).status).toBe(400);

    // A settings save with the updateDate read before the logo, sending back another logo: no
    // conflict, and the logo stays the confirmed one.
    const saved = await api<Campaign>(
      ada,
      `/v1/campaigns/${campaign.campaignId}`,
      'PUT',
      settingsBody(campaign, {
        name: 'Logo pulse, renamed',
        logo: 'logos/campaigns/elsewhere/00000000-0000-4000-8000-000000000000.png',
      }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.name).toBe('Logo pulse, renamed');
    expect(saved.body.logoUrl).toBe(logoUrl);
    campaign = saved.body;

    // Its own logo wins even when the campaign does not use the sphere's.
    const unused = await api<Campaign>(
      ada,
      `/v1/campaigns/${campaign.campaignId}`,
      'PUT',
      settingsBody(campaign, { useSphereLogo: false }),
    );
    expect(unused.status).toBe(200);
    expect(unused.body.logoUrl).toBe(logoUrl);
    campaign = unused.body;
  });

  it('refuses another type, a size over 1 MiB, another campaign’s upload and a document named as an image', async () => {
    for (const contentType of ['image/svg+xml', 'text/html']) {
      const wrong = await askUpload(ada, campaign.campaignId, { contentType, size: 100 });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({
        errors: [{ key: 'unexpected-value-error', field: 'body.contentType' }],
      });
    }
    const large = await askUpload(ada, campaign.campaignId, { contentType: 'image/png', size: 1_048_577 });
    expect(large.status).toBe(400);
    expect(large.body).toMatchObject({ errors: [{ key: 'value-out-of-range-error', field: 'body.size' }] });

    const other = await newCampaign('Other pulse');
    const upload = await askUpload(ada, campaign.campaignId, { contentType: 'image/png', size: PNG.length });
    expect((await send(upload.body, PNG)).ok).toBe(true);
    const stolen = await confirm(ada, other.campaignId, upload.body.key);
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.key' }] });
    expect((await read(other.campaignId)).body.logo).toBeUndefined();

    const page = Buffer.from('<html><script>alert(1)</script></html>');
    const disguised = await askUpload(ada, campaign.campaignId, {
      contentType: 'image/png',
      size: page.length,
    });
    expect((await send(disguised.body, page)).ok).toBe(true);
    const refused = await confirm(ada, campaign.campaignId, disguised.body.key);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.key' }] });
    expect((await read(campaign.campaignId)).body.logoUrl).toBe(campaign.logoUrl);
  });

  it('gives another sphere’s admin and a participant nothing: 403 on every logo route', async () => {
    const upload = await askUpload(ada, campaign.campaignId, { contentType: 'image/png', size: PNG.length });
    expect((await send(upload.body, PNG)).ok).toBe(true);
    for (const tokens of [yann, zoe]) {
      expect(
        (await askUpload(tokens, campaign.campaignId, { contentType: 'image/png', size: 10 })).status,
      ).toBe(403);
      expect((await confirm(tokens, campaign.campaignId, upload.body.key)).status).toBe(403);
      expect((await remove(tokens, campaign.campaignId)).status).toBe(403);
    }
    expect((await read(campaign.campaignId)).body.logoUrl).toBe(campaign.logoUrl);
  });

  it('removes the own logo and its file; the sphere’s shows again only when the campaign uses it', async () => {
    const before = campaign.logoUrl!;
    const removed = await remove(ada, campaign.campaignId);
    expect(removed.status).toBe(200);
    expect(removed.body.logo).toBeUndefined();
    // The campaign does not use the sphere's logo (set above): none.
    expect(removed.body.logoUrl).toBeUndefined();
    expect(removed.body.updateDate).toBe(campaign.updateDate);
    expect((await fetch(before)).status).toBe(404);
    // Removing again: nothing to remove, the same answer.
    expect((await remove(ada, campaign.campaignId)).status).toBe(200);

    const uses = await api<Campaign>(
      ada,
      `/v1/campaigns/${campaign.campaignId}`,
      'PUT',
      settingsBody(removed.body, { useSphereLogo: true }),
    );
    expect(uses.status).toBe(200);
    expect(uses.body.logoUrl).toBe(sphereLogoUrl);
    const access = await api<CampaignAccess>(zoe, `/v1/campaigns/${campaign.campaignId}/access`);
    expect(access.body.logoUrl).toBe(sphereLogoUrl);
  });

  it('deletes the campaign’s logo file with the campaign', async () => {
    const doomed = await newCampaign('Short pulse');
    const withLogo = await ownLogo(doomed.campaignId);
    expect((await fetch(withLogo.logoUrl!)).status).toBe(200);
    expect((await api(ada, `/v1/campaigns/${doomed.campaignId}`, 'DELETE')).status).toBe(204);
    expect((await fetch(withLogo.logoUrl!)).status).toBe(404);
  });
});

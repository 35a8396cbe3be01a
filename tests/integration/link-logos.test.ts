import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Link, LinkLogoUpload } from '@shared/contracts/links';
import type { Session } from '@shared/contracts/sessions';
import type { Sphere } from '@shared/contracts/spheres';
import { startTestStack, type TestStack, type Tokens } from './harness';

/**
 * Link logos over HTTP on the local stack (decision 0027, on the pattern of decisions 0016 and
 * 0023), with the real files in s3rver: whoever may change a link asks for an upload, sends the
 * file as the browser does (form POST), confirms it, and everyone who opens the link then reads the
 * logo's URL; removing the logo or deleting the link deletes its file.
 */
let stack: TestStack;
/** Admin of the sphere. */
let ada: Tokens;
/** Admin of another sphere. */
let yann: Tokens;
/** A contributor of Ada's sphere, owner of its group. */
let zoe: Tokens;
let guest: Tokens;
let sphere: Sphere;
let group: Session;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const api = <T>(tokens: Tokens, path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, { method, token: tokens.accessToken, ...(body !== undefined ? { body } : {}) });
const logoPath = (linkId: string) => `/v1/shorten-urls/${linkId}/logo`;
const askUpload = (tokens: Tokens, linkId: string, body: unknown) =>
  api<LinkLogoUpload>(tokens, logoPath(linkId), 'POST', body);
const confirm = (tokens: Tokens, linkId: string, key: string) =>
  api<Link>(tokens, logoPath(linkId), 'PUT', { key });
const remove = (tokens: Tokens, linkId: string) => api<Link>(tokens, logoPath(linkId), 'DELETE');

/** Sends a file with the granted form, as the SPA does: every field, then the file last. */
async function send(upload: LinkLogoUpload, bytes: Uint8Array, type: string): Promise<Response> {
  const data = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) data.append(name, value);
  data.append('file', new Blob([bytes], { type }), 'logo');
  return fetch(upload.uploadUrl, { method: 'POST', body: data });
}

/** A logo sent and confirmed for a link: the link as the confirmation answers it. */
async function withLogo(tokens: Tokens, linkId: string): Promise<Link> {
  const upload = await askUpload(tokens, linkId, { contentType: 'image/png', size: PNG.length });
  expect(upload.status).toBe(200);
  expect((await send(upload.body, PNG, 'image/png')).ok).toBe(true);
  const confirmed = await confirm(tokens, linkId, upload.body.key);
  expect(confirmed.status).toBe(200);
  return confirmed.body;
}

const newLink = async (tokens: Tokens, extra: Record<string, unknown> = {}) => {
  const made = await api<Link>(tokens, '/v1/shorten-urls', 'POST', {
    category: 'sphere',
    sphereId: sphere.id,
    name: 'Poster in the hall',
    wizards: [{ type: 'feeling', period: 'day' }],
    ...extra,
  });
  expect(made.status).toBe(201);
  return made.body;
};

beforeAll(async () => {
  stack = await startTestStack();
  ada = await stack.signInWithCode('ada.linklogo@example.be', { firstName: 'Ada', locale: 'en' });
  yann = await stack.signInWithCode('yann.linklogo@example.be', { firstName: 'Yann', locale: 'en' });
  zoe = await stack.signInWithCode('zoe.linklogo@example.be', { firstName: 'Zoé', locale: 'fr' });
  guest = await stack.signInAsGuest({ link: 'http://127.0.0.1/link-logos' });
  for (const [tokens, name] of [
    [ada, 'Maison Logo'],
    [yann, 'Maison Ailleurs'],
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
  expect(
    (await api(zoe, `/v1/spheres/${sphere.id}/join`, 'POST', { sphereKey: key.body.sphereKey })).status,
  ).toBe(200);
  const me = await api<{ members: { id: string; sphereId: string }[] }>(zoe, '/v1/me');
  const zoeMember = me.body.members.find((m) => m.sphereId === sphere.id)?.id ?? 'none';
  const created = await api<Session>(ada, `/v1/spheres/${sphere.id}/sessions`, 'POST', {
    category: 'contributor',
    name: { en: 'Night shift' },
    publicName: { en: 'Night shift' },
    isPublic: true,
    ownerIds: [zoeMember],
  });
  expect(created.status).toBe(201);
  group = created.body;
  await api(ada, `/v1/sessions/${group.id}/members/${zoeMember}`, 'PUT', { roles: ['owner', 'member'] });
});
afterAll(async () => {
  await stack?.stop();
});

describe('a link’s logo (/v1/shorten-urls/{id}/logo)', () => {
  it('grants an upload below the link’s prefix, confirms it, and whoever opens the link reads its URL', async () => {
    const link = await newLink(ada);
    expect(link.logoUrl).toBeUndefined();
    const upload = await askUpload(ada, link.id, { contentType: 'image/png', size: PNG.length });
    expect(upload.status).toBe(200);
    expect(upload.body.key.startsWith(`uploads/links/${link.id}/`)).toBe(true);
    expect(upload.body.key).toMatch(/\/[0-9a-f-]{36}\.png$/);
    expect(Date.parse(upload.body.expiresAt) - Date.now()).toBeGreaterThan(200_000);
    expect((await send(upload.body, PNG, 'image/png')).ok).toBe(true);

    const confirmed = await confirm(ada, link.id, upload.body.key);
    expect(confirmed.status).toBe(200);
    const logoUrl = confirmed.body.logoUrl!;
    expect(logoUrl).toContain(`/logos/links/${link.id}/`);
    expect(logoUrl).toMatch(/\/[0-9a-f-]{36}\.png$/);
    const loaded = await fetch(logoUrl);
    expect(loaded.status).toBe(200);
    expect(loaded.headers.get('content-type')).toBe('image/png');

    // The link page reads it, a guest's included.
    const opened = await api<Link>(guest, `/v1/shorten-urls/${link.id}`);
    expect(opened.status).toBe(200);
    expect(opened.body.logoUrl).toBe(logoUrl);
    // The upload itself is gone once confirmed.
    expect((await confirm(ada, link.id, upload.body.key)).status).toBe(400);

    // Saving the link's fields leaves the logo as it is.
    const saved = await api<Link>(ada, `/v1/shorten-urls/${link.id}`, 'PUT', {
      name: 'Renamed',
      wizards: [{ type: 'profile' }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.logoUrl).toBe(logoUrl);

    // A new logo replaces the old one, whose file is deleted.
    const replaced = await withLogo(ada, link.id);
    expect(replaced.logoUrl).not.toBe(logoUrl);
    expect((await fetch(logoUrl)).status).toBe(404);
  });

  it('removing the logo clears it and deletes its file; removing again answers the same', async () => {
    const link = await withLogo(ada, (await newLink(ada)).id);
    const removed = await remove(ada, link.id);
    expect(removed.status).toBe(200);
    expect(removed.body.logoUrl).toBeUndefined();
    expect((await fetch(link.logoUrl!)).status).toBe(404);
    const again = await remove(ada, link.id);
    expect(again.status).toBe(200);
    expect(again.body.logoUrl).toBeUndefined();
  });

  it('deleting the link deletes its logo’s file', async () => {
    const link = await withLogo(ada, (await newLink(ada)).id);
    expect((await fetch(link.logoUrl!)).status).toBe(200);
    expect((await api(ada, `/v1/shorten-urls/${link.id}`, 'DELETE')).status).toBe(204);
    expect((await fetch(link.logoUrl!)).status).toBe(404);
  });

  it('refuses another type or a declared size over 1 MiB with 400 and the contract’s keys', async () => {
    const link = await newLink(ada);
    const large = await askUpload(ada, link.id, { contentType: 'image/png', size: 1_048_577 });
    expect(large.status).toBe(400);
    expect(large.body).toMatchObject({
      errors: [{ key: 'value-out-of-range-error', field: 'body.size', values: { max: 1_048_576 } }],
    });
    for (const contentType of ['image/svg+xml', 'text/html', 'image/gif']) {
      const wrong = await askUpload(ada, link.id, { contentType, size: 100 });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({
        errors: [{ key: 'unexpected-value-error', field: 'body.contentType' }],
      });
    }
  });

  it('checks the file again at confirmation: a document named as an image, or another link’s upload, is 400 on body.key', async () => {
    const link = await newLink(ada);
    const page = Buffer.from('<html><script>alert(1)</script></html>');
    const disguised = await askUpload(ada, link.id, { contentType: 'image/png', size: page.length });
    expect((await send(disguised.body, page, 'image/png')).ok).toBe(true);
    const refused = await confirm(ada, link.id, disguised.body.key);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.key' }] });

    const other = await newLink(ada, { name: 'Another poster' });
    const upload = await askUpload(ada, link.id, { contentType: 'image/png', size: PNG.length });
    expect((await send(upload.body, PNG, 'image/png')).ok).toBe(true);
    const stolen = await confirm(ada, other.id, upload.body.key);
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.key' }] });
    expect((await api<Link>(ada, `/v1/shorten-urls/${other.id}`)).body.logoUrl).toBeUndefined();
    // The upload was this link's: it still becomes its logo.
    expect((await confirm(ada, link.id, upload.body.key)).status).toBe(200);
  });

  it('another sphere’s admin, a contributor and a guest get 403 on every logo route; the logo stays', async () => {
    const link = await withLogo(ada, (await newLink(ada)).id);
    const upload = await askUpload(ada, link.id, { contentType: 'image/png', size: PNG.length });
    expect((await send(upload.body, PNG, 'image/png')).ok).toBe(true);
    for (const tokens of [yann, zoe, guest]) {
      expect((await askUpload(tokens, link.id, { contentType: 'image/png', size: 10 })).status).toBe(403);
      expect((await confirm(tokens, link.id, upload.body.key)).status).toBe(403);
      expect((await remove(tokens, link.id)).status).toBe(403);
    }
    expect((await api<Link>(ada, `/v1/shorten-urls/${link.id}`)).body.logoUrl).toBe(link.logoUrl);
    expect((await askUpload(ada, 'no-such-link', { contentType: 'image/png', size: 10 })).status).toBe(404);
  });

  it('a session’s owner chooses the logo of the session’s link', async () => {
    const made = await api<Link>(zoe, '/v1/shorten-urls', 'POST', {
      category: 'session',
      sphereId: sphere.id,
      sessionId: group.id,
      name: 'Night shift poster',
    });
    expect(made.status).toBe(201);
    const link = await withLogo(zoe, made.body.id);
    expect(link.logoUrl).toContain(`/logos/links/${made.body.id}/`);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sphere, SphereLogoUpload } from '@shared/contracts/spheres';
import { startTestStack, type TestStack, type Tokens } from './harness';

/**
 * Sphere logos over HTTP on the local stack, with the real files in s3rver: an admin asks for an
 * upload, sends the file as the browser does (form POST), confirms it, and anyone loads it.
 */
let stack: TestStack;
let ana: Tokens;
let ben: Tokens;
let anaSphere: Sphere;
let benSphere: Sphere;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const createSphere = async (tokens: Tokens, name: string) => {
  const created = await stack.api<Sphere>('/v1/spheres', {
    method: 'POST',
    token: tokens.accessToken,
    body: { name, category: 'company', address: { country: 'BE' }, languages: { primary: 'fr' } },
  });
  expect(created.status).toBe(201);
  return created.body;
};
const askUpload = (tokens: Tokens, sphereId: string, body: unknown) =>
  stack.api<SphereLogoUpload>(`/v1/spheres/${sphereId}/logo`, {
    method: 'POST',
    token: tokens.accessToken,
    body,
  });
const confirm = (tokens: Tokens, sphereId: string, key: string) =>
  stack.api<Sphere>(`/v1/spheres/${sphereId}/logo`, {
    method: 'PUT',
    token: tokens.accessToken,
    body: { key },
  });
const remove = (tokens: Tokens, sphereId: string) =>
  stack.api<Sphere>(`/v1/spheres/${sphereId}/logo`, { method: 'DELETE', token: tokens.accessToken });

/** Sends a file with the granted form, as the SPA does: every field, then the file last. */
async function send(upload: SphereLogoUpload, bytes: Uint8Array, type: string): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([bytes], { type }), 'logo');
  return fetch(upload.uploadUrl, { method: 'POST', body: form });
}

/** Asks for an upload of these bytes, sends them and confirms them. */
async function uploadLogo(tokens: Tokens, sphereId: string, bytes: Uint8Array, type = 'image/png') {
  const upload = await askUpload(tokens, sphereId, { contentType: type, size: bytes.length });
  expect(upload.status).toBe(200);
  expect((await send(upload.body, bytes, type)).ok).toBe(true);
  return { upload: upload.body, confirmed: await confirm(tokens, sphereId, upload.body.key) };
}

beforeAll(async () => {
  stack = await startTestStack();
  ana = await stack.signInWithCode('ana.logo@example.be', { firstName: 'Ana' });
  ben = await stack.signInWithCode('ben.logo@example.be', { firstName: 'Ben' });
  anaSphere = await createSphere(ana, 'Atelier du logo');
  benSphere = await createSphere(ben, 'Autre sphère');
});
afterAll(async () => {
  await stack?.stop();
});

describe('sphere logo', () => {
  it('uploads, confirms and serves a logo; the sphere then names its URL everywhere', async () => {
    expect(anaSphere.logoUrl).toBeUndefined();
    const { upload, confirmed } = await uploadLogo(ana, anaSphere.id, PNG);
    expect(upload.key).toMatch(new RegExp(`^uploads/spheres/${anaSphere.id}/[0-9a-f-]{36}\\.png$`));
    expect(Date.parse(upload.expiresAt) - Date.now()).toBeGreaterThan(200_000);
    expect(confirmed.status).toBe(200);
    const logoUrl = confirmed.body.logoUrl!;
    expect(logoUrl).toMatch(new RegExp(`/logos/spheres/${anaSphere.id}/[0-9a-f-]{36}\\.png$`));
    // The logo has its own routes: the settings form's concurrency token does not move.
    expect(confirmed.body.updateDate).toBe(anaSphere.updateDate);

    const loaded = await fetch(logoUrl);
    expect(loaded.status).toBe(200);
    expect(loaded.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await loaded.arrayBuffer()).equals(PNG)).toBe(true);

    const read = await stack.api<Sphere>(`/v1/spheres/${anaSphere.id}`, { token: ana.accessToken });
    expect(read.body.logoUrl).toBe(logoUrl);
    const list = await stack.api<{ items: Sphere[] }>('/v1/spheres', { token: ana.accessToken });
    expect(list.body.items.find((s) => s.id === anaSphere.id)?.logoUrl).toBe(logoUrl);
    // The upload itself is gone once confirmed.
    expect((await confirm(ana, anaSphere.id, upload.key)).status).toBe(400);

    // Saving the settings with the updateDate read before the logo is no conflict.
    const saved = await stack.api<Sphere>(`/v1/spheres/${anaSphere.id}`, {
      method: 'PUT',
      token: ana.accessToken,
      body: {
        name: anaSphere.name,
        category: anaSphere.category,
        address: anaSphere.address,
        languages: anaSphere.languages,
        updateDate: anaSphere.updateDate,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.logoUrl).toBe(logoUrl);
    anaSphere = saved.body;
  });

  it('replaces the logo with a new one and stops serving the old one; removing it clears it', async () => {
    const before = anaSphere.logoUrl!;
    const webp = Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(24)]);
    const { confirmed } = await uploadLogo(ana, anaSphere.id, webp, 'image/webp');
    expect(confirmed.status).toBe(200);
    const after = confirmed.body.logoUrl!;
    expect(after).toMatch(/\.webp$/);
    expect(after).not.toBe(before);
    expect((await fetch(before)).status).toBe(404);
    expect((await fetch(after)).headers.get('content-type')).toBe('image/webp');

    const removed = await remove(ana, anaSphere.id);
    expect(removed.status).toBe(200);
    expect(removed.body.logoUrl).toBeUndefined();
    expect((await fetch(after)).status).toBe(404);
    // Removing again: nothing to remove, the same answer.
    expect((await remove(ana, anaSphere.id)).status).toBe(200);
  });

  it('refuses a declared size over 1 MiB and a type other than PNG, JPEG or WebP with 400', async () => {
    const large = await askUpload(ana, anaSphere.id, { contentType: 'image/png', size: 1_048_577 });
    expect(large.status).toBe(400);
    expect(large.body).toMatchObject({
      errors: [{ key: 'value-out-of-range-error', field: 'body.size', values: { max: 1_048_576 } }],
    });
    for (const contentType of ['image/svg+xml', 'text/html', 'image/gif']) {
      const wrong = await askUpload(ana, anaSphere.id, { contentType, size: 100 });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ errors: [{ field: 'body.contentType' }] });
    }
    const empty = await askUpload(ana, anaSphere.id, { contentType: 'image/png', size: 0 });
    expect(empty.status).toBe(400);
  });

  it('checks the file again at confirmation: a larger file or a document named as an image is refused', async () => {
    // S3 itself refuses these by the form's policy; the emulator does not, the confirmation does.
    const small = await askUpload(ana, anaSphere.id, { contentType: 'image/png', size: 100 });
    const tooLarge = Buffer.concat([PNG, Buffer.alloc(1_048_577)]);
    expect((await send(small.body, tooLarge, 'image/png')).ok).toBe(true);
    const large = await confirm(ana, anaSphere.id, small.body.key);
    expect(large.status).toBe(400);
    expect(large.body).toMatchObject({ errors: [{ key: 'value-out-of-range-error', field: 'body.key' }] });

    const page = Buffer.from('<html><script>alert(1)</script></html>');
    const disguised = await askUpload(ana, anaSphere.id, { contentType: 'image/png', size: page.length });
    expect((await send(disguised.body, page, 'image/png')).ok).toBe(true);
    const refused = await confirm(ana, anaSphere.id, disguised.body.key);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.key' }] });

    const never = await askUpload(ana, anaSphere.id, { contentType: 'image/png', size: 100 });
    const notSent = await confirm(ana, anaSphere.id, never.body.key);
    expect(notSent.status).toBe(400);
    expect(notSent.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.key' }] });

    const read = await stack.api<Sphere>(`/v1/spheres/${anaSphere.id}`, { token: ana.accessToken });
    expect(read.body.logoUrl).toBeUndefined();
  });

  it('gives another sphere’s admin nothing: 403 on every logo route, and no use of another sphere’s upload', async () => {
    const upload = await askUpload(ana, anaSphere.id, { contentType: 'image/png', size: PNG.length });
    expect((await send(upload.body, PNG, 'image/png')).ok).toBe(true);

    expect((await askUpload(ben, anaSphere.id, { contentType: 'image/png', size: 10 })).status).toBe(403);
    expect((await confirm(ben, anaSphere.id, upload.body.key)).status).toBe(403);
    expect((await remove(ben, anaSphere.id)).status).toBe(403);
    // Ana's upload cannot become the logo of Ben's sphere either.
    const stolen = await confirm(ben, benSphere.id, upload.body.key);
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.key' }] });

    const mine = await stack.api<Sphere>(`/v1/spheres/${benSphere.id}`, { token: ben.accessToken });
    expect(mine.body.logoUrl).toBeUndefined();
    expect((await confirm(ana, anaSphere.id, upload.body.key)).status).toBe(200);
  });
});

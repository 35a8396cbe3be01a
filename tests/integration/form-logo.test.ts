import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { Form, FormLogoUpload } from '@shared/contracts/forms';
import { GOAL_RANKING_FORM_ID } from '@shared/contracts/goal-ranking';
import { usersDb } from '../../functions/users/store';
import { startTestStack, type TestStack, type Tokens } from './harness';

/**
 * Form logos over HTTP on the local stack (decision 0023), with the real files in s3rver: a
 * super-admin asks for an upload, sends the file as the browser does (form POST), confirms it, and
 * the form then names the logo's URL; the editor's concurrency token does not move.
 */
let stack: TestStack;
/** A super-admin (with the super-admin header): the catalogue is theirs. */
let alex: Tokens;
/** A signed-in person who does not manage forms. */
let ben: Tokens;
let form: Form;
const asSuperAdmin = { 'x-super-admin': 'true' };

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const call = <T>(tokens: Tokens, path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, {
    method,
    token: tokens.accessToken,
    ...(body !== undefined ? { body } : {}),
    ...(tokens === alex ? { headers: asSuperAdmin } : {}),
  });
const logoPath = (formId: string) => `/v1/forms/definitions/${formId}/logo`;
const askUpload = (tokens: Tokens, formId: string, body: unknown) =>
  call<FormLogoUpload>(tokens, logoPath(formId), 'POST', body);
const confirm = (tokens: Tokens, formId: string, key: string) =>
  call<Form>(tokens, logoPath(formId), 'PUT', { key });
const remove = (tokens: Tokens, formId: string) => call<Form>(tokens, logoPath(formId), 'DELETE');

/** Sends a file with the granted form, as the SPA does: every field, then the file last. */
async function send(upload: FormLogoUpload, bytes: Uint8Array, type: string): Promise<Response> {
  const data = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) data.append(name, value);
  data.append('file', new Blob([bytes], { type }), 'logo');
  return fetch(upload.uploadUrl, { method: 'POST', body: data });
}

beforeAll(async () => {
  stack = await startTestStack();
  alex = await stack.signInWithCode('alex.logo@example.be', { firstName: 'Alex', locale: 'en' });
  ben = await stack.signInWithCode('ben.formlogo@example.be', { firstName: 'Ben', locale: 'en' });
  await usersDb()
    .entities.user.patch({ userId: decodeJwt(alex.accessToken).sub as string })
    .set({ globalRoles: ['super-admin'], subscription: 'essentials' })
    .go();
  const created = await call<Form>(alex, '/v1/forms/definitions', 'POST', {
    title: { en: 'Logo form' },
    languages: ['en'],
  });
  expect(created.status).toBe(201);
  form = created.body;
});
afterAll(async () => {
  await stack?.stop();
});

describe('form logo (/v1/forms/definitions/{formId}/logo)', () => {
  it('grants an upload, confirms it, and the form read names its URL; the updateDate stays', async () => {
    expect(form.logoUrl).toBeUndefined();
    const upload = await askUpload(alex, form.id, { contentType: 'image/png', size: PNG.length });
    expect(upload.status).toBe(200);
    expect(upload.body.key).toMatch(new RegExp(`^uploads/forms/${form.id}/[0-9a-f-]{36}\\.png$`));
    expect(Date.parse(upload.body.expiresAt) - Date.now()).toBeGreaterThan(200_000);
    expect((await send(upload.body, PNG, 'image/png')).ok).toBe(true);

    const confirmed = await confirm(alex, form.id, upload.body.key);
    expect(confirmed.status).toBe(200);
    const logoUrl = confirmed.body.logoUrl!;
    expect(logoUrl).toMatch(new RegExp(`/logos/forms/${form.id}/[0-9a-f-]{36}\\.png$`));
    expect(confirmed.body.updateDate).toBe(form.updateDate);
    const loaded = await fetch(logoUrl);
    expect(loaded.status).toBe(200);
    expect(loaded.headers.get('content-type')).toBe('image/png');

    const read = await call<Form>(alex, `/v1/forms/definitions/${form.id}`);
    expect(read.status).toBe(200);
    expect(read.body.logoUrl).toBe(logoUrl);
    // The upload itself is gone once confirmed.
    expect((await confirm(alex, form.id, upload.body.key)).status).toBe(400);

    // The editor saves with the updateDate it read before the logo, sending an old logo: no
    // conflict, and the logo stays the confirmed one.
    const saved = await call<Form>(alex, `/v1/forms/definitions/${form.id}`, 'PUT', {
      title: { en: 'Logo form, renamed' },
      languages: ['en'],
      updateDate: form.updateDate,
      logo: 'logos/forms/elsewhere/00000000-0000-4000-8000-000000000000.png',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.logoUrl).toBe(logoUrl);
    form = saved.body;
  });

  it('gives a duplicate a logo file of its own; removing the logo clears it and its file', async () => {
    const copy = await call<Form>(alex, `/v1/forms/definitions/${form.id}/duplicate`, 'POST');
    expect(copy.status).toBe(201);
    expect(copy.body.logoUrl).toMatch(new RegExp(`/logos/forms/${copy.body.id}/[0-9a-f-]{36}\\.png$`));

    const before = form.logoUrl!;
    const removed = await remove(alex, form.id);
    expect(removed.status).toBe(200);
    expect(removed.body.logoUrl).toBeUndefined();
    expect(removed.body.logo).toBeUndefined();
    expect((await fetch(before)).status).toBe(404);
    expect((await fetch(copy.body.logoUrl!)).status).toBe(200);
    // Removing again: nothing to remove, the same answer.
    expect((await remove(alex, form.id)).status).toBe(200);
  });

  it('refuses another type or a declared size over 1 MiB with 400 and the contract’s keys', async () => {
    const large = await askUpload(alex, form.id, { contentType: 'image/png', size: 1_048_577 });
    expect(large.status).toBe(400);
    expect(large.body).toMatchObject({
      errors: [{ key: 'value-out-of-range-error', field: 'body.size', values: { max: 1_048_576 } }],
    });
    for (const contentType of ['image/svg+xml', 'text/html', 'image/gif']) {
      const wrong = await askUpload(alex, form.id, { contentType, size: 100 });
      expect(wrong.status).toBe(400);
      // The contract's enum: a value outside the list.
      expect(wrong.body).toMatchObject({
        errors: [{ key: 'unexpected-value-error', field: 'body.contentType' }],
      });
    }
    expect((await askUpload(alex, form.id, { contentType: 'image/png', size: 0 })).status).toBe(400);
  });

  it('checks the file again at confirmation: a document named as an image, or another form’s upload', async () => {
    const page = Buffer.from('<html><script>alert(1)</script></html>');
    const disguised = await askUpload(alex, form.id, { contentType: 'image/png', size: page.length });
    expect((await send(disguised.body, page, 'image/png')).ok).toBe(true);
    const refused = await confirm(alex, form.id, disguised.body.key);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.key' }] });

    const other = await call<Form>(alex, '/v1/forms/definitions', 'POST', { title: { en: 'Other' } });
    const upload = await askUpload(alex, form.id, { contentType: 'image/png', size: PNG.length });
    expect((await send(upload.body, PNG, 'image/png')).ok).toBe(true);
    const stolen = await confirm(alex, other.body.id, upload.body.key);
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.key' }] });

    const read = await call<Form>(alex, `/v1/forms/definitions/${other.body.id}`);
    expect(read.body.logoUrl).toBeUndefined();
  });

  it('answers 404 for a form that does not exist and 409 for the product’s own form', async () => {
    expect((await askUpload(alex, 'no-such-form', { contentType: 'image/png', size: 10 })).status).toBe(404);
    expect((await remove(alex, 'no-such-form')).status).toBe(404);
    const frozen = await askUpload(alex, GOAL_RANKING_FORM_ID, { contentType: 'image/png', size: 10 });
    expect(frozen.status).toBe(409);
    expect(frozen.body).toMatchObject({ key: 'form-frozen' });
  });

  it('gives someone who does not manage forms nothing: 403 on every logo route', async () => {
    const upload = await askUpload(alex, form.id, { contentType: 'image/png', size: PNG.length });
    expect((await send(upload.body, PNG, 'image/png')).ok).toBe(true);
    expect((await askUpload(ben, form.id, { contentType: 'image/png', size: 10 })).status).toBe(403);
    expect((await confirm(ben, form.id, upload.body.key)).status).toBe(403);
    expect((await remove(ben, form.id)).status).toBe(403);
    // The super-admin without the super-admin header holds no right either.
    const plain = await stack.api(logoPath(form.id), { method: 'DELETE', token: alex.accessToken });
    expect(plain.status).toBe(403);

    const read = await call<Form>(alex, `/v1/forms/definitions/${form.id}`);
    expect(read.body.logoUrl).toBeUndefined();
  });
});

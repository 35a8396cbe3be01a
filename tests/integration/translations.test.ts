import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Translation } from '@shared/contracts/translations';
import { startTestStack, type TestStack, type Tokens } from './harness';

/**
 * POST /v1/translations over HTTP on the local stack (decision 0021): only those who write an
 * organisation's texts may ask; the local stack has no engine and says the texts are copies.
 */
let stack: TestStack;
let admin: Tokens;
let plain: Tokens;

const ask = (tokens: Tokens | null, body: unknown) =>
  stack.api<Translation>('/v1/translations', {
    method: 'POST',
    body,
    ...(tokens ? { token: tokens.accessToken } : {}),
  });

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('admin.translations@example.be', { firstName: 'Ines' });
  plain = await stack.signInWithCode('plain.translations@example.be', { firstName: 'Paul' });
  const sphere = await stack.api('/v1/spheres', {
    method: 'POST',
    token: admin.accessToken,
    body: {
      name: 'Atelier des Langues',
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'fr' },
    },
  });
  expect(sphere.status).toBe(201);
});
afterAll(async () => {
  await stack?.stop();
});

describe('POST /v1/translations', () => {
  it('answers a sphere admin copies of the source on the local stack, marked as not translated', async () => {
    const answer = await ask(admin, { text: 'Comment allez-vous ?', lang: 'fr', targets: ['en', 'nl'] });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      provider: 'local',
      translated: false,
      translations: { en: 'Comment allez-vous ?', nl: 'Comment allez-vous ?' },
    });
  });

  it('refuses a person who writes no organisation text, a guest and an anonymous caller', async () => {
    expect((await ask(plain, { text: 'Bonjour', lang: 'fr', targets: ['en'] })).status).toBe(403);
    const guest = await stack.signInAsGuest();
    const asGuest = await ask(guest, { text: 'Bonjour', lang: 'fr', targets: ['en'] });
    expect(asGuest.status).toBe(403);
    expect(asGuest.body).toMatchObject({ key: 'guest-not-allowed' });
    expect((await ask(null, { text: 'Bonjour', lang: 'fr', targets: ['en'] })).status).toBe(401);
  });

  it.each([
    [{ text: '  ', lang: 'fr', targets: ['en'] }, 'required', 'body.text'],
    [{ text: 'x'.repeat(5001), lang: 'fr', targets: ['en'] }, 'length-out-of-range-error', 'body.text'],
    [{ text: 'Bonjour', lang: 'de', targets: ['en'] }, 'unexpected-value-error', 'body.lang'],
    [{ text: 'Bonjour', lang: 'fr', targets: [] }, 'required', 'body.targets'],
    [{ text: 'Bonjour', lang: 'fr', targets: ['fr'] }, 'not-valid', 'body.targets.0'],
    [{ text: 'Bonjour', lang: 'fr', targets: ['en', 'en'] }, 'not-valid', 'body.targets.1'],
  ])('bad input %j is 400 %s on %s, never a server error', async (body, key, field) => {
    const answer = await ask(admin, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      errors: expect.arrayContaining([expect.objectContaining({ key, field })]),
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { LegalConsent, Me, Profile } from '@shared/contracts/me';
import type { LegalDocumentSummary } from '@shared/contracts/legal';
import { publishLegalDocument } from '../../functions/legal/repository';
import { startTestStack, type TestStack, type Tokens } from './harness';

let stack: TestStack;
let ada: Tokens;
let ben: Tokens;

beforeAll(async () => {
  stack = await startTestStack();
  ada = await stack.signInWithCode('ada@example.be', { firstName: 'Ada' });
  ben = await stack.signInWithCode('ben@example.be', { firstName: 'Ben', locale: 'en' });
});
afterAll(async () => {
  await stack?.stop();
});

const consents = (tokens: Tokens, language = 'fr') =>
  stack.api<LegalConsent[]>('/v1/legal-consents', {
    token: tokens.accessToken,
    headers: { 'x-language': language },
  });
const accept = (tokens: Tokens, body: unknown) =>
  stack.api<LegalConsent[]>('/v1/me/legal-consents', { method: 'POST', token: tokens.accessToken, body });
const me = (tokens: Tokens) => stack.api<Me>('/v1/me', { token: tokens.accessToken });
const status = (list: LegalConsent[]) => list.map((c) => `${c.documentType}@${c.version}:${c.status}`);

describe('legal documents before any account', () => {
  it('GET /legal-documents answers anyone the current version of each document in the asked language, else French', async () => {
    const english = await stack.api<LegalDocumentSummary[]>('/legal-documents', {
      headers: { 'x-language': 'en' },
    });
    expect(english.status).toBe(200);
    expect(english.body.map((d) => `${d.documentType}@${d.version}:${d.lang}`)).toEqual([
      'terms-of-use@1:en',
      'privacy-policy@1:en',
    ]);
    expect(english.body[1]).toMatchObject({ path: '/legal/privacy-policy-1-en.html' });
    expect(english.body[1]?.publishedOn).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const unknown = await stack.api<LegalDocumentSummary[]>('/legal-documents', {
      headers: { 'x-language': 'de' },
    });
    expect(unknown.body.map((d) => d.lang)).toEqual(['fr', 'fr']);
  });
});

describe('legal consents over HTTP', () => {
  it('a new account sees version 1 of both documents pending, in its language, with the text path', async () => {
    const answer = await consents(ben, 'en');
    expect(answer.status).toBe(200);
    expect(status(answer.body)).toEqual(['terms-of-use@1:pending', 'privacy-policy@1:pending']);
    expect(answer.body[0]).toMatchObject({ lang: 'en', path: '/legal/terms-of-use-1-en.html' });
  });

  it('accepting the current versions makes them accepted in GET /v1/me, for that user only', async () => {
    const accepted = await accept(ada, [
      { documentType: 'terms-of-use', version: '1', lang: 'fr' },
      { documentType: 'privacy-policy', version: '1', lang: 'fr' },
    ]);
    expect(accepted.status).toBe(200);
    expect(status(accepted.body)).toEqual(['terms-of-use@1:accepted', 'privacy-policy@1:accepted']);
    const mine = await me(ada);
    expect(status(mine.body.legalConsents)).toEqual(['terms-of-use@1:accepted', 'privacy-policy@1:accepted']);
    expect(mine.body.legalConsents[0]?.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(status((await me(ben)).body.legalConsents)).toEqual([
      'terms-of-use@1:pending',
      'privacy-policy@1:pending',
    ]);
  });

  it('a newly published version is pending again; the outdated one is refused; the new one is accepted', async () => {
    await publishLegalDocument({ documentType: 'terms-of-use', version: 2 });
    expect(status((await consents(ada)).body)).toEqual([
      'terms-of-use@2:pending',
      'privacy-policy@1:accepted',
    ]);

    const outdated = await accept(ada, [{ documentType: 'terms-of-use', version: '1', lang: 'fr' }]);
    expect(outdated.status).toBe(400);
    expect(outdated.body).toMatchObject({ errors: [{ key: 'not-valid', field: 'body.0.version' }] });
    const unknown = await accept(ada, [{ documentType: 'terms-of-use', version: '3', lang: 'fr' }]);
    expect(unknown.status).toBe(400);

    const accepted = await accept(ada, [{ documentType: 'terms-of-use', version: '2', lang: 'nl' }]);
    expect(status(accepted.body)).toEqual(['terms-of-use@2:accepted', 'privacy-policy@1:accepted']);
    expect(status((await me(ada)).body.legalConsents)).toEqual([
      'terms-of-use@2:accepted',
      'privacy-policy@1:accepted',
    ]);
  });

  it('bad acceptance bodies are 400 with the spec keys', async () => {
    const bad = await accept(ada, [{ documentType: 'cookies', version: 'one', lang: 'de', userId: 'x' }]);
    expect(bad.status).toBe(400);
    const fields = (bad.body as unknown as { errors: { key: string; field: string }[] }).errors.map(
      (e) => `${e.field}:${e.key}`,
    );
    expect(fields.sort()).toEqual(
      [
        'body.0.documentType:unexpected-value-error',
        'body.0.lang:unexpected-value-error',
        'body.0.userId:unexpected-value-error',
        'body.0.version:not-valid',
      ].sort(),
    );
    expect((await accept(ada, { documentType: 'terms-of-use' })).status).toBe(400);
  });
});

describe('profile over HTTP', () => {
  const put = (tokens: Tokens, body: unknown) =>
    stack.api<Profile>('/v1/profile', { method: 'PUT', token: tokens.accessToken, body });

  it('an update is answered and then shown by GET /v1/me; left-out optional fields are cleared', async () => {
    const saved = await put(ada, {
      firstName: 'Adeline',
      lastName: 'Lovelace',
      birthYear: 1990,
      birthdate: '1990-12-10',
      gender: 'female',
      unit: 'imperial',
      locale: 'en',
      favoriteSphereIds: ['sphere-1'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      firstName: 'Adeline',
      locale: 'en',
      unit: 'imperial',
      favoriteSphereIds: ['sphere-1'],
    });
    const profile = (await me(ada)).body.profile;
    expect(profile).toMatchObject({
      firstName: 'Adeline',
      lastName: 'Lovelace',
      birthYear: 1990,
      birthdate: '1990-12-10',
      gender: 'female',
      unit: 'imperial',
      locale: 'en',
      favoriteSphereIds: ['sphere-1'],
    });

    await put(ada, { firstName: 'Ada', unit: 'metric', locale: 'fr' });
    const after = (await me(ada)).body.profile;
    expect(after).toEqual({
      firstName: 'Ada',
      unit: 'metric',
      locale: 'fr',
      isGuest: false,
      favoriteSessionIds: [],
      favoriteSphereIds: ['sphere-1'],
      favoriteGalaxyIds: [],
    });
  });

  it('another user never sees or changes it', async () => {
    const benId = decodeJwt(ben.accessToken).sub as string;
    await put(ben, { firstName: 'Benoît', unit: 'metric', locale: 'en' });
    const adaMe = (await me(ada)).body;
    expect(adaMe.profile.firstName).toBe('Ada');
    expect(JSON.stringify(adaMe)).not.toContain(benId);
    expect(JSON.stringify(adaMe)).not.toContain('Benoît');
  });

  it('bad bodies are 400 with the spec keys and change nothing', async () => {
    const bad = await put(ada, {
      firstName: '  ',
      birthYear: new Date().getFullYear() + 1,
      birthdate: 'yesterday',
      unit: 'parsecs',
      userId: 'someone',
    });
    expect(bad.status).toBe(400);
    const fields = Object.fromEntries(
      (bad.body as unknown as { errors: { key: string; field: string }[] }).errors.map((e) => [
        e.field,
        e.key,
      ]),
    );
    expect(fields).toEqual({
      'body.firstName': 'required',
      'body.birthYear': 'value-out-of-range-error',
      'body.birthdate': 'not-a-date',
      'body.unit': 'unexpected-value-error',
      'body.locale': 'required',
      'body.userId': 'unexpected-value-error',
    });
    expect((await me(ada)).body.profile.firstName).toBe('Ada');
  });
});

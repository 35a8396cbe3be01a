import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { strFromU8, unzipSync } from 'fflate';
import { latestCodeFor, mailTo } from '../../tools/local-stack/ses';
import { latestSmsCodeFor, smsTo } from '../../tools/local-stack/sms';
import { db } from '../support/db';
import type { EmailList } from '@shared/contracts/emails';
import type { PhoneVerificationAnswer } from '@shared/contracts/phone';
import { startTestStack, type TestStack } from './harness';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

interface Person {
  token: string;
  userId: string;
  email: string;
}

let n = 0;
async function person(firstName: string): Promise<Person> {
  n++;
  const email = `${firstName.toLowerCase()}${n}@example.be`;
  const tokens = await stack.signInWithCode(email, { firstName });
  return { token: tokens.accessToken, userId: decodeJwt(tokens.accessToken).sub as string, email };
}

const enc = encodeURIComponent;

function addEmail(p: Person, email: string) {
  return stack.api<EmailList>(`/v1/emails/${enc(email)}`, { method: 'PUT', token: p.token });
}
function verify(p: Person, email: string, code: string, userId = p.userId) {
  return stack.api<EmailList>(`/users/${enc(userId)}/emails/${enc(email)}/verification/${code}`, {
    method: 'PUT',
    token: p.token,
  });
}
function primary(p: Person, email: string, userId = p.userId) {
  return stack.api<EmailList>(`/users/${enc(userId)}/emails/${enc(email)}/primary`, {
    method: 'PUT',
    token: p.token,
  });
}
function remove(p: Person, email: string) {
  return stack.api<EmailList>(`/v1/emails/${enc(email)}`, { method: 'DELETE', token: p.token });
}
function phone(p: Person, body: unknown) {
  return stack.api<PhoneVerificationAnswer>('/v1/phone/verification', {
    method: 'POST',
    token: p.token,
    body,
  });
}
async function codeFor(email: string): Promise<string> {
  const code = await latestCodeFor(stack.endpoints.outbox, email);
  if (!code) throw new Error(`No code for ${email}`);
  return code;
}
const wrong = (code: string) => (code === '999999' ? '000000' : '999999');

describe('email addresses over HTTP', () => {
  it('adds an address, verifies it with the mailed code, makes it primary and deletes the old one', async () => {
    const me = await person('Alice');
    const added = await addEmail(me, '  New.Address@Example.be ');
    expect(added.status).toBe(200);
    expect(added.body.emails).toEqual([
      { email: me.email, primary: true, isVerified: true },
      { email: 'new.address@example.be', primary: false, isVerified: false },
    ]);
    const mail = (await mailTo(stack.endpoints.outbox, 'new.address@example.be')).at(-1);
    expect(mail?.subject).toMatch(/code de vérification/);

    const verified = await verify(me, 'new.address@example.be', await codeFor('new.address@example.be'));
    expect(verified.status).toBe(200);
    expect(verified.body.emails).toContainEqual({
      email: 'new.address@example.be',
      primary: false,
      isVerified: true,
    });

    const made = await primary(me, 'new.address@example.be');
    expect(made.body.emails).toEqual([
      { email: 'new.address@example.be', primary: true, isVerified: true },
      { email: me.email, primary: false, isVerified: true },
    ]);

    const deleted = await remove(me, me.email);
    expect(deleted.status).toBe(200);
    expect(deleted.body.emails).toEqual([
      { email: 'new.address@example.be', primary: true, isVerified: true },
    ]);
    const mine = await stack.api<{ emails: unknown[] }>('/v1/me', { token: me.token });
    expect(mine.body.emails).toEqual(deleted.body.emails);
  });

  it('the primary address becomes the sign-in address: the new one signs in to the same account', async () => {
    const me = await person('Noor');
    const next = `noor.next${n}@example.be`;
    await addEmail(me, next);
    await verify(me, next, await codeFor(next));
    expect((await primary(me, next)).status).toBe(200);
    expect((await remove(me, me.email)).status).toBe(200);

    const tokens = await stack.signInWithCode(next);
    expect(decodeJwt(tokens.accessToken).sub).toBe(me.userId);
    const mine = await stack.api<{ userId: string; profile: { firstName: string } }>('/v1/me', {
      token: tokens.accessToken,
    });
    expect(mine.body).toMatchObject({ userId: me.userId, profile: { firstName: 'Noor' } });
    const old = await stack.api('/users/sign-in', { method: 'POST', body: { email: me.email } });
    expect(old.body).toMatchObject({ exists: false });
  });

  it('adding the same address twice is idempotent and sends no second code', async () => {
    const me = await person('Idem');
    await addEmail(me, 'idem-extra@example.be');
    const again = await addEmail(me, 'idem-extra@example.be');
    expect(again.status).toBe(200);
    expect(again.body.emails).toHaveLength(2);
    expect(await mailTo(stack.endpoints.outbox, 'idem-extra@example.be')).toHaveLength(1);
  });

  it('answers email-already-used (409) for an address another account verified', async () => {
    const a = await person('Anna');
    const b = await person('Bert');
    const taken = await addEmail(b, a.email);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ key: 'email-already-used' });
    expect(JSON.stringify(taken.body)).not.toContain(a.userId);

    await addEmail(a, 'proved@example.be');
    await verify(a, 'proved@example.be', await codeFor('proved@example.be'));
    const proved = await addEmail(b, 'proved@example.be');
    expect(proved.status).toBe(409);
    expect(proved.body).toMatchObject({ key: 'email-already-used' });
  });

  it('an address another account merely claimed can be added, and the first to verify it owns it', async () => {
    const a = await person('Claimer');
    const b = await person('Prover');
    await addEmail(a, 'claimed@example.be');
    const codeOfA = await codeFor('claimed@example.be');

    const added = await addEmail(b, 'claimed@example.be');
    expect(added.status).toBe(200);
    expect(added.body.emails).toContainEqual({
      email: 'claimed@example.be',
      primary: false,
      isVerified: false,
    });
    expect(JSON.stringify(added.body)).not.toContain(a.userId);
    const verified = await verify(b, 'claimed@example.be', await codeFor('claimed@example.be'));
    expect(verified.status).toBe(200);

    const late = await verify(a, 'claimed@example.be', codeOfA);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ key: 'email-already-used' });
    const signIn = await stack.api<{ exists: boolean }>('/users/sign-in', {
      method: 'POST',
      body: { email: 'claimed@example.be' },
    });
    expect(signIn.body.exists).toBe(true);
  });

  it("an unverified claim does not stop the address's owner from signing up with it", async () => {
    const squatter = await person('Squatter');
    const address = 'real.owner@example.be';
    await addEmail(squatter, address);
    const codeOfSquatter = await codeFor(address);
    const before = await stack.api<{ exists: boolean }>('/users/sign-in', {
      method: 'POST',
      body: { email: address },
    });
    expect(before.body.exists).toBe(false);

    const tokens = await stack.signInWithCode(address, { firstName: 'Real' });
    const mine = await stack.api<{ emails: unknown[] }>('/v1/me', { token: tokens.accessToken });
    expect(mine.status).toBe(200);
    expect(mine.body.emails).toEqual([{ email: address, primary: true, isVerified: true }]);

    const late = await verify(squatter, address, codeOfSquatter);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ key: 'email-already-used' });
    const taken = await addEmail(await person('Third'), address);
    expect(taken.status).toBe(409);

    // The address's sign-in codes are its owner's: not in the claimant's download.
    const download = await fetch(`${stack.endpoints.api}/v1/me/export`, {
      headers: { authorization: squatter.token, accept: 'application/zip', 'x-language': 'en' },
    });
    expect(download.status).toBe(200);
    const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array)) as Record<string, unknown[]>;
    expect(data.emails).toContainEqual(expect.objectContaining({ email: address, isVerified: false }));
    expect(data.signInCodes?.length).toBeGreaterThan(0);
    expect(JSON.stringify(data.signInCodes)).not.toContain(address);
    expect(JSON.stringify(data.signInCodeSends ?? [])).not.toContain(address);
    expect(JSON.stringify(data.emailOwnership ?? [])).not.toContain(address);
  });

  it('a deleted address is free for another account', async () => {
    const a = await person('Free');
    const b = await person('Taker');
    await addEmail(a, 'freed@example.be');
    await remove(a, 'freed@example.be');
    expect((await addEmail(b, 'freed@example.be')).status).toBe(200);
  });

  it('refuses to delete the primary address with primary-address-required', async () => {
    const me = await person('Prim');
    const response = await remove(me, me.email);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ key: 'primary-address-required' });
  });

  it('refuses an unverified address as primary with email-main-not-validated', async () => {
    const me = await person('Unver');
    await addEmail(me, 'unverified@example.be');
    const response = await primary(me, 'unverified@example.be');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ key: 'email-main-not-validated' });
  });

  it("answers 404 for another user's userId in the path and changes nothing of theirs", async () => {
    const owner = await person('Owner');
    const other = await person('Other');
    await addEmail(owner, 'owner-extra@example.be');
    const code = await codeFor('owner-extra@example.be');
    const verifying = await verify(other, 'owner-extra@example.be', code, owner.userId);
    const promoting = await primary(other, owner.email, owner.userId);
    for (const response of [verifying, promoting]) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ key: 'not-found' });
      expect(JSON.stringify(response.body)).not.toContain(owner.userId);
      expect(JSON.stringify(response.body)).not.toContain('owner-extra');
    }
    const deleting = await remove(other, 'owner-extra@example.be');
    expect(deleting.status).toBe(404);
    const ownerMe = await stack.api<{ emails: unknown[] }>('/v1/me', { token: owner.token });
    expect(ownerMe.body.emails).toContainEqual({
      email: 'owner-extra@example.be',
      primary: false,
      isVerified: false,
    });
  });

  it('wrong codes answer code-invalid, then too-many-attempts on the fifth, even for the right code after', async () => {
    const me = await person('Wrong');
    await addEmail(me, 'wrong-code@example.be');
    const code = await codeFor('wrong-code@example.be');
    for (let i = 0; i < 4; i++) {
      const response = await verify(me, 'wrong-code@example.be', wrong(code));
      expect(response.body).toMatchObject({ key: 'code-invalid' });
    }
    expect((await verify(me, 'wrong-code@example.be', wrong(code))).body).toMatchObject({
      key: 'too-many-attempts',
    });
    expect((await verify(me, 'wrong-code@example.be', code)).body).toMatchObject({
      key: 'too-many-attempts',
    });
  });

  it('a resent code replaces the old one; a fourth code within 10 minutes is too-many-codes-sent', async () => {
    const me = await person('Resend');
    await addEmail(me, 'resend@example.be');
    const first = await codeFor('resend@example.be');
    const path = `/v1/emails/${enc('resend@example.be')}/verification`;
    expect((await stack.api(path, { method: 'POST', token: me.token })).status).toBe(200);
    expect((await stack.api(path, { method: 'POST', token: me.token })).status).toBe(200);
    const fourth = await stack.api(path, { method: 'POST', token: me.token });
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ key: 'too-many-codes-sent' });
    const latest = await codeFor('resend@example.be');
    if (latest !== first) {
      expect((await verify(me, 'resend@example.be', first)).body).toMatchObject({ key: 'code-invalid' });
    }
    expect((await verify(me, 'resend@example.be', latest)).status).toBe(200);
  });

  it('answers 403 guest-not-allowed to a guest on every route', async () => {
    const guest = await person('Guest');
    await db().entities.user.patch({ userId: guest.userId }).set({ isGuest: true }).go();
    const calls = [
      addEmail(guest, 'guest-extra@example.be'),
      stack.api(`/v1/emails/${enc(guest.email)}/verification`, { method: 'POST', token: guest.token }),
      verify(guest, guest.email, '123456'),
      primary(guest, guest.email),
      remove(guest, guest.email),
      phone(guest, { phone: '+32470000009' }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ key: 'guest-not-allowed' });
    }
  });
});

describe('phone verification over HTTP', () => {
  it('sends a code by SMS, and the code from the SMS outbox stores the phone', async () => {
    const me = await person('Phone');
    const sent = await phone(me, { phone: '+32 470 12 34 56' });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ pendingPhone: '+32470123456', verified: false });
    const code = await latestSmsCodeFor(stack.services.sms, '+32470123456');
    expect(code).toMatch(/^\d{6}$/);
    const done = await phone(me, { phone: '+32470123456', code });
    expect(done.body).toEqual({ phone: '+32470123456', verified: true });
    const { data } = await db().entities.user.get({ userId: me.userId }).go();
    expect(data?.phone).toBe('+32470123456');
    const mine = await stack.api<{ phone?: string }>('/v1/me', { token: me.token });
    expect(mine.body.phone).toBe('+32470123456');
  });

  it('answers missing-phone and invalid-phone-number, and sends nothing', async () => {
    const me = await person('Bad');
    expect((await phone(me, {})).body).toMatchObject({ key: 'missing-phone' });
    expect((await phone(me, { phone: '0470123456' })).body).toMatchObject({ key: 'invalid-phone-number' });
    expect(await smsTo(stack.services.sms, '0470123456')).toEqual([]);
  });

  it('locks after more than 3 change requests within 24 hours', async () => {
    const me = await person('Many');
    for (let i = 0; i < 3; i++) expect((await phone(me, { phone: `+3247000010${i}` })).status).toBe(200);
    const fourth = await phone(me, { phone: '+32470000109' });
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ key: 'too-many-phone-attempts' });
    expect(await smsTo(stack.services.sms, '+32470000109')).toEqual([]);
  });

  it('locks after more than 5 wrong codes, even for the right code after', async () => {
    const me = await person('Guess');
    await phone(me, { phone: '+32470000200' });
    const code = (await latestSmsCodeFor(stack.services.sms, '+32470000200')) as string;
    for (let i = 0; i < 5; i++) {
      expect((await phone(me, { phone: '+32470000200', code: wrong(code) })).body).toMatchObject({
        key: 'invalid-phone-code',
      });
    }
    expect((await phone(me, { phone: '+32470000200', code: wrong(code) })).body).toMatchObject({
      key: 'too-many-phone-code-attempts',
    });
    expect((await phone(me, { phone: '+32470000200', code })).body).toMatchObject({
      key: 'too-many-phone-code-attempts',
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import WebSocket from 'ws';
import { strFromU8, unzipSync } from 'fflate';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { mailTo } from '../../tools/local-stack/ses';
import { eventually, startTestStack, type GuestSession, type TestStack } from './harness';
import { wholeTable } from './table-scan';

/** Guests over HTTP (spec 01 §4 guest states, §5 finalisation, §6 restrictions, §7 calls). */
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function latestCode(email: string, before: number): Promise<string> {
  return eventually(
    async () => {
      const mails = await mailTo(stack.endpoints.outbox, email);
      if (mails.length <= before) return undefined;
      const newest = mails[mails.length - 1];
      return /(?<!\d)(\d{6})(?!\d)/.exec(`${newest?.subject ?? ''} ${newest?.body.text ?? ''}`)?.[1];
    },
    { what: `A code for ${email}` },
  );
}

interface MeAnswer {
  userId: string;
  profile: { firstName: string; lastName?: string; isGuest: boolean; guestConvertionStep?: string };
  emails: { email: string; primary: boolean; isVerified: boolean }[];
  legalConsents: { status: string }[];
}

describe('a guest', () => {
  let guest: GuestSession;

  beforeAll(async () => {
    guest = await stack.signInAsGuest();
  });

  it('gets a userId, a username and a 43-character secret, and its token names that userId', () => {
    expect(guest.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(decodeJwt(guest.accessToken).sub).toBe(guest.userId);
  });

  it('is a guest for GET /v1/me, at the guest step', async () => {
    const me = await stack.api<MeAnswer>('/v1/me', { token: guest.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.userId).toBe(guest.userId);
    expect(me.body.profile).toMatchObject({ isGuest: true, guestConvertionStep: 'guest' });
    expect(me.body.emails).toEqual([]);
  });

  it('downloads how it arrived in its data, never the hash of its secret', async () => {
    const response = await fetch(`${stack.endpoints.api}/v1/me/export`, {
      headers: { authorization: guest.accessToken, accept: 'application/zip', 'x-source': 'test' },
    });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const text = strFromU8(files['data.json'] as Uint8Array);
    const data = JSON.parse(text) as Record<string, unknown>;
    expect(data.guestArrival).toMatchObject({
      link: expect.stringMatching(/^http/),
      createdAt: expect.any(String),
    });
    expect(text).not.toMatch(/secretHash/i);
  });

  it('signs in again with its secret, and not with a wrong one', async () => {
    const again = await stack.signInGuest(guest);
    expect(decodeJwt(again.accessToken).sub).toBe(guest.userId);
    await expect(
      stack.signInGuest({ username: guest.username, secret: `${guest.secret}x` }),
    ).rejects.toThrow();
  });
});

describe('a guest who registers', () => {
  const address = 'guest.registers@example.be';
  let guest: GuestSession;
  let code: string;

  let socket: WebSocket;
  const events: unknown[] = [];

  beforeAll(async () => {
    await stack.signInWithCode('already.here@example.be', { firstName: 'Here' });
    guest = await stack.signInAsGuest();
    // A guest opens the realtime channel with its id token like anyone.
    socket = new WebSocket(`${stack.endpoints.ws}?token=${encodeURIComponent(guest.idToken)}`);
    socket.on('message', (data: Buffer) => events.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
  });
  afterAll(() => {
    socket?.close();
  });

  it('keeps its profile data as a guest', async () => {
    const saved = await stack.api('/v1/profile', {
      method: 'PUT',
      token: guest.accessToken,
      body: { firstName: 'Invité', lastName: 'Dupont', unit: 'imperial', locale: 'fr' },
    });
    expect(saved.status).toBe(200);
  });

  it('may not manage emails: 403 guest-not-allowed', async () => {
    const added = await stack.api(`/v1/emails/${encodeURIComponent(address)}`, {
      method: 'PUT',
      token: guest.accessToken,
    });
    expect(added.status).toBe(403);
    expect(added.body).toMatchObject({ key: 'guest-not-allowed' });
  });

  it('cannot register an address another account owns: 409 email-already-used', async () => {
    const taken = await stack.api('/users/guests/register', {
      method: 'POST',
      token: guest.accessToken,
      body: { email: 'Already.Here@example.be' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ key: 'email-already-used' });
  });

  it('registers a new address: a code is mailed to it and the guest is at the email step', async () => {
    const before = (await mailTo(stack.endpoints.outbox, address)).length;
    const registered = await stack.api('/users/guests/register', {
      method: 'POST',
      token: guest.accessToken,
      body: { email: address },
    });
    expect(registered.status).toBe(200);
    expect(registered.body).toEqual({ guestConvertionStep: 'email' });
    code = await latestCode(address, before);
    const me = await stack.api<MeAnswer>('/v1/me', { token: guest.accessToken });
    expect(me.body.profile).toMatchObject({ isGuest: true, guestConvertionStep: 'email' });
  });

  it('cannot convert with a wrong code (400 code-invalid) nor without accepting the policy (400 on the field)', async () => {
    const wrong = await stack.api('/users/guests/convert', {
      method: 'POST',
      token: guest.accessToken,
      body: {
        firstName: 'Camille',
        validationCode: code === '000000' ? '111111' : '000000',
        acceptPrivatePolicy: true,
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ key: 'code-invalid' });
    const refused = await stack.api('/users/guests/convert', {
      method: 'POST',
      token: guest.accessToken,
      body: { firstName: 'Camille', validationCode: code, acceptPrivatePolicy: false },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ key: 'error', errors: [{ field: 'body.acceptPrivatePolicy' }] });
  });

  it('converts with the right code: same userId, verified primary address, documents accepted, guest data kept', async () => {
    const converted = await stack.api('/users/guests/convert', {
      method: 'POST',
      token: guest.accessToken,
      body: { firstName: 'Camille', validationCode: code, acceptPrivatePolicy: true },
    });
    expect(converted.status).toBe(200);
    expect(converted.body).toEqual({ guestConvertionStep: 'finalized' });
    const me = await stack.api<MeAnswer>('/v1/me', { token: guest.accessToken });
    expect(me.body.userId).toBe(guest.userId);
    expect(me.body.profile).toMatchObject({
      isGuest: false,
      guestConvertionStep: 'finalized',
      firstName: 'Camille',
      lastName: 'Dupont',
    });
    expect(me.body.emails).toEqual([{ email: address, primary: true, isVerified: true }]);
    expect(me.body.legalConsents.length).toBeGreaterThan(0);
    expect(me.body.legalConsents.every((c) => c.status === 'accepted')).toBe(true);
  });

  it('tells its open tabs that the profile and the ability changed', async () => {
    await eventually(
      async () => {
        const seen = JSON.stringify(events);
        return seen.includes('"type":"profile"') && seen.includes('"type":"ability"') ? true : undefined;
      },
      { what: 'The profile and ability events of the conversion' },
    );
    expect(events).toContainEqual({ type: 'ability', action: 'updated' });
  });

  it('keeps how it arrived for the campaigns, and drops its secret hash', async () => {
    const mine = (await wholeTable()).filter((i) => i.includes(guest.userId.toLowerCase()));
    expect(mine.some((i) => i.includes('"guest"') && i.includes('http://127.0.0.1/campaign/test'))).toBe(
      true,
    );
    expect(mine.some((i) => i.includes('"guestkey"'))).toBe(false);
  });

  it('is no guest any more: register answers not-a-guest and the secret no longer signs in', async () => {
    const again = await stack.api('/users/guests/register', {
      method: 'POST',
      token: guest.accessToken,
      body: { email: 'another@example.be' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ key: 'not-a-guest' });
    await expect(stack.signInGuest(guest)).rejects.toThrow();
  });

  it('signs in with an email code to the new address as the same user', async () => {
    const tokens = await stack.signInWithCode(address);
    expect(decodeJwt(tokens.accessToken).sub).toBe(guest.userId);
    const emails = await stack.api(`/v1/emails/${encodeURIComponent('second@example.be')}`, {
      method: 'PUT',
      token: tokens.accessToken,
    });
    expect(emails.status).toBe(200);
  });
});

describe('a guest who leaves', () => {
  it('confirms with the word leave, and nothing of it is left: items, pending address code, pool identity', async () => {
    const guest = await stack.signInAsGuest();
    const pending = 'guest.leaves@example.be';
    const registered = await stack.api('/users/guests/register', {
      method: 'POST',
      token: guest.accessToken,
      body: { email: pending },
    });
    expect(registered.status).toBe(200);
    expect((await wholeTable()).filter((i) => i.includes(pending)).length).toBeGreaterThan(0);

    const wrong = await stack.api('/v1/me', {
      method: 'DELETE',
      token: guest.accessToken,
      body: { confirmation: pending },
    });
    expect(wrong.status).toBe(400);
    const left = await stack.api('/v1/me', {
      method: 'DELETE',
      token: guest.accessToken,
      body: { confirmation: 'leave' },
    });
    expect(left.status).toBe(204);

    // The address's send slots stay until their TTL (10 minutes): they belong to the address, not
    // to the guest, and erasing them would let leaving reset the flood limit (decision 0006).
    const items = (await wholeTable()).filter((i) => !i.includes('"__edb_e__":"codesend"'));
    for (const needle of [guest.userId, pending]) expect(items.filter((i) => i.includes(needle))).toEqual([]);
    await expect(
      stack.cognito.send(
        new AdminGetUserCommand({ UserPoolId: stack.endpoints.auth.userPoolId, Username: guest.username }),
      ),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
    await expect(stack.signInGuest(guest)).rejects.toThrow();
  });
});

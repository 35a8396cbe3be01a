import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_CODES_PER_WINDOW } from '@shared/domain/sign-in';
import { latestCodeFor, mailTo } from '../../tools/local-stack/ses';
import { startTestStack, type TestStack } from '../integration/harness';

/**
 * Finding 2 of the account security review: deleting an address erased its send count, so adding
 * and deleting it ten times mailed it ten codes; five guests registering one address mailed it
 * fifteen. The limit now belongs to the target address, whatever the route, user or guest.
 */

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const mailsTo = async (address: string) => (await mailTo(stack.endpoints.outbox, address)).length;
const path = (address: string) => `/v1/emails/${encodeURIComponent(address)}`;

describe('the verification code flood limit', () => {
  it('survives deleting the address: adding and deleting it ten times mails it at most 3 codes', async () => {
    const tokens = await stack.signInWithCode('flood.owner@example.be', { firstName: 'Flo', locale: 'en' });
    const target = 'flood.target@example.be';
    const statuses: number[] = [];
    for (let round = 0; round < 10; round++) {
      statuses.push((await stack.api(path(target), { method: 'PUT', token: tokens.accessToken })).status);
      expect((await stack.api(path(target), { method: 'DELETE', token: tokens.accessToken })).status).toBe(
        200,
      );
    }
    expect(await mailsTo(target)).toBe(LOGIN_MAX_CODES_PER_WINDOW);
    expect(statuses.slice(0, LOGIN_MAX_CODES_PER_WINDOW)).toEqual(
      Array(LOGIN_MAX_CODES_PER_WINDOW).fill(200),
    );
    expect(new Set(statuses.slice(LOGIN_MAX_CODES_PER_WINDOW))).toEqual(new Set([429]));
  });

  it('is shared by every caller: five guests registering one address mail it at most 3 codes', async () => {
    const target = 'guest.flood@example.be';
    const answers: { status: number; body: unknown }[] = [];
    for (let guest = 0; guest < 5; guest++) {
      const session = await stack.signInAsGuest();
      answers.push(
        await stack.api('/users/guests/register', {
          method: 'POST',
          token: session.accessToken,
          body: { email: target },
        }),
      );
    }
    expect(await mailsTo(target)).toBe(LOGIN_MAX_CODES_PER_WINDOW);
    const refused = answers.slice(LOGIN_MAX_CODES_PER_WINDOW);
    expect(refused.map((a) => a.status)).toEqual([429, 429]);
    expect(refused[0]?.body).toMatchObject({ key: 'too-many-codes-sent' });
  });

  it('never locks the owner out: during a block, the last code received still verifies the address', async () => {
    const owner = 'patient.owner@example.be';
    const tokens = await stack.signInWithCode(owner, { firstName: 'Pat', locale: 'en' });
    const target = 'patient.target@example.be';
    expect((await stack.api(path(target), { method: 'PUT', token: tokens.accessToken })).status).toBe(200);
    for (let resend = 1; resend < LOGIN_MAX_CODES_PER_WINDOW; resend++) {
      const sent = await stack.api(`${path(target)}/verification`, {
        method: 'POST',
        token: tokens.accessToken,
      });
      expect(sent.status).toBe(200);
    }
    const code = await latestCodeFor(stack.endpoints.outbox, target);
    const blocked = await stack.api(`${path(target)}/verification`, {
      method: 'POST',
      token: tokens.accessToken,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ key: 'too-many-codes-sent' });
    expect(await mailsTo(target)).toBe(LOGIN_MAX_CODES_PER_WINDOW);

    const me = await stack.api<{ userId: string }>('/v1/me', { token: tokens.accessToken });
    const verified = await stack.api<{ emails: { email: string; isVerified: boolean }[] }>(
      `/users/${me.body.userId}/emails/${encodeURIComponent(target)}/verification/${code}`,
      { method: 'PUT', token: tokens.accessToken },
    );
    expect(verified.status).toBe(200);
    expect(verified.body.emails.find((e) => e.email === target)?.isVerified).toBe(true);
  });
});

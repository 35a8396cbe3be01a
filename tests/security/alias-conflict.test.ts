import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { latestCodeFor } from '../../tools/local-stack/ses';
import { startTestStack, type TestStack } from '../integration/harness';
import { signInWithPassword } from './srp-sign-in';

/**
 * Finding 4 of the account security review: when another pool identity held an address (anyone may
 * call SignUp with it), making it primary answered 500, the table said it was primary while the
 * pool kept the old address, and signing in with it failed. The pool is now written first and
 * the holder that never proved the address loses it.
 */

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe('making an address primary while another identity holds it in the pool', () => {
  it('takes it from an identity that never proved it: 200, and pool and table agree', async () => {
    const tokens = await stack.signInWithCode('alias.owner@example.be', { firstName: 'Ada', locale: 'en' });
    const userId = decodeJwt(tokens.accessToken).sub as string;
    const target = 'alias.target@example.be';
    const path = (suffix: string) => `/users/${userId}/emails/${encodeURIComponent(target)}${suffix}`;

    // Someone registered the address in the pool first, with a password of their own (the
    // pre-sign-up trigger refuses that only once an account has proved the address).
    await stack.cognito.send(
      new SignUpCommand({
        ClientId: stack.endpoints.auth.clientId,
        Username: target,
        Password: 'Squatter-pass1',
        UserAttributes: [
          { Name: 'email', Value: target },
          { Name: 'given_name', Value: 'Squatter' },
        ],
      }),
    );

    expect(
      (
        await stack.api(`/v1/emails/${encodeURIComponent(target)}`, {
          method: 'PUT',
          token: tokens.accessToken,
        })
      ).status,
    ).toBe(200);
    const code = await latestCodeFor(stack.endpoints.outbox, target);
    expect(
      (await stack.api(path(`/verification/${code}`), { method: 'PUT', token: tokens.accessToken })).status,
    ).toBe(200);

    const primary = await stack.api<{ emails: { email: string; primary: boolean }[] }>(path('/primary'), {
      method: 'PUT',
      token: tokens.accessToken,
    });
    expect(primary.status).toBe(200);
    expect(primary.body.emails.find((e) => e.primary)?.email).toBe(target);

    // The pool agrees: the address signs the owner in, and the squatter's password signs nobody in.
    const again = await stack.signInWithCode(target);
    expect(decodeJwt(again.accessToken).sub).toBe(userId);
    await expect(signInWithPassword(stack, target, 'Squatter-pass1')).rejects.toThrow();
  });

  it('refuses, with email-already-used and no change, an address whose holder proved it', async () => {
    const tokens = await stack.signInWithCode('alias.second@example.be', { firstName: 'Bo', locale: 'en' });
    const taken = 'alias.proved@example.be';
    await stack.signInWithCode(taken, { firstName: 'Cy', locale: 'en' });

    // A proved holder keeps its address: the claim is refused before any code or pool change.
    const claim = await stack.api(`/v1/emails/${encodeURIComponent(taken)}`, {
      method: 'PUT',
      token: tokens.accessToken,
    });
    expect(claim.status).toBe(409);
    expect(claim.body).toMatchObject({ key: 'email-already-used' });
    const me = await stack.api<{ emails: { email: string; primary: boolean }[] }>('/v1/me', {
      token: tokens.accessToken,
    });
    expect(me.body.emails.map((e) => e.email)).toEqual(['alias.second@example.be']);
    const holder = await stack.signInWithCode(taken);
    expect(decodeJwt(holder.accessToken).sub).not.toBe(decodeJwt(tokens.accessToken).sub);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { decodeJwt } from 'jose';
import { SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { startTestStack, type TestStack } from '../integration/harness';
import { wholeTable } from '../integration/table-scan';
import { signInWithPassword } from './srp-sign-in';

/**
 * Finding 5 of the account security review: after leaving, the old tokens still wrote items keyed
 * by the erased user, and an identity that never proved an address could write too. Each write is
 * now refused with 401 and leaves nothing behind.
 */

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const consents = [
  { documentType: 'terms-of-use', version: '1', lang: 'en' },
  { documentType: 'privacy-policy', version: '1', lang: 'en' },
];

/** Opens the realtime channel with an id token: 'open', or the refusal. */
function connect(idToken: string): Promise<'open' | 'refused'> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${stack.endpoints.ws}?token=${encodeURIComponent(idToken)}`);
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('error', () => resolve('refused'));
    socket.once('unexpected-response', () => resolve('refused'));
  });
}

describe('tokens of an account that left', () => {
  it('write nothing: POST /v1/me/legal-consents answers 401 and the realtime channel refuses the id token', async () => {
    const email = 'gone.writer@example.be';
    const tokens = await stack.signInWithCode(email, { firstName: 'Gus', locale: 'en' });
    const userId = decodeJwt(tokens.accessToken).sub as string;
    const left = await stack.api('/v1/me', {
      method: 'DELETE',
      token: tokens.accessToken,
      body: { confirmation: email },
    });
    expect(left.status).toBe(204);

    const write = await stack.api('/v1/me/legal-consents', {
      method: 'POST',
      token: tokens.accessToken,
      body: consents,
    });
    expect(write.status).toBe(401);
    expect(await connect(tokens.idToken)).toBe('refused');
    expect(
      (await stack.api('/v1/profile', { method: 'PUT', token: tokens.accessToken, body: { firstName: 'X' } }))
        .status,
    ).toBe(401);
    expect((await wholeTable()).filter((item) => item.includes(userId.toLowerCase()))).toEqual([]);
  });
});

describe('an identity that never proved an address', () => {
  it('gets no token, so it reaches no route and writes nothing', async () => {
    const email = 'never.proved@example.be';
    const signUp = await stack.cognito.send(
      new SignUpCommand({
        ClientId: stack.endpoints.auth.clientId,
        Username: email,
        Password: 'Unproved-pass1',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'given_name', Value: 'Nobody' },
        ],
      }),
    );
    const userId = signUp.UserSub as string;
    // A code would prove the address; the password given at SignUp gets no token at all. Had a
    // token of it existed (issued before this rule), the API would refuse it like any token without
    // an account: see the account-that-left case above and functions/lib/http.test.ts.
    await expect(signInWithPassword(stack, email, 'Unproved-pass1')).rejects.toThrow(/account-not-proved/);
    expect((await wholeTable()).filter((item) => item.includes(userId.toLowerCase()))).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { InitiateAuthCommand, RevokeTokenCommand } from '@aws-sdk/client-cognito-identity-provider';
import { startTestStack, type TestStack, type Tokens } from '../integration/harness';

/**
 * Finding 6 of the account security review: after a sign-out (RevokeToken) or a sign-out
 * everywhere (GlobalSignOut), the access tokens still in flight were honoured by the API until
 * they expired. The product's sign-out now tells the API, which refuses them at once.
 */

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const me = (tokens: Tokens) => stack.api('/v1/me', { token: tokens.accessToken });
const editProfile = (tokens: Tokens) =>
  stack.api('/v1/profile', { method: 'PUT', token: tokens.accessToken, body: { firstName: 'Mallory' } });
const signOut = (tokens: Tokens, everywhere: boolean) =>
  stack.api('/v1/me/sign-out', { method: 'POST', token: tokens.accessToken, body: { everywhere } });

/** Whether the pool still mints tokens from a refresh token. */
async function refreshes(tokens: Tokens): Promise<boolean> {
  try {
    await stack.cognito.send(
      new InitiateAuthCommand({
        ClientId: stack.endpoints.auth.clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: tokens.refreshToken },
      }),
    );
    return true;
  } catch {
    return false;
  }
}

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

describe('a sign-out on one device', () => {
  it('refuses that sign-in’s tokens at once, and only those', async () => {
    const email = 'two.devices@example.be';
    const phone = await stack.signInWithCode(email, { firstName: 'Dee', locale: 'en' });
    const laptop = await stack.signInWithCode(email);

    // What the SPA does: tell the API, then revoke the refresh token in the pool.
    expect((await signOut(phone, false)).status).toBe(204);
    await stack.cognito.send(
      new RevokeTokenCommand({ ClientId: stack.endpoints.auth.clientId, Token: phone.refreshToken }),
    );

    expect((await me(phone)).status).toBe(401);
    expect((await editProfile(phone)).status).toBe(401);
    expect(await connect(phone.idToken)).toBe('refused');
    expect(await refreshes(phone)).toBe(false);

    expect((await me(laptop)).status).toBe(200);
    expect(await connect(laptop.idToken)).toBe('open');
  });
});

describe('a sign-out everywhere', () => {
  it('refuses every token issued until then, revokes every refresh token, and lets a new sign-in in', async () => {
    const email = 'everywhere@example.be';
    const stolen = await stack.signInWithCode(email, { firstName: 'Eve', locale: 'en' });
    const mine = await stack.signInWithCode(email);

    expect((await signOut(mine, true)).status).toBe(204);

    for (const tokens of [stolen, mine]) {
      expect((await me(tokens)).status).toBe(401);
      expect((await editProfile(tokens)).status).toBe(401);
      expect(await connect(tokens.idToken)).toBe('refused');
      expect(await refreshes(tokens)).toBe(false);
    }

    // Tokens authenticated in the second of the sign-out are refused too; the next second is clear.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await stack.signInWithCode(email);
    expect((await me(again)).status).toBe(200);
  });
});

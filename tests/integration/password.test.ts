import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import { fetchAuthSession, signIn, signOut, updatePassword } from 'aws-amplify/auth';
import type { SignInAnswer } from '@shared/contracts/auth';
import type { Me } from '@shared/contracts/me';
import { startTestStack, type TestStack, type Tokens } from './harness';

let stack: TestStack;

beforeAll(async () => {
  ConsoleLogger.LOG_LEVEL = 'ERROR';
  stack = await startTestStack();
  const { auth } = stack.endpoints;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: auth.userPoolId,
        userPoolClientId: auth.clientId,
        userPoolEndpoint: auth.endpoint,
        loginWith: { email: true },
      },
    },
  });
});
afterAll(async () => {
  await signOut().catch(() => undefined);
  await stack?.stop();
});

async function setPassword(tokens: Tokens, password: unknown) {
  return stack.api('/v1/me/password', { method: 'PUT', token: tokens.accessToken, body: { password } });
}

async function methodsOf(email: string) {
  const answer = await stack.api<SignInAnswer>('/users/sign-in', { method: 'POST', body: { email } });
  expect(answer.status).toBe(200);
  return answer.body.methods;
}

/** Signs in with a password like the SPA (Amplify, USER_SRP_AUTH) and answers the access token. */
async function passwordSignIn(email: string, password: string): Promise<string> {
  await signOut();
  const result = await signIn({ username: email, password });
  expect(result.isSignedIn).toBe(true);
  const token = (await fetchAuthSession()).tokens?.accessToken.toString();
  if (!token) throw new Error('No access token');
  return token;
}

describe('PUT /v1/me/password', () => {
  it('gives the account its first password: sign-in offers it, GET /v1/me shows it, then 409', async () => {
    const email = 'first.password@example.be';
    const tokens = await stack.signInWithCode(email, { firstName: 'Paula' });
    expect(await methodsOf(email)).toEqual(['code']);
    expect(
      (await stack.api<Me>('/v1/me', { token: tokens.accessToken })).body.profile.hasPassword,
    ).toBeUndefined();

    const set = await setPassword(tokens, 'First-pass1');
    expect(set.status).toBe(204);

    expect(await methodsOf(email)).toEqual(['code', 'password']);
    expect((await stack.api<Me>('/v1/me', { token: tokens.accessToken })).body.profile.hasPassword).toBe(
      true,
    );

    const again = await setPassword(tokens, 'Other-pass1');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ key: 'password-already-set' });

    // The first password signs in through the user pool; the refused second one does not.
    const token = await passwordSignIn(email, 'First-pass1');
    expect((await stack.api<Me>('/v1/me', { token })).status).toBe(200);
    await signOut();
    await expect(signIn({ username: email, password: 'Other-pass1' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('refuses a password that breaks the rules with 400 and the field key, and sets nothing', async () => {
    const email = 'weak.password@example.be';
    const tokens = await stack.signInWithCode(email, { firstName: 'Wes' });
    for (const weak of ['Ab1', 'abcdef1', 'ABCDEF1', 'Abcdefg', 123456]) {
      const answer = await setPassword(tokens, weak);
      expect(answer.status).toBe(400);
      const body = answer.body as { key: string; errors: { key: string; field: string }[] };
      expect(body.key).toBe('error');
      expect(body.errors.length).toBeGreaterThan(0);
      expect(body.errors.every((e) => e.field === 'body.password' && e.key !== '')).toBe(true);
    }
    const extra = await stack.api('/v1/me/password', {
      method: 'PUT',
      token: tokens.accessToken,
      body: { password: 'Good-pass1', userId: 'someone' },
    });
    expect(extra.status).toBe(400);
    expect(await methodsOf(email)).toEqual(['code']);
  });

  it('refuses guests with 403 guest-not-allowed', async () => {
    const guest = await stack.signInAsGuest();
    const answer = await setPassword(guest, 'Guest-pass1');
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ key: 'guest-not-allowed' });
  });

  it('tells the open tabs that the profile changed', async () => {
    const email = 'password.tabs@example.be';
    const tokens = await stack.signInWithCode(email, { firstName: 'Tom' });
    const socket = new WebSocket(`${stack.endpoints.ws}?token=${encodeURIComponent(tokens.idToken)}`);
    try {
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      const message = new Promise<unknown>((resolve) =>
        socket.once('message', (data) => resolve(JSON.parse(String(data)))),
      );
      expect((await setPassword(tokens, 'Tabs-pass1')).status).toBe(204);
      expect(await message).toMatchObject({ type: 'profile', action: 'updated' });
    } finally {
      socket.terminate();
    }
  });

  it('changes the password through the user pool afterwards: the old one is refused, the new one works', async () => {
    const email = 'change.password@example.be';
    const tokens = await stack.signInWithCode(email, { firstName: 'Chloé' });
    expect((await setPassword(tokens, 'Before-pass1')).status).toBe(204);
    await passwordSignIn(email, 'Before-pass1');
    await expect(
      updatePassword({ oldPassword: 'Wrong-pass1', newPassword: 'After-pass1' }),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await updatePassword({ oldPassword: 'Before-pass1', newPassword: 'After-pass1' });
    await signOut();
    await expect(signIn({ username: email, password: 'Before-pass1' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    const token = await passwordSignIn(email, 'After-pass1');
    expect((await stack.api('/v1/me', { token })).status).toBe(200);
  });
});

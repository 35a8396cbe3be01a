import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type RespondToAuthChallengeCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { SignJWT, decodeJwt, decodeProtectedHeader, generateKeyPair } from 'jose';
import { mailTo } from '../../tools/local-stack/ses';
import { eventually, startTestStack, type TestStack } from './harness';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** Starts a CUSTOM_AUTH sign-in and returns its session and the code mailed for it. */
async function startSignIn(email: string) {
  const before = (await mailTo(stack.endpoints.outbox, email)).length;
  const started = await stack.cognito.send(
    new InitiateAuthCommand({
      ClientId: stack.endpoints.auth.clientId,
      AuthFlow: 'CUSTOM_AUTH',
      AuthParameters: { USERNAME: email },
    }),
  );
  const code = await eventually(async () => {
    const mails = await mailTo(stack.endpoints.outbox, email);
    if (mails.length <= before) return undefined;
    return /(?<!\d)(\d{6})(?!\d)/.exec(mails[mails.length - 1]?.subject ?? '')?.[1];
  });
  return {
    session: started.Session as string,
    code,
    username: started.ChallengeParameters?.USERNAME ?? email,
  };
}

function answer(
  session: string,
  username: string,
  code: string,
): Promise<RespondToAuthChallengeCommandOutput> {
  return stack.cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: stack.endpoints.auth.clientId,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: session,
      ChallengeResponses: { USERNAME: username, ANSWER: code },
    }),
  );
}

const wrongCodeFor = (code: string) => (code === '999999' ? '000000' : '999999');

describe('sign-in with an email code over the Cognito protocol', () => {
  it('creates the account on the first right code, then GET /v1/me answers its profile', async () => {
    const recognised = await stack.api('/users/sign-in', {
      method: 'POST',
      body: { email: 'Ines@Example.be ' },
    });
    expect(recognised.status).toBe(200);
    expect(recognised.body).toEqual({ email: 'ines@example.be', exists: false, methods: ['code'] });

    const tokens = await stack.signInWithCode('ines@example.be', { firstName: 'Inès', locale: 'fr' });
    const me = await stack.api<{ userId: string; profile: { firstName: string }; emails: unknown[] }>(
      '/v1/me',
      {
        token: tokens.accessToken,
      },
    );
    expect(me.status).toBe(200);
    expect(me.body.userId).toBe(decodeJwt(tokens.accessToken).sub);
    expect(me.body.profile.firstName).toBe('Inès');
    expect(me.body.emails).toEqual([{ email: 'ines@example.be', primary: true, isVerified: true }]);

    const again = await stack.api('/users/sign-in', { method: 'POST', body: { email: 'ines@example.be' } });
    expect(again.body).toMatchObject({ exists: true, methods: ['code'], locale: 'fr' });
  });

  it('the code email is in the account’s language', async () => {
    await stack.signInWithCode('sam@example.org', { firstName: 'Sam', locale: 'en' });
    await startSignIn('sam@example.org');
    const mails = await mailTo(stack.endpoints.outbox, 'sam@example.org');
    expect(mails[mails.length - 1]?.subject).toMatch(/code/i);
    expect(mails[mails.length - 1]?.subject).not.toMatch(/votre|\bje\b/i);
  });

  it('4 wrong codes then the right one signs in, with the same code and one email', async () => {
    await stack.signInWithCode('four@example.be', { firstName: 'Four' });
    const { session, code, username } = await startSignIn('four@example.be');
    const mailsBefore = (await mailTo(stack.endpoints.outbox, 'four@example.be')).length;
    let current = session;
    for (let i = 0; i < 4; i++) {
      const retry = await answer(current, username, wrongCodeFor(code));
      expect(retry.ChallengeName).toBe('CUSTOM_CHALLENGE');
      expect(retry.AuthenticationResult).toBeUndefined();
      current = retry.Session as string;
    }
    const done = await answer(current, username, code);
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
    expect((await mailTo(stack.endpoints.outbox, 'four@example.be')).length).toBe(mailsBefore);
  });

  it('5 wrong codes end the sign-in with too-many-attempts', async () => {
    await stack.signInWithCode('five@example.be', { firstName: 'Five' });
    const { session, code, username } = await startSignIn('five@example.be');
    let current = session;
    for (let i = 0; i < 4; i++)
      current = (await answer(current, username, wrongCodeFor(code))).Session as string;
    await expect(answer(current, username, wrongCodeFor(code))).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: expect.stringContaining('too-many-attempts'),
    });
  });

  it('a code that signed in once cannot sign in again', async () => {
    await stack.signInWithCode('reuse@example.be', { firstName: 'Reuse' });
    const first = await startSignIn('reuse@example.be');
    expect((await answer(first.session, first.username, first.code)).AuthenticationResult).toBeDefined();

    const second = await startSignIn('reuse@example.be');
    expect(second.code).not.toBe(first.code);
    const reused = await answer(second.session, second.username, first.code);
    expect(reused.AuthenticationResult).toBeUndefined();
    expect(reused.ChallengeName).toBe('CUSTOM_CHALLENGE');
  });

  it('an unknown email is UserNotFoundException, which leads the screen to account creation', async () => {
    await expect(
      stack.cognito.send(
        new InitiateAuthCommand({
          ClientId: stack.endpoints.auth.clientId,
          AuthFlow: 'CUSTOM_AUTH',
          AuthParameters: { USERNAME: 'nobody@example.be' },
        }),
      ),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });
});

describe('GET /v1/me needs a real access token', () => {
  it('is 401 without a token', async () => {
    const response = await stack.api('/v1/me');
    expect(response.status).toBe(401);
  });

  it('is 401 with a token signed by another key, or with a tampered payload, or with an id token', async () => {
    const tokens = await stack.signInWithCode('forge@example.be', { firstName: 'Forge' });
    const claims = decodeJwt(tokens.accessToken);
    const { kid } = decodeProtectedHeader(tokens.accessToken);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: kid as string })
      .sign(privateKey);
    expect((await stack.api('/v1/me', { token: forged })).status).toBe(401);

    const [header, , signature] = tokens.accessToken.split('.');
    const payload = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    expect((await stack.api('/v1/me', { token: `${header}.${payload}.${signature}` })).status).toBe(401);

    expect((await stack.api('/v1/me', { token: tokens.idToken })).status).toBe(401);
    expect((await stack.api('/v1/me', { token: tokens.accessToken })).status).toBe(200);
    expect((await stack.api('/v1/me', { token: `Bearer ${tokens.accessToken}` })).status).toBe(200);
  });
});

describe('bad bodies give 400 with the spec keys, never 500', () => {
  it.each([
    ['not JSON', '{"email":', [{ key: 'not-valid', field: 'body' }]],
    ['no body', undefined, [{ key: 'required', field: 'body' }]],
    ['no email', {}, [{ key: 'required', field: 'body.email' }]],
    ['a number', { email: 42 }, [{ key: 'not-valid', field: 'body.email' }]],
    ['an invalid email', { email: 'nope@' }, [{ key: 'email-not-valid', field: 'body.email' }]],
    [
      'an injected field',
      { email: 'a@b.be', userId: 'x' },
      [{ key: 'unexpected-value-error', field: 'body.userId' }],
    ],
  ])('%s', async (_, body, errors) => {
    const response = await stack.api('/users/sign-in', { method: 'POST', body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ key: 'error', errors });
  });
});

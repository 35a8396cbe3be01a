import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import {
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Me } from '@shared/contracts/me';
import type { SignInAnswer } from '@shared/contracts/auth';
import { mailTo } from '../../tools/local-stack/ses';
import { eventually, startTestStack, type TestStack } from '../integration/harness';

/**
 * Finding 1 of the account security review, replayed as the attacker did it: pre-registering the
 * victim's address with SignUp and a chosen password, signing in with it over SRP, and waiting for
 * the owner to prove the address. Each step of the attack must now fail.
 */

let stack: TestStack;
const victim = 'victim.takeover@example.be';
const attackerPassword = 'Attacker-pass1';

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

/** The owner creates the account like the SPA: SignUp, then a code, naming the account as they answer. */
async function ownerProvesAddress(firstName: string) {
  const clientId = stack.endpoints.auth.clientId;
  await expect(
    stack.cognito.send(
      new SignUpCommand({
        ClientId: clientId,
        Username: victim,
        Password: 'Owner-random-1x',
        UserAttributes: [
          { Name: 'email', Value: victim },
          { Name: 'given_name', Value: firstName },
        ],
      }),
    ),
  ).rejects.toMatchObject({ name: 'UsernameExistsException' });
  const before = (await mailTo(stack.endpoints.outbox, victim)).length;
  const started = await stack.cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'CUSTOM_AUTH',
      AuthParameters: { USERNAME: victim },
    }),
  );
  const code = await eventually(async () => {
    const mails = await mailTo(stack.endpoints.outbox, victim);
    if (mails.length <= before) return undefined;
    return /(?<!\d)(\d{6})(?!\d)/.exec(mails[mails.length - 1]?.subject ?? '')?.[1];
  });
  const answered = await stack.cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: started.Session,
      ChallengeResponses: { USERNAME: started.ChallengeParameters?.USERNAME ?? victim, ANSWER: code },
      ClientMetadata: { givenName: firstName, locale: 'en' },
    }),
  );
  const accessToken = answered.AuthenticationResult?.AccessToken;
  if (!accessToken) throw new Error('The owner got no tokens');
  return { accessToken };
}

describe('account takeover by pre-registration', () => {
  it('a password given at SignUp before the address is proved never reaches anything, and is gone once the owner proves it', async () => {
    // The attacker pre-registers the victim's address with a password of their choice.
    const signUp = await stack.cognito.send(
      new SignUpCommand({
        ClientId: stack.endpoints.auth.clientId,
        Username: victim,
        Password: attackerPassword,
        UserAttributes: [
          { Name: 'email', Value: victim },
          { Name: 'given_name', Value: 'Mallory' },
        ],
      }),
    );
    expect(signUp.UserSub).toBeTruthy();

    // Signing in with it gives no token at all: the pool issues tokens only to an account whose
    // address was proved (pre token generation).
    await signOut({ global: false }).catch(() => undefined);
    await expect(signIn({ username: victim, password: attackerPassword })).rejects.toMatchObject({
      message: expect.stringContaining('account-not-proved') as unknown,
    });

    // The owner arrives: no account yet, so creation, on the same pool identity.
    const recognised = await stack.api<SignInAnswer>('/users/sign-in', {
      method: 'POST',
      body: { email: victim },
    });
    expect(recognised.body.exists).toBe(false);
    const owner = await ownerProvesAddress('Olivia');
    const me = await stack.api<Me>('/v1/me', { token: owner.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.profile.firstName).toBe('Olivia');

    // The chosen password is gone once the owner proved the address.
    await signOut({ global: false }).catch(() => undefined);
    await expect(signIn({ username: victim, password: attackerPassword })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect((await stack.api('/v1/me', { token: owner.accessToken })).status).toBe(200);
  });

  it('no session can begin before the address is proved, so none survives the proof', async () => {
    const email = 'victim.refresh@example.be';
    await stack.cognito.send(
      new SignUpCommand({
        ClientId: stack.endpoints.auth.clientId,
        Username: email,
        Password: attackerPassword,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'given_name', Value: 'Mallory' },
        ],
      }),
    );
    await signOut({ global: false }).catch(() => undefined);
    await expect(signIn({ username: email, password: attackerPassword })).rejects.toBeDefined();
    expect((await fetchAuthSession()).tokens).toBeUndefined();
    // The owner proves the address; the attacker's password still signs nobody in.
    const owner = await stack.signInWithCode(email);
    expect((await stack.api('/v1/me', { token: owner.accessToken })).status).toBe(200);
    await expect(signIn({ username: email, password: attackerPassword })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });
});

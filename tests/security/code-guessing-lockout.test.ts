import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import {
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { USER_POOL_ANSWER_LIMIT } from '@shared/domain/client-limits';
import { LOGIN_MAX_FAILED_ATTEMPTS } from '@shared/domain/sign-in';
import { latestCodeFor, mailTo } from '../../tools/local-stack/ses';
import { eventually, startTestStack, type TestStack } from '../integration/harness';

/**
 * Finding 1 of the hostile probe (issue 34): about 20 unauthenticated calls per 10 minutes kept an
 * account's owner out of code sign-in. Four InitiateAuth CUSTOM_AUTH for the owner's address, each
 * followed by four wrong answers: the wrong answers of the sign-ins that could send nothing counted
 * against every code of the address, including the guesses of the sign-in that mailed it, so the
 * code in the owner's mailbox was refused, and no new one was mailed. Now the sign-in that mailed a
 * code keeps its guesses, strangers' guesses have a budget of their own on each code, and a browser
 * the owner signed in on before (a known device, docs/decisions/0006) has guesses nobody else can
 * spend.
 */

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const startSignIn = (email: string) =>
  stack.cognito.send(
    new InitiateAuthCommand({
      ClientId: stack.endpoints.auth.clientId,
      AuthFlow: 'CUSTOM_AUTH',
      AuthParameters: { USERNAME: email },
    }),
  );

const answer = (email: string, session: string | undefined, code: string, deviceKey?: string) =>
  stack.cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: stack.endpoints.auth.clientId,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: session,
      ChallengeResponses: { USERNAME: email, ANSWER: code },
      ...(deviceKey ? { ClientMetadata: { deviceKey } } : {}),
    }),
  );

/** Signs the owner in and keeps this browser's known-device key, as the SPA does after a sign-in. */
async function ownerWithDevice(email: string, firstName: string) {
  const tokens = await stack.signInWithCode(email, { firstName, locale: 'en' });
  const registered = await stack.api<{ deviceKey: string }>('/v1/me/sign-in-devices', {
    method: 'POST',
    token: tokens.accessToken,
  });
  expect(registered.status).toBe(201);
  return { userId: decodeJwt(tokens.accessToken).sub, deviceKey: registered.body.deviceKey };
}

const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

/** A sign-in started by a stranger, followed by `wrong` wrong answers in it. */
async function strangerGuesses(email: string, wrong: string, times: number): Promise<void> {
  const started = await startSignIn(email);
  let session = started.Session;
  for (let i = 0; i < times; i++) {
    const reply = await answer(email, session, wrong).catch(() => null);
    if (!reply?.Session) return;
    session = reply.Session;
  }
}

/** One user-pool call from a given loopback address: each address is another client to the limit. */
function callFrom(localAddress: string, operation: string, input: object): Promise<number> {
  const body = JSON.stringify(input);
  const url = new URL(stack.endpoints.auth.endpoint);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('a stranger’s sign-ins with wrong answers for the owner’s address', () => {
  it('never lock the owner’s browser out: the newest code in the mailbox still signs them in', async () => {
    const owner = 'guessed.victim@example.be';
    const { userId, deviceKey } = await ownerWithDevice(owner, 'Vic');
    const mailsBefore = (await mailTo(stack.endpoints.outbox, owner)).length;

    // The attack of the finding: four starts, each followed by four wrong answers.
    for (let round = 0; round < 4; round++) await strangerGuesses(owner, '000000', 4);
    const newest = await eventually(async () =>
      (await mailTo(stack.endpoints.outbox, owner)).length > mailsBefore
        ? ((await latestCodeFor(stack.endpoints.outbox, owner)) ?? undefined)
        : undefined,
    );
    // The stranger's rounds were all wrong, whatever the newest code is.
    expect(newest).not.toBe('000000');
    const mailed = (await mailTo(stack.endpoints.outbox, owner)).length;

    // The owner's sign-in cannot send (the window's codes are taken) and says so…
    const started = await startSignIn(owner);
    expect(started.ChallengeParameters?.codeSent).toBe('no');
    expect((await mailTo(stack.endpoints.outbox, owner)).length).toBe(mailed);
    // …and the code in the mailbox signs the owner in from their browser.
    const answered = await answer(owner, started.Session, newest, deviceKey);
    expect(answered.AuthenticationResult?.AccessToken).toBeDefined();
    expect(decodeJwt(answered.AuthenticationResult?.AccessToken ?? '').sub).toBe(userId);
  });

  it('the same again, twenty more calls in the next window: the owner still gets in', async () => {
    const owner = 'guessed.twice@example.be';
    const { deviceKey } = await ownerWithDevice(owner, 'Tess');
    for (let round = 0; round < 4; round++) await strangerGuesses(owner, '000000', 4);
    const code = (await latestCodeFor(stack.endpoints.outbox, owner)) ?? '';
    for (let round = 0; round < 4; round++) await strangerGuesses(owner, wrongFor(code), 4);
    const started = await startSignIn(owner);
    // A mistyped code first, then the right one: the owner's own guesses are theirs.
    const retry = await answer(owner, started.Session, wrongFor(code), deviceKey);
    const answered = await answer(owner, retry.Session, code, deviceKey);
    expect(answered.AuthenticationResult?.AccessToken).toBeDefined();
  });

  it('leave the code a sign-in mailed to that sign-in, whatever strangers answer meanwhile', async () => {
    const owner = 'own.code@example.be';
    await stack.signInWithCode(owner, { firstName: 'Oona', locale: 'en' });
    // The owner, on a new browser, starts a sign-in: a code is mailed for it.
    const mine = await startSignIn(owner);
    expect(mine.ChallengeParameters?.codeSent).toBe('yes');
    const code = await eventually(
      async () => (await latestCodeFor(stack.endpoints.outbox, owner)) ?? undefined,
    );
    // Strangers take the other slots and spend every stranger's guess on the codes.
    for (let round = 0; round < 3; round++) await strangerGuesses(owner, wrongFor(code), 4);
    const answered = await answer(owner, mine.Session, code);
    expect(answered.AuthenticationResult?.AccessToken).toBeDefined();
  });
});

describe('guessing stays bounded', () => {
  it(`a sign-in takes at most ${LOGIN_MAX_FAILED_ATTEMPTS} wrong answers, then ends and takes no more`, async () => {
    const owner = 'bounded.guess@example.be';
    await stack.signInWithCode(owner, { firstName: 'Bo', locale: 'en' });
    const started = await startSignIn(owner);
    const code = await eventually(
      async () => (await latestCodeFor(stack.endpoints.outbox, owner)) ?? undefined,
    );
    const wrong = wrongFor(code);
    let session = started.Session;
    let wrongAnswers = 0;
    for (;;) {
      const reply = await answer(owner, session, wrong).catch((error: Error) => error);
      if (reply instanceof Error) {
        // The define-auth-challenge trigger ends the sign-in with the key the client translates.
        expect(reply.message).toContain('too-many-attempts');
        break;
      }
      wrongAnswers += 1;
      expect(reply.Session).toBeDefined();
      session = reply.Session;
    }
    // Four answers come back with a new round, the fifth ends the sign-in.
    expect(wrongAnswers).toBe(LOGIN_MAX_FAILED_ATTEMPTS - 1);
    // The ended sign-in takes nothing more, not even the right code.
    await expect(answer(owner, session, code)).rejects.toThrow();
  });

  it(`strangers’ browsers get at most ${LOGIN_MAX_FAILED_ATTEMPTS} wrong answers against a code, over all their sign-ins`, async () => {
    const owner = 'stranger.budget@example.be';
    await stack.signInWithCode(owner, { firstName: 'Sam', locale: 'en' });
    for (let i = 0; i < 3; i++) await startSignIn(owner);
    const code = (await latestCodeFor(stack.endpoints.outbox, owner)) ?? '';
    // Two sign-ins that could send nothing, three wrong answers each: six guesses, one too many.
    for (let round = 0; round < 2; round++) await strangerGuesses(owner, wrongFor(code), 3);
    const last = await startSignIn(owner);
    expect(last.ChallengeParameters?.codeSent).toBe('no');
    const reply = await answer(owner, last.Session, code).catch(() => null);
    expect(reply?.AuthenticationResult).toBeUndefined();
  });

  it('a forged or another person’s device key is a stranger’s browser', async () => {
    const owner = 'forged.key@example.be';
    const tokens = await stack.signInWithCode(owner, { firstName: 'Fay', locale: 'en' });
    const other = await ownerWithDevice('other.person@example.be', 'Ole');
    for (let i = 0; i < 3; i++) await startSignIn(owner);
    const code = (await latestCodeFor(stack.endpoints.outbox, owner)) ?? '';
    for (let round = 0; round < 2; round++) await strangerGuesses(owner, wrongFor(code), 3);
    // The owner's id with bits nobody was given.
    const userId = decodeJwt(tokens.accessToken).sub;
    for (const key of [other.deviceKey, `${userId}.${'A'.repeat(43)}`, 'not-a-key']) {
      const started = await startSignIn(owner);
      const reply = await answer(owner, started.Session, code, key).catch(() => null);
      expect(reply?.AuthenticationResult, key).toBeUndefined();
    }
  });

  it('answers to challenges are limited per client, as the WAF rule does in AWS', async () => {
    const input = {
      ClientId: stack.endpoints.auth.clientId,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: 'not-a-session',
      ChallengeResponses: { USERNAME: 'nobody@example.be', ANSWER: '123456' },
    };
    const statuses: number[] = [];
    for (let i = 0; i < USER_POOL_ANSWER_LIMIT.limit; i++)
      statuses.push(await callFrom('127.0.0.7', 'RespondToAuthChallenge', input));
    expect(statuses.every((status) => status !== 403)).toBe(true);
    expect(await callFrom('127.0.0.7', 'RespondToAuthChallenge', input)).toBe(403);
    // Another client is not held back.
    expect(await callFrom('127.0.0.8', 'RespondToAuthChallenge', input)).not.toBe(403);
  });
});

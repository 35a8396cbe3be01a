import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import {
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { LOGIN_MAX_CODES_PER_WINDOW } from '@shared/domain/sign-in';
import { latestCodeFor, mailTo } from '../../tools/local-stack/ses';
import { eventually, startTestStack, type TestStack } from '../integration/harness';

/**
 * Finding 3 of the account security review: three unauthenticated InitiateAuth calls for someone's
 * address used up its sign-in codes, and the owner's own sign-in then failed with
 * too-many-codes-sent. A sign-in that cannot send a code now still asks for one, and takes the code
 * the owner already received.
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

const answer = (email: string, session: string | undefined, code: string) =>
  stack.cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: stack.endpoints.auth.clientId,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: session,
      ChallengeResponses: { USERNAME: email, ANSWER: code },
    }),
  );

describe('three anonymous sign-in starts for the owner’s address', () => {
  it('do not lock the owner out: the next sign-in sends nothing, says so, and takes the code received', async () => {
    const owner = 'locked.owner@example.be';
    const created = await stack.signInWithCode(owner, { firstName: 'Lou', locale: 'en' });
    const userId = decodeJwt(created.accessToken).sub;

    // The owner asks for a code, which arrives.
    const mailsBefore = (await mailTo(stack.endpoints.outbox, owner)).length;
    await startSignIn(owner);
    const received = await eventually(async () =>
      (await mailTo(stack.endpoints.outbox, owner)).length > mailsBefore
        ? ((await latestCodeFor(stack.endpoints.outbox, owner)) ?? undefined)
        : undefined,
    );

    // Someone else starts three sign-ins with the owner's address.
    for (let i = 0; i < 3; i++) await startSignIn(owner);
    const mailed = (await mailTo(stack.endpoints.outbox, owner)).length;
    expect(mailed).toBeLessThanOrEqual(LOGIN_MAX_CODES_PER_WINDOW);

    // The owner's own sign-in: no new mail, a clear signal, and the received code works.
    const started = await startSignIn(owner);
    expect(started.ChallengeParameters?.codeSent).toBe('no');
    expect((await mailTo(stack.endpoints.outbox, owner)).length).toBe(mailed);
    const answered = await answer(started.ChallengeParameters?.USERNAME ?? owner, started.Session, received);
    expect(answered.AuthenticationResult?.AccessToken).toBeDefined();
    expect(decodeJwt(answered.AuthenticationResult?.AccessToken ?? '').sub).toBe(userId);
  });

  it('give a guesser no more than the allowed wrong answers against the codes received', async () => {
    const owner = 'guessed.owner@example.be';
    await stack.signInWithCode(owner, { firstName: 'Gil', locale: 'en' });
    for (let i = 0; i < LOGIN_MAX_CODES_PER_WINDOW; i++) await startSignIn(owner);
    const code = (await latestCodeFor(stack.endpoints.outbox, owner)) ?? '';
    const wrong = code === '000000' ? '111111' : '000000';

    // Wrong answers over several blocked sign-ins: each counts against every live code.
    let wrongAnswers = 0;
    for (let round = 0; round < 3; round++) {
      let started = await startSignIn(owner);
      expect(started.ChallengeParameters?.codeSent).toBe('no');
      for (let i = 0; i < 2; i++) {
        const reply = await answer(owner, started.Session, wrong).catch(() => null);
        wrongAnswers += 1;
        if (!reply?.Session) break;
        started = { ...started, Session: reply.Session };
      }
    }
    expect(wrongAnswers).toBeGreaterThanOrEqual(5);
    // Every code received is spent: even the right one no longer opens a sign-in.
    const last = await startSignIn(owner);
    const reply = await answer(owner, last.Session, code).catch(() => null);
    expect(reply?.AuthenticationResult).toBeUndefined();
  });
});

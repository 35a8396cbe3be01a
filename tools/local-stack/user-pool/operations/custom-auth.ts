import { randomBytes } from 'node:crypto';
import type {
  CreateAuthChallengeTriggerEvent,
  DefineAuthChallengeTriggerEvent,
  VerifyAuthChallengeResponseTriggerEvent,
} from 'aws-lambda';
import type { Pool } from '../pool';
import { AUTH_SESSION_TTL_MS, CognitoError, stringMap, type Json, type RequestContext } from '../protocol';
import type { ChallengeSession, SessionEntry, StoredUser } from '../state';
import { invoke, triggerAttributes, triggerBase } from '../triggers';

/**
 * Custom authentication (sign-in by email code) as Cognito runs it: each round asks the define
 * trigger, which issues tokens, fails, or asks the create trigger for a new challenge; an answer
 * goes to the verify trigger and starts the next round with the grown history.
 */
export async function challengeRound(
  pool: Pool,
  user: StoredUser,
  history: SessionEntry[],
  clientMetadata: Record<string, string>,
  ctx: RequestContext,
): Promise<Json> {
  const define = await invoke<DefineAuthChallengeTriggerEvent>(
    'DefineAuthChallenge',
    pool.triggers.defineAuthChallenge,
    {
      ...triggerBase('DefineAuthChallenge_Authentication', user, ctx, pool),
      request: { userAttributes: triggerAttributes(user), session: history, clientMetadata },
      response: { issueTokens: false, failAuthentication: false },
    },
  );
  if (define.response.failAuthentication) {
    throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
  }
  if (define.response.issueTokens) {
    return { ChallengeParameters: {}, AuthenticationResult: await pool.tokens.signIn(user, pool.clientId) };
  }
  const challengeName = define.response.challengeName;
  if (challengeName !== 'CUSTOM_CHALLENGE') {
    throw new CognitoError(
      'InvalidLambdaResponseException',
      `Challenge ${String(challengeName)} is not supported by the local user pool (only CUSTOM_CHALLENGE).`,
    );
  }
  const created = await invoke<CreateAuthChallengeTriggerEvent>(
    'CreateAuthChallenge',
    pool.triggers.createAuthChallenge,
    {
      ...triggerBase('CreateAuthChallenge_Authentication', user, ctx, pool),
      request: { userAttributes: triggerAttributes(user), challengeName, session: history, clientMetadata },
      response: { publicChallengeParameters: {}, privateChallengeParameters: {}, challengeMetadata: '' },
    },
  );
  const session = randomBytes(64).toString('base64url');
  pool.state.sessions.set(session, {
    username: user.username,
    clientId: pool.clientId,
    history,
    challengeName,
    privateChallengeParameters: stringMap(created.response.privateChallengeParameters),
    challengeMetadata: created.response.challengeMetadata || undefined,
    expiresAt: Date.now() + AUTH_SESSION_TTL_MS,
  });
  return {
    ChallengeName: challengeName,
    Session: session,
    ChallengeParameters: {
      ...stringMap(created.response.publicChallengeParameters),
      USERNAME: user.username,
    },
  };
}

/** An answer to a CUSTOM_CHALLENGE: the verify trigger judges it, then the next round. */
export async function answerCustomChallenge(
  pool: Pool,
  sessionId: string,
  session: ChallengeSession,
  responses: Record<string, string>,
  input: Json,
  ctx: RequestContext,
): Promise<Json> {
  const user = pool.state.users.get(session.username);
  const named = responses.USERNAME ? pool.state.findUser(responses.USERNAME) : undefined;
  if (!responses.USERNAME)
    throw new CognitoError('InvalidParameterException', 'Missing required parameter USERNAME');
  if (!user || named !== user)
    throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
  if (responses.ANSWER === undefined) {
    throw new CognitoError('InvalidParameterException', 'Missing required parameter ANSWER');
  }
  // A session answers once; the next round gets a new one.
  pool.state.sessions.delete(sessionId);
  const clientMetadata = stringMap(input.ClientMetadata);
  const verified = await invoke<VerifyAuthChallengeResponseTriggerEvent>(
    'VerifyAuthChallengeResponse',
    pool.triggers.verifyAuthChallengeResponse,
    {
      ...triggerBase('VerifyAuthChallengeResponse_Authentication', user, ctx, pool),
      request: {
        userAttributes: triggerAttributes(user),
        privateChallengeParameters: session.privateChallengeParameters,
        challengeAnswer: responses.ANSWER,
        clientMetadata,
      },
      response: { answerCorrect: false },
    },
  );
  const history: SessionEntry[] = [
    ...session.history,
    {
      challengeName: 'CUSTOM_CHALLENGE',
      challengeResult: verified.response.answerCorrect === true,
      ...(session.challengeMetadata !== undefined ? { challengeMetadata: session.challengeMetadata } : {}),
    },
  ];
  return challengeRound(pool, user, history, clientMetadata, ctx);
}

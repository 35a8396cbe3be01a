import { randomBytes } from 'node:crypto';
import {
  createVerifier,
  srpPoolName,
  startServerSession,
  verifyPasswordClaim,
  type SrpServerSession,
} from '../../srp';
import type { Pool } from '../pool';
import { AUTH_SESSION_TTL_MS, CognitoError, type Json } from '../protocol';
import type { ChallengeSession } from '../state';

/**
 * Password sign-in (USER_SRP_AUTH) as Cognito runs it: the PASSWORD_VERIFIER challenge with the
 * user's salt and B, then tokens when the client's signature proves the password.
 */

/** USER_SRP_AUTH: answers the PASSWORD_VERIFIER challenge with the user's salt and B. */
export function startPasswordVerifier(pool: Pool, parameters: Record<string, string>): Json {
  const username = parameters.USERNAME;
  if (!username) throw new CognitoError('InvalidParameterException', 'Missing required parameter USERNAME');
  const clientA = parameters.SRP_A;
  if (!clientA || !/^[0-9a-f]+$/i.test(clientA))
    throw new CognitoError('InvalidParameterException', 'Missing required parameter SRP_A');
  // The pool keeps user existence errors (infra/auth.ts): an unknown email is UserNotFoundException.
  const user = pool.state.requireUser(username);
  if (!user.enabled) throw new CognitoError('NotAuthorizedException', 'User is disabled.');
  if (user.status === 'UNCONFIRMED')
    throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
  // A user stored before verifiers existed gets one nobody can answer: set a password again.
  const verifier =
    user.srp ?? createVerifier(srpPoolName(pool.userPoolId), user.username, randomBytes(32).toString('hex'));
  let srp: SrpServerSession;
  try {
    srp = startServerSession(verifier, clientA);
  } catch {
    throw new CognitoError('InvalidParameterException', 'SRP_A is not valid.');
  }
  pool.state.purgeSessions();
  const session = randomBytes(64).toString('base64url');
  pool.state.sessions.set(session, {
    username: user.username,
    clientId: pool.clientId,
    history: [],
    challengeName: 'PASSWORD_VERIFIER',
    privateChallengeParameters: { salt: verifier.salt, verifier: verifier.verifier },
    challengeMetadata: undefined,
    expiresAt: Date.now() + AUTH_SESSION_TTL_MS,
    srp,
  });
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    Session: session,
    ChallengeParameters: {
      SALT: verifier.salt,
      SECRET_BLOCK: srp.secretBlock,
      SRP_B: srp.B,
      USERNAME: user.username,
      USER_ID_FOR_SRP: user.username,
    },
  };
}

/** PASSWORD_VERIFIER: tokens when the signature proves the password; 5 wrong in a row lock it. */
export async function answerPasswordVerifier(
  pool: Pool,
  session: ChallengeSession,
  srp: SrpServerSession,
  responses: Record<string, string>,
): Promise<Json> {
  for (const name of ['USERNAME', 'PASSWORD_CLAIM_SECRET_BLOCK', 'TIMESTAMP', 'PASSWORD_CLAIM_SIGNATURE']) {
    if (!responses[name])
      throw new CognitoError('InvalidParameterException', `Missing required parameter ${name}`);
  }
  const user = pool.state.users.get(session.username);
  if (!user || pool.state.findUser(responses.USERNAME ?? '') !== user)
    throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
  if (pool.state.locked(user.failedSignIns, user))
    throw new CognitoError('NotAuthorizedException', 'Password attempts exceeded');
  const verifier = {
    salt: session.privateChallengeParameters.salt ?? '',
    verifier: session.privateChallengeParameters.verifier ?? '',
  };
  const right = verifyPasswordClaim(verifier, srp, {
    poolName: srpPoolName(pool.userPoolId),
    userId: user.username,
    secretBlock: responses.PASSWORD_CLAIM_SECRET_BLOCK ?? '',
    timestamp: responses.TIMESTAMP ?? '',
    signature: responses.PASSWORD_CLAIM_SIGNATURE ?? '',
  });
  if (!right) {
    user.failedSignIns = (user.failedSignIns ?? 0) + 1;
    user.lastFailureAt = Date.now();
    pool.state.persist();
    throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
  }
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    throw new CognitoError(
      'InvalidParameterException',
      'NEW_PASSWORD_REQUIRED is not supported by the local user pool: set a permanent password.',
    );
  }
  user.failedSignIns = 0;
  return { ChallengeParameters: {}, AuthenticationResult: await pool.tokens.signIn(user, pool.clientId) };
}

import { checkPolicy } from '../passwords';
import { checkClient, createUser, newUsername, type Operation, type Pool } from '../pool';
import { CognitoError, requireStr, str, stringMap } from '../protocol';
import { answerCustomChallenge, challengeRound } from './custom-auth';
import { answerPasswordVerifier, startPasswordVerifier } from './password-auth';

/** The client's public operations that create an account and sign in. */
export function signInOperations(pool: Pool): Record<string, Operation> {
  return {
    async SignUp(input, ctx) {
      checkClient(pool, input);
      const username = newUsername(input);
      const password = requireStr(input, 'Password');
      if (pool.state.findUser(username)) {
        throw new CognitoError('UsernameExistsException', 'An account with the given email already exists.');
      }
      checkPolicy(password);
      const user = await createUser(pool, {
        username,
        input,
        ctx,
        status: 'UNCONFIRMED',
        triggerSource: 'PreSignUp_SignUp',
        prepare: async (created, trigger) => {
          created.status = trigger.response.autoConfirmUser ? 'CONFIRMED' : 'UNCONFIRMED';
          created.attributes.email_verified = trigger.response.autoVerifyEmail ? 'true' : 'false';
          await pool.state.storePassword(created, password);
        },
      });
      return { UserConfirmed: user.status === 'CONFIRMED', UserSub: user.username };
    },

    async InitiateAuth(input, ctx) {
      checkClient(pool, input);
      const flow = requireStr(input, 'AuthFlow');
      const parameters = stringMap(input.AuthParameters);
      const clientMetadata = stringMap(input.ClientMetadata);
      if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
        return {
          ChallengeParameters: {},
          AuthenticationResult: await pool.tokens.refresh(parameters.REFRESH_TOKEN, pool.clientId),
        };
      }
      if (flow === 'USER_SRP_AUTH') return startPasswordVerifier(pool, parameters);
      if (flow !== 'CUSTOM_AUTH') {
        throw new CognitoError(
          'InvalidParameterException',
          `AuthFlow ${flow} is not supported by the local user pool.`,
        );
      }
      if (parameters.SRP_A) {
        throw new CognitoError(
          'InvalidParameterException',
          'CUSTOM_AUTH with SRP_A is not supported by the local user pool.',
        );
      }
      const username = parameters.USERNAME;
      if (!username)
        throw new CognitoError('InvalidParameterException', 'Missing required parameter USERNAME');
      const user = pool.state.requireUser(username);
      if (!user.enabled) throw new CognitoError('NotAuthorizedException', 'User is disabled.');
      if (user.status === 'UNCONFIRMED')
        throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
      return challengeRound(pool, user, [], clientMetadata, ctx);
    },

    async RespondToAuthChallenge(input, ctx) {
      checkClient(pool, input);
      pool.state.purgeSessions();
      const sessionId = str(input, 'Session');
      const session = sessionId ? pool.state.sessions.get(sessionId) : undefined;
      if (!sessionId || !session) {
        throw new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
      }
      const challengeName = requireStr(input, 'ChallengeName');
      if (challengeName !== session.challengeName) {
        throw new CognitoError(
          'InvalidParameterException',
          `Expected ChallengeName ${session.challengeName}`,
        );
      }
      const responses = stringMap(input.ChallengeResponses);
      if (session.srp) {
        pool.state.sessions.delete(sessionId);
        return answerPasswordVerifier(pool, session, session.srp, responses);
      }
      return answerCustomChallenge(pool, sessionId, session, responses, input, ctx);
    },

    async GetTokensFromRefreshToken(input) {
      checkClient(pool, input);
      return { AuthenticationResult: await pool.tokens.refresh(str(input, 'RefreshToken'), pool.clientId) };
    },
  };
}

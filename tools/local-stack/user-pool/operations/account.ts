import { checkPolicy, passwordMatches } from '../passwords';
import { checkClient, type Operation, type Pool } from '../pool';
import { CognitoError, requireStr, sha256, str, toAttributeList } from '../protocol';

/** The client's public operations on the signed-in account, authorised by its access token. */
export function accountOperations(pool: Pool): Record<string, Operation> {
  const { state, tokens } = pool;
  return {
    async ChangePassword(input) {
      const user = await tokens.userOfAccessToken(str(input, 'AccessToken'));
      const previous = requireStr(input, 'PreviousPassword');
      const proposed = requireStr(input, 'ProposedPassword');
      if (state.locked(user.failedChanges, user)) {
        throw new CognitoError(
          'LimitExceededException',
          'Attempt limit exceeded, please try after some time.',
        );
      }
      if (!user.passwordHash || !(await passwordMatches(previous, user.passwordHash))) {
        user.failedChanges = (user.failedChanges ?? 0) + 1;
        user.lastFailureAt = Date.now();
        state.persist();
        throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
      }
      checkPolicy(proposed);
      await state.storePassword(user, proposed);
      user.updatedAt = Date.now();
      state.persist();
      return {};
    },

    async GetUser(input) {
      const user = await tokens.userOfAccessToken(str(input, 'AccessToken'));
      return {
        Username: user.username,
        UserAttributes: toAttributeList({ sub: user.username, ...user.attributes }),
      };
    },

    async GlobalSignOut(input) {
      const user = await tokens.userOfAccessToken(str(input, 'AccessToken'));
      state.revokeAllOf(user.username);
      state.persist();
      return {};
    },

    async RevokeToken(input) {
      checkClient(pool, input);
      const stored = state.refreshTokens.get(sha256(requireStr(input, 'Token')));
      if (stored && stored.clientId === pool.clientId) {
        state.revokeOrigin(stored.originJti);
        state.persist();
      }
      return {};
    },
  };
}

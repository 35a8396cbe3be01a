import { checkPolicy } from '../passwords';
import { checkPool, createUser, newUsername, type Operation, type Pool } from '../pool';
import { CognitoError, attributeList, normaliseEmail, requireStr, str } from '../protocol';
import { cleanAttributes, userType, type StoredUser } from '../state';

/** Cognito's ListUsers filter (`name = "value"` or `name ^= "prefix"`) as a predicate. */
function userFilter(filter: string | undefined): (user: StoredUser) => boolean {
  if (!filter) return () => true;
  const parsed = /^\s*([\w:]+)\s*(\^?=)\s*"((?:[^"\\]|\\.)*)"\s*$/.exec(filter);
  if (!parsed) throw new CognitoError('InvalidParameterException', `Invalid Filter: ${filter}`);
  const [, name = '', operator, raw = ''] = parsed;
  const wanted = raw.replace(/\\(.)/g, '$1');
  const valueOf = (user: StoredUser): string | undefined =>
    name === 'username' || name === 'sub'
      ? user.username
      : name === 'status' || name === 'cognito:user_status'
        ? user.status
        : user.attributes[name];
  const comparable = (value: string) => (name === 'email' ? normaliseEmail(value) : value);
  return (user) => {
    const value = valueOf(user);
    if (value === undefined) return false;
    return operator === '='
      ? comparable(value) === comparable(wanted)
      : comparable(value).startsWith(comparable(wanted));
  };
}

/** The admin operations (IAM-authorised, SigV4-signed) the functions and the seed call. */
export function adminOperations(pool: Pool): Record<string, Operation> {
  const { state } = pool;
  return {
    async AdminCreateUser(input, ctx) {
      checkPool(pool, input);
      const username = newUsername(input);
      const existing = state.findUser(username);
      if (existing) {
        if (str(input, 'MessageAction') === 'RESEND') return { User: userType(existing) };
        throw new CognitoError('UsernameExistsException', 'User account already exists');
      }
      const temporary = str(input, 'TemporaryPassword');
      const user = await createUser(pool, {
        username,
        input,
        ctx,
        status: 'FORCE_CHANGE_PASSWORD',
        triggerSource: 'PreSignUp_AdminCreateUser',
        prepare: async (created) => {
          if (temporary) await state.storePassword(created, temporary);
        },
      });
      return { User: userType(user) };
    },

    async AdminGetUser(input) {
      checkPool(pool, input);
      const user = state.requireUser(requireStr(input, 'Username'));
      const { Attributes, ...rest } = userType(user);
      return { ...rest, UserAttributes: [{ Name: 'sub', Value: user.username }, ...Attributes] };
    },

    async AdminDeleteUser(input) {
      checkPool(pool, input);
      const user = state.requireUser(requireStr(input, 'Username'));
      state.users.delete(user.username);
      state.revokeAllOf(user.username);
      state.persist();
      return {};
    },

    async AdminSetUserPassword(input) {
      checkPool(pool, input);
      const user = state.requireUser(requireStr(input, 'Username'));
      const password = requireStr(input, 'Password');
      checkPolicy(password);
      await state.storePassword(user, password);
      user.status = input.Permanent === true ? 'CONFIRMED' : 'FORCE_CHANGE_PASSWORD';
      user.updatedAt = Date.now();
      state.persist();
      return {};
    },

    async AdminUpdateUserAttributes(input) {
      checkPool(pool, input);
      const user = state.requireUser(requireStr(input, 'Username'));
      const changes = cleanAttributes(attributeList(input.UserAttributes));
      if (changes.email !== undefined) {
        const holder = state.findUser(changes.email);
        if (holder && holder !== user) {
          throw new CognitoError('AliasExistsException', 'An account with the given email already exists.');
        }
      }
      user.attributes = { ...user.attributes, ...changes };
      user.updatedAt = Date.now();
      state.persist();
      return {};
    },

    async AdminUserGlobalSignOut(input) {
      checkPool(pool, input);
      const user = state.requireUser(requireStr(input, 'Username'));
      state.revokeAllOf(user.username);
      state.persist();
      return {};
    },

    async ListUsers(input) {
      checkPool(pool, input);
      const matches = userFilter(str(input, 'Filter'));
      const limit = Math.min(typeof input.Limit === 'number' ? input.Limit : 60, 60);
      const offset = Number(str(input, 'PaginationToken') ?? '0') || 0;
      const all = [...state.users.values()].filter(matches).sort((a, b) => a.createdAt - b.createdAt);
      const page = all.slice(offset, offset + limit);
      return {
        Users: page.map(userType),
        ...(offset + limit < all.length ? { PaginationToken: String(offset + limit) } : {}),
      };
    },
  };
}

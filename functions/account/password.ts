import type { Caller } from '../lib/caller';
import { setSignInPassword } from '../lib/cognito';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import { publishAfterWrite } from '../realtime';
import { getAccount, markHasPassword } from '../users';

/**
 * PUT /v1/me/password: the account's first password. Accounts are created by email code with a
 * password nobody knows; this sets the chosen one in the user pool, then records `hasPassword`
 * (which makes POST /users/sign-in offer the password). A second call is 409 `password-already-set`:
 * changing a password goes through the user pool (ChangePassword), which checks the old one.
 */
export async function setFirstPassword(caller: Caller, password: string): Promise<void> {
  const account = await getAccount(caller.userId);
  if (!account) throw new NotFoundError();
  if (account.user.hasPassword) throw new ConflictError('password-already-set');
  try {
    await setSignInPassword(caller.username, password);
  } catch (error) {
    // The body schema applies the pool's policy already; a stricter pool still answers a 400.
    if ((error as { name?: string }).name === 'InvalidPasswordException') {
      throw new ValidationError([{ key: 'not-valid', field: 'body.password' }], { cause: error });
    }
    throw error;
  }
  if (!(await markHasPassword(caller.userId))) throw new ConflictError('password-already-set');
  await publishAfterWrite(caller.userId, { type: 'profile', action: 'updated' });
}

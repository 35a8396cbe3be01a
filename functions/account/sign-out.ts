import { SIGN_IN_MAX_SECONDS } from '@shared/domain/sign-in';
import type { Caller } from '../lib/caller';
import { signOutEverywhere } from '../lib/cognito';
import { UnauthorizedError } from '../lib/errors';
import { endConnectionsOf } from '../realtime';
import { refuseSession, refuseTokensUntil } from '../users';

/**
 * POST /v1/me/sign-out (docs/decisions/0006). Everywhere: every token authenticated until now is
 * refused by the API and the realtime channel, every open realtime connection of the account is
 * closed and forgotten, and the user pool revokes every refresh token. On this device: the tokens
 * of the caller's sign-in (`origin_jti`) are refused for as long as its refresh token could mint
 * new ones, and the connections that sign-in opened are closed; the client also revokes that
 * refresh token in the pool. The table is written first, so a failure leaves the tokens refused
 * rather than alive.
 */
export async function signOut(caller: Caller, everywhere: boolean, now = Date.now()): Promise<void> {
  const nowSeconds = Math.floor(now / 1000);
  if (everywhere || caller.originJti === '') {
    // A token without origin_jti cannot be ended alone: ending every sign-in is the safe side.
    if (!(await refuseTokensUntil(caller.userId, nowSeconds))) throw new UnauthorizedError();
    await endConnectionsOf(caller.userId);
    await signOutEverywhere(caller.username);
    return;
  }
  const until = (caller.authTime || nowSeconds) + SIGN_IN_MAX_SECONDS;
  if (!(await refuseSession(caller.userId, caller.originJti, until, nowSeconds))) {
    throw new UnauthorizedError();
  }
  await endConnectionsOf(caller.userId, { originJti: caller.originJti });
}

import type { AccountFacts } from '@shared/domain/ability';
import { UnauthorizedError } from './errors';

/**
 * What the token check needs to know of the caller's account, with what the ability rules need of
 * it: the same item, read once a request.
 */
export interface AccountStanding extends AccountFacts {
  /** Epoch seconds; tokens authenticated before are refused. */
  tokensValidAfter: number;
  /** `origin_jti` of the sign-ins ended one by one whose tokens may still be unexpired. */
  revokedSessions: readonly string[];
}

/**
 * Reads the caller's account standing (one consistent GetItem of the user item). The users domain
 * supplies it; lib knows no domain.
 */
export type StandingReader = (userId: string) => Promise<AccountStanding | null>;

/** What the token says of the sign-in it comes from. */
export interface TokenOrigin {
  /** `auth_time`, epoch seconds (kept across refreshes). */
  authTime: number;
  /** `origin_jti`: the sign-in, shared by its access, id and refresh tokens ('' when absent). */
  originJti: string;
}

/**
 * The one check every authenticated route and the realtime `$connect` pass (docs/decisions/0006):
 * a token is honoured only for an account that exists (its address was proved, it has not left),
 * only if it was authenticated at or after the account's `tokensValidAfter` (account creation,
 * sign out everywhere, password change), and only if its sign-in was not ended on its own (sign
 * out). Anything else is 401, whatever the route.
 */
export async function standingOfToken(
  read: StandingReader,
  userId: string,
  token: TokenOrigin,
): Promise<AccountStanding> {
  const standing = await read(userId);
  if (!standing) throw new UnauthorizedError();
  if (token.authTime < standing.tokensValidAfter) throw new UnauthorizedError();
  if (token.originJti !== '' && standing.revokedSessions.includes(token.originJti)) {
    throw new UnauthorizedError();
  }
  return standing;
}

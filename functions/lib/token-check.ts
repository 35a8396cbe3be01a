import { UnauthorizedError } from './errors';

/** What the token check needs to know of the caller's account. */
export interface AccountStanding {
  isGuest: boolean;
  /** Epoch seconds; tokens authenticated before are refused. */
  tokensValidAfter: number;
}

/**
 * Reads the caller's account standing (one consistent GetItem of the user item). The users domain
 * supplies it; lib knows no domain.
 */
export type StandingReader = (userId: string) => Promise<AccountStanding | null>;

/**
 * The one check every authenticated route and the realtime `$connect` pass (docs/decisions/0006):
 * a token is honoured only for an account that exists (its address was proved, it has not left)
 * and only if it was authenticated at or after the account's `tokensValidAfter` (account creation,
 * sign out everywhere). Anything else is 401, whatever the route.
 */
export async function standingOfToken(
  read: StandingReader,
  userId: string,
  authTime: number,
): Promise<AccountStanding> {
  const standing = await read(userId);
  if (!standing) throw new UnauthorizedError();
  if (authTime < standing.tokensValidAfter) throw new UnauthorizedError();
  return standing;
}

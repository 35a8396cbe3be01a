import type { ProfileUpdate } from '../../shared/contracts/profile';
import { isConditionFailure } from '../lib/conditions';
import { db } from '../lib/db';
import { ConflictError } from '../lib/errors';

export interface NewAccount {
  userId: string;
  email: string;
  firstName: string;
  locale?: 'fr' | 'en' | 'nl';
}

export async function getAccount(userId: string) {
  const { data } = await db().collections.account({ userId }).go({ pages: 'all' });
  const user = data.user[0];
  if (!user) return null;
  return { user, emails: data.userEmail, legalAcceptances: data.legalAcceptance };
}

type UserItem = NonNullable<Awaited<ReturnType<typeof getAccount>>>['user'];

const CLEARABLE = ['lastName', 'birthYear', 'birthdate', 'gender'] as const;

/**
 * Replaces the profile fields of an existing user (never creates one): optional fields left out
 * are cleared, favourites left out are kept. Last write wins. Null when the user does not exist.
 */
export async function updateProfile(userId: string, profile: ProfileUpdate): Promise<UserItem | null> {
  const { favoriteSessionIds, favoriteSphereIds, ...fields } = profile;
  const set = {
    ...fields,
    ...(favoriteSessionIds ? { favoriteSessionIds } : {}),
    ...(favoriteSphereIds ? { favoriteSphereIds } : {}),
  };
  const remove = CLEARABLE.filter((name) => fields[name] === undefined);
  try {
    const patch = db().entities.user.patch({ userId }).set(set);
    const { data } = await (remove.length ? patch.remove([...remove]) : patch).go({ response: 'all_new' });
    return data;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

export async function findEmailOwner(email: string) {
  const { data } = await db().entities.emailOwner.get({ email }).go();
  return data;
}

/**
 * The account that proved this address, if any: only a verified owner blocks others. (Items
 * written before owner items were kept for verified addresses only may be unverified: ignored.)
 */
export async function findVerifiedEmailOwner(email: string) {
  const owner = await findEmailOwner(email);
  return owner?.isVerified ? owner : null;
}

/**
 * Creates the user, their primary verified email and the email's owner item in one transaction.
 * Fails with `email-already-used` when another account proved the address first; other users'
 * unverified claims (their own `userEmail` items) do not stand in the way.
 */
export async function createAccount(account: NewAccount): Promise<void> {
  const at = new Date().toISOString();
  const result = await db()
    .transaction.write(({ user, userEmail, emailOwner }) => [
      user
        .create({
          userId: account.userId,
          firstName: account.firstName,
          ...(account.locale ? { locale: account.locale } : {}),
        })
        .commit(),
      userEmail
        .create({
          userId: account.userId,
          email: account.email,
          primary: true,
          isVerified: true,
          verifiedAt: at,
        })
        .commit(),
      emailOwner
        .put({ email: account.email, userId: account.userId, isVerified: true })
        .where(
          ({ email, isVerified }, { eq, notExists }) => `${notExists(email)} OR ${eq(isVerified, false)}`,
        )
        .commit(),
    ])
    .go();
  if (result.canceled) {
    throw new ConflictError('email-already-used');
  }
}

/**
 * The caller's standing for the token check (functions/lib/token-check.ts): one consistent GetItem
 * of the user item; null when the account does not exist (never proved an address, or left).
 */
export async function accountStanding(userId: string) {
  const { data } = await db().entities.user.get({ userId }).go({ consistent: true });
  if (!data) return null;
  const nowSeconds = Math.floor(Date.now() / 1000);
  return {
    isGuest: data.isGuest,
    tokensValidAfter: data.tokensValidAfter ?? 0,
    revokedSessions: (data.revokedSessions ?? [])
      .filter((session) => session.until > nowSeconds)
      .map((session) => session.originJti),
  };
}

/**
 * Refuses every token authenticated at or before `nowSeconds` (sign out everywhere, password
 * change): they are older than the new `tokensValidAfter`. False when the account is gone.
 */
export async function refuseTokensUntil(userId: string, nowSeconds: number): Promise<boolean> {
  try {
    await db()
      .entities.user.patch({ userId })
      .set({ tokensValidAfter: nowSeconds + 1 })
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Refuses the tokens of one sign-in (`origin_jti`) until `untilSeconds`, when they expire anyway.
 * The list is rewritten without its expired entries, conditionally on the revision read, so two
 * sign-outs at once both land. False when the account is gone.
 */
export async function refuseSession(
  userId: string,
  originJti: string,
  untilSeconds: number,
  nowSeconds: number,
): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const { data } = await db().entities.user.get({ userId }).go({ consistent: true });
    if (!data) return false;
    const kept = (data.revokedSessions ?? []).filter(
      (session) => session.until > nowSeconds && session.originJti !== originJti,
    );
    const revision = data.sessionsRevision;
    try {
      await db()
        .entities.user.patch({ userId })
        .set({
          revokedSessions: [...kept, { originJti, until: untilSeconds }],
          sessionsRevision: (revision ?? 0) + 1,
        })
        .where((attributes, { eq, notExists }) =>
          revision === undefined
            ? notExists(attributes.sessionsRevision)
            : eq(attributes.sessionsRevision, revision),
        )
        .go({ response: 'none' });
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new ConflictError('conflict');
}

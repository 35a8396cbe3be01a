import type { ProfileUpdate } from '@shared/contracts/profile';
import type { AccountFacts } from '@shared/domain/ability';
import { ownPlanAt } from '@shared/domain/plans';
import { isConditionFailure } from '../lib/conditions';
import { ConflictError } from '../lib/errors';
import { writeEntities } from '../lib/db';
import { usersDb as db } from './store';

export interface NewAccount {
  userId: string;
  email: string;
  firstName: string;
  locale?: 'fr' | 'en' | 'nl';
}

/**
 * The user item, their addresses and their legal acceptances: one Query of the `account`
 * collection. Null: no account.
 */
export async function getAccount(userId: string) {
  const { data } = await db().collections.account({ userId }).go({ pages: 'all' });
  const user = data.user[0];
  if (!user) return null;
  return { user, emails: data.userEmail, legalAcceptances: data.legalAcceptance };
}

export type Account = NonNullable<Awaited<ReturnType<typeof getAccount>>>;
export type UserItem = Account['user'];

/** A person's name as spheres and sessions show it: first name, then last name when there is one. */
export const fullName = (user: Pick<UserItem, 'firstName' | 'lastName'>) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ');

const CLEARABLE = ['lastName', 'birthYear', 'birthdate', 'gender'] as const;

/**
 * Replaces the profile fields of an existing user (never creates one): optional fields left out
 * are cleared, favourites left out are kept. Last write wins. Null when the user does not exist.
 */
export async function updateProfile(userId: string, profile: ProfileUpdate): Promise<UserItem | null> {
  const { favoriteSessionIds, favoriteSphereIds, favoriteGalaxyIds, ...fields } = profile;
  const set = {
    ...fields,
    ...(favoriteSessionIds ? { favoriteSessionIds } : {}),
    ...(favoriteSphereIds ? { favoriteSphereIds } : {}),
    ...(favoriteGalaxyIds ? { favoriteGalaxyIds } : {}),
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

/** Replaces the favourites sent, nothing else. Null when the user does not exist. */
export async function updateFavorites(
  userId: string,
  favorites: {
    favoriteSessionIds?: string[] | undefined;
    favoriteSphereIds?: string[] | undefined;
    favoriteGalaxyIds?: string[] | undefined;
  },
): Promise<UserItem | null> {
  const set = Object.fromEntries(Object.entries(favorites).filter(([, v]) => v !== undefined));
  try {
    const { data } = await db().entities.user.patch({ userId }).set(set).go({ response: 'all_new' });
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
 * The plan the person holds now (decision 0048): their `subscription` until `planUntil`, Starter
 * after it.
 */
export const ownPlanOf = (user: Pick<UserItem, 'subscription' | 'planUntil'>, now = new Date()) =>
  ownPlanAt(user, now);

/** What the ability rules need of a user item. */
const accountFactsOf = (user: UserItem): AccountFacts => ({
  isGuest: user.isGuest,
  subscription: ownPlanOf(user),
  globalRoles: user.globalRoles,
});

/** The person's own plan as stored, for a change conditioned on it (`ownPlanItem`); null: no account. */
export async function ownPlanRecord(
  userId: string,
): Promise<Pick<UserItem, 'subscription' | 'planUntil' | 'isGuest'> | null> {
  const { data } = await db()
    .entities.user.get({ userId })
    .go({ consistent: true, attributes: ['subscription', 'planUntil', 'isGuest'] });
  if (!data) return null;
  return {
    subscription: data.subscription,
    isGuest: data.isGuest,
    ...(data.planUntil !== undefined ? { planUntil: data.planUntil } : {}),
  };
}

/**
 * The transaction item that gives the person a plan until an instant (a free month), on the
 * condition that their plan is still the one read: two changes at once never both extend from the
 * same end, and an account gone meanwhile is not written.
 */
export function ownPlanItem(
  userId: string,
  read: Pick<UserItem, 'subscription' | 'planUntil'>,
  next: { subscription: UserItem['subscription']; planUntil: string },
) {
  return writeEntities(db())
    .user.patch({ userId })
    .set({ subscription: next.subscription, planUntil: next.planUntil })
    .where(({ subscription, planUntil }, { eq, notExists }) =>
      [
        eq(subscription, read.subscription),
        read.planUntil === undefined ? notExists(planUntil) : eq(planUntil, read.planUntil),
      ].join(' AND '),
    )
    .commit();
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
    ...accountFactsOf(data),
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

/** The facts the ability rules are computed from (functions/lib/ability.ts); null: no account. */
export async function abilityFacts(userId: string) {
  const { data } = await db().entities.user.get({ userId }).go();
  return data ? accountFactsOf(data) : null;
}

/**
 * What the sphere's tag automation reads of each person (birth year or date, gender), by user id;
 * users without an account are left out (BatchGetItem, never a Scan).
 */
export async function taggedFactsOf(
  userIds: readonly string[],
): Promise<Map<string, { birthYear?: number; birthdate?: string; gender?: string }>> {
  const facts = new Map<string, { birthYear?: number; birthdate?: string; gender?: string }>();
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += 100) {
    const { data } = await db()
      .entities.user.get(unique.slice(i, i + 100).map((userId) => ({ userId })))
      .go({ attributes: ['userId', 'birthYear', 'birthdate', 'gender'] });
    for (const user of data) {
      facts.set(user.userId, {
        ...(user.birthYear !== undefined ? { birthYear: user.birthYear } : {}),
        ...(user.birthdate !== undefined ? { birthdate: user.birthdate } : {}),
        ...(user.gender !== undefined ? { gender: user.gender } : {}),
      });
    }
  }
  return facts;
}

/**
 * People's names as lists show them, by user id (a batch of GetItems per 100; keys DynamoDB left
 * unprocessed are read one by one, so the answer is never short); those who left are absent.
 */
export async function namesOf(userIds: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += 100) {
    const { data, unprocessed } = await db()
      .entities.user.get(unique.slice(i, i + 100).map((userId) => ({ userId })))
      .go({ attributes: ['userId', 'firstName', 'lastName'] });
    for (const user of data) names.set(user.userId, fullName(user));
    for (const key of unprocessed) {
      const { data: user } = await db()
        .entities.user.get({ userId: key.userId })
        .go({ attributes: ['userId', 'firstName', 'lastName'] });
      if (user) names.set(user.userId, fullName(user));
    }
  }
  return names;
}

/**
 * How to reach people (their language, first name and phone), read in batches of 100 GetItems:
 * a campaign's notifications to a whole sphere without one read per person.
 */
export async function contactFactsOf(
  userIds: readonly string[],
): Promise<Map<string, { locale: string; firstName: string; phone?: string }>> {
  const facts = new Map<string, { locale: string; firstName: string; phone?: string }>();
  const unique = [...new Set(userIds)];
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += 100) chunks.push(unique.slice(i, i + 100));
  await Promise.all(
    chunks.map(async (chunk) => {
      const { data } = await db()
        .entities.user.get(chunk.map((userId) => ({ userId })))
        .go({ attributes: ['userId', 'locale', 'firstName', 'phone'] });
      for (const user of data)
        facts.set(user.userId, {
          locale: user.locale,
          firstName: user.firstName,
          ...(user.phone !== undefined ? { phone: user.phone } : {}),
        });
    }),
  );
  return facts;
}

/** Records that the account has a password; false when it already had one (or is gone). */
export async function markHasPassword(userId: string): Promise<boolean> {
  try {
    await db()
      .entities.user.patch({ userId })
      .set({ hasPassword: true })
      .where(({ hasPassword }, { eq }) => eq(hasPassword, false))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Stores the phone a right SMS code proved. */
export async function setPhone(userId: string, phone: string): Promise<void> {
  await db().entities.user.patch({ userId }).set({ phone }).go({ response: 'none' });
}

/** Edits a user item (seed data, tests of other domains): fields the profile routes do not write. */
export async function patchUser(
  userId: string,
  fields: Partial<
    Pick<
      UserItem,
      | 'lastName'
      | 'birthYear'
      | 'gender'
      | 'hasPassword'
      | 'isGuest'
      | 'globalRoles'
      | 'subscription'
      | 'planUntil'
    >
  >,
): Promise<void> {
  await db().entities.user.patch({ userId }).set(fields).go({ response: 'none' });
}

/** The partition key of a user's own partition (the `account` collection and anything else keyed by them alone). */
export function userPartition(userId: string): string {
  const key = db().entities.user.get({ userId }).params<{ Key: { pk: string } }>().Key;
  return key.pk;
}

/**
 * A new unverified secondary address of the user. False when the user already has it (a concurrent
 * add won).
 */
export async function addUnverifiedEmail(userId: string, email: string): Promise<boolean> {
  try {
    await db()
      .entities.userEmail.create({ userId, email, primary: false, isVerified: false })
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Transaction items that record a proved address of the user: the address marked verified and its
 * owner item, on the condition that no account proved it first (exactly one verified owner, ever).
 * `primary` writes the address whole as the primary one (a converted guest's first address).
 */
export function provedEmailItems(
  userId: string,
  email: string,
  at: string,
  options: { primary?: boolean } = {},
) {
  const { userEmail, emailOwner } = writeEntities(db());
  return [
    options.primary
      ? userEmail.put({ userId, email, primary: true, isVerified: true, verifiedAt: at }).commit()
      : userEmail.patch({ userId, email }).set({ isVerified: true, verifiedAt: at }).commit(),
    emailOwner
      .put({ email, userId, isVerified: true })
      .where(({ email: owned, isVerified }, { eq, notExists }) =>
        [notExists(owned), eq(isVerified, false)].join(' OR '),
      )
      .commit(),
  ];
}

/**
 * Transaction items that remove one of the user's addresses, never the primary one, with its owner
 * item when the user had proved it.
 */
export function removedEmailItems(userId: string, email: string, provedByUser: boolean) {
  const { userEmail, emailOwner } = writeEntities(db());
  return [
    userEmail
      .delete({ userId, email })
      .where(({ primary }, { eq }) => eq(primary, false))
      .commit(),
    ...(provedByUser
      ? [
          emailOwner
            .delete({ email })
            .where(({ userId: owner }, { eq }) => eq(owner, userId))
            .commit(),
        ]
      : []),
  ];
}

/**
 * Makes a verified address the primary one and the others secondary, in one transaction that
 * holds only if nothing changed since they were read. True when it was written.
 */
export async function setPrimaryEmail(
  userId: string,
  email: string,
  previousPrimaries: readonly string[],
): Promise<boolean> {
  const result = await db()
    .transaction.write(({ userEmail }) => [
      ...previousPrimaries.map((previous) =>
        userEmail
          .patch({ userId, email: previous })
          .set({ primary: false })
          .where(({ primary }, { eq }) => eq(primary, true))
          .commit(),
      ),
      userEmail
        .patch({ userId, email })
        .set({ primary: true })
        .where(({ isVerified, primary }, { eq }) => `${eq(isVerified, true)} AND ${eq(primary, false)}`)
        .commit(),
    ])
    .go();
  return !result.canceled;
}

/** Transaction item of a new guest's user item (isGuest, step `guest`, the caller's language). */
export function newGuestUserItem(userId: string, locale: 'fr' | 'en' | 'nl', firstName = '') {
  return writeEntities(db())
    .user.create({ userId, firstName, locale, isGuest: true, guestConvertionStep: 'guest' })
    .commit();
}

/** Transaction item that moves a guest to a conversion step, on the condition it is still a guest. */
export function guestStepItem(userId: string, step: 'email' | 'profile') {
  return writeEntities(db())
    .user.patch({ userId })
    .set({ guestConvertionStep: step })
    .where(({ isGuest }, { eq }) => eq(isGuest, true))
    .commit();
}

/**
 * Transaction items that turn a guest into a registered account with the same userId: its first
 * name, and the address it proved as its primary verified email (one verified owner ever).
 */
export function convertedGuestItems(userId: string, firstName: string, email: string, at: string) {
  return [
    writeEntities(db())
      .user.patch({ userId })
      .set({ firstName, isGuest: false, guestConvertionStep: 'finalized' })
      .where(({ isGuest }, { eq }) => eq(isGuest, true))
      .commit(),
    ...provedEmailItems(userId, email, at, { primary: true }),
  ];
}

/** Is this user a guest? One consistent GetItem of the user item. */
export async function isGuest(userId: string): Promise<boolean> {
  const { data } = await db().entities.user.get({ userId }).go({ consistent: true });
  return data?.isGuest === true;
}

/** Of these addresses, the ones whose verified owner is this user. */
export async function ownedBy(userId: string, emails: readonly string[]): Promise<string[]> {
  const owners = await Promise.all(emails.map((email) => findEmailOwner(email)));
  return emails.filter((_, i) => owners[i]?.userId === userId);
}

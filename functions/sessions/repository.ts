import { randomBytes, randomUUID } from 'node:crypto';
import type { removalRecord } from '../lib/cascades';
import type { EntityItem } from 'electrodb';
import { getMany } from '../lib/db';
import { eraseInBatches } from '../lib/domain';
import { ConflictError } from '../lib/errors';
import type { SessionEntity } from './entities/session';
import type { SessionMemberEntity } from './entities/session-member';
import { sessionsDb as db } from './store';
import { createWithGalaxyQuotas, galaxyGiveBack, sphereScope, withinLimit } from '../lib/quotas';
import { licenceGiveBack, licenceTake, licenceTally, notEnoughLicences } from '../lib/licence-tallies';
import { licenceDayUse } from '../lib/licence-days';
import { membershipSummaryItem } from '../users';
import { LICENCE_TIERS, licenceKind, type LicenceTier } from '@shared/domain/licences';
import {
  GROUP_MODULES,
  groupLicenceField,
  groupLicenceRefusal,
  groupLicences,
  type GroupModule,
} from '@shared/domain/group-licences';

/** The quota kind of a sphere's groups (archived ones not counted). */
export const GROUPS = 'groups';

/**
 * The galaxy quota a session takes while it is not archived (decision 0045): a group for a
 * contributor session, a sales session for a consumer one.
 */
export function sessionQuotaKind(
  category: SessionItem['category'],
): 'engagement-up-groups' | 'sales-up-sessions' {
  return category === 'consumer' ? 'sales-up-sessions' : 'engagement-up-groups';
}

export type SessionItem = EntityItem<typeof SessionEntity>;
export type SessionMemberItem = EntityItem<typeof SessionMemberEntity>;
export type NewSession = Omit<
  SessionItem,
  'sessionId' | 'sessionKey' | 'createdAt' | 'updatedAt' | 'archived'
>;
export type NewSessionMember = Omit<SessionMemberItem, 'sessionId' | 'createdAt' | 'updatedAt'>;

/** A new join-link secret: 128 random bits, URL-safe. */
export const newSessionKey = () => randomBytes(16).toString('base64url');

/** DynamoDB takes at most 100 items in one transaction. */
const TRANSACTION_MAX = 100;

/** What a group holds of its sphere's licences (decision 0050): its plan and its modules. */
export const holdingOf = (session: {
  subscription: SessionItem['subscription'];
  subscriptionModules?: readonly string[] | undefined;
}): { subscription: SessionItem['subscription']; subscriptionModules: GroupModule[] } => ({
  subscription: session.subscription,
  subscriptionModules: GROUP_MODULES.filter((m) => session.subscriptionModules?.includes(m)),
});

/** The licences a group holds in its sphere's tallies (none for one written before groups took them). */
export const heldOf = (session: { heldLicences?: readonly string[] | undefined }): LicenceTier[] =>
  LICENCE_TIERS.filter((tier) => session.heldLicences?.includes(tier));

/** The licences a change of a group takes and gives back, in its own transaction. */
export interface LicenceMoves {
  takes: readonly LicenceTier[];
  giveBacks: readonly LicenceTier[];
}

/** One item of a transaction's answer, as far as a refusal reads it. */
type Outcome = { rejected?: boolean; code?: string } | undefined;

/** Whether an item was refused by its condition (not by a conflict with another transaction). */
const refusedByCondition = (item: Outcome) =>
  item?.rejected === true && (item.code === undefined || item.code === 'ConditionalCheckFailed');

/**
 * The refusal of a group's licence take, when one of the takes at `from` of a canceled transaction
 * was refused by its count (409 `not-enough-e-nous-licenses` or `not-enough-module-licenses`, with
 * required, remaining and count), or null when none was.
 */
async function licenceRefusal(
  sphereId: string,
  takes: readonly LicenceTier[],
  data: readonly Outcome[],
  from: number,
): Promise<ConflictError | null> {
  const refused = takes.find((_, index) => refusedByCondition(data[from + index]));
  if (refused === undefined) return null;
  return notEnoughLicences(sphereId, refused, groupLicenceField(refused), groupLicenceRefusal(refused));
}

/** Creates a session and its first members (owners) in one transaction. */
export async function insertSession(
  session: NewSession,
  members: readonly NewSessionMember[],
  groupLimit: number,
  galaxyId?: string,
): Promise<SessionItem> {
  const sessionId = randomUUID();
  // The licences its plan and modules hold (decision 0050), taken after the group tally.
  const takes = groupLicences(holdingOf(session));
  // Each member with the summary of its person (decision 0055).
  if (2 * members.length + 3 + 2 * takes.length > TRANSACTION_MAX)
    throw new Error('Too many members for one transaction');
  // The sphere's group tally takes one in the same transaction: at the limit nothing is written.
  // The galaxy's quota (groups for contributor sessions, sales sessions for consumer ones) last.
  const galaxyKind = sessionQuotaKind(session.category);
  const result = await createWithGalaxyQuotas(
    galaxyId ? { galaxyId, kinds: [galaxyKind] } : undefined,
    (galaxyTakes) =>
      db()
        .transaction.write(({ session: sessions, sessionMember, quotaTally, licenceDay }) => [
          sessions
            .create({ ...session, heldLicences: takes, sessionId, sessionKey: newSessionKey() })
            .commit(),
          ...members.map((m) => sessionMember.create({ ...m, sessionId }).commit()),
          quotaTally
            .update({ scope: sphereScope(session.sphereId), kind: GROUPS })
            .add({ used: 1 })
            .where(({ used }, op) => withinLimit(used, groupLimit, op))
            .commit(),
          ...takes.map((tier) => licenceTake(quotaTally, session.sphereId, tier)),
          // Each licence's day (decision 0052), after the takes read below and before the galaxy's.
          ...takes.map((tier) => licenceDayUse(licenceDay, session.sphereId, tier, 1)),
          ...members.flatMap((m) =>
            summaryItem({ ...m, sessionId }, { subscription: session.subscription, archived: false }),
          ),
          ...galaxyTakes(quotaTally),
        ])
        .go(),
  );
  if (result.canceled) {
    // Lost to another transaction on a hot item: to be tried again, not read as a limit.
    if (result.data.some((item: Outcome) => item?.rejected === true && !refusedByCondition(item)))
      throw new ConflictError('conflict');
    const tallyAt = members.length + 1;
    if (!refusedByCondition(result.data[tallyAt]))
      throw (
        (await licenceRefusal(session.sphereId, takes, result.data, tallyAt + 1)) ??
        new ConflictError('creationBlocked')
      );
    throw new ConflictError('creationBlocked');
  }
  const created = await findSession(sessionId);
  if (!created) throw new Error(`Session ${sessionId} was written but cannot be read`);
  return created;
}

export async function findSession(sessionId: string): Promise<SessionItem | null> {
  const { data } = await db().entities.session.get({ sessionId }).go({ consistent: true });
  return data;
}

/** Sessions by id, ids with no session left out (BatchGetItem). */
export async function findSessions(sessionIds: readonly string[]): Promise<SessionItem[]> {
  return getMany(
    db().entities.session,
    sessionIds.map((sessionId) => ({ sessionId })),
  );
}

/** A sphere's sessions, of one category or all: one Query on gsi1. */
export async function sessionsOfSphere(
  sphereId: string,
  category?: SessionItem['category'],
): Promise<SessionItem[]> {
  const { data } = await db()
    .entities.session.query.bySphere(category ? { sphereId, category } : { sphereId })
    .go({ pages: 'all' });
  return data;
}

/**
 * Writes a session's fields if nobody saved it since `updatedAt` was read (409 `conflict`); when it
 * moves in the tree, its subtree takes the new path in the same transaction. In a sphere of a galaxy
 * (`galaxyId`), a restore takes the galaxy's quota of the session's kind and an archive gives it
 * back, in the save's own transaction (409 `quota-blocked` at the block, nothing written); the
 * sphere's own group tally is kept by the caller.
 */
export async function saveSession(
  before: SessionItem,
  fields: Partial<
    Omit<SessionItem, 'sessionId' | 'sphereId' | 'category' | 'sessionKey' | 'createdAt' | 'updatedAt'>
  >,
  removed: readonly ('parentSessionId' | 'childNumber' | 'stepNumber')[],
  subtree: readonly { sessionId: string; parentSessionIds: string[] }[],
  galaxyId?: string,
  licences: LicenceMoves = { takes: [], giveBacks: [] },
): Promise<SessionItem> {
  const restores = before.archived && fields.archived === false;
  const archives = !before.archived && fields.archived === true;
  const tallied = galaxyId !== undefined && (restores || archives);
  const moves = 2 * (licences.takes.length + licences.giveBacks.length);
  if (subtree.length + 1 + moves + (tallied ? 1 : 0) > TRANSACTION_MAX)
    throw new ConflictError('creationBlocked');
  const kinds = [sessionQuotaKind(before.category)];
  const result = await createWithGalaxyQuotas(
    galaxyId && restores ? { galaxyId, kinds } : undefined,
    (takes) =>
      db()
        .transaction.write(({ session, quotaTally, licenceDay }) => [
          session
            .patch({ sessionId: before.sessionId })
            .set(fields)
            .remove([...removed])
            .where(({ updatedAt }, { eq }) => eq(updatedAt, before.updatedAt))
            .commit(),
          // The group's licences move with the save (decision 0050): taken under their counts, given
          // back once, since the save holds only while the group is as it was read.
          ...licences.takes.map((tier) => licenceTake(quotaTally, before.sphereId, tier)),
          ...licences.giveBacks.map((tier) => licenceGiveBack(quotaTally, before.sphereId, tier)),
          ...licences.takes.map((tier) => licenceDayUse(licenceDay, before.sphereId, tier, 1)),
          ...licences.giveBacks.map((tier) => licenceDayUse(licenceDay, before.sphereId, tier, -1)),
          ...subtree.map((d) =>
            session.patch({ sessionId: d.sessionId }).set({ parentSessionIds: d.parentSessionIds }).commit(),
          ),
          ...(archives ? galaxyGiveBack(quotaTally, galaxyId, kinds) : []),
          ...takes(quotaTally),
        ])
        .go(),
  );
  if (result.canceled) {
    if (!refusedByCondition(result.data[0])) {
      const refusal = await licenceRefusal(before.sphereId, licences.takes, result.data, 1);
      if (refusal) throw refusal;
    }
    throw new ConflictError('conflict');
  }
  const saved = await findSession(before.sessionId);
  if (!saved) throw new Error(`Session ${before.sessionId} was saved but cannot be read`);
  return saved;
}

/**
 * Deletes a session and its memberships; its children move up to its parent, their subtrees with
 * them. Many memberships are deleted in batches after the session itself (unprocessed keys retried).
 * A session not archived gives its place back to the sphere's group tally and, in a sphere of a
 * galaxy (`galaxyId`), to the galaxy's quota of its kind, in the same transaction.
 */
export async function deleteSessionItems(
  session: SessionItem,
  children: readonly {
    sessionId: string;
    parentSessionId?: string | undefined;
    parentSessionIds: string[];
  }[],
  members: readonly SessionMemberItem[],
  removal: ReturnType<typeof removalRecord>,
  galaxyId?: string,
): Promise<void> {
  // The licences it holds in its sphere's tallies go back (decision 0050).
  const giveBacks = heldOf(session);
  if (children.length + 4 + 2 * giveBacks.length > TRANSACTION_MAX) throw new ConflictError('conflict');
  // A child changed or gone since it was read cancels the transaction (answered, not thrown); so
  // does the session changed or deleted since it was read, so its licences go back once.
  const result = await db()
    .transaction.write(({ session: sessions, removal: removals, quotaTally, licenceDay }) => [
      sessions
        .delete({ sessionId: session.sessionId })
        .where(({ updatedAt }, { eq }) => eq(updatedAt, session.updatedAt))
        .commit(),
      ...giveBacks.map((tier) => licenceGiveBack(quotaTally, session.sphereId, tier)),
      ...giveBacks.map((tier) => licenceDayUse(licenceDay, session.sphereId, tier, -1)),
      // What the session's dependents keep goes after it, by the record (decision 0042).
      ...(removal.pending.length ? [removals.put(removal).commit()] : []),
      // An archived group no longer counted against the limit; a live one gives its place back.
      ...(session.archived
        ? []
        : [
            quotaTally
              .update({ scope: sphereScope(session.sphereId), kind: GROUPS })
              .add({ used: -1 })
              .commit(),
            ...galaxyGiveBack(quotaTally, galaxyId, [sessionQuotaKind(session.category)]),
          ]),
      ...children.map((c) =>
        c.parentSessionId === undefined
          ? sessions
              .patch({ sessionId: c.sessionId })
              .set({ parentSessionIds: c.parentSessionIds })
              .remove(['parentSessionId'])
              .commit()
          : sessions
              .patch({ sessionId: c.sessionId })
              .set({ parentSessionIds: c.parentSessionIds, parentSessionId: c.parentSessionId })
              .commit(),
      ),
    ])
    .go();
  if (result.canceled) throw new ConflictError('conflict');
  await eraseInBatches(removeSessionMembers, [...members]);
}

/** What a membership's summary entry holds of its group (decision 0055): its plan and archiving. */
export type GroupFacts = Pick<SessionItem, 'subscription' | 'archived'>;

/**
 * The transaction item that keeps the person's membership summary true (decision 0055): the
 * session membership after the write with its group's plan and archiving, or its removal.
 */
function summaryItem(
  member: Pick<SessionMemberItem, 'userId' | 'sessionId' | 'memberId' | 'sphereId' | 'category' | 'roles'> &
    Pick<Partial<SessionMemberItem>, 'memberSelfGranted'>,
  group: GroupFacts | undefined,
  removed = false,
) {
  return membershipSummaryItem(member.userId, {
    kind: 'session',
    entry: {
      sessionId: member.sessionId,
      memberId: member.memberId,
      sphereId: member.sphereId,
      category: member.category,
      roles: [...member.roles],
      ...(member.memberSelfGranted === true ? { selfGranted: true } : {}),
      ...(group ? { plan: group.subscription, ...(group.archived ? { archived: true } : {}) } : {}),
    },
    removed,
  });
}

/** A session's members: one Query on its partition. */
export async function membersOfSession(sessionId: string): Promise<SessionMemberItem[]> {
  const { data } = await db().entities.sessionMember.query.session({ sessionId }).go({ pages: 'all' });
  return data;
}

/** A person's session memberships, in every sphere: one Query on gsi1. */
export async function sessionMembershipsOf(userId: string): Promise<SessionMemberItem[]> {
  const { data } = await db().entities.sessionMember.query.byUser({ userId }).go({ pages: 'all' });
  return data;
}

/** The person's membership of one session, if any: one Query of gsi1 on the person and the session. */
export async function sessionMembershipIn(
  userId: string,
  sessionId: string,
): Promise<SessionMemberItem | null> {
  const { data } = await db().entities.sessionMember.query.byUser({ userId, sessionId }).go();
  return data[0] ?? null;
}

export async function findSessionMember(
  sessionId: string,
  memberId: string,
): Promise<SessionMemberItem | null> {
  const { data } = await db().entities.sessionMember.get({ sessionId, memberId }).go({ consistent: true });
  return data;
}

/** Adds a person to a session; one already there answers `exist` (409), whoever added them first. */
export async function insertSessionMember(
  member: NewSessionMember & { sessionId: string },
  group: GroupFacts,
): Promise<SessionMemberItem> {
  const result = await db()
    .transaction.write(({ sessionMember }) => [
      sessionMember.create(member).commit(),
      ...summaryItem(member, group),
    ])
    .go();
  if (result.canceled) throw new ConflictError('exist');
  const created = await findSessionMember(member.sessionId, member.memberId);
  if (!created) throw new ConflictError('conflict');
  return created;
}

/** Adds a person who joined by the link; a join racing this one keeps its item. */
export async function insertJoinedSessionMember(
  member: NewSessionMember & { sessionId: string },
  group: GroupFacts,
): Promise<void> {
  await db()
    .transaction.write(({ sessionMember }) => [
      sessionMember.create(member).commit(),
      ...summaryItem(member, group),
    ])
    .go();
}

/** Who gave a membership its `member` role (decision 0012), as the membership records it. */
export type MemberGrant = Pick<SessionMemberItem, 'memberGrantedBy' | 'memberSelfGranted'>;

/**
 * New roles for a session member, if nobody changed them since they were read (409 `conflict`),
 * with who gave the `member` role: a new grant, `null` to forget it (the role is gone), undefined to
 * keep the one recorded.
 */
export async function saveSessionMemberRoles(
  before: SessionMemberItem,
  group: GroupFacts,
  roles: SessionMemberItem['roles'],
  grant?: MemberGrant | null,
): Promise<SessionMemberItem> {
  const selfGranted = grant === null ? undefined : grant ? grant.memberSelfGranted : before.memberSelfGranted;
  const key = { sessionId: before.sessionId, memberId: before.memberId };
  const result = await db()
    .transaction.write(({ sessionMember }) => [
      sessionMember
        .patch(key)
        .set(grant ? { roles, ...grant } : { roles })
        .remove(grant === null ? ['memberGrantedBy', 'memberSelfGranted'] : [])
        .where(({ updatedAt }, { eq }) => eq(updatedAt, before.updatedAt))
        .commit(),
      ...summaryItem({ ...before, roles, memberSelfGranted: selfGranted }, group),
    ])
    .go();
  if (result.canceled) throw new ConflictError('conflict');
  const saved = await findSessionMember(key.sessionId, key.memberId);
  if (!saved) throw new ConflictError('conflict');
  return saved;
}

/** Erases session memberships (removal, leaving, a deleted session, leaving the product). */
export async function removeSessionMembers(members: readonly RemovedSessionMember[]) {
  // Each in its own transaction with its person's membership summary (decision 0055), ten at a time.
  for (let i = 0; i < members.length; i += 10)
    await Promise.all(
      members.slice(i, i + 10).map((m) =>
        db()
          .transaction.write(({ sessionMember }) => [
            sessionMember.delete({ sessionId: m.sessionId, memberId: m.memberId }).commit(),
            ...summaryItem(m, undefined, true),
          ])
          .go(),
      ),
    );
  return { unprocessed: [] as RemovedSessionMember[] };
}

/** What the removal of a session membership reads of it. */
type RemovedSessionMember = Pick<
  SessionMemberItem,
  'sessionId' | 'memberId' | 'userId' | 'sphereId' | 'category' | 'roles'
>;

/** Replaces the join link's key. */
export async function renewSessionKey(sessionId: string): Promise<string> {
  const sessionKey = newSessionKey();
  await db().entities.session.patch({ sessionId }).set({ sessionKey }).go({ response: 'none' });
  return sessionKey;
}

/**
 * Writes a session with a known id and its members, once: a session already there is left as it
 * is (the local stack's demo data, run at every start).
 */
export async function importSession(
  session: Omit<SessionItem, 'createdAt' | 'updatedAt'>,
  members: readonly NewSessionMember[],
): Promise<boolean> {
  if (await findSession(session.sessionId)) return false;
  // A group holding licences takes them, its sphere's counts raised first where they fall short
  // (as `importSphere` does for its Essentials members): the tallies stay what the groups hold.
  const tiers = groupLicences(holdingOf(session));
  const tallies = await Promise.all(tiers.map((tier) => licenceTally(session.sphereId, tier)));
  const result = await db()
    .transaction.write(({ session: sessions, quotaTally }) => [
      sessions.create({ ...session, heldLicences: tiers }).commit(),
      ...tiers.map((tier, index) => {
        const { count, used } = tallies[index] ?? { count: 0, used: 0 };
        return quotaTally
          .update({ scope: sphereScope(session.sphereId), kind: licenceKind(tier) })
          .set({ value: Math.max(count, used + 1) })
          .add({ used: 1 })
          .where((tally, op) => `(${op.notExists(tally.used)} OR ${op.eq(tally.used, used)})`)
          .commit();
      }),
    ])
    .go();
  if (result.canceled) throw new ConflictError('conflict');
  for (const member of members)
    await db()
      .transaction.write(({ sessionMember }) => [
        sessionMember.create({ ...member, sessionId: session.sessionId }).commit(),
        ...summaryItem({ ...member, sessionId: session.sessionId }, session),
      ])
      .go();
  return true;
}

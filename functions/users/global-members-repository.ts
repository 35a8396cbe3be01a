import { randomBytes } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { effectiveGlobalRoles, globalRolesOf } from '@shared/domain/global-members';
import { ConflictError, NotFoundError } from '../lib/errors';
import type { GlobalMemberEntity } from './entities/global-member';
import type { GlobalRoleChangeEntity } from './entities/global-role-change';
import { fullName } from './repository';
import { usersDb as db } from './store';

export type GlobalMemberItem = EntityItem<typeof GlobalMemberEntity>;
export type GlobalRoleChangeItem = EntityItem<typeof GlobalRoleChangeEntity>;

/** The one key of the global members (the list is one Query on it). */
const MEMBERS_KEY = 'global-members';
/** The one key of the log of their changes. */
const CHANGES_KEY = 'global-role-changes';
/** Who a change names once they left the product. */
export const FORMER = 'former';

/** What a membership's change writes: the fields listed. */
export type GlobalMembershipFields = Pick<GlobalMemberItem, 'name' | 'roles' | 'active'>;

/** Who makes a change, as the log names them. */
export interface Actor {
  actorId: string;
  actorName: string;
}

/** Every global member, in one Query of their key (a few dozen people). */
export async function allGlobalMembers(): Promise<GlobalMemberItem[]> {
  const { data } = await db().entities.globalMember.query.all({ listKey: MEMBERS_KEY }).go({ pages: 'all' });
  return data;
}

export async function findGlobalMember(userId: string): Promise<GlobalMemberItem | null> {
  const { data } = await db()
    .entities.globalMember.get({ listKey: MEMBERS_KEY, userId })
    .go({ consistent: true });
  return data;
}

/** The caller as the log names them: their name on their account (one GetItem). */
export async function actorOf(userId: string): Promise<Actor> {
  const { data } = await db()
    .entities.user.get({ userId })
    .go({ attributes: ['firstName', 'lastName'] });
  return { actorId: userId, actorName: data ? fullName(data) : '' };
}

const compact = (iso: string) => iso.replace(/[-:.]/g, '');

/** The log entry of a change, as its transaction writes it. */
function changeOf(
  action: GlobalRoleChangeItem['action'],
  member: Pick<GlobalMemberItem, 'userId' | 'name' | 'email'>,
  after: Pick<GlobalMemberItem, 'roles' | 'active'>,
  actor: Actor,
  before?: Pick<GlobalMemberItem, 'roles' | 'active'>,
) {
  const at = new Date().toISOString();
  return {
    listKey: CHANGES_KEY,
    changeId: `${compact(at)}-${randomBytes(4).toString('hex')}`,
    at,
    action,
    userId: member.userId,
    name: member.name,
    email: member.email,
    ...actor,
    ...(before ? { rolesBefore: [...before.roles], activeBefore: before.active } : {}),
    rolesAfter: [...after.roles],
    activeAfter: after.active,
  };
}

/**
 * Lists a person with their global roles: the membership (on the condition that none exists: 409
 * `exist`), the user item's `globalRoles` (on the condition that the account exists: 404 otherwise)
 * and the log entry, in one transaction.
 */
export async function insertGlobalMember(
  member: Pick<GlobalMemberItem, 'userId' | 'email'> & GlobalMembershipFields,
  actor: Actor,
): Promise<GlobalMemberItem> {
  const { userId } = member;
  const result = await db()
    .transaction.write(({ globalMember, user, globalRoleChange }) => [
      globalMember.create({ listKey: MEMBERS_KEY, ...member }).commit(),
      user
        .patch({ userId })
        .set({ globalRoles: effectiveGlobalRoles(member.roles, member.active) })
        .commit(),
      globalRoleChange.create(changeOf('added', member, member, actor)).commit(),
    ])
    .go();
  if (result.canceled) {
    if (result.data[0]?.rejected)
      throw new ConflictError('exist', { details: [{ key: 'exist', field: 'body.email' }] });
    if (result.data[1]?.rejected) throw new NotFoundError();
    throw new ConflictError('conflict');
  }
  const written = await findGlobalMember(userId);
  if (!written) throw new Error(`Global member ${userId} was written but cannot be read`);
  return written;
}

/**
 * Changes a membership as read (`before`): the membership on the condition that nobody changed it
 * since (409 `conflict`), the user item's `globalRoles` (what the person's rules read from the next
 * request on) and the log entry with the roles before and after, in one transaction.
 */
export async function saveGlobalMember(
  before: GlobalMemberItem,
  fields: GlobalMembershipFields,
  action: 'updated' | 'removed',
  actor: Actor,
): Promise<GlobalMemberItem> {
  const { userId } = before;
  const result = await db()
    .transaction.write(({ globalMember, user, globalRoleChange }) => [
      globalMember
        .patch({ listKey: MEMBERS_KEY, userId })
        .set({ name: fields.name, roles: [...fields.roles], active: fields.active })
        .where(({ updatedAt }, { eq }) => eq(updatedAt, before.updatedAt))
        .commit(),
      user
        .patch({ userId })
        .set({ globalRoles: effectiveGlobalRoles(fields.roles, fields.active) })
        .commit(),
      globalRoleChange
        .create(changeOf(action, { ...before, name: fields.name }, fields, actor, before))
        .commit(),
    ])
    .go();
  if (result.canceled) {
    if (result.data[1]?.rejected && !result.data[0]?.rejected) throw new NotFoundError();
    throw new ConflictError('conflict');
  }
  const written = await findGlobalMember(userId);
  if (!written) throw new NotFoundError();
  return written;
}

/**
 * The log, newest first: every change, or one person's (gsi1). One Query on its key, every page
 * read (a change is a super-admin's act on a VIP: a few a week, never a crowd).
 */
export async function globalRoleChanges(memberId?: string): Promise<GlobalRoleChangeItem[]> {
  const entity = db().entities.globalRoleChange;
  const { data } = memberId
    ? await entity.query.byMember({ userId: memberId }).go({ order: 'desc', pages: 'all' })
    : await entity.query.log({ listKey: CHANGES_KEY }).go({ order: 'desc', pages: 'all' });
  return data;
}

/** The changes made to a person (their data) and those they made as a super-admin: one Query each. */
export async function globalRoleChangesNaming(
  userId: string,
): Promise<{ mine: GlobalRoleChangeItem[]; made: GlobalRoleChangeItem[] }> {
  const entity = db().entities.globalRoleChange;
  const [mine, made] = await Promise.all([
    entity.query.byMember({ userId }).go({ pages: 'all' }),
    entity.query.byActor({ actorId: userId }).go({ pages: 'all' }),
  ]);
  return { mine: mine.data, made: made.data };
}

/**
 * Takes a person who left out of a log entry: as the person changed (their id, name and address)
 * and as the super-admin who made it (their id and name). The entry stays: what was given when.
 */
export async function anonymiseGlobalRoleChange(change: GlobalRoleChangeItem, userId: string): Promise<void> {
  const asMember = change.userId === userId ? { userId: FORMER, name: '', email: '' } : {};
  const asActor = change.actorId === userId ? { actorId: FORMER, actorName: '' } : {};
  if (!Object.keys(asMember).length && !Object.keys(asActor).length) return;
  await db()
    .entities.globalRoleChange.patch({ listKey: CHANGES_KEY, changeId: change.changeId })
    .set({ ...asMember, ...asActor })
    .go({ response: 'none' });
}

/** Erases a person's global membership (they leave the product; the user item goes after). */
export async function eraseGlobalMember(userId: string): Promise<void> {
  await db().entities.globalMember.delete({ listKey: MEMBERS_KEY, userId }).go({ response: 'none' });
}

/**
 * Lists a person as a global member outside a super-admin's request (the demo's super-admin): the
 * membership and the user item's roles, once (an existing membership is left as it is).
 */
export async function importGlobalMember(
  member: Pick<GlobalMemberItem, 'userId' | 'email' | 'name' | 'roles'>,
): Promise<boolean> {
  const roles = globalRolesOf(member.roles);
  const result = await db()
    .transaction.write(({ globalMember, user }) => [
      globalMember.create({ listKey: MEMBERS_KEY, ...member, roles, active: true }).commit(),
      user.patch({ userId: member.userId }).set({ globalRoles: roles }).commit(),
    ])
    .go();
  return !result.canceled;
}

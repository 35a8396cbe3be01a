import {
  GLOBAL_MEMBER_NO_ACCOUNT_KEY,
  type GlobalMember,
  type GlobalMemberCreateSchema,
  type GlobalMemberUpdateSchema,
  type GlobalRoleChange,
} from '@shared/contracts/global-members';
import { globalRolesOf, shownRoles } from '@shared/domain/global-members';
import type * as z from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import { publishAfterWrite } from '../realtime';
import {
  actorOf,
  allGlobalMembers,
  findGlobalMember,
  globalRoleChanges,
  insertGlobalMember,
  saveGlobalMember,
  type GlobalMemberItem,
  type GlobalMembershipFields,
  type GlobalRoleChangeItem,
} from './global-members-repository';
import { findVerifiedEmailOwner } from './repository';

/**
 * Global (VIP) members (spec 01 §2, §3, §6, §7): super-admins list the people with a global role,
 * add one by a verified address, change or suspend their roles and take their access away. The
 * middleware has checked the right (`manage` on every member: the super-admin mode) before any
 * function here runs. Each change reaches the person's rights at once: the token check and the
 * rules read the user item's `globalRoles` on every request, and their open tabs are told.
 */

type List<T> = { count: number; items: T[]; max: number; offset: number };

export function toGlobalMember(item: GlobalMemberItem): GlobalMember {
  return {
    id: item.userId,
    name: item.name,
    email: item.email,
    roles: shownRoles(item.roles),
    active: item.active,
    userLinked: true,
    createdAt: item.createdAt,
    updateDate: item.updatedAt,
  };
}

export function toGlobalRoleChange(item: GlobalRoleChangeItem): GlobalRoleChange {
  return {
    id: item.changeId,
    at: item.at,
    action: item.action,
    member: { id: item.userId, name: item.name, email: item.email },
    by: { id: item.actorId, name: item.actorName },
    ...(item.rolesBefore
      ? { before: { roles: shownRoles(item.rolesBefore), active: item.activeBefore ?? true } }
      : {}),
    after: { roles: shownRoles(item.rolesAfter), active: item.activeAfter },
  };
}

/** Who asks is the token's: a `requestByUserId` naming someone else is refused, never obeyed. */
function checkRequester(callerId: string, requestByUserId: string | undefined): void {
  if (requestByUserId !== undefined && requestByUserId !== callerId)
    throw new ValidationError([{ key: 'not-valid', field: 'body.requestByUserId' }]);
}

/** The person's open tabs fetch their rights again (the start call's `ability`). */
const tellRightsChanged = (userId: string) =>
  publishAfterWrite(userId, { type: 'ability', action: 'updated' });

/** GET /v1/global/members: by name, `q` in the name or the address. */
export async function listMembers(query: {
  max: number;
  offset: number;
  q?: string | undefined;
}): Promise<List<GlobalMember>> {
  const needle = query.q?.trim().toLowerCase();
  const all = (await allGlobalMembers())
    .filter((m) => !needle || m.name.toLowerCase().includes(needle) || m.email.includes(needle))
    .sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
  return {
    count: all.length,
    items: all.slice(query.offset, query.offset + query.max).map(toGlobalMember),
    max: query.max,
    offset: query.offset,
  };
}

/**
 * POST /v1/global/members: the account that verified the address is the person listed (400
 * `no-verified-account` on `body.email` when none did); a person already listed is 409 `exist`.
 */
export async function addMember(
  callerId: string,
  body: z.infer<typeof GlobalMemberCreateSchema>,
): Promise<GlobalMember> {
  checkRequester(callerId, body.requestByUserId);
  const email = body.email.trim().toLowerCase();
  const owner = await findVerifiedEmailOwner(email);
  if (!owner) throw new ValidationError([{ key: GLOBAL_MEMBER_NO_ACCOUNT_KEY, field: 'body.email' }]);
  if (await findGlobalMember(owner.userId))
    throw new ConflictError('exist', { details: [{ key: 'exist', field: 'body.email' }] });
  let saved: GlobalMemberItem;
  try {
    saved = await insertGlobalMember(
      { userId: owner.userId, email, name: body.name, roles: globalRolesOf(body.roles), active: true },
      await actorOf(callerId),
    );
  } catch (error) {
    // The account left between the two reads: the address no longer names anyone.
    if (error instanceof NotFoundError)
      throw new ValidationError([{ key: GLOBAL_MEMBER_NO_ACCOUNT_KEY, field: 'body.email' }]);
    throw error;
  }
  await tellRightsChanged(owner.userId);
  return toGlobalMember(saved);
}

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((role) => b.includes(role));

async function change(
  callerId: string,
  memberId: string,
  fields: (before: GlobalMemberItem) => GlobalMembershipFields,
  action: 'updated' | 'removed',
): Promise<GlobalMember> {
  const before = await findGlobalMember(memberId);
  if (!before) throw new NotFoundError();
  const after = fields(before);
  // Nothing changes: nothing is written, nor logged.
  if (after.name === before.name && after.active === before.active && sameRoles(after.roles, before.roles))
    return toGlobalMember(before);
  const saved = await saveGlobalMember(before, after, action, await actorOf(callerId));
  await tellRightsChanged(memberId);
  return toGlobalMember(saved);
}

/** PUT /v1/global/members/{id}: name, roles (`member` alone: none) and whether they hold them. */
export function updateMember(
  callerId: string,
  memberId: string,
  body: z.infer<typeof GlobalMemberUpdateSchema>,
): Promise<GlobalMember> {
  checkRequester(callerId, body.requestByUserId);
  return change(
    callerId,
    memberId,
    () => ({ name: body.name, roles: globalRolesOf(body.roles), active: body.active }),
    'updated',
  );
}

/** DELETE /v1/global/members/{id}: the role becomes `member` (spec 01 §6); the person stays listed. */
export function removeMemberAccess(callerId: string, memberId: string): Promise<GlobalMember> {
  return change(
    callerId,
    memberId,
    (before) => ({ name: before.name, roles: [], active: before.active }),
    'removed',
  );
}

/** GET /v1/global/role-changes: newest first, every change or one person's. */
export async function listRoleChanges(query: {
  max: number;
  offset: number;
  memberId?: string | undefined;
}): Promise<List<GlobalRoleChange>> {
  const all = await globalRoleChanges(query.memberId);
  return {
    count: all.length,
    items: all.slice(query.offset, query.offset + query.max).map(toGlobalRoleChange),
    max: query.max,
    offset: query.offset,
  };
}

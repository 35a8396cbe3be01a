import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { sphereNameScope, type SphereRole } from '@shared/domain/spheres';
import { ConflictError } from '../lib/errors';
import type { MemberEntity } from './entities/member';
import type { SphereEntity } from './entities/sphere';
import { spheresDb as db } from './store';
import { createWithGalaxyQuotas, galaxyGiveBack, sphereScope, withinLimit } from '../lib/quotas';
import { licenceKind, type LicenceTier } from '@shared/domain/licences';
import { countMatching, getMany } from '../lib/db';
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { writeLogoAttribute } from '../lib/logos';
import { licenceGiveBack, licenceTake, notEnoughLicences } from '../lib/licence-tallies';
import { licenceDayUse } from '../lib/licence-days';
import { membershipSummaryItem } from '../users';

export type SphereItem = EntityItem<typeof SphereEntity>;
export type MemberItem = EntityItem<typeof MemberEntity>;
export type NewSphere = Omit<SphereItem, 'sphereId' | 'sphereKey' | 'createdAt' | 'updatedAt'>;
export type SphereFields = Omit<
  SphereItem,
  | 'sphereId'
  | 'sphereKey'
  | 'accessCodeSalt'
  | 'ownerId'
  | 'galaxyId'
  | 'logo'
  | 'limits'
  | 'entitlements'
  | 'createdAt'
  | 'updatedAt'
>;

/**
 * The transaction item that keeps the person's membership summary true (decision 0055): the
 * member's state after the write, or its removal; nothing for a member waiting for its person.
 */
function summaryItem(
  member: Pick<MemberItem, 'userId' | 'sphereId' | 'memberId' | 'roles'> &
    Partial<Pick<MemberItem, 'active' | 'subscription'>>,
  removed = false,
) {
  return membershipSummaryItem(member.userId, {
    kind: 'sphere',
    entry: {
      sphereId: member.sphereId,
      memberId: member.memberId,
      roles: [...member.roles],
      active: member.active ?? true,
      subscription: member.subscription ?? 'starter',
    },
    removed,
  });
}

/** A new join-link secret: 128 random bits, URL-safe. */
export const newSphereKey = () => randomBytes(16).toString('base64url');

/**
 * Creates a sphere, its name in its scope and its creator's admin membership in one transaction:
 * a name already taken in the scope gives `duplicate-sphere`, whoever wrote it first.
 */
export async function insertSphere(
  sphere: NewSphere,
  scope: string,
  creator: { userId: string; name: string; email: string },
): Promise<SphereItem> {
  const sphereId = randomUUID();
  const sphereKey = newSphereKey();
  const admin = {
    sphereId,
    memberId: randomUUID(),
    userId: creator.userId,
    name: creator.name,
    email: creator.email,
    roles: ['admin' as const, 'contributor' as const],
  };
  const result = await db()
    .transaction.write(({ sphere: spheres, sphereName, member, sphereTally }) => [
      spheres.create({ ...sphere, sphereId, sphereKey }).commit(),
      sphereTally.put({ sphereId, members: 1 }).commit(),
      sphereName.create({ scope, nameKey: sphere.nameKey, sphereId }).commit(),
      member.create(admin).commit(),
      ...summaryItem(admin),
    ])
    .go();
  if (result.canceled) {
    if (result.data[2]?.rejected) throw new ConflictError('duplicate-sphere');
    throw new ConflictError('conflict');
  }
  const created = await findSphere(sphereId);
  if (!created) throw new Error(`Sphere ${sphereId} was written but cannot be read`);
  return created;
}

export async function findSphere(sphereId: string): Promise<SphereItem | null> {
  const { data } = await db().entities.sphere.get({ sphereId }).go({ consistent: true });
  return data;
}

/** Spheres by id, in the order asked; ids with no sphere are left out (BatchGetItem). */
export async function findSpheres(sphereIds: readonly string[]): Promise<SphereItem[]> {
  return getMany(
    db().entities.sphere,
    sphereIds.map((sphereId) => ({ sphereId })),
  );
}

/** Every sphere of the product, by name: one Query on gsi1 (the super-admins' list). */
export async function allSpheres(limit: number): Promise<SphereItem[]> {
  const { data } = await db().entities.sphere.query.all({}).go({ pages: 'all', limit });
  return data;
}

/**
 * Rewrites a sphere's editable fields if nobody saved it since `updateDate` (409 `conflict`); a
 * new name moves its entry in the scope in the same transaction (`duplicate-sphere` when taken).
 */
export async function replaceSphere(
  before: SphereItem,
  scope: string,
  fields: SphereFields,
  updateDate: string,
): Promise<SphereItem> {
  const renamed = fields.nameKey !== before.nameKey;
  const { sphereId } = before;
  // Optional fields left out are cleared.
  const removed = (['shortName', 'email', 'phone', 'maxFeelingDistanceKm'] as const).filter(
    (f) => fields[f] === undefined && before[f] !== undefined,
  );
  const result = await db()
    .transaction.write(({ sphere, sphereName }) => [
      sphere
        .patch({ sphereId })
        .set(fields)
        .remove(removed as never[])
        .where(({ updatedAt }, { eq }) => eq(updatedAt, updateDate))
        .commit(),
      ...(renamed
        ? [
            sphereName.create({ scope, nameKey: fields.nameKey, sphereId }).commit(),
            sphereName.delete({ scope, nameKey: before.nameKey }).commit(),
          ]
        : []),
    ])
    .go();
  if (result.canceled) {
    const [, nameTaken] = result.data as { rejected: boolean }[];
    if (renamed && nameTaken?.rejected) throw new ConflictError('duplicate-sphere');
    throw new ConflictError('conflict');
  }
  const saved = await findSphere(sphereId);
  if (!saved) throw new Error(`Sphere ${sphereId} was saved but cannot be read`);
  return saved;
}

/**
 * Sets (or, with undefined, removes) the sphere's logo if it is still `expected` (undefined: none);
 * false when the sphere is gone or its logo changed meanwhile. An UpdateItem of the one attribute
 * rather than ElectroDB's patch, which would move `updatedAt`: the logo has its own routes, and
 * `updatedAt` stays the settings form's concurrency token (decision 0016).
 */
export async function writeSphereLogo(
  sphereId: string,
  logo: string | undefined,
  expected: string | undefined,
): Promise<boolean> {
  const { Key } = db().entities.sphere.get({ sphereId }).params<{ Key: Record<string, unknown> }>();
  return writeLogoAttribute(Key, logo, expected);
}

/** A person's memberships, in every sphere: one Query on gsi1. */
export async function membershipsOf(userId: string): Promise<MemberItem[]> {
  const { data } = await db().entities.member.query.byUser({ userId }).go({ pages: 'all' });
  return data;
}

/** The caller's active roles in each sphere, as the ability rules take them. */
export async function activeMemberships(
  userId: string,
): Promise<{ sphereId: string; roles: SphereRole[]; subscription: MemberItem['subscription'] }[]> {
  return (await membershipsOf(userId))
    .filter((m) => m.active)
    .map((m) => ({ sphereId: m.sphereId, roles: [...m.roles], subscription: m.subscription }));
}

/**
 * The galaxy quota a sphere's members take (decision 0045): every member item, as the sphere's own
 * tally (`sphereTally.members`) counts them, whether active, waiting or inactive.
 */
export const MEMBERS_KIND = 'engagement-up-members';

/**
 * Writes a new member and counts it on the sphere's tally, in one transaction; false when a member
 * with that key exists (nothing is written or counted then). At the sphere's member limit
 * (`limit`, decision 0043) the tally's condition cancels it: 409 `creationBlocked`. In a sphere of
 * a galaxy the galaxy's member quota is taken last in the same transaction: at its block nothing is
 * written (409 `quota-blocked`, decision 0045).
 */
async function createCounted(
  member: Omit<MemberItem, 'createdAt' | 'updatedAt'>,
  limit = Number.MAX_SAFE_INTEGER,
  galaxyId?: string,
): Promise<boolean> {
  // An Essentials member takes one of the sphere's Essentials licences (decision 0046), before the
  // galaxy's takes, which go last.
  const essentials = member.subscription === 'essentials';
  const result = await createWithGalaxyQuotas(
    galaxyId ? { galaxyId, kinds: [MEMBERS_KIND] } : undefined,
    (takes) =>
      db()
        .transaction.write(({ member: members, sphereTally, quotaTally, licenceDay }) => [
          members.create(member).commit(),
          sphereTally
            .update({ sphereId: member.sphereId })
            .add({ members: 1 })
            .where(({ members: used }, op) => withinLimit(used, limit, op))
            .commit(),
          // The take third (read below when refused), the day's record after it, the galaxy's last.
          ...(essentials
            ? [
                licenceTake(quotaTally, member.sphereId, 'essentials'),
                licenceDayUse(licenceDay, member.sphereId, 'essentials', 1),
              ]
            : []),
          ...summaryItem(member),
          ...takes(quotaTally),
        ])
        .go(),
  );
  if (result.canceled && result.data[1]?.rejected) throw new ConflictError('creationBlocked');
  if (result.canceled && essentials && (result.data as readonly { rejected?: boolean }[])[2]?.rejected)
    throw await notEnoughLicences(member.sphereId, 'essentials', 'body.subscription');
  return !result.canceled;
}

/**
 * Adds a membership as it is (an admin's, demo data and tests of the rules); `galaxyId`: the
 * sphere's galaxy, whose member quota it takes.
 */
export async function insertMember(
  member: Omit<MemberItem, 'createdAt' | 'updatedAt'>,
  limit?: number,
  galaxyId?: string,
): Promise<void> {
  if (!(await createCounted(member, limit, galaxyId))) throw new ConflictError('conflict');
}

/**
 * Deletes a member and uncounts it, if it is still there: the sphere's tally and, in a sphere of a
 * galaxy, the galaxy's member quota get their place back in the same transaction (a member already
 * gone cancels it, and nothing is given back twice).
 */
async function deleteCounted(
  member: Pick<MemberItem, 'sphereId' | 'memberId' | 'subscription' | 'userId' | 'roles'>,
  galaxyId: string | undefined,
): Promise<void> {
  // The delete is conditioned on the subscription read: an Essentials member gives its licence back
  // once, and a member changed meanwhile cancels it (nothing is given back wrongly).
  await db()
    .transaction.write(({ member: members, sphereTally, quotaTally, licenceDay }) => [
      members
        .delete({ sphereId: member.sphereId, memberId: member.memberId })
        .where(
          ({ memberId, subscription }, { exists, eq }) =>
            `${exists(memberId)} AND ${eq(subscription, member.subscription)}`,
        )
        .commit(),
      sphereTally.update({ sphereId: member.sphereId }).add({ members: -1 }).commit(),
      ...(member.subscription === 'essentials'
        ? [
            licenceGiveBack(quotaTally, member.sphereId, 'essentials'),
            licenceDayUse(licenceDay, member.sphereId, 'essentials', -1),
          ]
        : []),
      ...summaryItem(member, true),
      ...galaxyGiveBack(quotaTally, galaxyId, [MEMBERS_KIND]),
    ])
    .go();
}

/** Erases memberships (leaving the product); the sphere keeps no personal data of the person. */
export async function removeMembers(
  members: readonly Pick<MemberItem, 'sphereId' | 'memberId' | 'subscription' | 'userId' | 'roles'>[],
) {
  // Each member gives its place back to the galaxy its sphere is in (one BatchGetItem of the spheres).
  const spheres = await findSpheres([...new Set(members.map((m) => m.sphereId))]);
  const galaxyOf = new Map(spheres.map((s) => [s.sphereId, s.galaxyId]));
  for (const member of members) await deleteCounted(member, galaxyOf.get(member.sphereId));
  return {
    unprocessed: [] as Pick<MemberItem, 'sphereId' | 'memberId' | 'subscription' | 'userId' | 'roles'>[],
  };
}

/** The spheres a person created, by their names in the person's scope: one Query. */
export async function namesInScope(scope: string) {
  const { data } = await db().entities.sphereName.query.name({ scope }).go({ pages: 'all' });
  return data;
}

/**
 * A sphere whose creator left: its owner becomes `former:<sphereId>` and its name moves to that
 * scope, in one transaction, so nothing in the sphere names the person any more.
 */
export async function releaseSphere(name: { scope: string; nameKey: string; sphereId: string }) {
  const formerOwner = `former:${name.sphereId}`;
  await db()
    .transaction.write(({ sphere, sphereName }) => [
      sphereName.delete({ scope: name.scope, nameKey: name.nameKey }).commit(),
      sphereName
        .put({
          scope: sphereNameScope({ ownerId: formerOwner }),
          nameKey: name.nameKey,
          sphereId: name.sphereId,
        })
        .commit(),
      sphere.patch({ sphereId: name.sphereId }).set({ ownerId: formerOwner }).commit(),
    ])
    .go();
}

/**
 * Writes a sphere with a known id, its name and its members, once: a sphere already there is left
 * as it is (the local stack's demo data, run at every start).
 */
export async function importSphere(
  sphere: Omit<SphereItem, 'createdAt' | 'updatedAt'>,
  members: readonly Omit<MemberItem, 'sphereId' | 'createdAt' | 'updatedAt'>[],
  licences: Partial<Record<LicenceTier, number>> = {},
): Promise<boolean> {
  if (await findSphere(sphere.sphereId)) return false;
  const scope = sphereNameScope(sphere);
  // Its licences before its members: an Essentials member takes one (at least as many as there are).
  const essentials = Math.max(
    licences.essentials ?? 0,
    members.filter((m) => m.subscription === 'essentials').length,
  );
  const counts = { ...licences, ...(essentials > 0 ? { essentials } : {}) };
  await db()
    .transaction.write(({ sphere: spheres, sphereName, quotaTally }) => [
      spheres.create(sphere).commit(),
      sphereName.create({ scope, nameKey: sphere.nameKey, sphereId: sphere.sphereId }).commit(),
      ...(Object.entries(counts) as [LicenceTier, number][]).map(([tier, value]) =>
        quotaTally
          .put({ scope: sphereScope(sphere.sphereId), kind: licenceKind(tier), used: 0, value })
          .commit(),
      ),
    ])
    .go();
  for (const member of members)
    await insertMember({ ...member, sphereId: sphere.sphereId }, undefined, sphere.galaxyId);
  return true;
}

/**
 * The member id of a person who joined by the link: the same for the same person in the same
 * sphere (so two joins at once make one member), and naming neither.
 */
export const joinedMemberId = (sphereId: string, userId: string) =>
  createHash('sha256').update(`${sphereId}:${userId}`).digest('base64url').slice(0, 22);

/** The person's membership of one sphere, if any: one Query of gsi1 on the person and the sphere. */
export async function membershipIn(userId: string, sphereId: string): Promise<MemberItem | null> {
  const { data } = await db().entities.member.query.byUser({ userId, sphereId }).go();
  return data[0] ?? null;
}

/**
 * A new contributor who joined by the link; an existing item (a join racing this one) is kept
 * as it is. `galaxyId`: the sphere's galaxy, whose member quota it takes.
 */
export async function insertJoinedMember(
  member: Omit<MemberItem, 'createdAt' | 'updatedAt'>,
  limit: number,
  galaxyId?: string,
): Promise<void> {
  await createCounted(member, limit, galaxyId);
}

/** A member who had left comes back active, a contributor, with the address they joined with. */
export async function reactivateMember(member: MemberItem, email: string, name: string): Promise<void> {
  const roles = [...new Set([...member.roles, 'contributor' as const])];
  // Conditioned on the member as read, so the summary's entry is the member's state: a change
  // meanwhile cancels it (409 `conflict`, the join is tried again).
  const result = await db()
    .transaction.write(({ member: members }) => [
      members
        .patch({ sphereId: member.sphereId, memberId: member.memberId })
        .set({ active: true, roles, email, name })
        .remove(['inactiveReason'])
        .where(({ updatedAt }, { eq }) => eq(updatedAt, member.updatedAt))
        .commit(),
      ...summaryItem({ ...member, roles, active: true }),
    ])
    .go();
  if (result.canceled) throw new ConflictError('conflict');
}

/** A sphere's members, by id: one Query on the sphere's partition. */
export async function membersOf(sphereId: string): Promise<MemberItem[]> {
  const { data } = await db().entities.member.query.sphere({ sphereId }).go({ pages: 'all' });
  return data;
}

/**
 * How many members a sphere has: its tally, kept with every member written or deleted (one
 * GetItem); a sphere written before the tally existed is counted the long way.
 */
export async function memberCount(sphereId: string, options: { consistent?: boolean } = {}): Promise<number> {
  const tally = await db()
    .entities.sphereTally.get({ sphereId })
    .go({ consistent: options.consistent ?? false });
  return (
    tally.data?.members ??
    (await countMatching(db().entities.member.query.sphere({ sphereId }).params() as QueryCommandInput))
  );
}

/**
 * One page of a sphere's members by name (gsi2), and how many there are (the sphere's tally, kept
 * with every member written): the admins' list without reading every member.
 */
export async function membersPage(
  sphereId: string,
  offset: number,
  max: number,
): Promise<{ count: number; items: MemberItem[] }> {
  const [page, count] = await Promise.all([
    db()
      .entities.member.query.byName({ sphereId })
      .go({ limit: offset + max }),
    memberCount(sphereId),
  ]);
  return { count, items: page.data.slice(offset) };
}

/** Replaces the join link's key. */
export async function renewSphereKey(sphereId: string): Promise<string> {
  const sphereKey = newSphereKey();
  await db().entities.sphere.patch({ sphereId }).set({ sphereKey }).go({ response: 'none' });
  return sphereKey;
}

export async function findMember(sphereId: string, memberId: string): Promise<MemberItem | null> {
  const { data } = await db().entities.member.get({ sphereId, memberId }).go({ consistent: true });
  return data;
}

/**
 * Writes a member's new state if nobody changed it since `updatedAt` was read (409 `conflict`):
 * the last-admin rule is checked on what was read, so two admins demoting each other at once
 * cannot leave the sphere without one.
 */
export async function saveMember(
  before: MemberItem,
  change: {
    name: string;
    roles: MemberItem['roles'];
    subscription: MemberItem['subscription'];
    active: boolean;
    inactiveReason?: MemberItem['inactiveReason'];
    firstDayOfWork?: string | undefined;
    tagIds?: string[];
  },
): Promise<MemberItem> {
  const { inactiveReason, firstDayOfWork, ...fields } = change;
  const removed = [
    ...(inactiveReason === undefined && before.inactiveReason !== undefined
      ? ['inactiveReason' as const]
      : []),
    ...(firstDayOfWork === undefined && before.firstDayOfWork !== undefined
      ? ['firstDayOfWork' as const]
      : []),
  ];
  const key = { sphereId: before.sphereId, memberId: before.memberId };
  const set = {
    ...fields,
    ...(inactiveReason !== undefined ? { inactiveReason } : {}),
    ...(firstDayOfWork !== undefined ? { firstDayOfWork } : {}),
  };
  const takes = before.subscription !== 'essentials' && change.subscription === 'essentials';
  const gives = before.subscription === 'essentials' && change.subscription !== 'essentials';
  if (takes || gives) {
    // Made Essentials, the member takes a licence; made Starter, gives it back: in the save's own
    // transaction, so racing assignments never pass the count (decision 0046).
    const result = await db()
      .transaction.write(({ member, quotaTally, licenceDay }) => [
        member
          .patch(key)
          .set(set)
          .remove(removed)
          .where(({ updatedAt }, { eq }) => eq(updatedAt, before.updatedAt))
          .commit(),
        takes
          ? licenceTake(quotaTally, before.sphereId, 'essentials')
          : licenceGiveBack(quotaTally, before.sphereId, 'essentials'),
        licenceDayUse(licenceDay, before.sphereId, 'essentials', takes ? 1 : -1),
        ...summaryItem({ ...before, ...change }),
      ])
      .go();
    if (result.canceled) {
      if (takes && result.data[1]?.rejected)
        throw await notEnoughLicences(before.sphereId, 'essentials', 'body.subscription');
      throw new ConflictError('conflict');
    }
    const { data } = await db().entities.member.get(key).go({ consistent: true });
    if (!data) throw new ConflictError('conflict');
    return data;
  }
  const result = await db()
    .transaction.write(({ member }) => [
      member
        .patch(key)
        .set(set)
        .remove(removed)
        .where(({ updatedAt }, { eq }) => eq(updatedAt, before.updatedAt))
        .commit(),
      ...summaryItem({ ...before, ...change }),
    ])
    .go();
  if (result.canceled) throw new ConflictError('conflict');
  const { data } = await db().entities.member.get(key).go({ consistent: true });
  if (!data) throw new ConflictError('conflict');
  return data;
}

/**
 * The user id a member added by an admin holds until the person of that address joins: naming
 * nobody, the same for the same address, so it is found again from the address alone.
 */
export const pendingUserId = (email: string) =>
  `pending:${createHash('sha256').update(email.toLowerCase()).digest('base64url').slice(0, 22)}`;

/** Whether a member's user id is one waiting for its person (`pendingUserId`). */
export const isPendingUserId = (userId: string) => userId.startsWith('pending:');

/** Deletes a member (an admin's removal); `galaxyId`: the sphere's galaxy, given its place back. */
export async function deleteMember(
  member: Pick<MemberItem, 'sphereId' | 'memberId' | 'subscription' | 'userId' | 'roles'>,
  galaxyId?: string,
): Promise<void> {
  await deleteCounted(member, galaxyId);
}

/**
 * A member an admin added before the person had an account becomes theirs when they join with
 * that address: the same member (id, roles, plan, first day of work), now active and linked. The
 * item is written whole again (the user id is a key of the person's index), only while it is still
 * the pending one, so two joins at once link it once: false when another linked it first.
 */
export async function linkPendingMember(
  pending: MemberItem,
  person: { userId: string; name: string; email: string },
): Promise<boolean> {
  const { createdAt: _createdAt, updatedAt: _updatedAt, inactiveReason: _reason, ...kept } = pending;
  const linked = {
    ...kept,
    ...person,
    roles: [...new Set([...pending.roles, 'contributor' as const])],
    active: true,
    createdAt: pending.createdAt,
  };
  const result = await db()
    .transaction.write(({ member }) => [
      member
        .put(linked)
        .where(({ userId }, { eq }) => eq(userId, pending.userId))
        .commit(),
      ...summaryItem(linked),
    ])
    .go();
  return !result.canceled;
}

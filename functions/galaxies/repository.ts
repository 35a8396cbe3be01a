import { createHash, randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { getMany } from '../lib/db';
import { isConditionFailure } from '../lib/conditions';
import { ConflictError, NotFoundError } from '../lib/errors';
import { galaxyScope, valueFields } from '../lib/quotas';
import type { GalaxyEntity } from './entities/galaxy';
import type { GalaxyContextEntity } from './entities/galaxy-context';
import type { GalaxyMemberEntity } from './entities/galaxy-member';
import type { GalaxySphereEntity } from './entities/galaxy-sphere';
import type { QuotaRequestEntity } from './entities/quota-request';
import { galaxiesDb as db } from './store';
import { membershipSummaryItem } from '../users';

export type GalaxyItem = EntityItem<typeof GalaxyEntity>;
export type GalaxyMemberItem = EntityItem<typeof GalaxyMemberEntity>;
export type GalaxySphereItem = EntityItem<typeof GalaxySphereEntity>;
export type QuotaRequestItem = EntityItem<typeof QuotaRequestEntity>;
export type GalaxyContextItem = EntityItem<typeof GalaxyContextEntity>;
export type GalaxyFields = Pick<GalaxyItem, 'name' | 'shortName' | 'language' | 'photoUrl' | 'renewalDate'>;

/** Everything a galaxy keeps in its partition, by one Query of its collection. */
export async function galaxyCollection(galaxyId: string) {
  const { data } = await db().collections.galaxy({ galaxyId }).go({ pages: 'all' });
  return {
    galaxy: data.galaxy[0] ?? null,
    members: data.galaxyMember,
    spheres: data.galaxySphere,
    requests: data.quotaRequest,
    context: data.galaxyContext[0] ?? null,
  };
}

export async function findGalaxy(galaxyId: string): Promise<GalaxyItem | null> {
  const { data } = await db().entities.galaxy.get({ galaxyId }).go({ consistent: true });
  return data;
}

export async function findGalaxies(galaxyIds: readonly string[]): Promise<GalaxyItem[]> {
  return getMany(
    db().entities.galaxy,
    galaxyIds.map((galaxyId) => ({ galaxyId })),
  );
}

/** Every galaxy by name: one Query of gsi1 under its one key. */
export async function galaxiesByName(): Promise<GalaxyItem[]> {
  const { data } = await db().entities.galaxy.query.byName({ listKey: 'galaxies' }).go({ pages: 'all' });
  return data;
}

export async function insertGalaxy(
  fields: GalaxyFields,
  galaxyId: string = randomUUID(),
): Promise<GalaxyItem> {
  await db()
    .entities.galaxy.create({ ...fields, galaxyId })
    .go({ response: 'none' });
  const created = await findGalaxy(galaxyId);
  if (!created) throw new Error(`Galaxy ${galaxyId} was written but cannot be read`);
  return created;
}

/** Rewrites a galaxy's identity if nobody saved it since `updatedAt` was read (409 `conflict`). */
export async function saveGalaxy(
  galaxyId: string,
  updatedAt: string,
  fields: GalaxyFields,
): Promise<GalaxyItem> {
  const { photoUrl, renewalDate, ...required } = fields;
  const removed = [
    ...(photoUrl === undefined ? (['photoUrl'] as const) : []),
    ...(renewalDate === undefined ? (['renewalDate'] as const) : []),
  ];
  try {
    const { data } = await db()
      .entities.galaxy.patch({ galaxyId })
      .set({
        ...required,
        ...(photoUrl !== undefined ? { photoUrl } : {}),
        ...(renewalDate ? { renewalDate } : {}),
      })
      .remove(removed)
      .where(({ updatedAt: current }, { eq }) => eq(current, updatedAt))
      .go({ response: 'all_new' });
    return data as GalaxyItem;
  } catch (error) {
    if (isConditionFailure(error)) {
      if (!(await findGalaxy(galaxyId))) throw new NotFoundError({ cause: error });
      throw new ConflictError('conflict', { cause: error });
    }
    throw error;
  }
}

/** Deletes a galaxy holding no sphere (409 `galaxy-not-empty`), with its members, requests and context. */
export async function removeGalaxy(galaxyId: string): Promise<void> {
  const { galaxy, members, requests, context } = await galaxyCollection(galaxyId);
  if (!galaxy) throw new NotFoundError();
  try {
    await db()
      .entities.galaxy.delete({ galaxyId })
      .where(({ sphereCount }, { eq }) => eq(sphereCount, 0))
      .go({ response: 'none' });
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError('galaxy-not-empty', { cause: error });
    throw error;
  }
  const entities = db().entities;
  await Promise.all([
    ...members.map((m) =>
      db()
        .transaction.write(({ galaxyMember }) => [
          galaxyMember.delete({ galaxyId, memberId: m.memberId }).commit(),
          ...summaryItem(m, true),
        ])
        .go(),
    ),
    ...requests.map((r) => entities.quotaRequest.delete({ galaxyId, requestId: r.requestId }).go()),
    ...(context ? [entities.galaxyContext.delete({ galaxyId }).go()] : []),
  ]);
}

// Members

/**
 * The transaction item that keeps the person's membership summary true (decision 0055): the
 * galaxy membership after the write, or its removal; nothing for a member not linked to a person.
 */
function summaryItem(
  member: Pick<GalaxyMemberItem, 'galaxyId' | 'memberId' | 'roles'> &
    Partial<Pick<GalaxyMemberItem, 'userId' | 'active'>>,
  removed = false,
) {
  return membershipSummaryItem(member.userId, {
    kind: 'galaxy',
    entry: {
      galaxyId: member.galaxyId,
      memberId: member.memberId,
      roles: [...member.roles],
      active: member.active ?? true,
    },
    removed,
  });
}

/** The member id of an address in a galaxy: the same address twice is one member (409 `exist`). */
export const galaxyMemberId = (galaxyId: string, email: string) =>
  createHash('sha256').update(`${galaxyId}:${email}`).digest('base64url').slice(0, 22);

export async function findGalaxyMember(galaxyId: string, memberId: string): Promise<GalaxyMemberItem | null> {
  const { data } = await db().entities.galaxyMember.get({ galaxyId, memberId }).go({ consistent: true });
  return data;
}

/** Adds a member and counts it on the galaxy, once: the same address twice answers `exist`. */
export async function insertGalaxyMember(
  member: Omit<
    GalaxyMemberItem,
    'memberId' | 'createdAt' | 'updatedAt' | 'active' | 'removedByUser' | 'removedByAdmin'
  >,
): Promise<GalaxyMemberItem> {
  const memberId = galaxyMemberId(member.galaxyId, member.email);
  const result = await db()
    .transaction.write(({ galaxy, galaxyMember }) => [
      galaxyMember.create({ ...member, memberId }).commit(),
      galaxy
        .update({ galaxyId: member.galaxyId })
        .add({ memberCount: 1 })
        .where(({ galaxyId }, { exists }) => exists(galaxyId))
        .commit(),
      ...summaryItem({ ...member, memberId }),
    ])
    .go();
  if (result.canceled) {
    if (result.data[1]?.rejected) throw new NotFoundError();
    throw new ConflictError('exist', { details: [{ key: 'exist', field: 'body.email' }] });
  }
  const written = await findGalaxyMember(member.galaxyId, memberId);
  if (!written) throw new Error(`Galaxy member ${memberId} was written but cannot be read`);
  return written;
}

export async function saveGalaxyMember(
  before: GalaxyMemberItem,
  fields: Pick<GalaxyMemberItem, 'name' | 'roles' | 'active' | 'removedByAdmin'> & {
    firstDayOfWork?: string | undefined;
  },
): Promise<GalaxyMemberItem> {
  const { firstDayOfWork, ...rest } = fields;
  const key = { galaxyId: before.galaxyId, memberId: before.memberId };
  const result = await db()
    .transaction.write(({ galaxyMember }) => [
      galaxyMember
        .patch(key)
        .set({ ...rest, ...(firstDayOfWork ? { firstDayOfWork } : {}) })
        .remove(firstDayOfWork ? [] : ['firstDayOfWork'])
        .where(({ updatedAt }, { eq }) => eq(updatedAt, before.updatedAt))
        .commit(),
      ...summaryItem({ ...before, ...rest }),
    ])
    .go();
  if (result.canceled) throw new ConflictError('conflict');
  const saved = await findGalaxyMember(key.galaxyId, key.memberId);
  if (!saved) throw new ConflictError('conflict');
  return saved;
}

/** A person's galaxy memberships, by one Query on the user index. */
export async function galaxyMembershipsOf(userId: string): Promise<GalaxyMemberItem[]> {
  const { data } = await db().entities.galaxyMember.query.byUser({ userId }).go({ pages: 'all' });
  return data;
}

/** Takes the person off a membership (leaving the product): the galaxy keeps the admin's name. */
export async function unlinkGalaxyMember(member: GalaxyMemberItem): Promise<void> {
  await db()
    .transaction.write(({ galaxyMember }) => [
      galaxyMember
        .patch({ galaxyId: member.galaxyId, memberId: member.memberId })
        .set({ active: false, removedByUser: true })
        .remove(['userId'])
        .commit(),
      ...summaryItem(member, true),
    ])
    .go();
}

// Quotas

/** Sets a quota's value (`null`: no limit); the usage is kept as it is (0 when none yet). */
export async function writeQuotaValue(galaxyId: string, kind: string, value: number | null): Promise<void> {
  const tally = db().entities.quotaTally.update({ scope: galaxyScope(galaxyId), kind });
  const at = new Date().toISOString();
  if (value === null)
    await tally.add({ used: 0 }).set({ updatedAt: at }).remove(['value', 'quietBelow']).go();
  else
    await tally
      .add({ used: 0 })
      .set({ ...valueFields(value), updatedAt: at })
      .go();
}

// Change requests

export async function findQuotaRequest(
  galaxyId: string,
  requestId: string,
): Promise<QuotaRequestItem | null> {
  const { data } = await db().entities.quotaRequest.get({ galaxyId, requestId }).go({ consistent: true });
  return data;
}

/**
 * Writes a pending request, on the condition that its kind has none pending (409 `exist`): the
 * galaxy item holds the pending kinds, changed in the same transaction.
 */
export async function insertQuotaRequest(
  request: Pick<
    QuotaRequestItem,
    'galaxyId' | 'kind' | 'currentValue' | 'requestedValue' | 'reason' | 'requestedBy'
  >,
): Promise<QuotaRequestItem> {
  const requestId = `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
  const result = await db()
    .transaction.write(({ galaxy, quotaRequest }) => [
      quotaRequest.create({ ...request, requestId }).commit(),
      galaxy
        .update({ galaxyId: request.galaxyId })
        .add({ pendingKinds: [request.kind] })
        .where(
          ({ galaxyId, pendingKinds }, op) =>
            `${op.exists(galaxyId)} AND NOT ${op.contains(pendingKinds, request.kind)}`,
        )
        .commit(),
    ])
    .go();
  if (result.canceled) {
    if (!(await findGalaxy(request.galaxyId))) throw new NotFoundError();
    throw new ConflictError('exist', { details: [{ key: 'exist', field: 'body.kind' }] });
  }
  const written = await findQuotaRequest(request.galaxyId, requestId);
  if (!written) throw new Error(`Quota request ${requestId} was written but cannot be read`);
  return written;
}

/** A request moved on from pending: 404 gone, 409 `quota-request-decided` already decided. */
async function refusedMove(galaxyId: string, requestId: string): Promise<never> {
  const now = await findQuotaRequest(galaxyId, requestId);
  if (!now) throw new NotFoundError();
  throw new ConflictError('quota-request-decided');
}

/**
 * Decides a pending request: its status, who and when, off the pending index; the kind leaves the
 * galaxy's pending kinds; a validated request sets the quota's value, all in one transaction.
 */
export async function decideRequest(
  request: QuotaRequestItem,
  decision: {
    status: 'validated' | 'rejected';
    decidedBy: { userId: string; name: string };
    comment?: string | undefined;
  },
): Promise<QuotaRequestItem> {
  const { galaxyId, requestId } = request;
  const at = new Date().toISOString();
  const result = await db()
    .transaction.write(({ galaxy, quotaRequest, quotaTally }) => [
      quotaRequest
        .patch({ galaxyId, requestId })
        .set({
          status: decision.status,
          decidedBy: decision.decidedBy,
          decidedAt: at,
          pendingKey: 'decided',
          createdAt: request.createdAt,
          ...(decision.comment ? { comment: decision.comment } : {}),
        })
        .where(({ status }, { eq }) => eq(status, 'pending'))
        .commit(),
      galaxy
        .update({ galaxyId })
        .delete({ pendingKinds: [request.kind] })
        .commit(),
      ...(decision.status === 'validated'
        ? [
            quotaTally
              .update({ scope: galaxyScope(galaxyId), kind: request.kind })
              .add({ used: 0 })
              .set({ ...valueFields(request.requestedValue), updatedAt: at })
              .commit(),
          ]
        : []),
    ])
    .go();
  if (result.canceled) return refusedMove(galaxyId, requestId);
  const decided = await findQuotaRequest(galaxyId, requestId);
  if (!decided) throw new Error(`Quota request ${requestId} was decided but cannot be read`);
  return decided;
}

/** Withdraws a pending request (and its kind from the galaxy's pending kinds). */
export async function withdrawRequest(request: QuotaRequestItem): Promise<void> {
  const { galaxyId, requestId } = request;
  const result = await db()
    .transaction.write(({ galaxy, quotaRequest }) => [
      quotaRequest
        .delete({ galaxyId, requestId })
        .where(({ status }, { eq }) => eq(status, 'pending'))
        .commit(),
      galaxy
        .update({ galaxyId })
        .delete({ pendingKinds: [request.kind] })
        .commit(),
    ])
    .go();
  if (result.canceled) await refusedMove(galaxyId, requestId);
}

/** Every pending request of every galaxy, oldest first: one Query of the sparse pending index. */
export async function pendingRequests(): Promise<QuotaRequestItem[]> {
  const { data } = await db()
    .entities.quotaRequest.query.pending({ pendingKey: 'pending' })
    .go({ pages: 'all' });
  return data;
}

/** The requests a person made (their data): the galaxies they administer, by one Query each. */
export async function requestsBy(userId: string, galaxyIds: readonly string[]): Promise<QuotaRequestItem[]> {
  const lists = await Promise.all(
    galaxyIds.map(async (galaxyId) => {
      const { data } = await db().entities.quotaRequest.query.galaxy({ galaxyId }).go({ pages: 'all' });
      return data.filter((r) => r.requestedBy.userId === userId || r.decidedBy?.userId === userId);
    }),
  );
  return lists.flat();
}

// Context

export async function findGalaxyContext(galaxyId: string): Promise<GalaxyContextItem | null> {
  const { data } = await db().entities.galaxyContext.get({ galaxyId }).go({ consistent: true });
  return data;
}

export type GalaxyContextFields = Pick<
  GalaxyContextItem,
  'name' | 'description' | 'substitutions' | 'overrides'
>;

/**
 * Writes the galaxy's context: created when `updateDate` is absent (409 `conflict` when one exists
 * meanwhile), else replaced if nobody saved it since (409 `conflict`).
 */
export async function saveGalaxyContext(
  galaxyId: string,
  fields: GalaxyContextFields,
  updateDate: string | undefined,
): Promise<GalaxyContextItem> {
  const entity = db().entities.galaxyContext;
  try {
    if (updateDate === undefined) await entity.create({ galaxyId, ...fields }).go({ response: 'none' });
    else
      await entity
        .patch({ galaxyId })
        .set(fields)
        .where(({ updatedAt }, { eq }) => eq(updatedAt, updateDate))
        .go({ response: 'none' });
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError('conflict', { cause: error });
    throw error;
  }
  const saved = await findGalaxyContext(galaxyId);
  if (!saved) throw new Error(`The context of galaxy ${galaxyId} was saved but cannot be read`);
  return saved;
}

export async function removeGalaxyContext(galaxyId: string): Promise<boolean> {
  try {
    await db()
      .entities.galaxyContext.delete({ galaxyId })
      .where(({ galaxyId: id }, { exists }) => exists(id))
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Erases a membership (leaving the product) and uncounts it, if it is still there. */
export async function eraseGalaxyMember(
  member: Pick<GalaxyMemberItem, 'galaxyId' | 'memberId' | 'roles'> &
    Pick<Partial<GalaxyMemberItem>, 'userId'>,
): Promise<void> {
  await db()
    .transaction.write(({ galaxy, galaxyMember }) => [
      galaxyMember
        .delete({ galaxyId: member.galaxyId, memberId: member.memberId })
        .where(({ memberId }, { exists }) => exists(memberId))
        .commit(),
      galaxy.update({ galaxyId: member.galaxyId }).add({ memberCount: -1 }).commit(),
      ...summaryItem(member, true),
    ])
    .go();
}

/** A request keeps its history without naming the person who left: who asked or decided is taken off. */
export async function anonymiseRequest(request: QuotaRequestItem, userId: string): Promise<void> {
  const nobody = { userId: 'former', name: '' };
  await db()
    .entities.quotaRequest.patch({ galaxyId: request.galaxyId, requestId: request.requestId })
    .set({
      ...(request.requestedBy.userId === userId ? { requestedBy: nobody } : {}),
      ...(request.decidedBy?.userId === userId ? { decidedBy: nobody } : {}),
      pendingKey: request.pendingKey,
      createdAt: request.createdAt,
    })
    .go({ response: 'none' });
}

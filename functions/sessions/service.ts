import { createHash } from 'node:crypto';
import { removalRecord, runCascades, type Cascade } from '../lib/cascades';
import { enqueueNotification } from '../lib/queue';
import { logger } from '../lib/logger';
import { subject } from '@casl/ability';
import { isLanguage, type Language } from '@shared/contracts/headers';
import type { SessionSummary } from '@shared/contracts/me';
import { tagName } from '@shared/domain/tags';
import type {
  MultilingualName,
  Session,
  SessionCreate,
  SessionMember,
  SessionMemberAdd,
  SessionUpdate,
} from '@shared/contracts/sessions';
import type { AppAbility, SessionMembership } from '@shared/domain/ability';
import {
  ancestorsUnder,
  descendantsOf,
  parentProblem,
  reparented,
  textIn,
  visibleName,
  type SessionRole,
} from '@shared/domain/sessions';
import {
  groupHoldingProblem,
  groupLicenceChanges,
  normalModules,
  type GroupHolding,
} from '@shared/domain/group-licences';
import {
  BadRequestError,
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../lib/errors';
import { sameSecret } from '../lib/secrets';
import { publishAfterWrite } from '../realtime';
import {
  activeTagsOf,
  checkSessionTags,
  findMember,
  findSphere,
  findSpheres,
  membersOf,
  membershipIn,
  type SphereItem,
} from '../spheres';
import { fullName, getAccount, recordGroupInSummary } from '../users';
import {
  deleteSessionItems,
  findSession,
  findSessionMember,
  findSessions,
  heldOf,
  holdingOf,
  insertJoinedSessionMember,
  insertSession,
  insertSessionMember,
  membersOfSession,
  removeSessionMembers,
  renewSessionKey,
  saveSession,
  saveSessionMemberRoles,
  sessionMembershipIn,
  sessionMembershipsOf,
  sessionsOfSphere,
  type MemberGrant,
  type SessionItem,
  type SessionMemberItem,
} from './repository';
import { GROUPS, sessionQuotaKind } from './repository';
import { ensureTally, savedWithCount, sphereScope, type CountedKind } from '../lib/quotas';

/** What a caller may do with one session, from their rules. */
function rightsOn(ability: AppAbility | undefined, item: Pick<SessionItem, 'sessionId' | 'sphereId'>) {
  const on = subject('session', { sessionId: item.sessionId, sphereId: item.sphereId });
  return {
    seeRealName: ability?.can('smartReport', on) ?? false,
    edit: ability?.can('put', on) ?? false,
  };
}

/** What the caller holds in a session: their roles, and whether they gave themselves `member`. */
type Held = { roles: readonly SessionRole[]; memberSelfGranted?: boolean | undefined } | null;

/** The session as the API shows it to one caller: their roles there, never the join key. */
export function toSession(
  item: SessionItem,
  held: Held,
  ability: AppAbility | undefined,
  inheritedTagIds: readonly string[] = [],
): Session {
  const rights = rightsOn(ability, item);
  const roles = held ? [...held.roles] : null;
  return {
    id: item.sessionId,
    sphereId: item.sphereId,
    name: visibleName(item, rights.seeRealName),
    ...(rights.edit ? { realName: item.name, publicName: item.publicName } : {}),
    category: item.category,
    type: item.type,
    ...(item.parentSessionId !== undefined ? { parentSessionId: item.parentSessionId } : {}),
    parentSessionIds: item.parentSessionIds,
    level: item.parentSessionIds.length,
    ...(item.childNumber !== undefined ? { childNumber: item.childNumber } : {}),
    isLeaf: item.isLeaf,
    ...(item.stepNumber !== undefined ? { stepNumber: item.stepNumber } : {}),
    subscription: item.subscription,
    subscriptionModules: holdingOf(item).subscriptionModules.slice(),
    isPublic: item.isPublic,
    archived: item.archived,
    specificTagIds: item.specificTagIds ?? [],
    inheritedTagIds: [...inheritedTagIds],
    isMember: roles !== null,
    roles: roles ?? [],
    // Their member role opens no report here (decision 0012): the group's page says why.
    ...(roles?.includes('member') && held?.memberSelfGranted === true ? { selfGranted: true as const } : {}),
    createdAt: item.createdAt,
    updateDate: item.updatedAt,
  };
}

/**
 * The names a session must have (spec 01 §5): its name in the sphere's primary language; a consumer
 * session also its public name; a step number for consumer sessions only.
 */
function checkFields(
  sphere: SphereItem,
  category: SessionItem['category'],
  body: { name: MultilingualName; publicName: MultilingualName; stepNumber?: number | undefined },
): void {
  const primary = sphere.languages.primary;
  const errors = [];
  if (!body.name[primary]) errors.push({ key: 'required', field: `body.name.${primary}` });
  if (category === 'consumer' && !body.publicName[primary])
    errors.push({ key: 'required', field: `body.publicName.${primary}` });
  if (category === 'contributor' && body.stepNumber !== undefined)
    errors.push({ key: 'not-valid', field: 'body.stepNumber' });
  if (errors.length) throw new ValidationError(errors);
}

/**
 * A group's plan and modules as they may be held (decision 0050): modules only on a contributor
 * group (400 `not-valid`), and only with its Essentials (400 `e-nous-essentials-licenses-required`).
 */
function checkHolding(category: SessionItem['category'], holding: GroupHolding): GroupHolding {
  const normal = { ...holding, subscriptionModules: normalModules(holding.subscriptionModules) };
  const problem = groupHoldingProblem(category, normal);
  if (problem === 'not-valid')
    throw new ValidationError([{ key: 'not-valid', field: 'body.subscriptionModules' }]);
  if (problem)
    throw new DomainError(problem, 400, { details: [{ key: problem, field: 'body.subscriptionModules' }] });
  return normal;
}

/** A parent that may hold the session, or the session error saying why not (spec 01 §8). */
async function checkParent(
  child: { sessionId?: string; sphereId: string; category: SessionItem['category'] },
  parentSessionId: string,
): Promise<SessionItem> {
  const parent = await findSession(parentSessionId);
  if (!parent || parent.archived) throw new BadRequestError('changeParentNotAllowed');
  const problem = parentProblem(child, parent);
  if (problem) throw new BadRequestError(problem);
  return parent;
}

/** Whether the caller may arrange the sphere's tree (spec 01 §6: post on a session or parent, shown as admin). */
const arrangesTree = (ability: AppAbility | undefined, sphereId: string) =>
  ability?.can('post', subject('session', { sphereId })) ?? false;

/** The tags a session inherits: its ancestors' own tags, root first, each once. */
function inheritedTags(
  session: Pick<SessionItem, 'parentSessionIds'>,
  find: (sessionId: string) => Pick<SessionItem, 'specificTagIds'> | undefined,
): string[] {
  return [...new Set(session.parentSessionIds.flatMap((id) => find(id)?.specificTagIds ?? []))];
}

/** GET /v1/spheres/{id}/sessions: the sphere's tree for its admins; its other members see their own sessions. */
export async function listSphereSessions(
  userId: string,
  sphereId: string,
  ability: AppAbility | undefined,
  query: {
    category?: SessionItem['category'] | undefined;
    isLeaf?: 'false' | undefined;
    archived: 'true' | 'false';
    max: number;
    offset: number;
  },
) {
  const [items, memberships] = await Promise.all([
    sessionsOfSphere(sphereId, query.category),
    sessionMembershipsOf(userId),
  ]);
  const heldBySession = new Map(memberships.map((m) => [m.sessionId, m]));
  const byId = new Map(items.map((s) => [s.sessionId, s]));
  const visible = items
    .filter((s) =>
      ability?.can('get', subject('session', { sessionId: s.sessionId, sphereId, category: s.category })),
    )
    .filter((s) => s.archived === (query.archived === 'true'))
    .filter((s) => query.isLeaf !== 'false' || !s.isLeaf)
    .map((s) =>
      toSession(
        s,
        heldBySession.get(s.sessionId) ?? null,
        ability,
        inheritedTags(s, (id) => byId.get(id)),
      ),
    );
  return {
    count: visible.length,
    items: visible.slice(query.offset, query.offset + query.max),
    max: query.max,
    offset: query.offset,
  };
}

/**
 * POST /v1/spheres/{id}/sessions: a new session, under a parent that may hold it, within the
 * sphere's group limit (`creationBlocked`), with owners who are active members of the sphere
 * (`ownerNotFound`); its plan and modules take the sphere's licences in its own transaction
 * (decision 0050: `not-enough-e-nous-licenses`, `not-enough-module-licenses`).
 */
export async function createSession(
  userId: string,
  sphereId: string,
  ability: AppAbility | undefined,
  body: SessionCreate,
): Promise<Session> {
  const sphere = await findSphere(sphereId);
  if (!sphere) throw new NotFoundError();
  checkFields(sphere, body.category, body);
  const holding = checkHolding(body.category, {
    subscription: body.subscription,
    subscriptionModules: body.subscriptionModules ?? [],
  });
  const specificTagIds = [...new Set(body.specificTagIds ?? [])];
  await checkSessionTags(sphereId, body.category, specificTagIds);
  const parent =
    body.parentSessionId !== undefined
      ? await checkParent({ sphereId, category: body.category }, body.parentSessionId)
      : null;
  // One item says how many groups the sphere holds (decision 0043); counted once, when missing.
  await ensureTally(
    sphereScope(sphereId),
    GROUPS,
    async () => (await sessionsOfSphere(sphereId)).filter((s) => !s.archived).length,
  );
  const owners = await Promise.all(
    [...new Set(body.ownerIds)].map(async (memberId) => {
      const member = await findMember(sphereId, memberId);
      if (!member?.active) throw new BadRequestError('ownerNotFound');
      return member;
    }),
  );
  const created = await insertSession(
    {
      sphereId,
      category: body.category,
      type: body.type,
      name: body.name,
      publicName: body.publicName,
      ...(parent ? { parentSessionId: parent.sessionId } : {}),
      parentSessionIds: ancestorsUnder(parent),
      isLeaf: body.isLeaf,
      ...(body.stepNumber !== undefined ? { stepNumber: body.stepNumber } : {}),
      subscription: holding.subscription,
      subscriptionModules: [...holding.subscriptionModules],
      isPublic: body.isPublic,
      specificTagIds,
    },
    owners.map((m) => ({
      memberId: m.memberId,
      userId: m.userId,
      sphereId,
      category: body.category,
      name: m.name,
      email: m.email,
      roles: ['owner' as const],
    })),
    sphere.limits.groups,
    sphere.galaxyId,
  );
  for (const owner of owners) await tellSessionsChanged(owner.userId, 'updated');
  await publishAfterWrite(userId, { type: 'sessions', action: 'created' });
  const held = owners.find((o) => o.userId === userId) ? { roles: ['owner' as const] } : null;
  return toSession(created, held, ability, await inheritedOf(created));
}

/**
 * What a sphere's sessions hold of its galaxy's quotas (decision 0045), for moving the sphere to
 * another galaxy: its sessions not archived, by kind (one Query).
 */
export async function sessionGalaxyUsage(
  sphereId: string,
): Promise<{ 'engagement-up-groups': number; 'sales-up-sessions': number }> {
  const usage = { 'engagement-up-groups': 0, 'sales-up-sessions': 0 };
  for (const session of await sessionsOfSphere(sphereId))
    if (!session.archived) usage[sessionQuotaKind(session.category)] += 1;
  return usage;
}

/** A sphere's groups as its quota counts them: archived ones left out (decision 0043). */
const groupsOf = (sphereId: string, limit: number): CountedKind => ({
  scope: sphereScope(sphereId),
  kind: GROUPS,
  limit,
  count: async () => (await sessionsOfSphere(sphereId)).filter((s) => !s.archived).length,
  refused: () => new ConflictError('creationBlocked'),
});

/** The sphere's group tally, counted from its groups once when it has none yet. */
async function ensureGroupTally(sphereId: string): Promise<void> {
  const { scope, kind, count } = groupsOf(sphereId, 0);
  await ensureTally(scope, kind, count);
}

/** Tells a person's tabs that their sessions and rights changed. */
async function tellSessionsChanged(userId: string, action: 'created' | 'updated' | 'deleted') {
  await publishAfterWrite(userId, { type: 'sessions', action });
  await publishAfterWrite(userId, { type: 'ability', action: 'updated' });
}

/** GET /v1/sessions/{id}: the middleware has checked the caller may read it. */
export async function getSession(userId: string, sessionId: string, ability: AppAbility | undefined) {
  const [item, membership] = await Promise.all([
    findSession(sessionId),
    sessionMembershipIn(userId, sessionId),
  ]);
  if (!item) throw new NotFoundError();
  return toSession(item, membership, ability, await inheritedOf(item));
}

/** A session's inherited tags, from its ancestors (one BatchGetItem, none for a root). */
async function inheritedOf(session: Pick<SessionItem, 'parentSessionIds'>): Promise<string[]> {
  if (session.parentSessionIds.length === 0) return [];
  const ancestors = new Map((await findSessions(session.parentSessionIds)).map((a) => [a.sessionId, a]));
  return inheritedTags(session, (id) => ancestors.get(id));
}

/**
 * PUT /v1/sessions/{id}: names, leaf, step, plan and modules, archive, order and place in the tree.
 * Moving it (a new parent) and ordering siblings are for those who arrange the sphere's tree
 * (`changeParentNotAllowed` otherwise); its subtree moves with it. A new plan or new modules take
 * and give back the sphere's licences in the save's transaction, for those who manage the sphere
 * (decision 0050); an archived group keeps them.
 */
export async function updateSession(
  userId: string,
  sessionId: string,
  ability: AppAbility | undefined,
  body: SessionUpdate,
): Promise<Session> {
  const before = await findSession(sessionId);
  if (!before) throw new NotFoundError();
  const sphere = await findSphere(before.sphereId);
  if (!sphere) throw new NotFoundError();
  checkFields(sphere, before.category, body);
  // Modules left out stay as they are; the plan and modules after the save hold their licences,
  // taken and given back in the save's transaction (decision 0050).
  const holding = checkHolding(before.category, {
    subscription: body.subscription,
    subscriptionModules: body.subscriptionModules ?? holdingOf(before).subscriptionModules,
  });
  const licences = groupLicenceChanges(holdingOf(before), holding, heldOf(before));
  // The sphere's licences are its admins' to give (decision 0050): a referent saves the plan as it is.
  const movesLicences = licences.takes.length > 0 || licences.giveBacks.length > 0;
  if (movesLicences && !(ability?.can('manage', subject('sphere', { sphereId: before.sphereId })) ?? false))
    throw new ForbiddenError();
  if (body.specificTagIds)
    await checkSessionTags(
      before.sphereId,
      before.category,
      body.specificTagIds,
      before.specificTagIds ?? [],
    );
  const arranges = arrangesTree(ability, before.sphereId);
  const moves = body.parentSessionId !== before.parentSessionId;
  if (moves && !arranges) throw new ForbiddenError('changeParentNotAllowed');
  if (body.childNumber !== before.childNumber && !arranges) throw new ForbiddenError();

  const all = moves || body.isLeaf ? await sessionsOfSphere(before.sphereId, before.category) : [];
  if (body.isLeaf && !before.isLeaf && all.some((s) => s.parentSessionId === sessionId))
    throw new ValidationError([{ key: 'not-valid', field: 'body.isLeaf' }]);
  let subtree: { sessionId: string; parentSessionIds: string[] }[] = [];
  let parentSessionIds = before.parentSessionIds;
  if (moves) {
    const parent =
      body.parentSessionId !== undefined
        ? await checkParent(
            { sessionId, sphereId: before.sphereId, category: before.category },
            body.parentSessionId,
          )
        : null;
    const [self, ...below] = reparented(before, ancestorsUnder(parent), all);
    parentSessionIds = self?.parentSessionIds ?? [];
    subtree = below;
  }
  const removed = (
    [
      ['parentSessionId', body.parentSessionId],
      ['childNumber', body.childNumber],
      ['stepNumber', body.stepNumber],
    ] as const
  )
    .filter(([field, value]) => value === undefined && before[field] !== undefined)
    .map(([field]) => field);
  // A restored group takes a place again, an archived one gives its place back (decision 0043), to
  // the sphere's galaxy too when it is in one (decision 0045).
  const saved = await savedWithCount(
    groupsOf(before.sphereId, sphere.limits.groups),
    { countedBefore: !before.archived, countedAfter: !body.archived },
    () =>
      saveSession(
        before,
        {
          name: body.name,
          publicName: body.publicName,
          isLeaf: body.isLeaf,
          subscription: holding.subscription,
          subscriptionModules: [...holding.subscriptionModules],
          heldLicences: licences.held,
          isPublic: body.isPublic,
          archived: body.archived,
          ...(body.specificTagIds ? { specificTagIds: [...new Set(body.specificTagIds)] } : {}),
          parentSessionIds,
          ...(body.parentSessionId !== undefined ? { parentSessionId: body.parentSessionId } : {}),
          ...(body.childNumber !== undefined ? { childNumber: body.childNumber } : {}),
          ...(body.stepNumber !== undefined ? { stepNumber: body.stepNumber } : {}),
        },
        removed,
        subtree,
        sphere.galaxyId,
        licences,
      ),
  );
  // A new plan or archiving reaches its members' summaries (decision 0055: the top bar's menu).
  const regrouped = saved.subscription !== before.subscription || saved.archived !== before.archived;
  for (const member of await membersOfSession(sessionId)) {
    if (regrouped)
      await recordGroupInSummary(member.userId, member, {
        plan: saved.subscription,
        archived: saved.archived,
      });
    await tellSessionsChanged(member.userId, 'updated');
  }
  const membership = await sessionMembershipIn(userId, sessionId);
  return toSession(saved, membership, ability, await inheritedOf(saved));
}

/**
 * DELETE /v1/sessions/{id}: its children move up to its parent, with their subtrees; its
 * memberships go, and so do its strategy (with everyone's assessments of it) and its place in the
 * sphere's form entitlements.
 */
export async function deleteSession(sessionId: string, cascades: readonly Cascade[]): Promise<undefined> {
  const session = await findSession(sessionId);
  if (!session) throw new NotFoundError();
  const [all, members, sphere] = await Promise.all([
    sessionsOfSphere(session.sphereId, session.category),
    membersOfSession(sessionId),
    findSphere(session.sphereId),
  ]);
  const moved = descendantsOf(sessionId, all).map((d) => ({
    sessionId: d.sessionId,
    parentSessionIds: d.parentSessionIds.filter((id) => id !== sessionId),
    ...(d.parentSessionId === sessionId
      ? { parentSessionId: session.parentSessionId }
      : { parentSessionId: d.parentSessionId }),
  }));
  const removed = { of: 'session', id: sessionId, sphereId: session.sphereId } as const;
  await ensureGroupTally(session.sphereId);
  // A live session gives its place back to the sphere's galaxy, if it is in one (decision 0045).
  await deleteSessionItems(session, moved, members, removalRecord(removed, cascades), sphere?.galaxyId);
  // Its strategy, links, entitlements and custom reports go now; what fails stays on the record
  // and the worker completes it (decision 0042).
  // A failure to read or clear the record itself is left to the worker too: the group is gone.
  const failed = await runCascades('session', sessionId, cascades).catch((error: unknown) => {
    logger.error('The cascades of a removed group could not run; queued for the worker', {
      sessionId,
      error,
    });
    return ['all'];
  });
  if (failed.length)
    await enqueueNotification({
      id: `cascade-session-${sessionId}`,
      kind: 'cascade',
      of: 'session',
      removedId: sessionId,
    });
  for (const member of members) await tellSessionsChanged(member.userId, 'deleted');
  return undefined;
}

/** GET /v1/sessions/{id}/members: one Query of the session, one of its sphere's members. */
export async function listSessionMembers(sessionId: string, max: number, offset: number) {
  const session = await findSession(sessionId);
  if (!session) throw new NotFoundError();
  const [members, sphereMembers] = await Promise.all([
    membersOfSession(sessionId),
    membersOf(session.sphereId),
  ]);
  const active = new Set(sphereMembers.filter((m) => m.active).map((m) => m.memberId));
  const items = members
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((m) => toSessionMember(m, active.has(m.memberId)));
  return { count: items.length, items: items.slice(offset, offset + max), max, offset };
}

function toSessionMember(m: SessionMemberItem, isSphereMember: boolean): SessionMember {
  return {
    id: m.memberId,
    name: m.name,
    email: m.email,
    roles: [...m.roles],
    isSphereMember,
    createdAt: m.createdAt,
  };
}

/**
 * Whether a consumer session takes these roles: its members come by its link (customers,
 * visitors); its sphere's admins only name its owners (`categoryForbidden`: being added as a member
 * is for contributor sessions).
 */
function checkRoles(
  session: SessionItem,
  roles: readonly SessionRole[],
  before: readonly SessionRole[] = [],
) {
  if (session.category === 'consumer' && roles.includes('member') && !before.includes('member'))
    throw new BadRequestError('categoryForbidden');
}

/**
 * Who gives a membership its `member` role when `actorId` writes these roles (decision 0012, the
 * group-report exception): the writer, who gives it to themselves (`memberSelfGranted`) when they
 * are the member, through the admin or referent right the members' routes ask; someone else's
 * grant replaces a self-granted one. `null`: the role is gone, and its grant with it; undefined: the
 * role was held already and the person re-saves their own roles, so the recorded grant stays.
 */
export function memberGrant(
  actorId: string,
  member: Pick<SessionMemberItem, 'userId'>,
  roles: readonly SessionRole[],
  before: readonly SessionRole[] = [],
): MemberGrant | null | undefined {
  if (!roles.includes('member')) return null;
  const self = actorId === member.userId;
  if (self && before.includes('member')) return undefined;
  return { memberGrantedBy: actorId, memberSelfGranted: self };
}

/** POST /v1/sessions/{id}/members: an active member of the sphere joins the session (`memberNotActive` otherwise). */
export async function addSessionMember(
  actorId: string,
  sessionId: string,
  body: SessionMemberAdd,
): Promise<SessionMember> {
  const session = await findSession(sessionId);
  if (!session) throw new NotFoundError();
  checkRoles(session, body.roles);
  const member = await findMember(session.sphereId, body.memberId);
  if (!member?.active) throw new BadRequestError('memberNotActive');
  const added = await insertSessionMember(
    {
      sessionId,
      memberId: member.memberId,
      userId: member.userId,
      sphereId: session.sphereId,
      category: session.category,
      name: member.name,
      email: member.email,
      roles: body.roles,
      ...memberGrant(actorId, member, body.roles),
    },
    session,
  );
  await tellSessionsChanged(member.userId, 'updated');
  return toSessionMember(added, true);
}

/** PUT /v1/sessions/{id}/members/{memberId}: new roles, and who gave `member` (see memberGrant). */
export async function updateSessionMember(
  actorId: string,
  sessionId: string,
  memberId: string,
  roles: SessionRole[],
): Promise<SessionMember> {
  const [session, before] = await Promise.all([
    findSession(sessionId),
    findSessionMember(sessionId, memberId),
  ]);
  if (!session || !before) throw new NotFoundError();
  checkRoles(session, roles, [...before.roles]);
  const saved = await saveSessionMemberRoles(
    before,
    session,
    roles,
    memberGrant(actorId, before, roles, [...before.roles]),
  );
  await tellSessionsChanged(before.userId, 'updated');
  const sphereMember = await findMember(session.sphereId, memberId);
  return toSessionMember(saved, sphereMember?.active ?? false);
}

export async function removeSessionMember(sessionId: string, memberId: string): Promise<undefined> {
  const member = await findSessionMember(sessionId, memberId);
  if (!member) throw new NotFoundError();
  await removeSessionMembers([member]);
  await tellSessionsChanged(member.userId, 'updated');
  return undefined;
}

/**
 * The member id of a person who joined a consumer session by its link without being a member of
 * its sphere: the same for the same person (two joins at once make one member), naming neither.
 */
const joinedSessionMemberId = (sessionId: string, userId: string) =>
  `v-${createHash('sha256').update(`${sessionId}:${userId}`).digest('base64url').slice(0, 20)}`;

/**
 * POST /v1/sessions/{id}/join (spec 01 §8 session errors): the link's key (`sessionKeyNotValid`,
 * also for an archived or unknown session), a session open to its link (`sessionNotPublic`), and
 * for a contributor session an active membership of its sphere (`memberNotActive`). Joining again
 * is harmless.
 */
export async function joinSession(
  userId: string,
  sessionId: string,
  sessionKey: string,
  ability: AppAbility | undefined,
): Promise<Session> {
  const session = await findSession(sessionId);
  if (!session || session.archived || !sameSecret(session.sessionKey, sessionKey))
    throw new ForbiddenError('sessionKeyNotValid');
  if (!session.isPublic) throw new ForbiddenError('sessionNotPublic');
  const existing = await sessionMembershipIn(userId, sessionId);
  if (existing) return toSession(session, existing, ability, await inheritedOf(session));
  const sphereMember = await membershipIn(userId, session.sphereId);
  const active = sphereMember?.active ? sphereMember : null;
  if (session.category === 'contributor' && !active) throw new ForbiddenError('memberNotActive');
  let person: { memberId: string; name: string; email: string };
  if (active) person = { memberId: active.memberId, name: active.name, email: active.email };
  else {
    const account = await getAccount(userId);
    if (!account) throw new NotFoundError();
    const email = [...account.emails].sort((a, b) => Number(b.primary) - Number(a.primary))[0]?.email ?? '';
    person = {
      memberId: joinedSessionMemberId(sessionId, userId),
      name: fullName(account.user),
      email,
    };
  }
  // The link's key is read through the right on the session: an admin of its sphere who joins by it
  // gives themselves the member role like one who adds themselves (decision 0012). One already in
  // the session (its referents) joins no further.
  const memberSelfGranted = active?.roles.includes('admin') === true;
  await insertJoinedSessionMember(
    {
      sessionId,
      ...person,
      userId,
      sphereId: session.sphereId,
      category: session.category,
      roles: ['member'],
      memberGrantedBy: userId,
      memberSelfGranted,
    },
    session,
  );
  await tellSessionsChanged(userId, 'updated');
  return toSession(session, { roles: ['member'], memberSelfGranted }, ability, await inheritedOf(session));
}

/** GET and POST /v1/sessions/{id}/join-key: the link's key, or a new one that ends the old link. */
export async function joinKey(sessionId: string, renew: boolean): Promise<{ sessionKey: string }> {
  const session = await findSession(sessionId);
  if (!session) throw new NotFoundError();
  if (renew) return { sessionKey: await renewSessionKey(sessionId) };
  return { sessionKey: session.sessionKey };
}

/** POST /v1/sessions/{id}/leave: the caller's membership ends; they may come back by the link. */
export async function leaveSession(userId: string, sessionId: string): Promise<undefined> {
  const membership = await sessionMembershipIn(userId, sessionId);
  if (!membership) throw new ForbiddenError();
  await removeSessionMembers([membership]);
  await tellSessionsChanged(userId, 'updated');
  return undefined;
}

/** What counting a session membership reads of it (the item, or the person's summary of it). */
type CountedSource = Pick<SessionMemberItem, 'sessionId' | 'sphereId' | 'category' | 'roles'> &
  Partial<Pick<SessionMemberItem, 'memberSelfGranted'>>;

/**
 * The session memberships that count (spec 01 §4: the sessions list is recomputed from active
 * sphere memberships): of a contributor session, while the person is an active member of its
 * sphere; of a consumer session, always.
 */
export function countedMemberships(
  memberships: readonly CountedSource[],
  activeSphereIds: ReadonlySet<string>,
): SessionMembership[] {
  return memberships
    .filter((m) => m.category === 'consumer' || activeSphereIds.has(m.sphereId))
    .map((m) => ({
      sessionId: m.sessionId,
      sphereId: m.sphereId,
      category: m.category,
      roles: [...m.roles],
      // A member role given to oneself through one's own right opens no report (decision 0012).
      ...(m.memberSelfGranted === true ? { selfGranted: true } : {}),
    }));
}

/** A person's session memberships and their sessions, read as early as the start call can. */
export interface PersonSessions {
  members: CountedSource[];
  sessions: SessionItem[];
}

/**
 * Reads a person's session memberships (one Query) and then their sessions (BatchGetItem), so the
 * start call runs it beside its read of the spheres rather than after it.
 */
export async function loadPersonSessions(userId: string): Promise<PersonSessions> {
  const members = await sessionMembershipsOf(userId);
  return { members, sessions: await findSessions(members.map((m) => m.sessionId)) };
}

/**
 * What the start call shows of a person's sessions: those that count (a group while its sphere's
 * membership is active), not archived, by their name as the person may see it (the real one for
 * owners and the sphere's admins), in their language. The spheres the start call already read give
 * the names; only the spheres of consumer sessions the person is not a member of are read.
 */
export async function sessionsOfPerson(
  loaded: PersonSessions,
  language: Language,
  spheres: readonly { sphereId: string; roles: readonly string[] }[],
  known: ReadonlyMap<string, { name: string; primary: Language; languages: readonly Language[] }>,
): Promise<{ memberships: SessionMembership[]; sessions: SessionSummary[] }> {
  const memberships = countedMemberships(loaded.members, new Set(spheres.map((s) => s.sphereId)));
  const rolesBySession = new Map(memberships.map((m) => [m.sessionId, m.roles]));
  const items = loaded.sessions.filter((s) => !s.archived && rolesBySession.has(s.sessionId));
  const missing = [...new Set(items.map((s) => s.sphereId))].filter((id) => !known.has(id));
  const sphereById = new Map(known);
  for (const sphere of await findSpheres(missing))
    sphereById.set(sphere.sphereId, {
      name: sphere.name,
      primary: sphere.languages.primary,
      languages: [sphere.languages.primary, ...sphere.languages.extras.filter(isLanguage)],
    });
  const adminOf = new Set(spheres.filter((s) => s.roles.includes('admin')).map((s) => s.sphereId));
  const tagsBySession = await sessionTags(items);
  const sessions = items.flatMap((s): SessionSummary[] => {
    const sphere = sphereById.get(s.sphereId);
    if (!sphere) return [];
    const roles = [...(rolesBySession.get(s.sessionId) ?? [])];
    const realName = adminOf.has(s.sphereId) || roles.includes('owner');
    return [
      {
        id: s.sessionId,
        name: textIn(visibleName(s, realName), language, sphere.primary),
        sphereId: s.sphereId,
        sphereName: sphere.name,
        category: s.category,
        type: s.type,
        roles,
        subscription: s.subscription,
        ...(holdingOf(s).subscriptionModules.length
          ? { subscriptionModules: holdingOf(s).subscriptionModules }
          : {}),
        languages: [...sphere.languages],
        tags: (tagsBySession.get(s.sessionId) ?? []).map((tag) => ({
          id: tag.tagId,
          name: tagName(tag.name, language, sphere.primary),
          color: tag.color,
        })),
      },
    ];
  });
  return { memberships, sessions: sessions.sort((a, b) => a.name.localeCompare(b.name)) };
}

/**
 * The tags session cards show (spec 01 §2): each session's own and inherited tags that are still
 * active. Nothing is read for sessions without tags; otherwise the ancestors not already at hand
 * (one BatchGetItem) and the tags of the spheres concerned (one Query each).
 */
async function sessionTags(
  items: readonly SessionItem[],
): Promise<Map<string, { tagId: string; name: Partial<Record<Language, string>>; color: string }[]>> {
  const byId = new Map(items.map((s) => [s.sessionId, s]));
  const missing = [...new Set(items.flatMap((s) => s.parentSessionIds))].filter((id) => !byId.has(id));
  for (const ancestor of missing.length ? await findSessions(missing) : [])
    byId.set(ancestor.sessionId, ancestor);
  const tagIds = new Map(
    items.map((s) => [
      s.sessionId,
      new Set([...inheritedTags(s, (id) => byId.get(id)), ...(s.specificTagIds ?? [])]),
    ]),
  );
  const tagged = items.filter((s) => (tagIds.get(s.sessionId)?.size ?? 0) > 0);
  if (tagged.length === 0) return new Map();
  const tagsBySphere = await activeTagsOf(tagged.map((s) => s.sphereId));
  return new Map(
    tagged.map((s) => [
      s.sessionId,
      (tagsBySphere.get(s.sphereId) ?? []).filter((t) => tagIds.get(s.sessionId)?.has(t.tagId)),
    ]),
  );
}

/** The sphere a session belongs to, for rules held on its sphere (null when there is no such session). */
export async function sessionPlace(sessionId: string): Promise<string | null> {
  return (await findSession(sessionId))?.sphereId ?? null;
}

/**
 * Whether a person may record a contributor feeling in a session (spec 01 §6): they hold the
 * member role in a contributor session, whose sphere they are an active member of.
 */
export async function mayContributeIn(
  userId: string,
  sessionId: string,
): Promise<{ sphereId: string } | null> {
  const membership = await sessionMembershipIn(userId, sessionId);
  if (!membership || membership.category !== 'contributor' || !membership.roles.includes('member'))
    return null;
  const sphereMember = await membershipIn(userId, membership.sphereId);
  return sphereMember?.active ? { sphereId: membership.sphereId } : null;
}

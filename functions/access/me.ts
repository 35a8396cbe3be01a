import type { RequestHeaders } from '@shared/contracts/headers';
import type { Me, MySessions } from '@shared/contracts/me';
import { defineRules, type SessionMembership } from '@shared/domain/ability';
import { opensMyselfForms } from '@shared/domain/group-licences';
import { effectivePlan } from '@shared/domain/licences';
import { planEndAt } from '@shared/domain/plans';
import { primaryFirst } from '@shared/domain/emails';
import type { SessionCategory, SessionRole } from '@shared/domain/sessions';
import type { SphereRole } from '@shared/domain/spheres';
import { NotFoundError } from '../lib/errors';
import { galaxiesOfAdminships, galaxyMembershipsOf } from '../galaxies';
import { legalConsents, listLegalDocuments } from '../legal';
import { countedMemberships, findSessions, sessionMembershipsOf, sessionsOfPerson } from '../sessions';
import { membershipsOf, spheresOfMembers } from '../spheres';
import {
  getAccount,
  ownPlanOf,
  readMembershipSummary,
  storeBuiltSummary,
  toProfile,
  withKnownEntries,
  type MembershipSummary,
} from '../users';

/**
 * The person's memberships as their summary holds them (decision 0055): one consistent GetItem.
 * A summary never built from every membership (memberships older than it, demo data, an older
 * shape) is built once from them (a Query each of sphere, session and galaxy memberships, then
 * their groups for each one's plan and archiving: one BatchGetItem) and kept, on the condition
 * that no membership was written meanwhile.
 */
export async function membershipSummaryOf(userId: string): Promise<MembershipSummary> {
  const read = await readMembershipSummary(userId);
  if (read.built) return read.summary;
  const [members, sessionMembers, galaxyMembers] = await Promise.all([
    membershipsOf(userId),
    sessionMembershipsOf(userId),
    galaxyMembershipsOf(userId),
  ]);
  const built = withKnownEntries(
    {
      spheres: members.map((m) => ({
        sphereId: m.sphereId,
        memberId: m.memberId,
        roles: [...m.roles],
        active: m.active,
        subscription: m.subscription,
      })),
      sessions: sessionMembers.map((m) => ({
        sessionId: m.sessionId,
        memberId: m.memberId,
        sphereId: m.sphereId,
        category: m.category,
        roles: [...m.roles],
        ...(m.memberSelfGranted === true ? { selfGranted: true } : {}),
      })),
      galaxies: galaxyMembers.map((m) => ({
        galaxyId: m.galaxyId,
        memberId: m.memberId,
        roles: [...m.roles],
        active: m.active,
      })),
    },
    read.summary,
  );
  // The plan and archiving are the groups' own, as read now: a save after this read counts the
  // revision up, so this build is then not kept.
  const groups = new Map(
    (await findSessions([...new Set(built.sessions.map((e) => e.sessionId))])).map((g) => [g.sessionId, g]),
  );
  const whole = {
    ...built,
    sessions: built.sessions.map(({ plan: _plan, archived: _archived, ...entry }) => {
      const group = groups.get(entry.sessionId);
      return group
        ? { ...entry, plan: group.subscription, ...(group.archived ? { archived: true } : {}) }
        : entry;
    }),
  };
  await storeBuiltSummary(userId, read.revision, whole);
  return whole;
}

/**
 * How many groups the person is in, and that count, whose plan opens the myself forms menu
 * (`opensMyselfForms`: contributor, not Starter) and that are not archived: what the top bar asks
 * of the start call (decision 0055). An entry whose plan is not known yet does not count.
 */
export function openContributorGroupsIn(
  summary: MembershipSummary,
  activeSphereIds: ReadonlySet<string>,
): number {
  const open = summary.sessions.filter(
    (e) =>
      e.category === 'contributor' &&
      activeSphereIds.has(e.sphereId) &&
      e.archived !== true &&
      (e.plan === 'starter' || e.plan === 'essentials') &&
      opensMyselfForms({ category: e.category, subscription: e.plan }),
  );
  return new Set(open.map((e) => e.sessionId)).size;
}

/** The sphere memberships of a summary, as the spheres domain reads them. */
const sphereMembersOf = (summary: MembershipSummary) =>
  summary.spheres.map((e) => ({
    memberId: e.memberId,
    sphereId: e.sphereId,
    roles: e.roles as SphereRole[],
    active: e.active,
    subscription: e.subscription === 'essentials' ? ('essentials' as const) : ('starter' as const),
  }));

/** The session memberships of a summary that count (a group while its sphere's membership is active). */
function sessionMembershipsIn(
  summary: MembershipSummary,
  activeSphereIds: ReadonlySet<string>,
): SessionMembership[] {
  return countedMemberships(
    summary.sessions.map((e) => ({
      sessionId: e.sessionId,
      sphereId: e.sphereId,
      category: e.category as SessionCategory,
      roles: e.roles as SessionRole[],
      ...(e.selfGranted === true ? { memberSelfGranted: true } : {}),
    })),
    activeSphereIds,
  );
}

/** The galaxies the person administers: active admin memberships. */
const adminshipsOf = (summary: MembershipSummary) =>
  summary.galaxies.filter((g) => g.active && g.roles.includes('admin'));

/**
 * The start call: everything the SPA needs after sign-in, with the spheres and memberships the
 * ability rules come from, and the galaxies the person administers. The memberships come from the
 * person's summary (decision 0055); their groups are `GET /v1/me/sessions`.
 */
export async function loadMe(userId: string, headers: RequestHeaders): Promise<Me> {
  const [account, documents, summary] = await Promise.all([
    getAccount(userId),
    listLegalDocuments(),
    membershipSummaryOf(userId),
  ]);
  if (!account) throw new NotFoundError();
  const [mine, galaxies] = await Promise.all([
    spheresOfMembers(sphereMembersOf(summary)),
    galaxiesOfAdminships(adminshipsOf(summary)),
  ]);
  const { user, emails, legalAcceptances } = account;
  // A sphere's Essentials licence gives its member the Essentials rules (decision 0046); the
  // person's own plan ends by itself at `planUntil` (decision 0048).
  const now = new Date();
  const own = ownPlanOf(user, now);
  const subscription = user.isGuest ? user.subscription : effectivePlan(own, mine.memberships);
  const planUntil = user.isGuest ? undefined : planEndAt(user, now);
  const activeSphereIds = new Set(mine.memberships.map((s) => s.sphereId));
  const sessions = sessionMembershipsIn(summary, activeSphereIds);
  return {
    userId,
    profile: toProfile(user),
    emails: emails
      .map((e) => ({ email: e.email, primary: e.primary, isVerified: e.isVerified }))
      .sort(primaryFirst),
    ...(user.phone !== undefined ? { phone: user.phone } : {}),
    spheres: mine.spheres,
    galaxies: galaxies.summaries,
    members: mine.members,
    legalConsents: legalConsents(documents, legalAcceptances, headers.language),
    openContributorGroups: openContributorGroupsIn(summary, activeSphereIds),
    ability: {
      subscription,
      ...(planUntil !== undefined ? { planUntil } : {}),
      rules: defineRules({
        userId,
        isGuest: user.isGuest,
        subscription,
        globalRoles: user.globalRoles,
        superAdminMode: headers.superAdmin,
        spheres: mine.memberships,
        sessions,
        galaxies: galaxies.facts,
      }),
    },
  };
}

/**
 * GET /v1/me/sessions: the groups the person is in and that count, as the home page, the context
 * menus and a group's page show them (what the start call held before decision 0055): the summary,
 * then the groups (one BatchGetItem) and the spheres that name them.
 */
export async function loadMySessions(userId: string, headers: RequestHeaders): Promise<MySessions> {
  const summary = await membershipSummaryOf(userId);
  const spheres = sphereMembersOf(summary)
    .filter((m) => m.active)
    .map((m) => ({ sphereId: m.sphereId, roles: m.roles }));
  const counted = sessionMembershipsIn(summary, new Set(spheres.map((s) => s.sphereId)));
  const ids = counted.map((m) => m.sessionId);
  const members = summary.sessions
    .filter((e) => ids.includes(e.sessionId))
    .map((e) => ({
      sessionId: e.sessionId,
      memberId: e.memberId,
      sphereId: e.sphereId,
      category: e.category as SessionCategory,
      roles: e.roles as SessionRole[],
      ...(e.selfGranted === true ? { memberSelfGranted: true } : {}),
    }));
  const { sessions } = await sessionsOfPerson(
    { members, sessions: await findSessions(ids) },
    headers.language,
    spheres,
    new Map(),
  );
  return { count: sessions.length, items: sessions, max: sessions.length, offset: 0 };
}

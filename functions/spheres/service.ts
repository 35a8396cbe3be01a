import { LANGUAGES, isLanguage, type Language } from '@shared/contracts/headers';
import { MemberCreateSchema } from '@shared/contracts/spheres';
import type {
  MemberBulkResult,
  MembersBulk,
  Member,
  MemberCreate,
  MemberUpdate,
  Sphere,
  SphereCreate,
  SphereJoin,
  SphereUpdate,
} from '@shared/contracts/spheres';
import {
  DEFAULT_SPHERE_LIMITS,
  SPHERE_CATEGORIES,
  isLastAdmin,
  removedLanguages,
  sphereNameKey,
  sphereNameScope,
} from '@shared/domain/spheres';
import type { SphereRole } from '@shared/domain/spheres';
import { salesUpRoleGrants } from '@shared/domain/entitlements';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../lib/errors';
import { publishAfterWrite } from '../realtime';
import { assetUrl } from '../lib/assets';
import { sameSecret } from '../lib/secrets';
import { findVerifiedEmailOwner, fullName, getAccount } from '../users';
import { randomUUID } from 'node:crypto';
import {
  deleteMember as removeMember,
  insertMember,
  linkPendingMember,
  isPendingUserId,
  pendingUserId,
  activeMemberships,
  allSpheres,
  findSphere,
  findMember,
  findSpheres,
  insertJoinedMember,
  insertSphere,
  joinedMemberId,
  membersOf,
  membersPage,
  membershipIn,
  membershipsOf,
  reactivateMember,
  renewSphereKey,
  replaceSphere,
  saveMember,
  type MemberItem,
  type SphereFields,
  type SphereItem,
} from './repository';
import { checkMemberTags, retagMember } from './tags';
import { removeAccessCodes } from './access-codes';

/**
 * Tells a person's tabs that their spheres (or one membership) and so their rights changed
 * (realtime `spheres` or `member`, then `ability`). A member still waiting for its person has
 * nobody to tell.
 */
async function tellMembershipChanged(
  userId: string,
  type: 'spheres' | 'member' = 'spheres',
  action: 'created' | 'updated' = 'updated',
): Promise<void> {
  if (isPendingUserId(userId)) return;
  await publishAfterWrite(userId, { type, action });
  await publishAfterWrite(userId, { type: 'ability', action: 'updated' });
}

/** A sphere's languages as stored: the extras are a list of the product's languages. */
function languagesOf(stored: SphereItem['languages']): { primary: Language; extras: Language[] } {
  return {
    primary: stored.primary,
    extras: stored.extras.filter((l): l is Language => (LANGUAGES as readonly string[]).includes(l)),
  };
}

/** The sphere as the API shows it to one caller: their own roles there, never the join key. */
export function toSphere(item: SphereItem, roles: readonly SphereRole[] | null): Sphere {
  const logoUrl = assetUrl(item.logo);
  return {
    id: item.sphereId,
    name: item.name,
    ...(item.shortName !== undefined ? { shortName: item.shortName } : {}),
    category: item.category,
    ...(item.galaxyId !== undefined ? { galaxyId: item.galaxyId } : {}),
    ...(item.email !== undefined ? { email: item.email } : {}),
    ...(item.phone !== undefined ? { phone: item.phone } : {}),
    address: item.address,
    domains: item.domains,
    isStudyProgram: item.isStudyProgram,
    isTerminalEnabled: item.isTerminalEnabled,
    customizableThinkingAxes: item.customizableThinkingAxes,
    strategyEnabled: item.strategyEnabled ?? false,
    accessPolicy: item.accessPolicy,
    ...(item.maxFeelingDistanceKm !== undefined ? { maxFeelingDistanceKm: item.maxFeelingDistanceKm } : {}),
    lowSecurityAccessOptions: {
      enabled: item.lowSecurityAccessOptions?.enabled ?? false,
      label: item.lowSecurityAccessOptions?.label ?? {},
    },
    languages: languagesOf(item.languages),
    ...(logoUrl !== undefined ? { logoUrl } : {}),
    limits: item.limits,
    entitlements: item.entitlements,
    campaignSmsEnabled: item.campaignSmsEnabled === true,
    isMember: roles !== null,
    roles: roles ? [...roles] : [],
    createdAt: item.createdAt,
    updateDate: item.updatedAt,
  };
}

function fieldsOf(body: SphereCreate): SphereFields {
  return {
    name: body.name,
    nameKey: sphereNameKey(body.name),
    ...(body.shortName ? { shortName: body.shortName } : {}),
    category: body.category,
    ...(body.email ? { email: body.email } : {}),
    ...(body.phone ? { phone: body.phone } : {}),
    address: body.address,
    domains: [...new Set(body.domains)],
    isStudyProgram: body.isStudyProgram,
    isTerminalEnabled: body.isTerminalEnabled,
    customizableThinkingAxes: body.customizableThinkingAxes,
    ...(body.strategyEnabled !== undefined ? { strategyEnabled: body.strategyEnabled } : {}),
    accessPolicy: body.accessPolicy,
    ...(body.maxFeelingDistanceKm !== undefined ? { maxFeelingDistanceKm: body.maxFeelingDistanceKm } : {}),
    lowSecurityAccessOptions: body.lowSecurityAccessOptions,
    languages: body.languages,
  };
}

/** A domain-restricted sphere needs at least one domain (spec 01 §5). */
function checkAccess(body: SphereCreate): void {
  if (body.accessPolicy === 'DOMAINS_ONLY' && body.domains.length === 0)
    throw new ValidationError([{ key: 'required', field: 'body.domains' }]);
}

/** POST /v1/spheres: the caller creates a sphere and becomes its admin (and contributor). */
export async function createSphere(userId: string, body: SphereCreate): Promise<Sphere> {
  checkAccess(body);
  const account = await getAccount(userId);
  if (!account) throw new NotFoundError();
  const { user, emails } = account;
  const email = emails.find((e) => e.primary)?.email ?? emails[0]?.email ?? '';
  const fields = fieldsOf(body);
  const created = await insertSphere(
    {
      ...fields,
      ownerId: userId,
      limits: { ...DEFAULT_SPHERE_LIMITS },
      entitlements: {
        // Contributors (who join by the link) are Engagement-Up's; until licences are sold, a new
        // sphere has it, without campaign templates (decision 0011).
        engagementUp: { active: true, campaignTemplatesAvailable: false },
        salesUp: { active: false },
      },
    },
    sphereNameScope({ ownerId: userId }),
    { userId, name: fullName(user), email },
  );
  await tellMembershipChanged(userId, 'spheres', 'created');
  return toSphere(created, ['admin', 'contributor']);
}

/** Roles of the caller in one sphere; null when they are not an active member. */
export async function rolesIn(userId: string, sphereId: string): Promise<SphereRole[] | null> {
  // One Query on the person and this sphere, not on all their memberships.
  const membership = await membershipIn(userId, sphereId);
  return membership?.active ? [...membership.roles] : null;
}

/** GET /v1/spheres/{id}: the middleware has checked the caller may read this sphere. */
export async function getSphere(userId: string, sphereId: string): Promise<Sphere> {
  const [item, roles] = await Promise.all([findSphere(sphereId), rolesIn(userId, sphereId)]);
  if (!item) throw new NotFoundError();
  return toSphere(item, roles);
}

/** PUT /v1/spheres/{id}: the admins' settings; languages once offered stay (spec 01 §4). */
export async function updateSphere(userId: string, sphereId: string, body: SphereUpdate): Promise<Sphere> {
  checkAccess(body);
  const before = await findSphere(sphereId);
  if (!before) throw new NotFoundError();
  if (removedLanguages(languagesOf(before.languages), body.languages).length > 0)
    throw new ValidationError([{ key: 'not-valid', field: 'body.languages' }]);
  const saved = await replaceSphere(
    before,
    sphereNameScope({ galaxyId: before.galaxyId, ownerId: before.ownerId }),
    fieldsOf(body),
    body.updateDate,
  );
  await publishAfterWrite(userId, { type: 'spheres', action: 'updated' });
  return toSphere(saved, await rolesIn(userId, sphereId));
}

/** GET /v1/spheres: the caller's spheres, or every sphere for a super-admin (`scope=all`). */
export async function listSpheres(
  userId: string,
  query: { scope: 'mine' | 'all'; q?: string | undefined; max: number; offset: number },
  canListAll: boolean,
): Promise<{ count: number; items: Sphere[]; max: number; offset: number }> {
  const memberships = await activeMemberships(userId);
  const rolesBySphere = new Map(memberships.map((m) => [m.sphereId, m.roles]));
  let items: SphereItem[];
  if (query.scope === 'all') {
    if (!canListAll) throw new ForbiddenError();
    items = await allSpheres(query.offset + query.max + 1_000);
  } else {
    items = (await findSpheres(memberships.map((m) => m.sphereId))).sort((a, b) =>
      a.nameKey.localeCompare(b.nameKey),
    );
  }
  const q = query.q ? sphereNameKey(query.q) : '';
  const matching = q ? items.filter((s) => s.nameKey.includes(q)) : items;
  return {
    count: matching.length,
    items: matching
      .slice(query.offset, query.offset + query.max)
      .map((s) => toSphere(s, rolesBySphere.get(s.sphereId) ?? null)),
    max: query.max,
    offset: query.offset,
  };
}

/** GET /v1/spheres/definitions/categories, named in the caller's language. */
export function listCategories(language: Language, max: number, offset: number) {
  const all = SPHERE_CATEGORIES.map((c) => ({ id: c.id, name: c.name[language] }));
  return { count: all.length, items: all.slice(offset, offset + max), max, offset };
}

/**
 * What the start call (`GET /v1/me`) shows of a person's spheres: their memberships (one Query)
 * and the spheres they are an active member of (one BatchGetItem), by name.
 */
export async function spheresOfPerson(userId: string) {
  return spheresOfMembers(await membershipsOf(userId));
}

/**
 * The same from the person's memberships as their summary holds them (decision 0055): the spheres
 * they are an active member of, one BatchGetItem.
 */
export async function spheresOfMembers(
  members: readonly {
    memberId: string;
    sphereId: string;
    roles: readonly SphereRole[];
    active: boolean;
    subscription: MemberItem['subscription'];
  }[],
) {
  const active = members.filter((m) => m.active);
  const spheres = await findSpheres(active.map((m) => m.sphereId));
  const rolesBySphere = new Map(active.map((m) => [m.sphereId, [...m.roles]]));
  const salesUpOn = new Set(spheres.filter((s) => salesUpRoleGrants(s.entitlements)).map((s) => s.sphereId));
  return {
    memberships: active.map((m) => ({
      sphereId: m.sphereId,
      roles: [...m.roles],
      subscription: m.subscription,
      // The sales-up role grants something only while Sales-Up is active (decision 0047).
      ...(m.roles.includes('sales-up') ? { salesUpActive: salesUpOn.has(m.sphereId) } : {}),
    })),
    members: members.map((m) => ({
      id: m.memberId,
      sphereId: m.sphereId,
      roles: [...m.roles],
      active: m.active,
      subscription: m.subscription,
    })),
    spheres: spheres
      .sort((a, b) => a.nameKey.localeCompare(b.nameKey))
      .map((s) => ({
        id: s.sphereId,
        name: s.name,
        ...(s.shortName !== undefined ? { shortName: s.shortName } : {}),
        category: s.category,
        isStudyProgram: s.isStudyProgram,
        primaryLanguage: s.languages.primary,
        languages: [s.languages.primary, ...s.languages.extras.filter(isLanguage)],
        roles: rolesBySphere.get(s.sphereId) ?? [],
      })),
  };
}

/** Whether an address belongs to one of the sphere's domains (the domain itself or below it). */
function inDomains(email: string, domains: readonly string[]): boolean {
  const host = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return domains.some((d) => host === d || host.endsWith(`.${d}`));
}

/**
 * POST /v1/spheres/{id}/join (spec 01 §5 joining, §8 sphere join): the link's key, a verified
 * address of the caller's, and the sphere's rules; the person becomes a contributor. Joining
 * again is harmless; a person who left may come back; one an admin revoked may not. A sphere that
 * does not exist answers like a wrong key.
 */
export async function joinSphere(userId: string, sphereId: string, body: SphereJoin): Promise<Sphere> {
  const sphere = await findSphere(sphereId);
  if (!sphere || !sameSecret(sphere.sphereKey, body.sphereKey))
    throw new ForbiddenError('contribution-access-key-not-valid');
  if (sphere.accessPolicy === 'NOONE') throw new ForbiddenError('contribution-private');
  if (!sphere.entitlements.engagementUp.active) throw new ForbiddenError('contribution-not-active');
  const account = await getAccount(userId);
  if (!account) throw new NotFoundError();
  const verified = account.emails
    .filter((e) => e.isVerified)
    .sort((a, b) => Number(b.primary) - Number(a.primary));
  const email = body.email?.toLowerCase() ?? verified[0]?.email;
  if (!email || !verified.some((e) => e.email === email)) throw new BadRequestError('email-not-valid');
  if (sphere.accessPolicy === 'DOMAINS_ONLY' && !inDomains(email, sphere.domains))
    throw new ForbiddenError('contribution-only-domain');
  const name = body.name ?? fullName(account.user);

  const existing = await membershipIn(userId, sphereId);
  if (existing?.active) return toSphere(sphere, existing.roles);
  if (existing?.inactiveReason === 'revoked') throw new ForbiddenError('contribution-rejected-by-admin');
  // A member the admins added with this address before the person had an account becomes theirs.
  const pending = existing ? null : await membershipIn(pendingUserId(email), sphereId);
  if (existing) await reactivateMember(existing, email, name);
  else if (pending) await linkPendingMember(pending, { userId, name: pending.name, email });
  else
    await insertJoinedMember(
      {
        sphereId,
        memberId: joinedMemberId(sphereId, userId),
        userId,
        name,
        email,
        roles: ['contributor'],
        active: true,
        subscription: 'starter',
        tagIds: [],
        autoTagIds: [],
      },
      sphere.limits.members,
      sphere.galaxyId,
    );
  const joined = await membershipIn(userId, sphereId);
  if (joined) await retagMember(joined);
  await tellMembershipChanged(userId);
  return toSphere(sphere, (await rolesIn(userId, sphereId)) ?? ['contributor']);
}

/** GET and POST /v1/spheres/{id}/join-key: the link's key, or a new one that ends the old link. */
export async function joinKey(sphereId: string, renew: boolean): Promise<{ sphereKey: string }> {
  if (renew) return { sphereKey: await renewSphereKey(sphereId) };
  const sphere = await findSphere(sphereId);
  if (!sphere) throw new NotFoundError();
  return { sphereKey: sphere.sphereKey };
}

/** GET /v1/spheres/{id}/members: the admins' list, searched by name or address, active ones only on demand. */
export async function listMembers(
  sphereId: string,
  query: { q?: string | undefined; active?: 'true' | undefined; max: number; offset: number },
): Promise<{ count: number; items: Member[]; max: number; offset: number }> {
  if (!query.q && !query.active) {
    // The usual first look: a page by name, and the total, without reading every member.
    const page = await membersPage(sphereId, query.offset, query.max);
    return { count: page.count, items: page.items.map(toMember), max: query.max, offset: query.offset };
  }
  const q = query.q?.toLowerCase() ?? '';
  const matching = (await membersOf(sphereId))
    .filter((m) => !query.active || m.active)
    .filter((m) => !q || m.name.toLowerCase().includes(q) || m.email.includes(q))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    count: matching.length,
    items: matching.slice(query.offset, query.offset + query.max).map(toMember),
    max: query.max,
    offset: query.offset,
  };
}

function toMember(m: MemberItem): Member {
  return {
    id: m.memberId,
    name: m.name,
    email: m.email,
    roles: [...m.roles],
    active: m.active,
    ...(m.inactiveReason ? { inactiveReason: m.inactiveReason } : {}),
    subscription: m.subscription,
    ...(m.firstDayOfWork ? { firstDayOfWork: m.firstDayOfWork } : {}),
    tagIds: m.tagIds ?? [],
    autoTagIds: m.autoTagIds ?? [],
    lowSecurityAccessEnabled: m.lowSecurityAccessEnabled ?? false,
    createdAt: m.createdAt,
  };
}

/**
 * POST /v1/spheres/{id}/leave: the caller's membership becomes inactive ("left"); they may come
 * back by the link. The last active admin cannot leave (`sphere-last-admin`).
 */
export async function leaveSphere(userId: string, sphereId: string): Promise<undefined> {
  const membership = await membershipIn(userId, sphereId);
  if (!membership?.active) throw new ForbiddenError();
  if (isLastAdmin(membership.memberId, await membersOf(sphereId)))
    throw new ConflictError('sphere-last-admin');
  await saveMember(membership, {
    name: membership.name,
    roles: membership.roles,
    subscription: membership.subscription,
    active: false,
    inactiveReason: 'left',
    firstDayOfWork: membership.firstDayOfWork,
  });
  await tellMembershipChanged(userId);
  return undefined;
}

/**
 * PUT /v1/spheres/{id}/members/{memberId} (spec 01 §4, §5): an admin changes a member. Making a
 * member inactive revokes them (they cannot rejoin by the link); one who left by their own action
 * comes back by the link only; `sales-up` needs that entitlement; made Essentials, the member takes
 * one of the sphere's Essentials licences (409 `not-enough-licenses` when none is left) and gives it
 * back when made Starter; the last active admin keeps the role and stays active.
 */
export async function updateMember(sphereId: string, memberId: string, body: MemberUpdate): Promise<Member> {
  const [sphere, before] = await Promise.all([findSphere(sphereId), findMember(sphereId, memberId)]);
  if (!sphere || !before) throw new NotFoundError();
  if (
    body.roles.includes('sales-up') &&
    !before.roles.includes('sales-up') &&
    !sphere.entitlements.salesUp.active
  )
    throw new ValidationError([{ key: 'not-valid', field: 'body.roles' }]);
  if (body.active && !before.active && before.inactiveReason === 'left')
    throw new ConflictError('member-left-by-own-action');
  // A member waiting for its person (no account with that address yet) cannot be made active.
  if (body.active && isPendingUserId(before.userId))
    throw new ValidationError([{ key: 'not-valid', field: 'body.active' }]);
  const losesAdmin = !body.active || !body.roles.includes('admin');
  if (losesAdmin && isLastAdmin(memberId, await membersOf(sphereId)))
    throw new ConflictError('sphere-last-admin');
  const tagIds = body.tagIds ? [...new Set(body.tagIds)] : (before.tagIds ?? []);
  await checkMemberTags(sphereId, tagIds, before.tagIds ?? []);
  let saved = await saveMember(before, {
    name: body.name,
    roles: body.roles,
    subscription: body.subscription,
    active: body.active,
    inactiveReason: body.active ? undefined : before.active ? 'revoked' : before.inactiveReason,
    firstDayOfWork: body.firstDayOfWork,
    tagIds,
  });
  // A new first day of work may move the member to another seniority band.
  if (saved.firstDayOfWork !== before.firstDayOfWork) {
    await retagMember(saved);
    saved = (await findMember(sphereId, memberId)) ?? saved;
  }
  await tellMembershipChanged(before.userId, 'member');
  return toMember(saved);
}

/**
 * POST /v1/members (spec 01 §5 member form): an admin adds a person by name and address. The same
 * person twice is a duplicate (409 `exist`, with the existing member's address and whether they are
 * inactive): the person of a verified address, or the same address still waiting. The person whose
 * verified address it is is an active member at once and told; otherwise the member waits,
 * inactive (`no-user`), and becomes theirs when they join with that address. `sales-up` needs that
 * entitlement; an Essentials member takes one of the sphere's licences (`not-enough-licenses`).
 */
export async function createMember(body: MemberCreate): Promise<Member> {
  const sphere = await findSphere(body.sphereId);
  if (!sphere) throw new NotFoundError();
  if (body.roles.includes('sales-up') && !sphere.entitlements.salesUp.active)
    throw new ValidationError([{ key: 'not-valid', field: 'body.roles' }]);
  const tagIds = [...new Set(body.tagIds ?? [])];
  await checkMemberTags(sphere.sphereId, tagIds);
  const email = body.email.toLowerCase();
  const owner = await findVerifiedEmailOwner(email);
  const userId = owner?.userId ?? pendingUserId(email);
  const existing = await membershipIn(userId, sphere.sphereId);
  if (existing)
    throw new ConflictError('exist', {
      details: [
        {
          key: existing.active ? 'member-exists' : 'member-exists-inactive',
          field: 'body.email',
          values: { email: existing.email },
        },
      ],
    });
  const memberId = randomUUID();
  // At the sphere's member limit the member's own write is refused (decision 0043), at its galaxy's
  // member quota too (decision 0045).
  await insertMember(
    {
      sphereId: sphere.sphereId,
      memberId,
      userId,
      name: body.name,
      email,
      roles: body.roles,
      active: owner !== null,
      ...(owner ? {} : { inactiveReason: 'no-user' as const }),
      subscription: body.subscription,
      ...(body.firstDayOfWork ? { firstDayOfWork: body.firstDayOfWork } : {}),
      tagIds,
      autoTagIds: [],
    },
    sphere.limits.members,
    sphere.galaxyId,
  );
  if (owner) await tellMembershipChanged(owner.userId);
  const written = await findMember(sphere.sphereId, memberId);
  if (!written) throw new Error(`Member ${memberId} was written but cannot be read`);
  await retagMember(written);
  return toMember((await findMember(sphere.sphereId, memberId)) ?? written);
}

/** DELETE /v1/spheres/{id}/members/{memberId}: not the last active admin (`sphere-last-admin`). */
export async function deleteMember(sphereId: string, memberId: string): Promise<undefined> {
  const [sphere, member] = await Promise.all([findSphere(sphereId), findMember(sphereId, memberId)]);
  if (!member) throw new NotFoundError();
  if (isLastAdmin(memberId, await membersOf(sphereId))) throw new ConflictError('sphere-last-admin');
  await removeAccessCodes(member);
  // The member's place goes back to the sphere's galaxy, if it is in one (decision 0045).
  await removeMember(member, sphere?.galaxyId);
  await tellMembershipChanged(member.userId);
  return undefined;
}

/**
 * POST /v1/members/bulk: each row checked like the member form and added as by POST /v1/members,
 * one after the other; a row that fails says why (its field errors, or an existing member) and
 * the others are added all the same.
 */
export async function createMembersBulk(body: MembersBulk): Promise<{ items: MemberBulkResult[] }> {
  const items: MemberBulkResult[] = [];
  for (const [index, row] of body.rows.entries()) {
    const parsed = MemberCreateSchema.safeParse({
      sphereId: body.sphereId,
      name: row.name,
      email: row.email.trim(),
      roles: body.roles,
    });
    const base = { row: index + 1, email: row.email.trim() };
    if (!parsed.success) {
      items.push({
        ...base,
        status: 'invalid',
        errors: parsed.error.issues.map((i) => ({ key: i.message, field: `body.${i.path.join('.')}` })),
      });
      continue;
    }
    try {
      const member = await createMember(parsed.data);
      items.push({ ...base, status: member.active ? 'added' : 'waiting', member });
    } catch (error) {
      if (!(error instanceof ConflictError && error.key === 'exist')) throw error;
      items.push({ ...base, status: 'exists', ...(error.details ? { errors: error.details } : {}) });
    }
  }
  return { items };
}

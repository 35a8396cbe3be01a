import type {
  Galaxy,
  GalaxyContext,
  GalaxyContextWriteSchema,
  GalaxyMember,
  GalaxyMemberCreateSchema,
  GalaxyMemberUpdateSchema,
  GalaxyQuota,
  GalaxyReport,
  GalaxySphere,
  GalaxyUpdateSchema,
  GalaxyWrite,
  QuotaRequest,
  QuotaRequestCreateSchema,
  QuotaRequestDecisionSchema,
} from '@shared/contracts/galaxies';
import {
  QUOTA_KINDS,
  QUOTA_KIND_NAMES,
  quotaPercentage,
  quotaState,
  quotaThresholds,
  type QuotaKind,
} from '@shared/domain/galaxies';
import type * as z from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import { sendTemplatedEmail } from '../lib/mail';
import { mailLocale } from '../lib/mail-templates';
import { galaxyTallies } from '../lib/quotas';
import { publishAfterWrite } from '../realtime';
import { storedContextTexts } from '../spheres';
import { toContext } from './contexts';
import { findVerifiedEmailOwner, fullName, getAccount } from '../users';
import { quotaRequestDecidedMail } from './mail';
import {
  decideRequest,
  findGalaxies,
  findGalaxy,
  findGalaxyContext,
  findGalaxyMember,
  findQuotaRequest,
  galaxiesByName,
  galaxyCollection,
  insertGalaxy,
  insertGalaxyMember,
  insertQuotaRequest,
  pendingRequests,
  removeGalaxy,
  removeGalaxyContext,
  saveGalaxy,
  saveGalaxyContext,
  saveGalaxyMember,
  withdrawRequest,
  writeQuotaValue,
  type GalaxyItem,
  type GalaxyMemberItem,
  type QuotaRequestItem,
} from './repository';

/**
 * Galaxies (spec 02 §2–§9, decision 0045): super-admins create them, attach spheres and decide
 * quota change requests; a galaxy's admins read it, manage its members, context and requests. The
 * middleware has checked the route's right before any function here runs.
 */

type Tally = Awaited<ReturnType<typeof galaxyTallies>>[number];
type List<T> = { count: number; items: T[]; max: number; offset: number };

const page = <T>(items: T[], max = items.length, offset = 0): List<T> => ({
  count: items.length,
  items: items.slice(offset, offset + max),
  max: Math.max(max, 1),
  offset,
});

/** Each kind's tally of a galaxy, by kind. */
const byKind = (tallies: readonly Tally[]) => new Map(tallies.map((t) => [t.kind, t]));

/** The quotas past their alert or at their block. */
function alertsOf(tallies: readonly Tally[]): Galaxy['alerts'] {
  return tallies.flatMap((t) => {
    if (!Object.hasOwn(QUOTA_KINDS, t.kind)) return [];
    const state = quotaState(t.used ?? 0, t.value);
    return state === 'ok' ? [] : [{ kind: t.kind as QuotaKind, state }];
  });
}

export function toGalaxy(item: GalaxyItem, tallies: readonly Tally[]): Galaxy {
  return {
    id: item.galaxyId,
    name: item.name,
    shortName: item.shortName,
    language: item.language,
    ...(item.photoUrl !== undefined ? { photoUrl: item.photoUrl } : {}),
    ...(item.renewalDate !== undefined ? { renewalDate: item.renewalDate } : {}),
    sphereCount: item.sphereCount,
    memberCount: item.memberCount,
    alerts: alertsOf(tallies),
    pendingRequests: item.pendingKinds?.length ?? 0,
    createdAt: item.createdAt,
    updateDate: item.updatedAt,
  };
}

function toMember(item: GalaxyMemberItem): GalaxyMember {
  return {
    id: item.memberId,
    galaxyId: item.galaxyId,
    name: item.name,
    email: item.email,
    roles: [...item.roles],
    active: item.active,
    ...(item.firstDayOfWork !== undefined ? { firstDayOfWork: item.firstDayOfWork } : {}),
    userLinked: item.userId !== undefined,
    removedByUser: item.removedByUser,
    removedByAdmin: item.removedByAdmin,
    createdAt: item.createdAt,
    updateDate: item.updatedAt,
  };
}

function toRequest(item: QuotaRequestItem, galaxyName: string): QuotaRequest {
  return {
    id: item.requestId,
    galaxyId: item.galaxyId,
    galaxyName,
    kind: item.kind as QuotaKind,
    ...(item.currentValue !== undefined ? { currentValue: item.currentValue } : {}),
    requestedValue: item.requestedValue,
    reason: item.reason,
    status: item.status,
    requestedBy: { userId: item.requestedBy.userId, name: item.requestedBy.name },
    ...(item.decidedBy ? { decidedBy: { userId: item.decidedBy.userId, name: item.decidedBy.name } } : {}),
    ...(item.comment !== undefined ? { comment: item.comment } : {}),
    createdAt: item.createdAt,
    ...(item.decidedAt !== undefined ? { decidedAt: item.decidedAt } : {}),
  };
}

/** Every quota kind of a galaxy with its value, usage and thresholds (spec 02 §3 Galaxy quota). */
function quotasOf(tallies: readonly Tally[], requests: readonly QuotaRequestItem[]): GalaxyQuota[] {
  const tally = byKind(tallies);
  const requested = new Map(
    requests.filter((r) => r.status === 'pending').map((r) => [r.kind, r.requestedValue]),
  );
  return QUOTA_KIND_NAMES.map((kind) => {
    const { family, counted } = QUOTA_KINDS[kind];
    const t = tally.get(kind);
    const usage = t?.used ?? 0;
    const value = t?.value;
    const thresholds = value !== undefined ? quotaThresholds(value) : undefined;
    const pending = requested.get(kind);
    return {
      kind,
      family,
      counted,
      ...(value !== undefined ? { value } : {}),
      ...(pending !== undefined ? { requestedValue: pending } : {}),
      usage,
      ...(thresholds ? { alertThreshold: thresholds.alert, blockThreshold: thresholds.block } : {}),
      percentage: quotaPercentage(usage, value),
      state: quotaState(usage, value),
    };
  });
}

// Galaxies

export async function listGalaxies(query: { max: number; offset: number; q?: string | undefined }) {
  const needle = query.q?.trim().toLowerCase();
  const all = (await galaxiesByName()).filter(
    (g) => !needle || g.name.toLowerCase().includes(needle) || g.shortName.toLowerCase().includes(needle),
  );
  const shown = all.slice(query.offset, query.offset + query.max);
  // The page's galaxies' alerts: one Query of each one's tallies (a page of a super-admin's list).
  const items = await Promise.all(shown.map(async (g) => toGalaxy(g, await galaxyTallies(g.galaxyId))));
  return { count: all.length, items, max: query.max, offset: query.offset };
}

const fieldsOf = (body: GalaxyWrite) => ({
  name: body.name,
  shortName: body.shortName,
  language: body.language,
  ...(body.photoUrl !== undefined ? { photoUrl: body.photoUrl } : {}),
  ...(body.renewalDate !== undefined ? { renewalDate: body.renewalDate } : {}),
});

export async function createGalaxy(body: GalaxyWrite): Promise<Galaxy> {
  return toGalaxy(await insertGalaxy(fieldsOf(body)), []);
}

export async function getGalaxy(galaxyId: string): Promise<Galaxy> {
  const [galaxy, tallies] = await Promise.all([findGalaxy(galaxyId), galaxyTallies(galaxyId)]);
  if (!galaxy) throw new NotFoundError();
  return toGalaxy(galaxy, tallies);
}

export async function updateGalaxy(
  galaxyId: string,
  body: z.infer<typeof GalaxyUpdateSchema>,
): Promise<Galaxy> {
  const saved = await saveGalaxy(galaxyId, body.updateDate, fieldsOf(body));
  return toGalaxy(saved, await galaxyTallies(galaxyId));
}

export async function deleteGalaxy(galaxyId: string): Promise<undefined> {
  await removeGalaxy(galaxyId);
  return undefined;
}

// Members

export async function listMembers(galaxyId: string): Promise<List<GalaxyMember>> {
  const { galaxy, members } = await galaxyCollection(galaxyId);
  if (!galaxy) throw new NotFoundError();
  return page(members.sort((a, b) => a.name.localeCompare(b.name)).map(toMember));
}

/** Tells a person's open tabs that their galaxies and rights changed. */
async function tellGalaxiesChanged(userId: string | undefined) {
  if (!userId) return;
  await publishAfterWrite(userId, { type: 'galaxies', action: 'updated' });
  await publishAfterWrite(userId, { type: 'ability', action: 'updated' });
}

/**
 * POST /v1/galaxies/{id}/members: the body's galaxy is the path's (400 `not-valid` otherwise). The
 * person whose verified address it is acts as the admin at once; an address no account holds waits
 * (`userLinked: false`) and holds no right.
 */
export async function addMember(
  galaxyId: string,
  body: z.infer<typeof GalaxyMemberCreateSchema>,
): Promise<GalaxyMember> {
  if (body.galaxyId !== galaxyId) throw new ValidationError([{ key: 'not-valid', field: 'body.galaxyId' }]);
  const email = body.email.toLowerCase();
  const owner = await findVerifiedEmailOwner(email);
  const member = await insertGalaxyMember({
    galaxyId,
    name: body.name,
    email,
    roles: body.roles,
    ...(owner ? { userId: owner.userId } : {}),
    ...(body.firstDayOfWork ? { firstDayOfWork: body.firstDayOfWork } : {}),
  });
  await tellGalaxiesChanged(member.userId);
  return toMember(member);
}

export async function updateMember(
  galaxyId: string,
  memberId: string,
  body: z.infer<typeof GalaxyMemberUpdateSchema>,
): Promise<GalaxyMember> {
  const before = await findGalaxyMember(galaxyId, memberId);
  if (!before) throw new NotFoundError();
  const saved = await saveGalaxyMember(before, {
    name: body.name,
    roles: body.roles,
    active: body.active,
    // Made active again by an admin: no longer removed by one.
    removedByAdmin: body.active ? false : before.removedByAdmin,
    firstDayOfWork: body.firstDayOfWork,
  });
  await tellGalaxiesChanged(saved.userId);
  return toMember(saved);
}

/** Disables the member: the item stays as the galaxy's history. */
export async function removeMember(galaxyId: string, memberId: string): Promise<GalaxyMember> {
  const before = await findGalaxyMember(galaxyId, memberId);
  if (!before) throw new NotFoundError();
  const saved = await saveGalaxyMember(before, {
    name: before.name,
    roles: before.roles,
    active: false,
    removedByAdmin: true,
    firstDayOfWork: before.firstDayOfWork,
  });
  await tellGalaxiesChanged(saved.userId);
  return toMember(saved);
}

// Quotas

export async function listQuotas(galaxyId: string): Promise<GalaxyQuota[]> {
  const [{ galaxy, requests }, tallies] = await Promise.all([
    galaxyCollection(galaxyId),
    galaxyTallies(galaxyId),
  ]);
  if (!galaxy) throw new NotFoundError();
  return quotasOf(tallies, requests);
}

async function quotaOf(galaxyId: string, kind: QuotaKind): Promise<GalaxyQuota> {
  const quotas = await listQuotas(galaxyId);
  const quota = quotas.find((q) => q.kind === kind);
  if (!quota) throw new NotFoundError();
  return quota;
}

/** PUT /v1/galaxies/{id}/quotas/{kind}: a super-admin sets the value at once (`null`: no limit). */
export async function setQuota(
  galaxyId: string,
  kind: QuotaKind,
  value: number | null,
): Promise<GalaxyQuota> {
  if (!(await findGalaxy(galaxyId))) throw new NotFoundError();
  await writeQuotaValue(galaxyId, kind, value);
  return quotaOf(galaxyId, kind);
}

// Change requests

async function personOf(userId: string): Promise<{ userId: string; name: string }> {
  const account = await getAccount(userId);
  return { userId, name: account ? fullName(account.user) || '—' : '—' };
}

export async function requestChange(
  userId: string,
  galaxyId: string,
  body: z.infer<typeof QuotaRequestCreateSchema>,
): Promise<QuotaRequest> {
  const [galaxy, tallies, requestedBy] = await Promise.all([
    findGalaxy(galaxyId),
    galaxyTallies(galaxyId),
    personOf(userId),
  ]);
  if (!galaxy) throw new NotFoundError();
  const currentValue = byKind(tallies).get(body.kind)?.value;
  const request = await insertQuotaRequest({
    galaxyId,
    kind: body.kind,
    ...(currentValue !== undefined ? { currentValue } : {}),
    requestedValue: body.value,
    reason: body.reason,
    requestedBy,
  });
  await publishAfterWrite(userId, { type: 'galaxies', action: 'updated' });
  return toRequest(request, galaxy.name);
}

/** The galaxy's requests, newest first: pending and history. */
export async function listRequests(galaxyId: string): Promise<List<QuotaRequest>> {
  const { galaxy, requests } = await galaxyCollection(galaxyId);
  if (!galaxy) throw new NotFoundError();
  return page(
    requests.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((r) => toRequest(r, galaxy.name)),
  );
}

export async function deleteRequest(galaxyId: string, requestId: string): Promise<undefined> {
  const request = await findQuotaRequest(galaxyId, requestId);
  if (!request) throw new NotFoundError();
  if (request.status !== 'pending') throw new ConflictError('quota-request-decided');
  await withdrawRequest(request);
  return undefined;
}

/**
 * PUT /v1/galaxies/{id}/quota-requests/{requestId}: validated (the value changes at once, in the
 * same transaction) or rejected, with a comment; the requester is told by email and realtime event.
 */
export async function decide(
  userId: string,
  galaxyId: string,
  requestId: string,
  body: z.infer<typeof QuotaRequestDecisionSchema>,
): Promise<QuotaRequest> {
  const [galaxy, request, decidedBy] = await Promise.all([
    findGalaxy(galaxyId),
    findQuotaRequest(galaxyId, requestId),
    personOf(userId),
  ]);
  if (!galaxy || !request) throw new NotFoundError();
  if (request.status !== 'pending') throw new ConflictError('quota-request-decided');
  const decided = await decideRequest(request, { status: body.decision, decidedBy, comment: body.comment });
  await tellRequester(galaxy, decided);
  return toRequest(decided, galaxy.name);
}

async function tellRequester(galaxy: GalaxyItem, request: QuotaRequestItem): Promise<void> {
  const requester = request.requestedBy.userId;
  await publishAfterWrite(requester, { type: 'galaxies', action: 'updated' });
  const account = await getAccount(requester);
  const email = account?.emails.find((e) => e.primary && e.isVerified)?.email;
  if (!account || !email) return;
  await sendTemplatedEmail(email, quotaRequestDecidedMail, mailLocale(account.user.locale, galaxy.language), {
    galaxy: galaxy.name,
    quota: request.kind,
    requestedValue: request.requestedValue,
    validated: request.status === 'validated',
    comment: request.comment,
    name: account.user.firstName,
  });
}

/** Every pending request of every galaxy, oldest first (one Query, their galaxies by one BatchGet). */
export async function listPending(): Promise<List<QuotaRequest>> {
  const requests = await pendingRequests();
  const galaxies = new Map(
    (await findGalaxies([...new Set(requests.map((r) => r.galaxyId))])).map((g) => [g.galaxyId, g.name]),
  );
  return page(requests.map((r) => toRequest(r, galaxies.get(r.galaxyId) ?? '')));
}

// Context

export async function getContext(galaxyId: string): Promise<{ context: GalaxyContext | null }> {
  const context = await findGalaxyContext(galaxyId);
  return { context: context ? toContext(context) : null };
}

/** The name is required in the galaxy's language (as a sphere context's in its primary one). */
export async function putContext(
  galaxyId: string,
  body: z.infer<typeof GalaxyContextWriteSchema>,
): Promise<GalaxyContext> {
  const galaxy = await findGalaxy(galaxyId);
  if (!galaxy) throw new NotFoundError();
  const texts = storedContextTexts(body);
  if (!texts.name[galaxy.language])
    throw new ValidationError([{ key: 'required', field: `body.name.${galaxy.language}` }]);
  return toContext(await saveGalaxyContext(galaxyId, texts, body.updateDate));
}

export async function deleteContext(galaxyId: string): Promise<undefined> {
  if (!(await removeGalaxyContext(galaxyId))) throw new NotFoundError();
  return undefined;
}

// Spheres and report

/** What the galaxies' pages show of a sphere, from the spheres domain (given by the entry). */
export interface SphereFacts {
  id: string;
  name: string;
  shortName?: string | undefined;
  category: string;
  members: number;
  activeMembers: number;
  usage: GalaxySphere['usage'];
}

/** The facts of spheres by id, given by the entry. */
export type DescribeSpheres = (sphereIds: readonly string[]) => Promise<SphereFacts[]>;

/** A sphere of the galaxy as its pages show it, with when it was attached. */
function shownSphere(f: SphereFacts, attached: ReadonlyMap<string, string>): GalaxySphere {
  return {
    id: f.id,
    name: f.name,
    ...(f.shortName !== undefined ? { shortName: f.shortName } : {}),
    category: f.category,
    usage: f.usage,
    attachedAt: attached.get(f.id) ?? '',
  };
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

export async function listSpheres(galaxyId: string, describe: DescribeSpheres): Promise<List<GalaxySphere>> {
  const { galaxy, spheres } = await galaxyCollection(galaxyId);
  if (!galaxy) throw new NotFoundError();
  const attached = new Map(spheres.map((s) => [s.sphereId, s.attachedAt]));
  const facts = await describe([...attached.keys()]);
  return page(facts.map((f) => shownSphere(f, attached)).sort(byName));
}

/** The report of `/apps/galaxy/{id}/report`: counts of usage, never anyone's answers. */
export async function report(galaxyId: string, describe: DescribeSpheres): Promise<GalaxyReport> {
  const [{ galaxy, members, spheres, requests }, tallies] = await Promise.all([
    galaxyCollection(galaxyId),
    galaxyTallies(galaxyId),
  ]);
  if (!galaxy) throw new NotFoundError();
  const attached = new Map(spheres.map((s) => [s.sphereId, s.attachedAt]));
  const facts = await describe([...attached.keys()]);
  return {
    galaxy: {
      id: galaxy.galaxyId,
      name: galaxy.name,
      shortName: galaxy.shortName,
      ...(galaxy.renewalDate !== undefined ? { renewalDate: galaxy.renewalDate } : {}),
    },
    generatedAt: new Date().toISOString(),
    spheres: facts
      .map((f) => ({ ...shownSphere(f, attached), members: f.members, activeMembers: f.activeMembers }))
      .sort(byName),
    quotas: quotasOf(tallies, requests),
    admins: members
      .filter((m) => m.roles.includes('admin'))
      .map((m) => ({
        name: m.name,
        email: m.email,
        active: m.active,
        ...(m.firstDayOfWork !== undefined ? { firstDayOfWork: m.firstDayOfWork } : {}),
      })),
  };
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Language } from '@shared/contracts/headers';
import type {
  AccessCodes,
  AccessCodesUpdate,
  AccessSignIn,
  AccessSignInPage,
} from '@shared/contracts/access-codes';
import {
  ACCESS_CODE_MAX_FAILURES,
  ACCESS_CODE_MAX_FAILURES_PER_ADDRESS,
  ACCESS_CODE_WINDOW_MS,
  DELEGATION_MAX_FAILURES,
  DELEGATION_MAX_FAILURES_PER_CLIENT,
  normaliseAccessCode,
} from '@shared/domain/spheres';
import { normaliseEmail } from '@shared/domain/sign-in';
import { issueDelegationTicket, issueDeviceKey, knownDevice, type KnownDevice } from '../auth';
import { isConditionFailure } from '../lib/conditions';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  ValidationError,
} from '../lib/errors';
import { logger } from '../lib/logger';
import { createDelegatedGuest, removeGuestIdentity } from '../guests';
import { publishAfterWrite } from '../realtime';
import { findVerifiedEmailOwner, isGuest } from '../users';
import {
  findMember,
  findSphere,
  isPendingUserId,
  linkPendingMember,
  type MemberItem,
  type SphereItem,
} from './repository';
import { retagMember } from './tags';
import { spheresDb as db } from './store';

/**
 * Access codes and sign-in with them (spec 01 §3, §5, §8; decision 0014). A code is kept as an
 * HMAC-SHA256 keyed by the sphere's own salt, so it is unique within its sphere (the hash is the
 * key) and a leaked table does not give it in clear; the sign-in compares hashes, and wrong codes
 * are counted per address and sphere.
 */

/** The sphere's salt, drawn once (a conditional write: two first codes at once share one salt). */
async function saltOf(sphere: SphereItem): Promise<string> {
  if (sphere.accessCodeSalt) return sphere.accessCodeSalt;
  const salt = randomBytes(32).toString('base64url');
  try {
    await db()
      .entities.sphere.patch({ sphereId: sphere.sphereId })
      .set({ accessCodeSalt: salt })
      .where(({ accessCodeSalt }, { notExists }) => notExists(accessCodeSalt))
      .go({ response: 'none' });
    return salt;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const again = await findSphere(sphere.sphereId);
    if (!again?.accessCodeSalt) throw error;
    return again.accessCodeSalt;
  }
}

const hashCode = (salt: string, code: string) =>
  createHmac('sha256', salt).update(normaliseAccessCode(code)).digest('base64url');

async function codesOf(member: Pick<MemberItem, 'sphereId' | 'memberId'>) {
  const { data } = await db()
    .entities.accessCode.query.byMember({ sphereId: member.sphereId, memberId: member.memberId })
    .go({ pages: 'all' });
  return data;
}

function answer(member: MemberItem, codes: Awaited<ReturnType<typeof codesOf>>): AccessCodes {
  return {
    lowSecurityAccessEnabled: member.lowSecurityAccessEnabled ?? false,
    items: codes
      .map((c) => ({ id: c.codeHash, hint: c.hint, createdAt: c.createdAt }))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
  };
}

async function memberOf(sphereId: string, memberId: string): Promise<MemberItem> {
  const member = await findMember(sphereId, memberId);
  if (!member) throw new NotFoundError();
  return member;
}

/** GET …/members/{memberId}/access-codes: whether the member may use codes, and their hints. */
export async function getAccessCodes(sphereId: string, memberId: string): Promise<AccessCodes> {
  const member = await memberOf(sphereId, memberId);
  return answer(member, await codesOf(member));
}

/**
 * PUT …/access-codes: removes and adds codes, then sets whether the member may sign in with one
 * (at least one code needed). A code held by another member (or twice in the body) is refused
 * before anything is written.
 */
export async function updateAccessCodes(
  sphereId: string,
  memberId: string,
  body: AccessCodesUpdate,
): Promise<AccessCodes> {
  const [sphere, member] = await Promise.all([findSphere(sphereId), memberOf(sphereId, memberId)]);
  if (!sphere) throw new NotFoundError();
  if (!sphere.lowSecurityAccessOptions?.enabled && (body.lowSecurityAccessEnabled || body.add.length > 0))
    throw new ConflictError('sphere-lowSecurityAccessOptions-disabled');
  const held = await codesOf(member);
  const removed = new Set(body.remove.filter((id) => held.some((c) => c.codeHash === id)));
  const salt = body.add.length ? await saltOf(sphere) : '';
  const added = body.add.map((code) => ({ code: normaliseAccessCode(code), hash: hashCode(salt, code) }));
  if (new Set(added.map((a) => a.hash)).size !== added.length)
    throw new ConflictError('sphere-member-duplicate-access-code');
  const kept = held.filter((c) => !removed.has(c.codeHash));
  const remaining = kept.length + added.filter((a) => !kept.some((c) => c.codeHash === a.hash)).length;
  if (body.lowSecurityAccessEnabled && remaining === 0)
    throw new ValidationError([{ key: 'required', field: 'body.add' }]);
  for (const { code, hash } of added) {
    if (kept.some((c) => c.codeHash === hash)) continue;
    try {
      await db()
        .entities.accessCode.create({ sphereId, codeHash: hash, memberId, hint: code.slice(-2) })
        .go({ response: 'none' });
    } catch (error) {
      if (isConditionFailure(error))
        throw new ConflictError('sphere-member-duplicate-access-code', { cause: error });
      throw error;
    }
  }
  for (const codeHash of removed) await db().entities.accessCode.delete({ sphereId, codeHash }).go();
  await db()
    .entities.member.patch({ sphereId, memberId })
    .set({ lowSecurityAccessEnabled: body.lowSecurityAccessEnabled })
    .go({ response: 'none' });
  return getAccessCodes(sphereId, memberId);
}

/** The local stack's demo: a member's code, hashed as an admin's would be (nothing if already held). */
export async function importAccessCode(sphereId: string, memberId: string, code: string): Promise<void> {
  const sphere = await findSphere(sphereId);
  if (!sphere) throw new Error(`No sphere ${sphereId} for the code`);
  const codeHash = hashCode(await saltOf(sphere), code);
  try {
    await db()
      .entities.accessCode.create({ sphereId, codeHash, memberId, hint: normaliseAccessCode(code).slice(-2) })
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Removes every code of a member and their low-security access (DELETE, leaving, removal). */
export async function removeAccessCodes(member: Pick<MemberItem, 'sphereId' | 'memberId'>): Promise<void> {
  for (const code of await codesOf(member))
    await db().entities.accessCode.delete({ sphereId: member.sphereId, codeHash: code.codeHash }).go();
}

export async function deleteAccessCodes(sphereId: string, memberId: string): Promise<undefined> {
  const member = await memberOf(sphereId, memberId);
  await removeAccessCodes(member);
  await db()
    .entities.member.patch({ sphereId, memberId })
    .set({ lowSecurityAccessEnabled: false })
    .go({ response: 'none' });
  return undefined;
}

/** The sphere when it allows sign-in with a code; otherwise the refusal (an unknown sphere alike). */
async function lowSecuritySphere(sphereId: string): Promise<SphereItem> {
  const sphere = await findSphere(sphereId);
  if (!sphere?.lowSecurityAccessOptions?.enabled)
    throw new ForbiddenError('sphere-lowSecurityAccessOptions-disabled');
  return sphere;
}

/** GET /v1/spheres/{id}/access-sign-in: what the sign-in page shows in access-code mode. */
export async function accessSignInPage(sphereId: string): Promise<AccessSignInPage> {
  const sphere = await lowSecuritySphere(sphereId);
  return { sphereName: sphere.name, label: sphere.lowSecurityAccessOptions?.label ?? {} };
}

/**
 * Refuses the attempt for the rest of the window once `scope` (an address, a campaign, a client or a
 * known device; see `attemptScopes`) gave `max` wrong codes.
 */
async function checkAttempts(sphereId: string, scope: string, nowMs: number, max: number): Promise<void> {
  const { data } = await db()
    .entities.accessCodeAttempts.get({ sphereId, email: scope })
    .go({ consistent: true });
  if (data && data.windowStart > nowMs - ACCESS_CODE_WINDOW_MS && data.failures >= max)
    throw new TooManyRequestsError('too-many-attempts');
}

/** Counts a wrong code: a new window when the last one is over, else one more in it. */
async function countFailure(sphereId: string, scope: string, nowMs: number): Promise<void> {
  const expiresAt = Math.floor((nowMs + ACCESS_CODE_WINDOW_MS) / 1000) + 60;
  try {
    await db()
      .entities.accessCodeAttempts.update({ sphereId, email: scope })
      .add({ failures: 1 })
      .set({ expiresAt })
      .where(({ windowStart }, { gt }) => gt(windowStart, nowMs - ACCESS_CODE_WINDOW_MS))
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    await db()
      .entities.accessCodeAttempts.put({ sphereId, email: scope, failures: 1, windowStart: nowMs, expiresAt })
      .go({ response: 'none' });
  }
}

/** Who is trying: a known device of the person it names (docs/decisions/0006), or a client address. */
export type Attempter = { knownUserId: string } | { client: string };

/**
 * The counts an attempt is checked against and, when wrong, added to, each with its limit. A known
 * device's attempts are its person's alone; any other browser's are counted for its client and for
 * every unknown browser of the address (or the campaign) together. So strangers can neither shut out
 * a known device nor, from a few clients, the person's first attempt, and guessing stays bounded.
 */
function attemptScopes(
  target: { address: string } | { campaignId: string },
  attempter: Attempter,
): { scope: string; max: number }[] {
  const name = 'address' in target ? target.address : `campaign:${target.campaignId}`;
  if ('knownUserId' in attempter)
    return [{ scope: `known:${attempter.knownUserId}|${name}`, max: ACCESS_CODE_MAX_FAILURES }];
  const perClient = 'address' in target ? ACCESS_CODE_MAX_FAILURES : DELEGATION_MAX_FAILURES_PER_CLIENT;
  const together = 'address' in target ? ACCESS_CODE_MAX_FAILURES_PER_ADDRESS : DELEGATION_MAX_FAILURES;
  return [
    { scope: `client:${attempter.client}|${name}`, max: perClient },
    { scope: name, max: together },
  ];
}

async function checkScopes(sphereId: string, scopes: { scope: string; max: number }[], nowMs: number) {
  await Promise.all(scopes.map(({ scope, max }) => checkAttempts(sphereId, scope, nowMs, max)));
}

async function countScopes(sphereId: string, scopes: { scope: string; max: number }[], nowMs: number) {
  await Promise.all(scopes.map(({ scope }) => countFailure(sphereId, scope, nowMs)));
}

/** The member whose code this is in the sphere, if any: two GetItems (the code's hash is its key). */
async function memberOfCode(sphere: SphereItem, code: string): Promise<MemberItem | null> {
  if (!sphere.accessCodeSalt) return null;
  const { data } = await db()
    .entities.accessCode.get({ sphereId: sphere.sphereId, codeHash: hashCode(sphere.accessCodeSalt, code) })
    .go();
  return data ? findMember(sphere.sphereId, data.memberId) : null;
}

/** A waiting member now linked to their person: tagged by the sphere's rules, and the person told. */
async function memberLinked(sphere: SphereItem, member: MemberItem, userId: string): Promise<void> {
  const joined = await findMember(sphere.sphereId, member.memberId);
  if (joined) await retagMember(joined);
  await publishAfterWrite(userId, { type: 'spheres', action: 'updated' });
  await publishAfterWrite(userId, { type: 'ability', action: 'updated' });
}

/**
 * Who signs in for a member whose address and code are right: the account that proved the address,
 * or the guest the member signed in as before; a member still waiting for their person becomes the
 * account of the address when one proved it since, else a new guest of their own (decision 0014).
 * Null when the member cannot sign in this way (left, revoked, or the address is not theirs).
 */
async function personOf(
  sphere: SphereItem,
  member: MemberItem,
  email: string,
  language: Language,
): Promise<{ userId: string; username: string } | null> {
  const owner = await findVerifiedEmailOwner(email);
  if (!isPendingUserId(member.userId)) {
    if (!member.active) return null;
    if (owner?.userId === member.userId) return { userId: owner.userId, username: email };
    // A guest's pool username is its userId (the pool signs in by email, so usernames are subs).
    return !owner && (await isGuest(member.userId))
      ? { userId: member.userId, username: member.userId }
      : null;
  }
  if (member.inactiveReason !== 'no-user') return null;
  const userId =
    owner?.userId ??
    (await createDelegatedGuest(
      `/login?sphere=${sphere.sphereId}`,
      language,
      member.name.trim().split(/\s+/)[0] ?? '',
    ));
  const linked = await linkPendingMember(member, { userId, name: member.name, email });
  if (!linked) {
    // Another sign-in (or a join) linked the member first: this one's new guest is not kept.
    if (!owner) await removeGuestIdentity(userId);
    const again = await findMember(sphere.sphereId, member.memberId);
    return again && !isPendingUserId(again.userId) ? personOf(sphere, again, email, language) : null;
  }
  await memberLinked(sphere, member, userId);
  logger.info(owner ? 'Waiting member linked by access code' : 'Waiting member signed in as a guest', {
    sphereId: sphere.sphereId,
    memberId: member.memberId,
  });
  return { userId, username: owner ? email : userId };
}

/**
 * The person a known-device key names, when it is a device of the address's person in this sphere:
 * one that signed in here with the address, or one of the account that proved it.
 */
async function knownPersonFor(
  sphereId: string,
  email: string,
  deviceKey: string | undefined,
): Promise<KnownDevice | null> {
  const device = await knownDevice(deviceKey);
  if (!device) return null;
  if (device.email === email && device.sphereId === sphereId) return device;
  const owner = await findVerifiedEmailOwner(email);
  return owner?.userId === device.userId ? device : null;
}

/**
 * POST /v1/spheres/{id}/access-sign-in: a member of the sphere allowed to use codes, whose address
 * this is and whose code this is, gets a one-time ticket for the sign-in challenge, and the browser a
 * known-device key (the one it gave, when it is the person's). A member still waiting for their
 * person signs in too: as the account that proved the address since, else as a guest of their own.
 * Every wrong pair answers the same `invalid-delegation` and counts as `attemptScopes` says.
 */
export async function accessSignIn(
  sphereId: string,
  body: AccessSignIn,
  language: Language,
  client: string,
  nowMs = Date.now(),
): Promise<{ username: string; ticket: string; deviceKey: string }> {
  const sphere = await lowSecuritySphere(sphereId);
  const email = normaliseEmail(body.email);
  const device = await knownPersonFor(sphereId, email, body.deviceKey);
  const scopes = attemptScopes({ address: email }, device ? { knownUserId: device.userId } : { client });
  await checkScopes(sphereId, scopes, nowMs);
  const member = await memberOfCode(sphere, body.accessCode);
  const person =
    member?.lowSecurityAccessEnabled && member.email.toLowerCase() === email
      ? await personOf(sphere, member, email, language)
      : null;
  if (!member || !person) {
    await countScopes(sphereId, scopes, nowMs);
    logger.info('Access code refused', { sphereId, knownDevice: !!device });
    throw new BadRequestError('invalid-delegation');
  }
  const ticket = await issueDelegationTicket(person.userId, sphereId, nowMs);
  const deviceKey =
    device?.userId === person.userId && body.deviceKey
      ? body.deviceKey
      : await issueDeviceKey(person.userId, { email, sphereId, nowMs });
  logger.info('Access code accepted', { sphereId, memberId: member.memberId });
  return { username: person.username, ticket, deviceKey };
}

/**
 * Who enters for a member found by their code alone (a campaign's delegation, decision 0029): the
 * guest the member signed in as before, or, for a member still waiting for their person, a new guest
 * of their own. A member whose person has an account with an address signs in with it: the code
 * alone does not open an account (`delegation-sign-in-required`). Null when the member cannot enter
 * this way (left or revoked).
 */
async function personOfCode(
  sphere: SphereItem,
  member: MemberItem,
  language: Language,
): Promise<{ userId: string; username: string } | null> {
  if (!isPendingUserId(member.userId)) {
    if (!member.active) return null;
    if (await isGuest(member.userId)) return { userId: member.userId, username: member.userId };
    throw new ForbiddenError('delegation-sign-in-required');
  }
  if (member.inactiveReason !== 'no-user') return null;
  if (member.email && (await findVerifiedEmailOwner(normaliseEmail(member.email))))
    throw new ForbiddenError('delegation-sign-in-required');
  const userId = await createDelegatedGuest(
    `/participation?sphere=${sphere.sphereId}`,
    language,
    member.name.trim().split(/\s+/)[0] ?? '',
  );
  if (!(await linkPendingMember(member, { userId, name: member.name, email: member.email }))) {
    // Another entry linked the member first: this one's new guest is not kept.
    await removeGuestIdentity(userId);
    const again = await findMember(sphere.sphereId, member.memberId);
    return again && !isPendingUserId(again.userId) ? personOfCode(sphere, again, language) : null;
  }
  await memberLinked(sphere, member, userId);
  logger.info('Waiting member entered by delegation as a guest', {
    sphereId: sphere.sphereId,
    memberId: member.memberId,
  });
  return { userId, username: userId };
}

/**
 * Entry by a campaign's delegation (spec 01 §7 `POST /users/guests` with an access code and a
 * campaign; decision 0029), once the campaign has allowed it: the member of the sphere whose code
 * this is, allowed to use codes, gets a one-time ticket for the sign-in challenge, as the guest of
 * their own, and the browser a known-device key for the sphere. A wrong code answers
 * `invalid-delegation` and counts as `attemptScopes` says for the campaign; past a limit,
 * `too-many-attempts`.
 */
export async function delegatedSignIn(
  sphereId: string,
  campaignId: string,
  entry: { accessCode: string; deviceKey?: string | undefined; client: string },
  language: Language,
  nowMs = Date.now(),
): Promise<{ userId: string; username: string; ticket: string; deviceKey: string }> {
  const sphere = await lowSecuritySphere(sphereId);
  const found = await knownDevice(entry.deviceKey);
  const device = found?.sphereId === sphereId ? found : null;
  const scopes = attemptScopes(
    { campaignId },
    device ? { knownUserId: device.userId } : { client: entry.client },
  );
  await checkScopes(sphereId, scopes, nowMs);
  const member = await memberOfCode(sphere, entry.accessCode);
  const person = member?.lowSecurityAccessEnabled ? await personOfCode(sphere, member, language) : null;
  if (!member || !person) {
    await countScopes(sphereId, scopes, nowMs);
    logger.info('Delegation refused', { sphereId, knownDevice: !!device });
    throw new BadRequestError('invalid-delegation');
  }
  const ticket = await issueDelegationTicket(person.userId, sphereId, nowMs);
  const deviceKey =
    device?.userId === person.userId && entry.deviceKey
      ? entry.deviceKey
      : await issueDeviceKey(person.userId, { sphereId, nowMs });
  logger.info('Delegation accepted', { sphereId, memberId: member.memberId });
  return { userId: person.userId, username: person.username, ticket, deviceKey };
}

/**
 * The code of a link only the sphere's admins can make (quick-answer links, spec 01 §2): an HMAC of
 * what the link names, keyed by the sphere's salt. It proves where a link comes from; it opens
 * nothing by itself (recording through it still needs membership).
 */
export async function sphereLinkCode(sphereId: string, names: string): Promise<string | null> {
  const sphere = await findSphere(sphereId);
  if (!sphere) return null;
  return linkCode(await saltOf(sphere), names);
}

const linkCode = (salt: string, names: string) =>
  createHmac('sha256', salt).update(`link:${names}`).digest('base64url').slice(0, 22);

/** Whether a link's code is the sphere's for what it names (compared in constant time). */
export function isSphereLinkCode(
  sphere: Pick<SphereItem, 'accessCodeSalt'>,
  names: string,
  code: string,
): boolean {
  if (!sphere.accessCodeSalt) return false;
  const expected = Buffer.from(linkCode(sphere.accessCodeSalt, names));
  const given = Buffer.from(code);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

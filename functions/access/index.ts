/**
 * The caller, on the wiring floor above every domain: what every Lambda entry gives the middleware to check a caller (functions/lib/http.ts): the token
 * check's read of the account (users) and the facts of the ability rules, which join the account's
 * subscription and global roles (users) with the person's active memberships (spheres, galaxies). It sits in
 * its own folder because both domains' faces feed it and the users domain's start call reads it.
 */
import type { AbilityFacts, AccountFacts } from '@shared/domain/ability';
import { salesUpRoleGrants } from '@shared/domain/entitlements';
import { effectivePlan } from '@shared/domain/licences';
import type { CallerAccounts } from '../lib/http';
import { galaxyAdminFacts } from '../galaxies';
import { countedMemberships, sessionMembershipsOf, sessionPlace } from '../sessions';
import { activeMemberships, findSpheres } from '../spheres';
import { abilityFacts as accountFacts, accountStanding } from '../users';

/**
 * The facts of the caller's rules: one GetItem of the account (none when this request's token check
 * has read it: `account`), one Query of sphere memberships, one of session memberships and one of galaxy memberships, in
 * parallel. A contributor session's membership counts while its sphere's does.
 */
export async function abilityFacts(
  userId: string,
  known?: AccountFacts,
): Promise<Omit<AbilityFacts, 'userId' | 'superAdminMode'> | null> {
  const [account, spheres, sessionMembers, galaxies] = await Promise.all([
    known ?? accountFacts(userId),
    activeMemberships(userId),
    sessionMembershipsOf(userId),
    galaxyAdminFacts(userId),
  ]);
  if (!account) return null;
  const sessions = countedMemberships(sessionMembers, new Set(spheres.map((s) => s.sphereId)));
  // A sphere's Essentials licence gives its member the Essentials rules (decision 0046).
  const subscription = account.isGuest ? account.subscription : effectivePlan(account.subscription, spheres);
  return { ...account, subscription, spheres: await withSalesUp(spheres), sessions, galaxies };
}

/**
 * The sales-up role grants something only while its sphere's Sales-Up entitlement is active
 * (decision 0047): for a holder of that role, and only then, the spheres concerned are read (one
 * BatchGetItem), so a super-admin switching it reaches the rules at the next request.
 */
async function withSalesUp(
  spheres: Awaited<ReturnType<typeof activeMemberships>>,
): Promise<AbilityFacts['spheres']> {
  const holders = spheres.filter((s) => s.roles.includes('sales-up')).map((s) => s.sphereId);
  if (holders.length === 0) return spheres;
  const active = new Set(
    (await findSpheres(holders)).filter((s) => salesUpRoleGrants(s.entitlements)).map((s) => s.sphereId),
  );
  return spheres.map((s) =>
    s.roles.includes('sales-up') ? { ...s, salesUpActive: active.has(s.sphereId) } : s,
  );
}

/** A session named by a path lives in a sphere: its admins' rights are held on `{ sphereId }`. */
async function place(resource: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (typeof resource.sessionId !== 'string' || resource.sphereId !== undefined) return resource;
  const sphereId = await sessionPlace(resource.sessionId);
  return sphereId ? { ...resource, sphereId } : resource;
}

export const callerAccounts: CallerAccounts = { standing: accountStanding, abilityFacts, place };

export { loadMe, loadMySessions } from './me';

/** Whether the caller acts as a super-admin: the role, and the mode's header sent (spec 01 §6). */
export async function actsAsSuperAdmin(userId: string, headerSent: boolean): Promise<boolean> {
  if (!headerSent) return false;
  const facts = await accountFacts(userId);
  return facts?.globalRoles.includes('super-admin') ?? false;
}

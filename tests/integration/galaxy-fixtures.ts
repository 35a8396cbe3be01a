import { randomUUID } from 'node:crypto';
import { galaxiesDb } from '../../functions/galaxies/store';
import { galaxyScope, sphereScope, valueFields } from '../../functions/lib/quotas';
import { spheresDb } from '../../functions/spheres/store';

/**
 * Galaxies written straight into the table, for tests of the galaxy quotas while the galaxies'
 * routes are not served (decision 0045): a galaxy is, for the quota check, its tally items
 * (`galaxy#<id>` / kind, holding `used` and the value's fields); its admins are `galaxyMember`
 * items, the galaxy item gives the alert mail its name and language, and a sphere is in it by its
 * `galaxyId` (with the `galaxySphere` link the attach route will write).
 */

/** One quota of a galaxy: its value and, optionally, what is already used of it. */
export interface QuotaSeed {
  value: number;
  used?: number;
}

export interface SeededGalaxy {
  galaxyId: string;
  name: string;
}

/** A galaxy with its quotas and, optionally, one active admin who is mailed its alert crossings. */
export async function seedGalaxy(options: {
  name: string;
  quotas: Record<string, QuotaSeed>;
  admin?: { email: string; name: string; userId?: string };
}): Promise<SeededGalaxy> {
  const galaxyId = randomUUID();
  const db = galaxiesDb();
  await db.entities.galaxy
    .put({ galaxyId, name: options.name, shortName: options.name.slice(0, 30), language: 'fr' })
    .go();
  for (const [kind, quota] of Object.entries(options.quotas)) await setQuota(galaxyId, kind, quota);
  if (options.admin) {
    await db.entities.galaxyMember
      .put({
        galaxyId,
        memberId: randomUUID(),
        name: options.admin.name,
        email: options.admin.email,
        roles: ['admin'],
        userId: options.admin.userId ?? randomUUID(),
      })
      .go();
  }
  return { galaxyId, name: options.name };
}

/** Writes a quota's tally whole: its usage and its value's fields (what a validated value writes). */
export async function setQuota(galaxyId: string, kind: string, quota: QuotaSeed): Promise<void> {
  await galaxiesDb()
    .entities.quotaTally.put({
      scope: galaxyScope(galaxyId),
      kind,
      used: quota.used ?? 0,
      ...valueFields(quota.value),
    })
    .go();
}

/** Gives a quota a new value, its usage and its alert mark kept. */
export async function changeQuotaValue(galaxyId: string, kind: string, value: number): Promise<void> {
  await galaxiesDb()
    .entities.quotaTally.patch({ scope: galaxyScope(galaxyId), kind })
    .set(valueFields(value))
    .go();
}

/** A galaxy quota's tally as stored (a consistent read), or null. */
export async function galaxyTally(galaxyId: string, kind: string) {
  const { data } = await galaxiesDb()
    .entities.quotaTally.get({ scope: galaxyScope(galaxyId), kind })
    .go({ consistent: true });
  return data;
}

/** A sphere's own tally of a kind (`groups`, `tags`), or null. */
export async function sphereTally(sphereId: string, kind: string) {
  const { data } = await spheresDb()
    .entities.quotaTally.get({ scope: sphereScope(sphereId), kind })
    .go({ consistent: true });
  return data;
}

/** Puts a sphere in a galaxy as the attach route will: its `galaxyId` and the galaxy's link. */
export async function putSphereInGalaxy(sphereId: string, galaxyId: string): Promise<void> {
  await spheresDb().entities.sphere.patch({ sphereId }).set({ galaxyId }).go();
  await galaxiesDb().entities.galaxySphere.put({ galaxyId, sphereId }).go();
}

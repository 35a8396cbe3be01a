import type { GalaxySphere } from '@shared/contracts/galaxies';
import { quotaThresholds, type QuotaKind } from '@shared/domain/galaxies';
import { ConflictError, NotFoundError } from '../lib/errors';
import { noteQuotaAlerts } from '../lib/notices';
import { galaxyScope, galaxyTallies, tellAlertCrossing } from '../lib/quotas';
import { placementItems, placementOf } from '../spheres';
import { findGalaxy } from './repository';
import { galaxiesDb as db } from './store';

/**
 * Attaching, moving and detaching a sphere (spec 02 §4, decision 0045): the sphere's galaxy, its
 * name's scope, the galaxies' links and counts and the usage the sphere holds of every counted kind
 * move in one transaction, so a galaxy's tallies stay exact without ever counting at read time.
 */

/** How much a sphere holds of each counted kind, from the domains that count them (the entry's). */
export type UsageOf = (sphereId: string) => Promise<Partial<Record<QuotaKind, number>>>;

type Tallies = Awaited<ReturnType<typeof galaxyTallies>>;

/** Whether a cancelled transaction's item at `index` is the one refused. */
const rejectedAt = (items: readonly unknown[], index: number) =>
  (items[index] as { rejected?: boolean } | undefined)?.rejected === true;

/** The kinds the move would take past their value in the galaxy it goes to. */
function blockedKinds(usage: Partial<Record<QuotaKind, number>>, tallies: Tallies): QuotaKind[] {
  const byKind = new Map(tallies.map((t) => [t.kind, t]));
  return (Object.entries(usage) as [QuotaKind, number][])
    .filter(([kind, n]) => {
      const tally = byKind.get(kind);
      return n > 0 && tally?.value !== undefined && (tally.used ?? 0) + n > tally.value;
    })
    .map(([kind]) => kind);
}

/** The kinds whose usage the move takes from below their alert to it or past it. */
function crossedKinds(usage: Partial<Record<QuotaKind, number>>, tallies: Tallies): QuotaKind[] {
  const byKind = new Map(tallies.map((t) => [t.kind, t]));
  return (Object.entries(usage) as [QuotaKind, number][])
    .filter(([kind, n]) => {
      const tally = byKind.get(kind);
      if (n <= 0 || tally?.value === undefined) return false;
      const { alert } = quotaThresholds(tally.value);
      return (tally.used ?? 0) < alert && (tally.used ?? 0) + n >= alert;
    })
    .map(([kind]) => kind);
}

/**
 * PUT /v1/galaxies/{id}/spheres/{sphereId}: attaches the sphere, or moves it from its galaxy. The
 * usage it holds is checked against the galaxy's values (409 `quota-blocked` naming the quotas it
 * would pass, nothing written) and added to its tallies on the condition that they did not change
 * since read (409 `conflict` when another write came first: the super-admin tries again).
 */
export async function attachSphere(
  galaxyId: string,
  sphereId: string,
  usageOf: UsageOf,
): Promise<GalaxySphere> {
  const [galaxy, sphere] = await Promise.all([findGalaxy(galaxyId), placementOf(sphereId)]);
  if (!galaxy || !sphere) throw new NotFoundError();
  const attachedAt = new Date().toISOString();
  const usage = { ...(await usageOf(sphereId)), spheres: 1 };
  const shown = (): GalaxySphere => ({
    id: sphere.sphereId,
    name: sphere.name,
    ...(sphere.shortName !== undefined ? { shortName: sphere.shortName } : {}),
    category: sphere.category,
    usage: Object.fromEntries(Object.entries(usage).filter(([kind]) => kind !== 'spheres')),
    attachedAt,
  });
  if (sphere.galaxyId === galaxyId) return shown();
  const from = sphere.galaxyId;
  const tallies = await galaxyTallies(galaxyId);
  const blocked = blockedKinds(usage, tallies);
  if (blocked.length)
    throw new ConflictError('quota-blocked', {
      details: blocked.map((kind) => ({ key: 'quota-blocked', field: kind })),
    });
  const seen = new Map(tallies.map((t) => [t.kind, t]));
  const moved = (Object.entries(usage) as [QuotaKind, number][]).filter(([, n]) => n > 0);
  const placement = placementItems(sphere, galaxyId);
  const result = await db()
    .transaction.write(({ galaxy: galaxies, galaxySphere, quotaTally }) => [
      ...placement.items,
      galaxySphere.create({ galaxyId, sphereId, attachedAt }).commit(),
      galaxies
        .update({ galaxyId })
        .add({ sphereCount: 1 })
        .where(({ galaxyId: id }, { exists }) => exists(id))
        .commit(),
      ...(from
        ? [
            galaxySphere.delete({ galaxyId: from, sphereId }).commit(),
            galaxies.update({ galaxyId: from }).add({ sphereCount: -1 }).commit(),
          ]
        : []),
      ...moved.map(([kind, n]) => {
        const before = seen.get(kind);
        return quotaTally
          .update({ scope: galaxyScope(galaxyId), kind })
          .add({ used: n })
          .where(({ used, value }, op) =>
            before === undefined
              ? op.notExists(used)
              : `${op.eq(used, before.used ?? 0)} AND ${before.value === undefined ? op.notExists(value) : op.eq(value, before.value)}`,
          )
          .commit();
      }),
      ...(from
        ? moved.map(([kind, n]) =>
            quotaTally
              .update({ scope: galaxyScope(from), kind })
              .add({ used: -n })
              .commit(),
          )
        : []),
    ])
    .go();
  if (result.canceled) {
    if (rejectedAt(result.data, placement.nameItemIndex)) throw new ConflictError('duplicate-sphere');
    throw new ConflictError('conflict');
  }
  const crossed = crossedKinds(usage, tallies);
  if (crossed.length) {
    noteQuotaAlerts(crossed);
    await Promise.all(crossed.map((kind) => tellAlertCrossing(galaxyId, kind)));
  }
  return shown();
}

/** DELETE /v1/galaxies/{id}/spheres/{sphereId}: the sphere leaves the galaxy with its usage. */
export async function detachSphere(galaxyId: string, sphereId: string, usageOf: UsageOf): Promise<undefined> {
  const sphere = await placementOf(sphereId);
  if (!sphere || sphere.galaxyId !== galaxyId) throw new NotFoundError();
  const usage = { ...(await usageOf(sphereId)), spheres: 1 };
  const placement = placementItems(sphere, undefined);
  const result = await db()
    .transaction.write(({ galaxy: galaxies, galaxySphere, quotaTally }) => [
      ...placement.items,
      galaxySphere.delete({ galaxyId, sphereId }).commit(),
      galaxies.update({ galaxyId }).add({ sphereCount: -1 }).commit(),
      ...(Object.entries(usage) as [QuotaKind, number][])
        .filter(([, n]) => n > 0)
        .map(([kind, n]) =>
          quotaTally
            .update({ scope: galaxyScope(galaxyId), kind })
            .add({ used: -n })
            .commit(),
        ),
    ])
    .go();
  if (result.canceled) {
    if (rejectedAt(result.data, placement.nameItemIndex)) throw new ConflictError('duplicate-sphere');
    throw new ConflictError('conflict');
  }
  return undefined;
}

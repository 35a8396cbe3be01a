import type { SphereLicenceReport, SphereLicences } from '@shared/contracts/licences';
import {
  licenceDayOf,
  licencesOverTime,
  periodEnds,
  reportRange,
  type LicenceReportInterval,
} from '@shared/domain/licence-history';
import {
  GALAXY_LICENCE_KINDS,
  LICENCE_TIERS,
  canChangeLicenceMode,
  licenceCountAllowed,
  licenceKind,
  licencesRemaining,
  type LicenceMode,
  type LicenceTier,
} from '@shared/domain/licences';
import { isConditionFailure } from '../lib/conditions';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import { importLicenceDays, licenceDayCount, licenceDaysSince } from '../lib/licence-days';
import { galaxyScope, galaxyTallies, sphereScope } from '../lib/quotas';
import { licenceTally as tallyOf } from '../lib/licence-tallies';
import { publishAfterWrite } from '../realtime';
import { findSphere } from './repository';
import { spheresDb as db } from './store';

/**
 * A sphere's licences (spec 01 §3, spec 02 §4, §7, §8; decision 0046). Each tier's count and use
 * live on one tally item (`sphere#<id>` / `licences-<tier>`: `value` the count, `used` the licences
 * given), so giving a member Essentials takes one in the member's own transaction under `used <
 * value` (racing assignments never pass the count) and the count is set under `used <= quantity`
 * (`licenses-min`), without ever counting members at read time.
 */

/** GET /v1/spheres/{id}/subscriptions: the sphere's mode and one Query of its tallies. */
export async function sphereLicences(sphereId: string): Promise<SphereLicences> {
  const [sphere, { data: tallies }] = await Promise.all([
    findSphere(sphereId),
    db()
      .entities.quotaTally.query.byScope({ scope: sphereScope(sphereId) })
      .go({ pages: 'all', consistent: true }),
  ]);
  if (!sphere) throw new NotFoundError();
  const byKind = new Map(tallies.map((t) => [t.kind, t]));
  return {
    sphereId,
    ...(sphere.licenceMode !== undefined ? { mode: sphere.licenceMode } : {}),
    licences: LICENCE_TIERS.map((tier) => {
      const tally = byKind.get(licenceKind(tier));
      const count = tally?.value ?? 0;
      const used = tally?.used ?? 0;
      return { tier, count, used, remaining: licencesRemaining(count, used) };
    }),
  };
}

/**
 * PUT /v1/spheres/{id}/subscriptions/{subscription}/license: the count, never below what is in use
 * (409 `licenses-min` with the count in use), and, in a galaxy, within its quota for the tier: the
 * difference moves the galaxy's usage in the same transaction, on the condition that its tally is
 * as read (409 `quota-blocked` past its value, `conflict` when another write came first).
 */
export async function setLicence(
  userId: string,
  sphereId: string,
  tier: LicenceTier,
  quantity: number,
): Promise<SphereLicences> {
  const sphere = await findSphere(sphereId);
  if (!sphere) throw new NotFoundError();
  const before = await tallyOf(sphereId, tier);
  const belowUse = () =>
    new ConflictError('licenses-min', {
      details: [{ key: 'licenses-min', field: 'body.quantity', values: { count: before.used } }],
    });
  if (!licenceCountAllowed(quantity, before.used)) throw belowUse();
  const delta = quantity - before.count;
  const galaxyId = sphere.galaxyId;
  const galaxyKind = GALAXY_LICENCE_KINDS[tier];
  const galaxyTally = galaxyId
    ? (await galaxyTallies(galaxyId)).find((t) => t.kind === galaxyKind)
    : undefined;
  if (galaxyTally?.value !== undefined && delta > 0 && (galaxyTally.used ?? 0) + delta > galaxyTally.value)
    throw new ConflictError('quota-blocked', { details: [{ key: 'quota-blocked', field: galaxyKind }] });
  const at = new Date().toISOString();
  const result = await db()
    .transaction.write(({ quotaTally, licenceDay }) => [
      ...(delta !== 0 ? [licenceDayCount(licenceDay, sphereId, tier, quantity, before.count, at)] : []),
      quotaTally
        .update({ scope: sphereScope(sphereId), kind: licenceKind(tier) })
        .add({ used: 0 })
        .set({ value: quantity, updatedAt: at })
        .where(({ used, value }, op) =>
          before.count === 0
            ? `(${op.notExists(used)} OR ${op.lte(used, quantity)}) AND (${op.notExists(value)} OR ${op.eq(value, 0)})`
            : `${op.lte(used, quantity)} AND ${op.eq(value, before.count)}`,
        )
        .commit(),
      ...(galaxyId && delta !== 0
        ? [
            quotaTally
              .update({ scope: galaxyScope(galaxyId), kind: galaxyKind })
              .add({ used: delta })
              .where(({ used, value }, op) =>
                galaxyTally === undefined
                  ? op.notExists(used)
                  : `${op.eq(used, galaxyTally.used ?? 0)} AND ${
                      galaxyTally.value === undefined ? op.notExists(value) : op.eq(value, galaxyTally.value)
                    }`,
              )
              .commit(),
          ]
        : []),
    ])
    .go();
  if (result.canceled) {
    const now = await tallyOf(sphereId, tier);
    if (now.used > quantity)
      throw new ConflictError('licenses-min', {
        details: [{ key: 'licenses-min', field: 'body.quantity', values: { count: now.used } }],
      });
    throw new ConflictError('conflict');
  }
  await publishAfterWrite(userId, { type: 'spheres', action: 'updated' });
  return sphereLicences(sphereId);
}

/**
 * GET /v1/spheres/{id}/subscriptions/report: today's licences and, for each tier, its count and use
 * at the end of each period, worked back from today's tallies and the days that changed them (one
 * Query of the tallies, one of the days since `from`; decision 0052). From three months ago to
 * today unless asked; a year at most.
 */
export async function licenceReport(
  sphereId: string,
  query: { from?: string | undefined; to?: string | undefined; interval: LicenceReportInterval },
): Promise<SphereLicenceReport> {
  const range = reportRange(query, licenceDayOf(new Date().toISOString()));
  if ('refused' in range) throw new ValidationError([{ key: range.refused, field: 'query.from' }]);
  const { from, to } = range;
  const [now, days] = await Promise.all([sphereLicences(sphereId), licenceDaysSince(sphereId, from)]);
  const ends = periodEnds(from, to, query.interval);
  return {
    sphereId,
    ...(now.mode !== undefined ? { mode: now.mode } : {}),
    from,
    to,
    interval: query.interval,
    licences: now.licences,
    series: now.licences.map((licence) => ({
      tier: licence.tier,
      points: licencesOverTime(
        licence,
        days.filter((d) => d.tier === licence.tier),
        ends,
      ),
    })),
  };
}

/**
 * PUT /v1/spheres/{id}/subscriptions/mode: bill or auto once; afterwards only a super-admin switches
 * to legacy (409 `licence-mode-fixed`). The write is conditioned on the mode read, so two first
 * choices at once leave one.
 */
export async function setLicenceMode(
  userId: string,
  sphereId: string,
  mode: LicenceMode,
  superAdmin: boolean,
): Promise<SphereLicences> {
  const sphere = await findSphere(sphereId);
  if (!sphere) throw new NotFoundError();
  const from = sphere.licenceMode;
  if (!canChangeLicenceMode(from, mode, superAdmin)) throw new ConflictError('licence-mode-fixed');
  if (from !== mode) {
    try {
      await db()
        .entities.sphere.patch({ sphereId })
        .set({ licenceMode: mode })
        .where(({ licenceMode }, op) =>
          from === undefined ? op.notExists(licenceMode) : op.eq(licenceMode, from),
        )
        .go({ response: 'none' });
    } catch (error) {
      if (isConditionFailure(error)) throw new ConflictError('licence-mode-fixed', { cause: error });
      throw error;
    }
  }
  await publishAfterWrite(userId, { type: 'spheres', action: 'updated' });
  return sphereLicences(sphereId);
}

/**
 * Gives a demo sphere's licences of a tier a past (demo data, once: `importLicenceDays` keeps a
 * history already written): each step, so many days ago, sets the count (when it names one) and
 * gives so many licences; the last step gives what is left of today's use, so the past always adds
 * up to today's tally.
 */
export async function importLicencePast(
  sphereId: string,
  tier: LicenceTier,
  steps: readonly { daysAgo: number; count?: number; given: number }[],
): Promise<void> {
  const now = await tallyOf(sphereId, tier);
  let countBefore = 0;
  let given = 0;
  const days = steps.map((step, i) => {
    const last = i === steps.length - 1;
    const usedDelta = last ? Math.max(now.used - given, 0) : step.given;
    given += usedDelta;
    const count = last ? now.count : step.count;
    const day = licenceDayOf(new Date(Date.now() - step.daysAgo * 86_400_000).toISOString());
    const record = {
      day,
      tier,
      usedDelta,
      ...(count !== undefined ? { count, countBefore } : {}),
    };
    if (count !== undefined) countBefore = count;
    return record;
  });
  await importLicenceDays(sphereId, days);
}

import { LICENCE_TIERS, type LicenceTier } from '@shared/domain/licences';
import { licenceDayOf, type LicenceDay } from '@shared/domain/licence-history';
import { defineStore, type WriteEntities } from './db';
import { Entity, SERVICE } from './entity';

/**
 * What each day changed of a sphere's licences (decision 0052): one item per sphere, day and tier,
 * written in the same transaction as the change itself (a licence given or given back, a count
 * set), so the report of the licences over time is one Query of the sphere's days and today's
 * tallies, and a change never misses its day. Days are calendar days in Brussels.
 */
export const LicenceDayEntity = new Entity({
  model: { entity: 'licenceDay', version: '1', service: SERVICE },
  attributes: {
    sphereId: { type: 'string', required: true, readOnly: true },
    /** YYYY-MM-DD (Brussels). */
    day: { type: 'string', required: true, readOnly: true },
    tier: { type: LICENCE_TIERS, required: true, readOnly: true },
    /** Licences given that day minus those given back. */
    usedDelta: { type: 'number' },
    /** The count the day ended with, when it was set that day. */
    count: { type: 'number' },
    /** The count before the day's first setting. */
    countBefore: { type: 'number' },
  },
  indexes: {
    bySphere: {
      pk: { field: 'pk', composite: ['sphereId'] },
      sk: { field: 'sk', composite: ['day', 'tier'] },
    },
  },
});

const db = defineStore({ licenceDay: LicenceDayEntity });

export type LicenceDayWrites = WriteEntities<{ licenceDay: typeof LicenceDayEntity }>['licenceDay'];

const keyOf = (sphereId: string, tier: LicenceTier, at: string) => ({
  sphereId,
  day: licenceDayOf(at),
  tier,
});

/** The day's record of licences given (`delta` 1) or given back (-1), for the change's transaction. */
export function licenceDayUse(
  licenceDay: LicenceDayWrites,
  sphereId: string,
  tier: LicenceTier,
  delta: number,
  at = new Date().toISOString(),
) {
  return licenceDay
    .upsert(keyOf(sphereId, tier, at))
    .add({ usedDelta: delta })
    .commit();
}

/** The day's record of a count set from `before` to `count`, for the setting's transaction. */
export function licenceDayCount(
  licenceDay: LicenceDayWrites,
  sphereId: string,
  tier: LicenceTier,
  count: number,
  before: number,
  at = new Date().toISOString(),
) {
  return licenceDay
    .upsert(keyOf(sphereId, tier, at))
    .add({ usedDelta: 0 })
    .set({ count })
    .ifNotExists({ countBefore: before })
    .commit();
}

/** The days from `from` on that changed the sphere's licences, every tier: one Query. */
export async function licenceDaysSince(sphereId: string, from: string): Promise<LicenceDay[]> {
  const { data } = await db()
    .entities.licenceDay.query.bySphere({ sphereId })
    .gte({ day: from })
    .go({ pages: 'all' });
  return data.map((d) => ({
    day: d.day,
    tier: d.tier,
    usedDelta: d.usedDelta ?? 0,
    count: d.count,
    countBefore: d.countBefore,
  }));
}

/**
 * Gives a sphere a past (demo data): its day records become `days`, unless it already has one
 * before today (a history written once is kept). The records must add up to today's tallies: the
 * report works the past back from them.
 */
export async function importLicenceDays(sphereId: string, days: readonly LicenceDay[]): Promise<void> {
  const today = licenceDayOf(new Date().toISOString());
  const { data: held } = await db().entities.licenceDay.query.bySphere({ sphereId }).go({ pages: 'all' });
  if (held.some((d) => d.day < today)) return;
  if (held.length) await db().entities.licenceDay.delete(held).go();
  if (days.length)
    await db()
      .entities.licenceDay.put(
        days.map((d) => ({
          sphereId,
          day: d.day,
          tier: d.tier,
          usedDelta: d.usedDelta,
          ...(d.count !== undefined ? { count: d.count } : {}),
          ...(d.countBefore !== undefined ? { countBefore: d.countBefore } : {}),
        })),
      )
      .go();
}

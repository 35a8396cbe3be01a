import { licenceKind, licencesRemaining, type LicenceTier } from '@shared/domain/licences';
import type { ErrorKey } from '@shared/contracts/errors';
import { defineStore } from './db';
import { ConflictError } from './errors';
import { QuotaTallyEntity, sphereScope, type QuotaTallyWrites } from './quotas';

/**
 * The licence tallies of a sphere (decisions 0046, 0050): one item per tier, `value` the count and
 * `used` the licences given, moved by the transactions that give and take them back: a member's
 * (the spheres domain) and a group's (the sessions domain), each through its own store's tally.
 */

const db = defineStore({ quotaTally: QuotaTallyEntity });

/** The take of one licence of a tier, for the transaction that gives it (a member or group made Essentials). */
export function licenceTake(quotaTally: QuotaTallyWrites, sphereId: string, tier: LicenceTier) {
  return quotaTally
    .update({ scope: sphereScope(sphereId), kind: licenceKind(tier) })
    .add({ used: 1 })
    .where(({ used, value }, op) => `${op.name(used)} < ${op.name(value)}`)
    .commit();
}

/** The licence a member or group gives back (made Starter, removed), for its transaction. */
export function licenceGiveBack(quotaTally: QuotaTallyWrites, sphereId: string, tier: LicenceTier) {
  return quotaTally
    .update({ scope: sphereScope(sphereId), kind: licenceKind(tier) })
    .add({ used: -1 })
    .commit();
}

/** A tier's count and use, by one consistent read. */
export async function licenceTally(sphereId: string, tier: LicenceTier) {
  const { data } = await db()
    .entities.quotaTally.get({ scope: sphereScope(sphereId), kind: licenceKind(tier) })
    .go({ consistent: true });
  return { count: data?.value ?? 0, used: data?.used ?? 0 };
}

/**
 * The refusal of an assignment with no licence left: 409 with its figures, under `key`
 * (`not-enough-licenses` for a member; a group's plan or module says which, spec 02 §8).
 */
export async function notEnoughLicences(
  sphereId: string,
  tier: LicenceTier,
  field: string,
  key: ErrorKey = 'not-enough-licenses',
): Promise<ConflictError> {
  const { count, used } = await licenceTally(sphereId, tier);
  return new ConflictError(key, {
    details: [{ key, field, values: { required: 1, remaining: licencesRemaining(count, used), count } }],
  });
}

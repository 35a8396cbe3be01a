import { licenceKind, licencesRemaining, type LicenceTier } from '@shared/domain/licences';
import { ConflictError } from '../lib/errors';
import { sphereScope, type QuotaTallyWrites } from '../lib/quotas';
import { spheresDb as db } from './store';

/**
 * The licence tallies of a sphere (decision 0046): one item per tier, `value` the count and `used`
 * the licences given, moved by the transactions that give and take them back.
 */

/** The take of one licence of a tier, for the transaction that gives it (a member made Essentials). */
export function licenceTake(quotaTally: QuotaTallyWrites, sphereId: string, tier: LicenceTier) {
  return quotaTally
    .update({ scope: sphereScope(sphereId), kind: licenceKind(tier) })
    .add({ used: 1 })
    .where(({ used, value }, op) => `${op.name(used)} < ${op.name(value)}`)
    .commit();
}

/** The licence a member gives back (made Starter, removed), for its transaction. */
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

/** The refusal of an assignment with no licence left: 409 `not-enough-licenses` with its figures. */
export async function notEnoughLicences(
  sphereId: string,
  tier: LicenceTier,
  field: string,
): Promise<ConflictError> {
  const { count, used } = await licenceTally(sphereId, tier);
  return new ConflictError('not-enough-licenses', {
    details: [
      {
        key: 'not-enough-licenses',
        field,
        values: { required: 1, remaining: licencesRemaining(count, used), count },
      },
    ],
  });
}

import { sphereNameScope } from '@shared/domain/spheres';
import { writeEntities } from '../lib/db';
import { sphereScope, sphereTallies, used } from '../lib/quotas';
import { GALAXY_LICENCE_KINDS, LICENCE_TIERS, licenceKind } from '@shared/domain/licences';
import { memberCount } from './repository';
import { spheresDb as db } from './store';
import { TAGS, tagsOf } from './tags-repository';

/**
 * A sphere's place in a galaxy (decision 0045): what the galaxies domain reads of a sphere to attach
 * it, move it or detach it, and the items of the sphere it puts in its own transaction, beside its
 * own items and the galaxies' tallies.
 */

/** What attaching or moving a sphere reads of it: who it is, where it is, and its name's claim. */
export interface SpherePlacement {
  sphereId: string;
  name: string;
  shortName?: string;
  category: string;
  galaxyId?: string;
  ownerId: string;
  nameKey: string;
}

/** A sphere as its placement reads it (one consistent GetItem); null when there is none. */
export async function placementOf(sphereId: string): Promise<SpherePlacement | null> {
  const { data } = await db().entities.sphere.get({ sphereId }).go({ consistent: true });
  if (!data) return null;
  return {
    sphereId: data.sphereId,
    name: data.name,
    ...(data.shortName !== undefined ? { shortName: data.shortName } : {}),
    category: data.category,
    ...(data.galaxyId !== undefined ? { galaxyId: data.galaxyId } : {}),
    ownerId: data.ownerId,
    nameKey: data.nameKey,
  };
}

/**
 * The transaction items that move a sphere to `toGalaxyId` (undefined: out of any galaxy, back to
 * its owner's scope): its `galaxyId`, on the condition that its galaxy, name and owner are still
 * those read (another move, a rename or its creator's leaving since then cancels the transaction),
 * and its name's claim, created in the new scope (it fails when a sphere there holds the name:
 * the caller answers `duplicate-sphere`) and removed from the old one. The move gives the sphere a
 * new `updatedAt`, so a settings form opened before it (whose rename would claim the name in the
 * old scope) is refused as a conflict. `sphereItemIndex` and `nameItemIndex` say which of the
 * items a canceled transaction's answer names.
 */
export function placementItems(
  sphere: Pick<SpherePlacement, 'sphereId' | 'galaxyId' | 'ownerId' | 'nameKey'>,
  toGalaxyId: string | undefined,
) {
  const { sphereId, galaxyId: fromGalaxyId, ownerId, nameKey } = sphere;
  if (toGalaxyId === fromGalaxyId) throw new Error(`Sphere ${sphereId} is already where it would move`);
  const { sphere: spheres, sphereName } = writeEntities(db());
  const patch = spheres.patch({ sphereId });
  const moved = toGalaxyId === undefined ? patch.remove(['galaxyId']) : patch.set({ galaxyId: toGalaxyId });
  const placed = moved
    .where(({ galaxyId, nameKey: heldName, ownerId: heldBy }, { eq, notExists }) =>
      [
        fromGalaxyId === undefined ? notExists(galaxyId) : eq(galaxyId, fromGalaxyId),
        eq(heldName, nameKey),
        eq(heldBy, ownerId),
      ].join(' AND '),
    )
    .commit();
  const items = [
    placed,
    sphereName
      .create({ scope: sphereNameScope({ galaxyId: toGalaxyId, ownerId }), nameKey, sphereId })
      .commit(),
    sphereName.delete({ scope: sphereNameScope({ galaxyId: fromGalaxyId, ownerId }), nameKey }).commit(),
  ];
  return { items, sphereItemIndex: 0, nameItemIndex: 1 };
}

/**
 * What a sphere holds of the quotas a galaxy counts on its spheres' tags and members (decision
 * 0045), for moving it between galaxies: its tags not archived (its tag tally; counted from its
 * tags when it has none yet) and its members (its member tally).
 */
export async function sphereGalaxyUsage(sphereId: string): Promise<Record<string, number>> {
  const [tags, members, licences] = await Promise.all([
    used(sphereScope(sphereId), TAGS).then(
      async (tally) => tally ?? (await tagsOf(sphereId)).filter((t) => !t.archived).length,
    ),
    memberCount(sphereId, { consistent: true }),
    // The licences it holds count against the galaxy's licence quotas (decision 0046).
    sphereTallies(sphereId),
  ]);
  const held = Object.fromEntries(
    LICENCE_TIERS.map((tier) => [
      GALAXY_LICENCE_KINDS[tier],
      licences.find((t) => t.kind === licenceKind(tier))?.value ?? 0,
    ]),
  );
  return { tags, 'engagement-up-members': members, ...held };
}

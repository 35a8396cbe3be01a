import type { GalaxyContext } from '@shared/contracts/galaxies';
import type { SphereContext } from '@shared/contracts/sphere-contexts';
import { contextTexts } from '../spheres';
import { findGalaxyContext, type GalaxyContextItem } from './repository';

/** A galaxy's context in the shape of the contracts (a sphere context's, without `active`). */
export function toContext(item: GalaxyContextItem): GalaxyContext {
  return { id: item.galaxyId, ...contextTexts(item), createdAt: item.createdAt, updateDate: item.updatedAt };
}

/**
 * The context a sphere of the galaxy reads when it has no active one of its own (spec 02 §3): the
 * galaxy's, in the shape of a sphere context, marked inherited.
 */
export async function inheritedGalaxyContext(galaxyId: string): Promise<SphereContext | null> {
  const context = await findGalaxyContext(galaxyId);
  if (!context) return null;
  return { ...toContext(context), id: `galaxy:${galaxyId}`, active: true, inherited: 'galaxy' };
}

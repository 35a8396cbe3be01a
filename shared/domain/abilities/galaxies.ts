import type { AbilityRule } from '../../contracts/me';
import type { AbilityContext } from './context';

/**
 * A galaxy's admins (spec 02 §6): they read their galaxy (`get`: its pages) and manage its members,
 * context and quota requests (`put`); on the spheres of their galaxy they read and change the
 * settings (`get`, `put` on sphere), never a report or an export of one. Creating, deleting,
 * attaching spheres and deciding requests is `manage`, which only the super-admin mode holds.
 */
export function galaxyRules({ facts }: AbilityContext): AbilityRule[] {
  const rules: AbilityRule[] = [];
  for (const { galaxyId, sphereIds } of facts.galaxies ?? []) {
    rules.push({ action: ['get', 'put'], subject: 'galaxy', conditions: { galaxyId } });
    if (sphereIds.length)
      rules.push({
        action: ['get', 'put'],
        subject: 'sphere',
        conditions: { sphereId: { $in: [...sphereIds] } },
      });
  }
  return rules;
}

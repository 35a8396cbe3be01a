import type { AbilityRule } from '../../contracts/me';
import type { AbilityContext } from './context';

/**
 * Strategies of spheres and sessions (decision 0019), an Essentials feature: members read and
 * assess them, a sphere's admins and a session's owners write them. `sessionId` absent: a sphere
 * member's rule is on the sphere's own list, never on a session of it (a session names its sphere
 * too, see functions/access).
 */
export function strategyRules({ facts, essentials }: AbilityContext): AbilityRule[] {
  if (!essentials) return [];
  const writes: AbilityRule['action'] = ['get', 'post', 'put', 'delete'];
  const rules: AbilityRule[] = [];
  for (const { sphereId, roles } of facts.spheres) {
    const ofSphereItself = { sphereId, sessionId: { $exists: false } };
    rules.push(
      { action: 'get', subject: 'strategy', conditions: ofSphereItself },
      { action: ['get', 'post'], subject: 'strategy-assessment', conditions: ofSphereItself },
    );
    if (roles.includes('admin'))
      rules.push({ action: writes, subject: 'strategy', conditions: { sphereId } });
  }
  for (const { sessionId, roles } of facts.sessions) {
    if (roles.includes('member'))
      rules.push(
        { action: 'get', subject: 'strategy', conditions: { sessionId } },
        { action: ['get', 'post'], subject: 'strategy-assessment', conditions: { sessionId } },
      );
    if (roles.includes('owner'))
      rules.push({ action: writes, subject: 'strategy', conditions: { sessionId } });
  }
  return rules;
}

import type { AbilityRule } from '../../contracts/me';
import type { AbilityContext } from './context';

/**
 * Links (decision 0027): a sphere's admins make, read, change and delete its links and those of its
 * sessions and campaigns (all carry the sphere's id); a session's links are its owners'.
 */
export function linkRules({ facts }: AbilityContext): AbilityRule[] {
  const actions: AbilityRule['action'] = ['get', 'post', 'put', 'delete'];
  return [
    ...facts.spheres
      .filter((s) => s.roles.includes('admin'))
      .map((s): AbilityRule => ({ action: actions, subject: 'url', conditions: { sphereId: s.sphereId } })),
    ...facts.sessions
      .filter((s) => s.roles.includes('owner'))
      .map((s): AbilityRule => ({ action: actions, subject: 'url', conditions: { sessionId: s.sessionId } })),
  ];
}

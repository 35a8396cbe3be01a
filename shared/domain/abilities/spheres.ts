import type { AbilityRule } from '../../contracts/me';
import type { AbilityContext } from './context';
import type { Subject } from '../../contracts/route';

/** What a sphere's admins manage there (spec 01 §6, spec 02 §6), always on their own sphere. */
const SPHERE_ADMIN_SUBJECTS: Subject[] = [
  'sphere',
  'member',
  'session',
  'sphere-tag',
  'form-entitlement',
  // Campaigns (spec 02 §6): their definitions, cycles and who takes part, never the answers.
  'campaign',
  'campaign-cycle',
  'campaign-participation',
];

/** A sphere's members and admins; every condition names the sphere, so one never opens another. */
export function sphereRules({ facts }: AbilityContext): AbilityRule[] {
  const rules: AbilityRule[] = [];
  for (const { sphereId, roles, salesUpActive } of facts.spheres) {
    rules.push({ action: 'get', subject: 'sphere', conditions: { sphereId } });
    if (roles.includes('admin')) {
      rules.push({ action: 'manage', subject: SPHERE_ADMIN_SUBJECTS, conditions: { sphereId } });
      // The group-report exception (spec 02 §6): a group's report is its members' alone, not its
      // sphere's admins' (a member rule of the sessions area, merged after this one, gives it back
      // to an admin whom someone else put in the group, never to one who added themselves:
      // decision 0012).
      rules.push({ action: 'report', subject: 'session', conditions: { sphereId }, inverted: true });
      // The forms a sphere's admins may entitle it to: those of the catalogue that are not private.
      rules.push({ action: 'get', subject: 'form-definition', conditions: { isPrivate: false } });
    }
    if (roles.includes('sales-up') && salesUpActive === true)
      // Sales-up members set up the terminals of the sphere's consumer sessions (decision 0028):
      // they see those sessions, nothing of its contributor groups; only while the sphere's
      // Sales-Up entitlement is active (decision 0047: switched off, the role stays and grants nothing).
      rules.push({ action: 'get', subject: 'session', conditions: { sphereId, category: 'consumer' } });
  }
  return rules;
}

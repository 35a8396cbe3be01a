import type { AbilityRule } from '../../contracts/me';
import type { AbilityContext } from './context';

/**
 * Those who write an organisation's texts in several languages (sphere admins, session owners) may
 * ask for machine translations (spec 01 §6: post on translation shows auto-translate).
 */
export function translationRules({ facts }: AbilityContext): AbilityRule[] {
  const writesOrganisationTexts =
    facts.spheres.some((s) => s.roles.includes('admin')) ||
    facts.sessions.some((s) => s.roles.includes('owner'));
  return writesOrganisationTexts ? [{ action: 'post', subject: 'translation' }] : [];
}

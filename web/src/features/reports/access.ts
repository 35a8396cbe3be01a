import type { useMe } from '../../lib/me';

/**
 * Thinking reports and custom reports are Essentials features (spec 02 §6 menu rules): never
 * offered to a guest nor to a starter subscription.
 */
export function beyondStarter(me: ReturnType<typeof useMe>['data']): boolean {
  return me !== undefined && !me.profile.isGuest && me.ability.subscription !== 'starter';
}

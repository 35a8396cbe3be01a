import { subject } from '@casl/ability';
import { useAbility } from '../../lib/ability';

/**
 * Whether the caller manages global members: `manage` on every member, without condition (a
 * sphere's admin manages its own members only), which only the super-admin mode holds.
 */
export function useManagesGlobalMembers(): boolean {
  return useAbility().can('manage', subject('member', {}));
}

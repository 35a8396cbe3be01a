import { subject } from '@casl/ability';
import { useAbility } from '../../lib/ability';

/**
 * Whether the caller reads the report of plans: `manage` on every subscription, without condition
 * (everyone reads their own), which only the super-admin mode holds.
 */
export function useReadsPlansReport(): boolean {
  return useAbility().can('manage', subject('subscription', {}));
}

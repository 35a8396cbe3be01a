import type { Cascade } from '../lib/cascades';
import { removeSessionFromEntitlements } from './repository';

/** What goes with a removed group: its place in the sphere's form entitlements (decision 0042). */
export const formsCascades: readonly Cascade[] = [
  {
    of: 'session',
    name: 'forms.entitlements-of-session',
    onRemoved: (removed) => removeSessionFromEntitlements(removed.sphereId, removed.id),
  },
];

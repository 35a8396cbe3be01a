import type { Cascade } from '../lib/cascades';
import { eraseGroupReports } from './report-items';

/**
 * What goes with a removed group: its custom reports, its members' alone (decision 0037), which
 * nobody could reach any more (decision 0042).
 */
export const reportsCascades: readonly Cascade[] = [
  {
    of: 'session',
    name: 'reports.custom-of-session',
    onRemoved: async (removed) => {
      await eraseGroupReports(removed.sphereId, removed.id);
    },
  },
];

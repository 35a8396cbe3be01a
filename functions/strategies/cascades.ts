import type { Cascade } from '../lib/cascades';
import { eraseStrategyOf } from './repository';

/** What goes with a removed group: its strategy and everyone's assessments of it (decision 0042). */
export const strategiesCascades: readonly Cascade[] = [
  {
    of: 'session',
    name: 'strategies.of-session',
    onRemoved: (removed) => eraseStrategyOf({ linkTo: 'session', linkId: removed.id }),
  },
];

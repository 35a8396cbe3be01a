import type { Cascade } from '../lib/cascades';
import { eraseLinksOf } from './repository';

/** What goes with a removed group: the links that open it (decision 0042). */
export const linksCascades: readonly Cascade[] = [
  {
    of: 'session',
    name: 'links.of-session',
    onRemoved: (removed) => eraseLinksOf({ place: 'session', placeId: removed.id }),
  },
];

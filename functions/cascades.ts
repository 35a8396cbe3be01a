import type { Cascade } from './lib/cascades';
import { formsCascades } from './forms';
import { linksCascades } from './links';
import { reportsCascades } from './reports';
import { strategiesCascades } from './strategies';

/**
 * Every cascade of the product (functions/lib/cascades.ts, decision 0042): one line per domain that
 * keeps items of another's thing. The owner's Lambda entry and the notifications worker read this
 * list; the owner's service never names its dependents.
 */
export const CASCADES: readonly Cascade[] = [
  ...strategiesCascades,
  ...linksCascades,
  ...formsCascades,
  ...reportsCascades,
];

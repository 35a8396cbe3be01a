import type { AbilityRule } from '../../contracts/me';
import type { AbilityFacts } from '../ability';

/** What every area's rules read: the facts, and what follows from them once. */
export interface AbilityContext {
  facts: AbilityFacts;
  /** The owner condition of personal data: a rule never opens another user's items. */
  own: { userId: string };
  /** Essentials features (spec 01 §1): never a guest's or a starter user's. */
  essentials: boolean;
}

/** One area's rules (a domain's): merged in the order of `ABILITY_AREAS` (shared/domain/ability.ts). */
export type AbilityArea = (context: AbilityContext) => AbilityRule[];

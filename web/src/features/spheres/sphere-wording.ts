import type { Language } from '@shared/contracts/headers';
import type { SphereContext } from '@shared/contracts/sphere-contexts';
import { applySubstitutions, contextText, type ContextOverrideKey } from '@shared/domain/sphere-contexts';

/**
 * Where a value (a name) goes in a product text while the sphere's words replace the product's: a
 * private-use character, which no word holds, so the value itself is never changed. The text is
 * translated with `slot(0)` for its value, and `say` is given the value in `values`.
 */
export const slot = (index: number): string => String.fromCodePoint(0xe000 + index);

export interface SayOptions {
  /** The values of the text's slots, in order. */
  values?: readonly string[];
  /** The context's own text that replaces this one, when it has one in the reader's language. */
  override?: ContextOverrideKey;
}

export type Say = (text: string, options?: SayOptions) => string;

/** A product text in the words of a sphere's context, read in `language` (no context: as it is). */
export function sayIn(context: SphereContext | null | undefined, language: Language): Say {
  return (text, { values = [], override } = {}) => {
    const own = override ? contextText(context?.overrides[override], language) : undefined;
    const worded = own ?? applySubstitutions(text, context?.substitutions[language] ?? []);
    return values.reduce((filled, value, index) => filled.split(slot(index)).join(value), worded);
  };
}

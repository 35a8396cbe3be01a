export type Messages = { [key: string]: string | Messages };

/**
 * A feature keeps its own strings in `features/<feature>/i18n/{fr,en,nl}.json`, under top-level keys
 * of its own; they are merged into the common ones. Two files claiming the same top-level key is a
 * mistake, caught here when the language loads (and by the i18n test).
 */
export function mergeMessages(common: Messages, features: Record<string, Messages>): Messages {
  const merged: Messages = { ...common };
  for (const [path, messages] of Object.entries(features)) {
    for (const [key, value] of Object.entries(messages)) {
      if (key in merged) throw new Error(`i18n: top-level key "${key}" of ${path} is already defined`);
      merged[key] = value;
    }
  }
  return merged;
}

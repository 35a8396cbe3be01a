import type { Language } from '../contracts/headers';

/**
 * Sphere contexts (spec 01 §3 Sphere context: name, description, substitutions, overrides): how a
 * sphere's own words replace the product's in the texts its members read. A sphere keeps a few
 * named contexts and at most one of them is active (docs/decisions/0017-sphere-contexts.md).
 */

/** Contexts one sphere keeps (making one active rewrites the others in one transaction). */
export const SPHERE_CONTEXTS_MAX = 10;
export const CONTEXT_NAME_MIN_LENGTH = 2;
export const CONTEXT_NAME_MAX_LENGTH = 100;
export const CONTEXT_DESCRIPTION_MAX_LENGTH = 2000;
/** Pairs of words per language. */
export const CONTEXT_SUBSTITUTIONS_MAX = 30;
export const CONTEXT_WORD_MAX_LENGTH = 60;
export const CONTEXT_OVERRIDE_MAX_LENGTH = 500;

/**
 * The product texts a context may replace, each shown to the sphere's members:
 * - `sphereWelcome`: the welcome at the top of the sphere's home;
 * - `groupsEmpty`: the sphere home's groups card, for a member who is in none of its groups;
 * - `leaveMessage`: what leaving means, in the confirmation a member reads before leaving.
 */
export const CONTEXT_OVERRIDE_KEYS = ['sphereWelcome', 'groupsEmpty', 'leaveMessage'] as const;
export type ContextOverrideKey = (typeof CONTEXT_OVERRIDE_KEYS)[number];

/** A word of the product's texts (`from`) and the sphere's own word for it (`to`). */
export interface Substitution {
  from: string;
  to: string;
}

/** A text per language; absent or blank where the context says nothing. */
export type TextPerLanguage = Partial<Record<Language, string>>;

/** Letters, digits and marks: what a word is made of (anything else ends a word). */
const WORD_CHARACTER = String.raw`[\p{L}\p{N}\p{M}_]`;

/** Blanks collapsed, composed characters: two spellings of one word compare equal. */
function tidy(word: string): string {
  return word.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

/** The form under which two `from` are the same word: matching ignores case. */
export function substitutionKey(from: string): string {
  return tidy(from).toLocaleLowerCase();
}

/** The index of the first pair whose `from` an earlier pair already has (compared as matched), if any. */
export function duplicateSubstitution(substitutions: readonly Substitution[]): number | undefined {
  const seen = new Set<string>();
  for (const [index, { from }] of substitutions.entries()) {
    const key = substitutionKey(from);
    if (key === '') continue;
    if (seen.has(key)) return index;
    seen.add(key);
  }
  return undefined;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

const isUpper = (text: string) => text !== text.toLocaleLowerCase() && text === text.toLocaleUpperCase();

function capitalise(text: string): string {
  const [first = '', ...rest] = [...text];
  return first.toLocaleUpperCase() + rest.join('');
}

/**
 * The sphere's word in the case of the text it replaces: written as the admin wrote it, unless the
 * text differs from `from` by its case: all capitals (`GROUP` → `TEAM`), or a capital first letter
 * (`Group` → `Team`, at the start of a sentence).
 */
function inCaseOf(matched: string, from: string, to: string): string {
  if (matched === from) return to;
  const letters = matched.replace(/[^\p{L}]/gu, '');
  if ([...letters].length > 1 && isUpper(letters) && !isUpper(from.replace(/[^\p{L}]/gu, '')))
    return to.toLocaleUpperCase();
  const [first = ''] = [...matched];
  const [fromFirst = ''] = [...from];
  if (isUpper(first) && !isUpper(fromFirst)) return capitalise(to);
  return to;
}

/**
 * A text in the sphere's words: each whole word (or group of words) that a pair names as `from`
 * becomes its `to`, whatever its case, the capital of a sentence's first word kept. The longest
 * `from` wins where several start at the same place (`le groupe` before `groupe`), and a word is
 * replaced once: a `to` is never replaced again. Blank pairs are ignored.
 */
export function applySubstitutions(text: string, substitutions: readonly Substitution[]): string {
  const pairs: Substitution[] = [];
  const seen = new Set<string>();
  for (const { from, to } of substitutions) {
    const word = tidy(from);
    const key = substitutionKey(word);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    pairs.push({ from: word, to: tidy(to) });
  }
  if (pairs.length === 0 || text === '') return text;
  pairs.sort((a, b) => [...b.from].length - [...a.from].length);
  const alternatives = pairs.map(
    ({ from }) =>
      `(${from
        .split(' ')
        .map(escapeRegExp)
        .join(String.raw`\s+`)})`,
  );
  const pattern = new RegExp(
    `(?<!${WORD_CHARACTER})(?:${alternatives.join('|')})(?!${WORD_CHARACTER})`,
    'giu',
  );
  return text.normalize('NFC').replace(pattern, (matched: string, ...groups: unknown[]) => {
    const index = groups.slice(0, pairs.length).findIndex((g) => typeof g === 'string');
    const pair = pairs[index];
    return pair ? inCaseOf(matched, pair.from, pair.to) : matched;
  });
}

/** A text of a context in one language, or undefined when it says nothing there. */
export function contextText(text: TextPerLanguage | undefined, language: Language): string | undefined {
  const value = text?.[language]?.trim();
  return value ? value : undefined;
}

/**
 * The context the members read: the active one. Should two be active (two admins creating active
 * contexts at the same instant), the one changed last.
 */
export function activeContext<C extends { active: boolean; updateDate: string }>(
  contexts: readonly C[],
): C | undefined {
  return contexts
    .filter((c) => c.active)
    .reduce<C | undefined>((last, c) => (!last || c.updateDate > last.updateDate ? c : last), undefined);
}

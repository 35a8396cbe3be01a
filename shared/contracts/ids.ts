import type { FieldError } from './errors';

/**
 * The character rule of identifiers (decision 0006): an id, in a body or in a path, holds no
 * control character (C0, DEL and C1: `\p{Cc}`), no invisible formatting one (bidi overrides,
 * embeddings and isolates, zero-width characters, the byte order mark: `\p{Cf}`), no line or
 * paragraph separator and no lone surrogate. Such a character shows nothing, or shows another text
 * than the one stored, and ends keys, logs and file names early; no id of the product needs one.
 */
const ID_FORBIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

/** The key of an id that breaks the rule (spec 01 §8). */
export const ID_CHARACTERS_KEY = 'not-valid';

/** Whether a (decoded) id follows the character rule. */
export function followsIdCharacterRule(value: string): boolean {
  return !ID_FORBIDDEN_CHARACTERS.test(value);
}

/**
 * Whether a path parameter follows the rule. Its value is the decoded one (API Gateway and the local
 * gateway decode `%00` to a NUL); one a layer left encoded, or encoded twice, is judged decoded too,
 * so `%00` never reaches a key whichever layer decodes it.
 */
export function followsPathParameterRule(value: string): boolean {
  if (!followsIdCharacterRule(value)) return false;
  if (!value.includes('%')) return true;
  try {
    return followsIdCharacterRule(decodeURIComponent(value));
  } catch {
    // Not a percent-encoding (a `%` alone): the value is the text itself, already judged.
    return true;
  }
}

/**
 * The problems of a request's path parameters, as the validation body lists them: `not-valid` on
 * `params.<name>` for each value that breaks the rule.
 */
export function pathParameterErrors(params: Readonly<Record<string, string | undefined>>): FieldError[] {
  return Object.entries(params)
    .filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !followsPathParameterRule(entry[1]),
    )
    .map(([name]) => ({ key: ID_CHARACTERS_KEY, field: `params.${name}` }));
}

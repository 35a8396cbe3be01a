/**
 * Thinking (spec 01 §3 Thinking, Axis definition; §4; §5; §9): an opinion given as one value per
 * axis, on axes a catalogue defines.
 */

/** The five values of an axis, from "not at all" to "fully" (spec 01 §9: −1 to 1 in 0.5 steps). */
export const THINKING_VALUES = [-1, -0.5, 0, 0.5, 1] as const;
export type ThinkingValue = (typeof THINKING_VALUES)[number];

export function isThinkingValue(value: number): value is ThinkingValue {
  return (THINKING_VALUES as readonly number[]).includes(value);
}

/**
 * Where an axis is offered: the personal space (`myself`), spheres, sessions, campaigns. A personal
 * thinking asks the catalogue's `myself` axes; spheres and sessions choose theirs among the others.
 */
export const AXIS_MODULES = ['myself', 'sphere', 'session', 'campaign'] as const;
export type AxisModule = (typeof AXIS_MODULES)[number];

/** Axis ids: at least 2 characters of a-z, 0-9, hyphen, underscore and dot (spec 01 §5). */
export const AXIS_ID_CHARACTERS = /^[a-z0-9._-]*$/;
export const AXIS_ID_MAX_LENGTH = 64;
export const AXIS_NAME_MIN_LENGTH = 2;
export const AXIS_NAME_MAX_LENGTH = 120;
export const AXIS_DESCRIPTION_MAX_LENGTH = 1000;
export const THINKING_COMMENT_MAX_LENGTH = 500;

/** What is wrong with an axis id (the spec's keys), or undefined when it may be used. */
export function axisIdProblem(
  id: string,
): 'required' | 'length-out-of-range-error' | 'not-valid' | undefined {
  if (id === '') return 'required';
  if (id.length < 2 || id.length > AXIS_ID_MAX_LENGTH) return 'length-out-of-range-error';
  if (!AXIS_ID_CHARACTERS.test(id)) return 'not-valid';
  return undefined;
}

/** The placeholder of an axis description replaced by the sphere's name (spec 01 §3). */
export const SPHERE_NAME_PLACEHOLDER = '%SPHERE_NAME%';

/** An axis description as shown: every `%SPHERE_NAME%` replaced (by a neutral word outside a sphere). */
export function axisDescription(description: string, sphereName: string): string {
  return description.split(SPHERE_NAME_PLACEHOLDER).join(sphereName);
}

/**
 * A personal thinking may be changed for one hour, like a feeling: its freeze date is set when it
 * is created, and it is editable only while that date is in the future (spec 01 §4).
 */
export const THINKING_EDIT_WINDOW_MS = 60 * 60 * 1000;

export function thinkingFreezeDate(createdAt: number): string {
  return new Date(createdAt + THINKING_EDIT_WINDOW_MS).toISOString();
}

export function isThinkingEditable(thinking: { freezeDate?: string | undefined }, now: number): boolean {
  return thinking.freezeDate !== undefined && now < new Date(thinking.freezeDate).getTime();
}

/** A thinking with no value is blank (spec 01 §4); it waits for its person's answer. */
export function isBlankThinking(thinking: { axes: readonly unknown[] }): boolean {
  return thinking.axes.length === 0;
}

/**
 * Thinking ids are `{sessionId}_{x}_0` (spec 01 §3); a personal thinking has no session and uses
 * `myself` in its place. `x` is the creation time, compact, and a random tail, so ids sort by time.
 */
export const MYSELF_CONTEXT = 'myself';

export function thinkingId(context: string, createdAt: string, random: string): string {
  return `${context}_${createdAt.replace(/[-:.]/g, '')}-${random}_0`;
}

/** The context part of a thinking id (`myself` or a session id), or undefined for a malformed id. */
export function thinkingContext(id: string): string | undefined {
  const match = /^(.+)_(\d{8}T\d{9}Z-[0-9a-f]+)_0$/.exec(id);
  return match?.[1];
}

/** What a set of answers breaks, as the spec's keys (spec 01 §5: at least one value). */
export function thinkingAnswersProblem(
  axes: readonly { id: string; value: number; comment?: string | undefined }[],
  known: ReadonlyMap<string, { allowComment: boolean }>,
): { key: 'required' | 'exist' | 'not-valid' | 'value-out-of-range-error'; index?: number } | undefined {
  if (axes.length === 0) return { key: 'required' };
  const seen = new Set<string>();
  for (const [index, axis] of axes.entries()) {
    if (seen.has(axis.id)) return { key: 'exist', index };
    seen.add(axis.id);
    const definition = known.get(axis.id);
    if (!definition) return { key: 'not-valid', index };
    if (!isThinkingValue(axis.value)) return { key: 'value-out-of-range-error', index };
    if (axis.comment !== undefined && !definition.allowComment) return { key: 'not-valid', index };
  }
  return undefined;
}

/** A text of some languages in the reader's, else in the first language it has (fr, en, nl). */
export function inLanguage(
  text: Partial<Record<'fr' | 'en' | 'nl', string | undefined>>,
  language: 'fr' | 'en' | 'nl',
): string {
  return text[language] ?? text.fr ?? text.en ?? text.nl ?? '';
}

/**
 * Thinking in context (spec 01 §7): a sphere keeps one list of axes per member category, a session
 * one per group of questions (`default` unless a campaign names another). A session's own list is
 * asked when it is not empty, else its sphere's list for the session's category.
 */
export const THINKING_MEMBER_CATEGORIES = ['contributor', 'consumer'] as const;
export type ThinkingMemberCategory = (typeof THINKING_MEMBER_CATEGORIES)[number];
export const DEFAULT_THINKING_GROUP = 'default';
export const THINKING_GROUP_ID = /^[a-z0-9_-]{1,40}$/;
/** More questions than this in one thinking is a survey, not an opinion. */
export const CONTEXT_AXES_MAX = 30;

/** The axes a sphere or session asks, in order: required axes first (none may remove them), then its own. */
export function contextAxisIds(
  own: { session?: readonly string[] | undefined; sphere?: readonly string[] | undefined },
  requiredIds: readonly string[],
): { axisIds: string[]; inherited: boolean } {
  const inherited = !own.session || own.session.length === 0;
  const chosen = (inherited ? own.sphere : own.session) ?? [];
  return { axisIds: [...new Set([...requiredIds, ...chosen])], inherited };
}

/**
 * What a sphere's or session's list of axes breaks: an axis twice (`exist`), an axis the catalogue
 * does not offer to that module (`not-valid`), too many (`too-many`).
 */
export function contextAxesProblem(
  axisIds: readonly string[],
  catalogue: ReadonlyMap<string, { modules: readonly string[] }>,
  module: 'sphere' | 'session',
): { key: 'exist' | 'not-valid' | 'too-many'; index?: number } | undefined {
  if (axisIds.length > CONTEXT_AXES_MAX) return { key: 'too-many' };
  const seen = new Set<string>();
  for (const [index, id] of axisIds.entries()) {
    if (seen.has(id)) return { key: 'exist', index };
    seen.add(id);
    if (!catalogue.get(id)?.modules.includes(module)) return { key: 'not-valid', index };
  }
  return undefined;
}

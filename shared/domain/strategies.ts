import { FEELING_EDIT_WINDOW_MS, isFeelingEditable } from './feelings';

/**
 * Strategies and the life compass (spec 01 §3 Strategy, §5; spec 02 §2, §3 Strategy item, §4, §5,
 * §9): an outline of items (vision, mission, strategic axes, goals, actions, custom items) kept by a
 * person for themselves (the life compass), by a sphere or by a session, and the assessments
 * members give a sphere's or a session's strategy (docs/decisions/0019-strategies.md).
 */

export const STRATEGY_TYPES = ['vision', 'mission', 'strategicAxis', 'goal', 'action', 'custom'] as const;
export type StrategyType = (typeof STRATEGY_TYPES)[number];

/** What a list of strategies belongs to (spec 02 §3 `linkTo`): a person (the life compass), a sphere, a session. */
export const STRATEGY_LINKS = ['user', 'sphere', 'session'] as const;
export type StrategyLink = (typeof STRATEGY_LINKS)[number];

export const STRATEGY_TITLE_MAX_LENGTH = 250;
export const STRATEGY_DESCRIPTION_MAX_LENGTH = 2500;
/** Indents go from 0 (top level) to 5 (spec 01 §9). */
export const STRATEGY_INDENT_MAX = 5;

/** Page sizes of strategy lists (spec 01 §9: 200; spec 02 §7: lists of 1000 or 2000). */
export const STRATEGY_PAGE_SIZES = [200, 1000, 2000] as const;
export const STRATEGIES_PAGE_DEFAULT = STRATEGY_PAGE_SIZES[0];
/** A list holds at most the largest page, so one page can always hold a whole list (and its reorder). */
export const STRATEGIES_PER_LIST_MAX = STRATEGY_PAGE_SIZES[2];

/**
 * The key of spec 02 §5's message "Veuillez vérifier que toutes les stratégies ont bien une
 * description." (every strategy needs a description).
 */
export const STRATEGY_DESCRIPTION_REQUIRED = 'strategy-description-required';

export interface StrategyText {
  type: StrategyType;
  title?: string | undefined;
  description?: string | undefined;
}

export interface StrategyFieldProblem {
  field: 'title' | 'description';
  key: 'required' | 'length-out-of-range-error' | typeof STRATEGY_DESCRIPTION_REQUIRED;
}

/** Whether a strategy must have a title: custom items, and every item of a life compass (spec 01 §5). */
export function isTitleRequired(type: StrategyType, linkTo: StrategyLink): boolean {
  return type === 'custom' || linkTo === 'user';
}

/**
 * What is wrong with a strategy's texts (spec 01 §5, spec 02 §5), in field order: a title where one
 * is required (blank counts as none), at most 250 characters; a description always, at most 2500.
 */
export function strategyProblems(strategy: StrategyText, linkTo: StrategyLink): StrategyFieldProblem[] {
  const problems: StrategyFieldProblem[] = [];
  const title = strategy.title?.trim() ?? '';
  const description = strategy.description?.trim() ?? '';
  if (title === '' && isTitleRequired(strategy.type, linkTo))
    problems.push({ field: 'title', key: 'required' });
  else if (title.length > STRATEGY_TITLE_MAX_LENGTH)
    problems.push({ field: 'title', key: 'length-out-of-range-error' });
  if (description === '') problems.push({ field: 'description', key: STRATEGY_DESCRIPTION_REQUIRED });
  else if (description.length > STRATEGY_DESCRIPTION_MAX_LENGTH)
    problems.push({ field: 'description', key: 'length-out-of-range-error' });
  return problems;
}

/** One line of an outline: a strategy's id and its indent; its order is its place in the list. */
export interface OutlineEntry {
  id: string;
  indent: number;
}

/**
 * The indent rule (spec 01 §5, decision 0019): every indent is a whole number from 0 to 5, the first
 * item is at 0, and an item is at most one level deeper than the item above it. Answers the index
 * of the first item that breaks it, or undefined when the outline holds.
 */
export function outlineProblem(items: readonly Pick<OutlineEntry, 'indent'>[]): number | undefined {
  let previous = -1;
  for (const [index, { indent }] of items.entries()) {
    if (!Number.isInteger(indent) || indent < 0 || indent > STRATEGY_INDENT_MAX || indent > previous + 1)
      return index;
    previous = indent;
  }
  return undefined;
}

/**
 * An outline brought back within the indent rule, each indent kept where it may be and otherwise
 * lowered to the deepest allowed (the item above plus one, at most 5). A valid outline is unchanged.
 */
export function repairedOutline<T extends OutlineEntry>(items: readonly T[]): T[] {
  let previous = -1;
  return items.map((item) => {
    const indent = Math.max(0, Math.min(Math.trunc(item.indent) || 0, previous + 1, STRATEGY_INDENT_MAX));
    previous = indent;
    return indent === item.indent ? item : { ...item, indent };
  });
}

/** The end (exclusive) of the block an item heads: the item and the items below it that are deeper. */
function blockEnd(items: readonly OutlineEntry[], index: number): number {
  const indent = items[index]?.indent ?? 0;
  let end = index + 1;
  while (end < items.length && (items[end]?.indent ?? 0) > indent) end++;
  return end;
}

/**
 * Whether an item may move one level deeper (+1) or shallower (−1). It moves with the items below it
 * that are deeper (its children follow it). Deeper: it is not first, stays within the level of the
 * item above plus one, and no child passes level 5. Shallower: it is not at level 0.
 */
export function canIndent(items: readonly OutlineEntry[], id: string, delta: 1 | -1): boolean {
  const index = items.findIndex((i) => i.id === id);
  const item = items[index];
  if (!item) return false;
  if (delta === -1) return item.indent > 0;
  const above = items[index - 1];
  if (!above || item.indent + 1 > above.indent + 1) return false;
  const deepest = Math.max(...items.slice(index, blockEnd(items, index)).map((i) => i.indent));
  return deepest + 1 <= STRATEGY_INDENT_MAX;
}

/** The outline with an item moved one level (see `canIndent`), or the same outline when it may not move. */
export function indentBy<T extends OutlineEntry>(
  items: readonly T[],
  id: string,
  delta: 1 | -1,
): readonly T[] {
  if (!canIndent(items, id, delta)) return items;
  const index = items.findIndex((i) => i.id === id);
  const end = blockEnd(items, index);
  return items.map((item, at) => (at >= index && at < end ? { ...item, indent: item.indent + delta } : item));
}

/** Where the sibling block before (−1) or after (+1) an item starts, under the same parent. */
function siblingIndex(items: readonly OutlineEntry[], index: number, delta: 1 | -1): number | undefined {
  const indent = items[index]?.indent ?? 0;
  if (delta === 1) {
    const next = blockEnd(items, index);
    return items[next]?.indent === indent ? next : undefined;
  }
  for (let at = index - 1; at >= 0; at--) {
    const other = items[at]?.indent ?? 0;
    if (other === indent) return at;
    if (other < indent) return undefined;
  }
  return undefined;
}

/** Whether an item may move up (−1) or down (+1): past the sibling before or after it, under its parent. */
export function canMove(items: readonly OutlineEntry[], id: string, delta: 1 | -1): boolean {
  const index = items.findIndex((i) => i.id === id);
  return index >= 0 && siblingIndex(items, index, delta) !== undefined;
}

/**
 * The outline with an item moved up (−1) or down (+1) past its sibling, each taking its children
 * along (decision 0019), or the same outline when it may not move. Indents do not change, so the
 * outline stays valid.
 */
export function moveBy<T extends OutlineEntry>(items: readonly T[], id: string, delta: 1 | -1): readonly T[] {
  const index = items.findIndex((i) => i.id === id);
  const sibling = index >= 0 ? siblingIndex(items, index, delta) : undefined;
  if (sibling === undefined) return items;
  const [first, second] = delta === -1 ? [sibling, index] : [index, sibling];
  const firstBlock = items.slice(first, second);
  const secondBlock = items.slice(second, blockEnd(items, second));
  return [
    ...items.slice(0, first),
    ...secondBlock,
    ...firstBlock,
    ...items.slice(first + firstBlock.length + secondBlock.length),
  ];
}

/**
 * The outline without an item: its children move up one level into its place, so the outline stays
 * valid (decision 0019).
 */
export function withoutItem<T extends OutlineEntry>(items: readonly T[], id: string): readonly T[] {
  const index = items.findIndex((i) => i.id === id);
  if (index < 0) return items;
  const end = blockEnd(items, index);
  return items.flatMap((item, at) =>
    at === index ? [] : at > index && at < end ? [{ ...item, indent: item.indent - 1 }] : [item],
  );
}

/** Whether a new item may be added at the end of a list at this indent (0 … the last item's plus one). */
export function mayAppendAt(items: readonly Pick<OutlineEntry, 'indent'>[], indent: number): boolean {
  const last = items.at(-1)?.indent ?? -1;
  return Number.isInteger(indent) && indent >= 0 && indent <= STRATEGY_INDENT_MAX && indent <= last + 1;
}

/**
 * What a reader who may not change the list sees: hidden items are left out with their children, so
 * nothing shows under a parent it does not belong to.
 */
export function withoutHidden<T extends OutlineEntry & { isHidden: boolean }>(items: readonly T[]): T[] {
  const shown: T[] = [];
  let hiddenBelow: number | undefined;
  for (const item of items) {
    if (hiddenBelow !== undefined && item.indent > hiddenBelow) continue;
    hiddenBelow = item.isHidden ? item.indent : undefined;
    if (!item.isHidden) shown.push(item);
  }
  return shown;
}

/** Whether an outline given for a list names each of its items exactly once, and nothing else. */
export function sameItems(current: readonly { id: string }[], proposed: readonly { id: string }[]): boolean {
  if (current.length !== proposed.length) return false;
  const ids = new Set(current.map((i) => i.id));
  const seen = new Set<string>();
  for (const { id } of proposed) {
    if (!ids.has(id) || seen.has(id)) return false;
    seen.add(id);
  }
  return true;
}

/**
 * The five levels of a strategy assessment (spec 02 §2), stored as the numbers 1 … 5 so that no
 * answer is 0 and an empty answer cannot pass for one.
 */
export const ASSESSMENT_LEVELS = ['veryUnhappy', 'unhappy', 'neutral', 'happy', 'veryHappy'] as const;
export type AssessmentLevel = (typeof ASSESSMENT_LEVELS)[number];
export const ASSESSMENT_LEVEL_VALUES: Record<AssessmentLevel, number> = {
  veryUnhappy: 1,
  unhappy: 2,
  neutral: 3,
  happy: 4,
  veryHappy: 5,
};

export function isAssessmentValue(value: number): boolean {
  return Object.values(ASSESSMENT_LEVEL_VALUES).includes(value);
}

/** The level of a stored value, or undefined for a number that is not one. */
export function assessmentLevel(value: number): AssessmentLevel | undefined {
  return ASSESSMENT_LEVELS.find((level) => ASSESSMENT_LEVEL_VALUES[level] === value);
}

/** Answers as sent: a level's value per strategy id, null (or absent) for an empty answer. */
export type AssessmentAnswers = Readonly<Record<string, number | null | undefined>>;

/** The answers given, empty ones dropped (spec 02 §5), in the order they were sent. */
export function givenAnswers(values: AssessmentAnswers): { id: string; value: number }[] {
  return Object.entries(values).flatMap(([id, value]) =>
    value === null || value === undefined ? [] : [{ id, value }],
  );
}

export interface AssessmentProblem {
  key: 'required' | 'not-valid' | 'value-out-of-range-error';
  /** The strategy id the problem is about; absent when it is about the answers as a whole. */
  strategyId?: string;
}

/**
 * What is wrong with an assessment's answers (spec 01 §5, spec 02 §5): at least one answer once the
 * empty ones are dropped, each a level's value, each on a strategy that may be assessed (when
 * `assessable` is given).
 */
export function assessmentProblem(
  values: AssessmentAnswers,
  assessable?: ReadonlySet<string>,
): AssessmentProblem | undefined {
  const given = givenAnswers(values);
  if (given.length === 0) return { key: 'required' };
  for (const { id, value } of given) {
    if (!isAssessmentValue(value)) return { key: 'value-out-of-range-error', strategyId: id };
    if (assessable && !assessable.has(id)) return { key: 'not-valid', strategyId: id };
  }
  return undefined;
}

/**
 * An assessment may be changed while its freeze date is in the future (spec 01 §4); one given
 * directly gets a freeze date one hour after it is saved, as a feeling or a thinking does.
 */
export const ASSESSMENT_EDIT_WINDOW_MS = FEELING_EDIT_WINDOW_MS;

export function assessmentFreezeDate(createdAt: number): string {
  return new Date(createdAt + ASSESSMENT_EDIT_WINDOW_MS).toISOString();
}

/** The feelings' rule: editable before the freeze date, or within the hour when there is none. */
export function isAssessmentEditable(
  assessment: { creationDate: string; freezeDate?: string | undefined },
  now: number,
): boolean {
  return isFeelingEditable({ timestamp: assessment.creationDate, freezeDate: assessment.freezeDate }, now);
}

/**
 * The arithmetic of report rollups (decision 0030): what one answer adds to the aggregates of its
 * scope (sphere, session, campaign cycle) and week, per group (the whole scope, each of the answer's
 * group tags, each pair of them), and who answered. Pure: the server turns the deltas into atomic
 * additions written with the answer, and the rebuild applies the same deltas to every raw answer,
 * so a rebuilt rollup and a live one are equal by construction; `RollupBook` is that sum in memory.
 *
 * Counts are integers (sums of tenths), so adding and removing is exact in any order.
 */

/** An answer counts in the pairs of at most this many of its group tags (36 groups with the scope). */
export const REPORT_TAGS_PER_ANSWER_MAX = 8;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WEEK = /^(\d{4})-W(\d{2})$/;
const DAY_MS = 86_400_000;

function utcDay(day: string): number {
  const match = DAY.exec(day);
  if (!match) throw new RangeError(`Not a day: ${day}`);
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (new Date(ms).toISOString().slice(0, 10) !== day) throw new RangeError(`Not a day: ${day}`);
  return ms;
}

const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The ISO 8601 week of a calendar day (`2026-W48`): weeks start on Monday, week 1 holds a Thursday. */
export function isoWeekOf(day: string): string {
  const ms = utcDay(day);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const thursday = ms + (3 - weekday) * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The Monday and the Sunday of an ISO week. */
export function weekBounds(week: string): { first: string; last: string } {
  const match = WEEK.exec(week);
  if (!match) throw new RangeError(`Not a week: ${week}`);
  const year = Number(match[1]);
  const jan4 = Date.UTC(year, 0, 4);
  const monday = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS + (Number(match[2]) - 1) * 7 * DAY_MS;
  const first = dayString(monday);
  if (isoWeekOf(first) !== week) throw new RangeError(`Not a week: ${week}`);
  return { first, last: dayString(monday + 6 * DAY_MS) };
}

const HOUR_MS = 3_600_000;

/**
 * A week closes when its Sunday has ended in every time zone: UTC−12 ends it 36 h after it began in
 * UTC. From then on its answers are frozen for reports (decision 0030): a later change goes to the
 * week's late layer, never to what its reports show.
 */
export const WEEK_CLOSE_AFTER_SUNDAY_MS = 36 * HOUR_MS;

/**
 * Reports show a week this long after it closed: an answer's transaction that decided, just before
 * the close, to move the shown rollups, and that commits a few seconds later, has landed by then.
 */
export const WEEK_SHOWN_AFTER_CLOSE_MS = HOUR_MS;

/** Whether a period is an ISO week (`2026-W48`, any case); a campaign cycle's steps are not. */
export const isIsoWeek = (period: string) => WEEK.test(period.toUpperCase());

/** The instant (epoch ms) an ISO week closes: its Sunday 00:00 UTC + 36 h. */
export function weekCloseOf(week: string): number {
  return utcDay(weekBounds(week.toUpperCase()).last) + WEEK_CLOSE_AFTER_SUNDAY_MS;
}

/** Whether an ISO week's answers are frozen at `now`: its close has passed (not a week: never). */
export const weekFrozen = (week: string, now: number) => isIsoWeek(week) && now >= weekCloseOf(week);

/** The weeks wholly inside the days `from` to `to` (both included), oldest first. */
export function weeksWithin(from: string, to: string): string[] {
  const start = utcDay(from);
  const end = utcDay(to);
  const weeks: string[] = [];
  // The first Monday on or after `from`.
  let monday = start + ((7 - ((new Date(start).getUTCDay() + 6) % 7)) % 7) * DAY_MS;
  for (; monday + 6 * DAY_MS <= end; monday += 7 * DAY_MS) weeks.push(isoWeekOf(dayString(monday)));
  return weeks;
}

/** The canonical key of a group: `''` for the whole scope, a tag id, or two tag ids sorted, `a+b`. */
export function groupKey(tagIds: readonly string[]): string {
  const sorted = [...new Set(tagIds)].sort();
  if (sorted.length > 2) throw new RangeError('A report group has at most two group tags');
  return sorted.join('+');
}

/** The tags of an answer that count: distinct, sorted, the first REPORT_TAGS_PER_ANSWER_MAX. */
export function countedTags(tagIds: readonly string[]): string[] {
  return [...new Set(tagIds)].sort().slice(0, REPORT_TAGS_PER_ANSWER_MAX);
}

/**
 * The groups an answer given under `tagIds` counts in: the whole scope, each tag, each pair. Only
 * the first REPORT_TAGS_PER_ANSWER_MAX tags (sorted) count, so an answer moves at most 37 groups.
 */
export function groupKeysOf(tagIds: readonly string[]): string[] {
  const tags = countedTags(tagIds);
  const keys = [''];
  for (const tag of tags) keys.push(tag);
  for (let i = 0; i < tags.length; i++)
    for (let j = i + 1; j < tags.length; j++) keys.push(`${tags[i]}+${tags[j]}`);
  return keys;
}

/** Flat integer counts (`count`, `value`, `color|red`, `word|calm`, …). */
export type Counts = Readonly<Record<string, number>>;

/** What a feeling adds: one answer, its value and energy in tenths, its colour and its word. */
export function feelingCounts(feeling: {
  value: number;
  energy: number;
  color: string;
  wordId?: string | undefined;
}): Counts {
  return {
    count: 1,
    value: Math.round(feeling.value * 10),
    energy: Math.round(feeling.energy * 10),
    [`color|${feeling.color}`]: 1,
    ...(feeling.wordId ? { [`word|${feeling.wordId}`]: 1 } : {}),
  };
}

/**
 * What a thinking adds: one thinking, and per axis one answer, its value in halves (−2…2) and the
 * count of that value. Comments are free text and never counted.
 */
export function thinkingCounts(axes: readonly { id: string; value: number }[]): Counts {
  const counts: Record<string, number> = { count: 1 };
  for (const axis of axes) {
    const halves = Math.round(axis.value * 2);
    counts[`axis|${axis.id}|n`] = (counts[`axis|${axis.id}|n`] ?? 0) + 1;
    counts[`axis|${axis.id}|sum`] = (counts[`axis|${axis.id}|sum`] ?? 0) + halves;
    counts[`axis|${axis.id}|v|${halves}`] = (counts[`axis|${axis.id}|v|${halves}`] ?? 0) + 1;
  }
  // A sum that is zero is no count: it would come back as absent.
  for (const [key, n] of Object.entries(counts)) if (n === 0) delete counts[key];
  return counts;
}

/** A survey's numbers are counted in thousandths: whole numbers, exact to add and take away. */
const thousandths = (n: number) => Math.round(n * 1000);

/** A survey's answers as its counts need them: each answer's id and type. */
export interface CountedAnswer {
  id: string;
  type: 'histo' | 'likert' | 'text' | 'choice' | 'select' | 'date';
}

/**
 * What a survey adds to its form's rollups: one survey; per number answered (histo, likert) one
 * answer, its value and the count of that value; per choice answered one answer and a count per
 * value chosen; per additional result computed one result and its value. Texts and dates are free
 * text and never counted; a "not applicable" answer is no answer.
 */
export function surveyCounts(
  answers: readonly CountedAnswer[],
  values: Readonly<Record<string, unknown>>,
  results: Readonly<Record<string, number | null>>,
): Counts {
  const counts: Record<string, number> = { count: 1 };
  const add = (key: string, n: number) => (counts[key] = (counts[key] ?? 0) + n);
  for (const answer of answers) {
    const value = values[answer.id];
    if (answer.type === 'histo' || answer.type === 'likert') {
      if (typeof value !== 'number' || !Number.isFinite(value)) continue;
      add(`q|${answer.id}|n`, 1);
      add(`q|${answer.id}|sum`, thousandths(value));
      add(`q|${answer.id}|v|${thousandths(value)}`, 1);
    } else if (answer.type === 'choice' || answer.type === 'select') {
      const chosen = [...new Set(Array.isArray(value) ? value : typeof value === 'string' ? [value] : [])];
      const kept = chosen.filter((v): v is string => typeof v === 'string' && v !== '');
      if (!kept.length) continue;
      add(`q|${answer.id}|n`, 1);
      for (const v of kept) add(`q|${answer.id}|c|${v}`, 1);
    }
  }
  for (const [id, result] of Object.entries(results)) {
    if (result === null || !Number.isFinite(result)) continue;
    add(`r|${id}|n`, 1);
    add(`r|${id}|sum`, thousandths(result));
  }
  for (const [key, n] of Object.entries(counts)) if (n === 0 && key.endsWith('|sum')) delete counts[key];
  return counts;
}

/**
 * What a strategy assessment adds to its place's rollups (decision 0034): one assessment, and per
 * item answered a question of the survey kind, its level (1 … 5) as a number, so that a strategy's
 * report is read as a questionnaire's is.
 */
export function assessmentCounts(values: readonly { id: string; value: number }[]): Counts {
  return surveyCounts(
    values.map((v) => ({ id: v.id, type: 'likert' as const })),
    Object.fromEntries(values.map((v) => [v.id, v.value])),
    {},
  );
}

/** A survey count's key read back: a question's or a result's field (`n`, `sum`, `v`, `c`) and its value. */
export function surveyCountKey(
  key: string,
): { kind: 'q' | 'r'; id: string; field: 'n' | 'sum' | 'v' | 'c'; value?: string } | null {
  const [kind, id, field] = key.split('|', 3);
  if ((kind !== 'q' && kind !== 'r') || !id) return null;
  if (field === 'n' || field === 'sum') return { kind, id, field };
  if (field === 'v' || field === 'c') {
    const prefix = `${kind}|${id}|${field}|`;
    return { kind, id, field, value: key.slice(prefix.length) };
  }
  return null;
}

/** One answer's share of the rollups: where it counts, who gave it, under which tags, and what. */
export interface Contribution {
  /** `sphere#<id>`, `session#<id>`, `cycle#<id>`. */
  scope: string;
  week: string;
  /** The person's pseudonymous key in the sphere. */
  person: string;
  tagIds: readonly string[];
  counts: Counts;
}

/** The counts moved per group by adding (+1) or removing (−1) a contribution. */
export function groupDeltas(contribution: Contribution, sign: 1 | -1): { group: string; counts: Counts }[] {
  const counts = Object.fromEntries(Object.entries(contribution.counts).map(([k, n]) => [k, n * sign]));
  return groupKeysOf(contribution.tagIds).map((group) => ({ group, counts }));
}

/** `counts` added to `into`, keys that come back to zero removed. */
export function addCounts(into: Record<string, number>, counts: Counts): void {
  for (const [key, n] of Object.entries(counts)) {
    const sum = (into[key] ?? 0) + n;
    if (sum === 0) delete into[key];
    else into[key] = sum;
  }
}

/** A person in a week of a scope: how many of their answers count, and each tag's share of them. */
export interface WeekPerson {
  answers: number;
  tags: Record<string, number>;
}

/**
 * Rollups in memory: the sum of contributions per scope, week and group, and the people of each
 * week. What the stored rollups hold, to compare a rebuild with live ones and to reason in tests.
 */
export class RollupBook {
  private readonly groups = new Map<string, Record<string, number>>();
  private readonly weeks = new Map<string, Map<string, WeekPerson>>();

  apply(contribution: Contribution, sign: 1 | -1): void {
    const at = `${contribution.scope}|${contribution.week}`;
    for (const { group, counts } of groupDeltas(contribution, sign)) {
      const key = `${at}|${group}`;
      const into = this.groups.get(key) ?? {};
      addCounts(into, counts);
      if (Object.keys(into).length) this.groups.set(key, into);
      else this.groups.delete(key);
    }
    const people = this.weeks.get(at) ?? new Map<string, WeekPerson>();
    const person = people.get(contribution.person) ?? { answers: 0, tags: {} };
    person.answers += sign;
    addCounts(person.tags, Object.fromEntries(countedTags(contribution.tagIds).map((t) => [t, sign])));
    if (person.answers === 0) people.delete(contribution.person);
    else people.set(contribution.person, person);
    if (people.size) this.weeks.set(at, people);
    else this.weeks.delete(at);
  }

  counts(scope: string, week: string, group: string): Counts {
    return this.groups.get(`${scope}|${week}|${group}`) ?? {};
  }

  people(scope: string, week: string): ReadonlyMap<string, WeekPerson> {
    return this.weeks.get(`${scope}|${week}`) ?? new Map();
  }

  /** Everything held, in a stable order, to compare two books. */
  snapshot(): { groups: [string, Record<string, number>][]; weeks: [string, [string, WeekPerson][]][] } {
    const sortedEntries = <T>(m: Map<string, T>) => [...m.entries()].sort(([a], [b]) => a.localeCompare(b));
    return {
      groups: sortedEntries(this.groups).map(([k, v]) => [k, Object.fromEntries(Object.entries(v).sort())]),
      weeks: sortedEntries(this.weeks).map(([k, people]) => [
        k,
        sortedEntries(people).map(([p, w]) => [
          p,
          { answers: w.answers, tags: Object.fromEntries(Object.entries(w.tags).sort()) },
        ]),
      ]),
    };
  }
}

import type { Language } from '../contracts/headers';
import { FEELING_COLORS, QUADRANTS, type FeelingColor } from './feelings';
import { GOAL_AXES, GOAL_LEVELS, type GoalLevel } from './goals';
import type { NoteType } from './notes';

/**
 * A person's feelings summed per day (the day in the time zone the feeling was recorded in). The
 * summaries are written with each feeling, in the same transaction, so facets, my report and the
 * home calendar read one small item per day instead of every feeling: their cost grows with the
 * days of the period, not with the number of feelings.
 *
 * Sums of value and energy are kept in tenths (integers), so adding and removing a feeling gives
 * back exactly the previous sums.
 */
export interface DayCounts {
  count: number;
  valueTenths: number;
  energyTenths: number;
  colors: Partial<Record<FeelingColor, number>>;
  words: Record<string, number>;
  /** Goal id → level (−2 … 2, as a string) → number of feelings. */
  goals: Record<string, Record<string, number>>;
  /** The ranking a goal had on a feeling → number of goals. */
  rankings: Record<string, number>;
  notes: Partial<Record<NoteType, number>>;
  spheres: Record<string, number>;
  sessions: Record<string, number>;
}

/** What of a feeling its day's summary counts. */
export interface CountedFeeling {
  value: number;
  energy: number;
  color: FeelingColor;
  wordId?: string | undefined;
  sphereId?: string | undefined;
  sessionId?: string | undefined;
  goals?: readonly { id: string; level: number; ranking?: number | undefined }[] | undefined;
  personalNotes?: readonly { type: NoteType }[] | undefined;
}

export const emptyDay = (): DayCounts => ({
  count: 0,
  valueTenths: 0,
  energyTenths: 0,
  colors: {},
  words: {},
  goals: {},
  rankings: {},
  notes: {},
  spheres: {},
  sessions: {},
});

const tenths = (n: number) => Math.round(n * 10);

const bump = (counts: Record<string, number>, key: string, by = 1) => {
  counts[key] = (counts[key] ?? 0) + by;
};

/** One feeling's share of its day. */
export function contribution(feeling: CountedFeeling): DayCounts {
  const day = emptyDay();
  day.count = 1;
  day.valueTenths = tenths(feeling.value);
  day.energyTenths = tenths(feeling.energy);
  day.colors[feeling.color] = 1;
  if (feeling.wordId) day.words[feeling.wordId] = 1;
  if (feeling.sphereId) day.spheres[feeling.sphereId] = 1;
  if (feeling.sessionId) day.sessions[feeling.sessionId] = 1;
  for (const goal of feeling.goals ?? []) {
    bump((day.goals[goal.id] ??= {}), String(goal.level));
    if (goal.ranking !== undefined) bump(day.rankings, String(goal.ranking));
  }
  for (const note of feeling.personalNotes ?? []) bump(day.notes, note.type);
  return day;
}

function addCounts(into: Record<string, number>, from: Record<string, number>, sign: 1 | -1) {
  for (const [key, n] of Object.entries(from)) {
    const next = (into[key] ?? 0) + sign * n;
    if (next === 0) delete into[key];
    else into[key] = next;
  }
}

/**
 * `a + b` (or `a − b`): counts that reach zero disappear, so a day whose feelings all left is
 * `emptyDay()` again. Neither argument is changed.
 */
export function combine(a: DayCounts, b: DayCounts, sign: 1 | -1 = 1): DayCounts {
  const out: DayCounts = structuredClone(a);
  out.count += sign * b.count;
  out.valueTenths += sign * b.valueTenths;
  out.energyTenths += sign * b.energyTenths;
  addCounts(out.colors, b.colors, sign);
  addCounts(out.words, b.words, sign);
  addCounts(out.rankings, b.rankings, sign);
  addCounts(out.notes, b.notes, sign);
  addCounts(out.spheres, b.spheres, sign);
  addCounts(out.sessions, b.sessions, sign);
  for (const [goalId, levels] of Object.entries(b.goals)) {
    const into = (out.goals[goalId] ??= {});
    addCounts(into, levels, sign);
    if (Object.keys(into).length === 0) delete out.goals[goalId];
  }
  return out;
}

/**
 * A day's counts as one flat map of numbers (`count`, `colors|yellow`, `goals|health|1`, …), the
 * way the summary is stored: each write ADDs its share to the keys it touches, in one atomic
 * update, so writes of the same day never read, retry on a version or lose a count. A key that
 * went back to 0 stays in the map as 0 and means nothing.
 */
export type FlatCounts = Record<string, number>;
const SEP = '|';
const MAPS = ['colors', 'words', 'rankings', 'notes', 'spheres', 'sessions'] as const;

export function flattenCounts(day: DayCounts): FlatCounts {
  const flat: FlatCounts = {};
  const put = (key: string, n: number) => {
    if (n !== 0) flat[key] = n;
  };
  put('count', day.count);
  put('valueTenths', day.valueTenths);
  put('energyTenths', day.energyTenths);
  for (const map of MAPS)
    for (const [key, n] of Object.entries(day[map] as Record<string, number>)) put(`${map}${SEP}${key}`, n);
  for (const [goalId, levels] of Object.entries(day.goals))
    for (const [level, n] of Object.entries(levels)) put(`goals${SEP}${goalId}${SEP}${level}`, n);
  return flat;
}

/** The DayCounts of a stored summary: flat (written by ADD) or nested (written whole, earlier). */
export function countsOf(stored: unknown): DayCounts {
  if (!stored || typeof stored !== 'object') return emptyDay();
  const record = stored as Record<string, unknown>;
  if (typeof record.colors === 'object') return combine(emptyDay(), record as unknown as DayCounts);
  const day = emptyDay();
  for (const [key, raw] of Object.entries(record)) {
    const n = Number(raw);
    if (!Number.isFinite(n) || n === 0) continue;
    const [map, first, second] = key.split(SEP);
    if (map === 'count' || map === 'valueTenths' || map === 'energyTenths') day[map] += n;
    else if (map === 'goals' && first !== undefined && second !== undefined)
      bump((day.goals[first] ??= {}), second, n);
    else if ((MAPS as readonly string[]).includes(map ?? '') && first !== undefined)
      bump(day[map as (typeof MAPS)[number]] as Record<string, number>, first, n);
  }
  return day;
}

/** What a change of a feeling does to its day: the new share minus the old one. */
export const change = (before: CountedFeeling, after: CountedFeeling): DayCounts =>
  combine(contribution(after), contribution(before), -1);

/** One facet entry (spec 01 §7 GET /feelings/facets). */
export interface FacetEntry {
  value: string;
  label: string;
  count: number;
}

export interface FeelingFacets {
  color: FacetEntry[];
  sphere: FacetEntry[];
  session: FacetEntry[];
  goalIds: FacetEntry[];
  goalLevels: FacetEntry[];
  goalRankings: FacetEntry[];
}

const GOAL_LEVEL_LABELS: Record<GoalLevel, Record<Language, string>> = {
  [-2]: { fr: 'M’en éloigne fortement', en: 'Strongly away', nl: 'Brengt me er ver van af' },
  [-1]: { fr: 'M’en éloigne', en: 'Away', nl: 'Brengt me er verder van af' },
  [0]: { fr: 'Sans effet', en: 'No effect', nl: 'Geen effect' },
  [1]: { fr: 'M’en rapproche', en: 'Closer', nl: 'Brengt me dichterbij' },
  [2]: { fr: 'M’en rapproche fortement', en: 'Strongly closer', nl: 'Brengt me veel dichterbij' },
};

export const goalLevelLabel = (level: GoalLevel, language: Language) => GOAL_LEVEL_LABELS[level][language];

const byCount = (a: FacetEntry, b: FacetEntry) => b.count - a.count || a.value.localeCompare(b.value);

/**
 * The facets of a period from its days. Spheres and sessions are labelled with their ids until
 * the organisations arrive; colours, goals and levels with their names in `language`.
 */
export function facetsOf(days: readonly DayCounts[], language: Language): FeelingFacets {
  const total = days.reduce((sum, day) => combine(sum, day), emptyDay());
  const goalCounts: Record<string, number> = {};
  const levelCounts: Record<string, number> = {};
  for (const [goalId, levels] of Object.entries(total.goals))
    for (const [level, n] of Object.entries(levels)) {
      bump(goalCounts, goalId, n);
      bump(levelCounts, level, n);
    }
  const goalLabel = (id: string) => GOAL_AXES.find((g) => g.id === id)?.label[language] ?? id;
  return {
    color: FEELING_COLORS.filter((c) => total.colors[c]).map((c) => ({
      value: c,
      label: QUADRANTS[c].label[language],
      count: total.colors[c] ?? 0,
    })),
    sphere: Object.entries(total.spheres)
      .map(([value, count]) => ({ value, label: value, count }))
      .sort(byCount),
    session: Object.entries(total.sessions)
      .map(([value, count]) => ({ value, label: value, count }))
      .sort(byCount),
    goalIds: Object.entries(goalCounts)
      .map(([value, count]) => ({ value, label: goalLabel(value), count }))
      .sort(byCount),
    goalLevels: GOAL_LEVELS.filter((l) => levelCounts[String(l)]).map((l) => ({
      value: String(l),
      label: goalLevelLabel(l, language),
      count: levelCounts[String(l)] ?? 0,
    })),
    goalRankings: Object.entries(total.rankings)
      .map(([value, count]) => ({ value, label: value, count }))
      .sort((a, b) => Number(a.value) - Number(b.value)),
  };
}

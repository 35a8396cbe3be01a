import type { ReportFigure } from '../../shared/contracts/reports';
import { FEELING_COLORS } from '../../shared/domain/feelings';
import {
  minParticipants,
  releaseGroups,
  releaseOverPeriod,
  type AtomGroup,
  type Release,
} from '../../shared/domain/report-privacy';
import { addCounts, weekBounds } from '../../shared/domain/report-rollups';
import type { StoredRollup } from './rollups';

/**
 * From stored rollups to the figures a report may show (decision 0030). Pure: given a scope's
 * people and one group's counts for some weeks, it decides per week whether the group is shown,
 * and sums the shown weeks of each period. Nothing else turns rollups into figures.
 */

/** The people of one week: each person's tag lists (one per distinct set they answered under). */
export type WeekPeople = Map<string, string[][]>;

/** A people item's attributes (`<person>|<tag>,<tag>` → answers) as each person's tag lists. */
export function weekPeopleOf(item: StoredRollup | undefined): WeekPeople {
  const people: WeekPeople = new Map();
  for (const [attribute, answers] of Object.entries(item?.amounts ?? {})) {
    if (answers <= 0) continue;
    const bar = attribute.indexOf('|');
    const person = attribute.slice(0, bar);
    const tags = attribute.slice(bar + 1);
    const lists = people.get(person) ?? [];
    lists.push(tags ? tags.split(',') : []);
    people.set(person, lists);
  }
  return people;
}

/** Whether one of a person's answers counted under every tag of a group. */
const inGroup = (lists: readonly string[][], tags: readonly string[]) =>
  lists.some((list) => tags.every((t) => list.includes(t)));

const groupId = (tags: readonly string[]) => (tags.length ? [...tags].sort().join('+') : 'all');

function peopleOf(week: WeekPeople, tags: readonly string[]): Set<string> {
  const members = new Set<string>();
  for (const [person, lists] of week) if (inGroup(lists, tags)) members.add(person);
  return members;
}

/**
 * Whether the group of `tags` (short keys, 0 to 2) is shown in one week. Only the groups that hold
 * it can hide it (privacy rule), so the family is the group and every group of the scope that holds
 * all its people: the whole scope, the tags all of them answered under, and pairs of those.
 */
export function weekRelease(
  week: WeekPeople,
  tags: readonly string[],
): { release: Release; people: Set<string> } {
  const own = peopleOf(week, tags);
  const family: AtomGroup[] = [{ id: groupId(tags), groupTagCount: tags.length, people: own }];
  if (own.size >= minParticipants(tags.length)) {
    if (tags.length) family.push({ id: 'all', groupTagCount: 0, people: new Set(week.keys()) });
    // Tags every person of the group answered under (with one answer or another).
    let common: string[] | null = null;
    for (const person of own) {
      const theirs = new Set((week.get(person) ?? []).flat());
      common = (common ?? [...theirs]).filter((t) => theirs.has(t));
    }
    const candidates = [...(common ?? [])].sort();
    const seen = new Set(family.map((g) => g.id));
    const consider = (candidate: string[]) => {
      const id = groupId(candidate);
      if (seen.has(id)) return;
      seen.add(id);
      const people = peopleOf(week, candidate);
      if ([...own].every((p) => people.has(p))) family.push({ id, groupTagCount: candidate.length, people });
    };
    for (const t of candidates) consider([t]);
    for (let i = 0; i < candidates.length; i++)
      for (let j = i + 1; j < candidates.length; j++)
        consider([candidates[i] as string, candidates[j] as string]);
  }
  const release = releaseGroups(family, [groupId(tags)]).get(groupId(tags)) as Release;
  return { release, people: own };
}

/** What a shown figure includes (spec 01 §7 `generalOptions.include`). */
export interface FigureOptions {
  colors: boolean;
  averages: boolean;
  words: boolean;
}

/** A figure over some weeks: the shown weeks summed, or why it is hidden. */
export function periodFigure(
  weeks: readonly string[],
  decided: ReadonlyMap<string, { release: Release; people: Set<string> }>,
  counts: ReadonlyMap<string, Readonly<Record<string, number>>>,
  groupTagCount: number,
  options: FigureOptions,
): ReportFigure {
  const { release, atoms } = releaseOverPeriod(
    weeks.map((week) => {
      const d = decided.get(week) ?? { release: hiddenForNobody(groupTagCount), people: new Set<string>() };
      return { atomId: week, release: d.release, people: d.people };
    }),
    groupTagCount,
  );
  if (!release.shown) return release;
  const sum: Record<string, number> = {};
  for (const week of atoms) addCounts(sum, counts.get(week) ?? {});
  const answers = sum.count ?? 0;
  const figure: ReportFigure = { shown: true, people: release.people, answers };
  if (options.averages && answers > 0) {
    figure.averageValue = Math.round(((sum.value ?? 0) / answers / 10) * 1000) / 1000;
    figure.averageEnergy = Math.round(((sum.energy ?? 0) / answers / 10) * 1000) / 1000;
  }
  if (options.colors)
    figure.colors = Object.fromEntries(FEELING_COLORS.map((c) => [c, sum[`color|${c}`] ?? 0])) as NonNullable<
      typeof figure.colors
    >;
  if (options.words)
    figure.words = Object.entries(sum)
      .filter(([key]) => key.startsWith('word|'))
      .map(([key, count]) => ({ wordId: key.slice(5), count }))
      .sort((a, b) => b.count - a.count || a.wordId.localeCompare(b.wordId))
      .slice(0, 10);
  return figure;
}

const hiddenForNobody = (groupTagCount: number): Release => ({
  shown: false,
  reason: 'too-few-people',
  threshold: minParticipants(groupTagCount),
});

/** The periods of a series: each week, or the months the weeks fall in (by their Thursday). */
export function seriesPeriods(
  weeks: readonly string[],
  interval: 'week' | 'month',
): { period: string; first: string; last: string; weeks: string[] }[] {
  if (interval === 'week') return weeks.map((week) => ({ period: week, ...weekBounds(week), weeks: [week] }));
  const months = new Map<string, { period: string; first: string; last: string; weeks: string[] }>();
  for (const week of weeks) {
    const { first, last } = weekBounds(week);
    const thursday = new Date(Date.parse(`${first}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 7);
    const month = months.get(thursday);
    if (month) {
      month.last = last;
      month.weeks.push(week);
    } else months.set(thursday, { period: thursday, first, last, weeks: [week] });
  }
  return [...months.values()];
}

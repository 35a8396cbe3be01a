import type { FormFigure, QuestionFigure, ResultFigure } from '@shared/contracts/form-reports';
import type { ReportFigure, ThinkingFigure } from '@shared/contracts/reports';
import { THINKING_VALUES } from '@shared/domain/thinkings';
import { FEELING_COLORS } from '@shared/domain/feelings';
import {
  QUESTION_HIDDEN_REASON,
  minParticipants,
  questionShown,
  decideAtom,
  questionShownInAtom,
  releaseOverPeriod,
  type AtomDecision,
  type AtomGroup,
  type Release,
} from '@shared/domain/report-privacy';
import { addCounts, surveyCountKey, weekBounds } from '@shared/domain/report-rollups';
import type { StoredRollup } from './rollups';

/**
 * From stored rollups to the figures a report may show (decision 0030). Pure: given a scope's
 * people and one group's counts for some weeks, it decides per week whether the group is shown,
 * and sums the shown weeks of each period. Nothing else turns rollups into figures.
 */

/** One kind of a person's answers in a week: the group tags and the group (session) they were given in. */
export interface WeekEntry {
  tags: string[];
  /** The session's short key, `''` when given in the sphere itself. */
  session: string;
}

/** The people of one week of a sphere: each person's kinds of answers. */
export type WeekPeople = Map<string, WeekEntry[]>;

/**
 * A people item's attributes (`<person>|<tag>,<tag>|<session>` → answers) as each person's kinds
 * of answers.
 */
export function weekPeopleOf(item: StoredRollup | undefined): WeekPeople {
  const people: WeekPeople = new Map();
  for (const [attribute, answers] of Object.entries(item?.amounts ?? {})) {
    if (answers <= 0) continue;
    const [person = '', tags = '', session = ''] = attribute.split('|');
    const entries = people.get(person) ?? [];
    entries.push({ tags: tags ? tags.split(',') : [], session });
    people.set(person, entries);
  }
  return people;
}

/**
 * A group of a report: a sphere's people, or a session's (`session` set), narrowed by 0 to 2 tags.
 * A person is in it when one of their answers was given there under every one of its tags.
 */
export interface ReportGroup {
  session?: string | undefined;
  tags: readonly string[];
}

const inGroup = (entries: readonly WeekEntry[], group: ReportGroup) =>
  entries.some(
    (e) =>
      (group.session === undefined || e.session === group.session) &&
      group.tags.every((t) => e.tags.includes(t)),
  );

const groupId = (group: ReportGroup) =>
  `${group.session ?? 'sphere'}:${group.tags.length ? [...group.tags].sort().join('+') : 'all'}`;

function peopleOf(week: WeekPeople, group: ReportGroup): Set<string> {
  const members = new Set<string>();
  for (const [person, entries] of week) if (inGroup(entries, group)) members.add(person);
  return members;
}

/**
 * Every group anyone can obtain in one week of a sphere (decision 0041), with its people: the
 * sphere and each session its people answered in, each alone, by each tag and by each pair of
 * tags given together, in every report route, export and file. One pass over the week's people.
 */
export function weekFamily(week: WeekPeople): AtomGroup[] {
  const groups = new Map<string, AtomGroup & { people: Set<string> }>();
  const add = (person: string, session: string | undefined, tags: readonly string[]) => {
    const id = groupId({ session, tags });
    const group = groups.get(id);
    if (group) group.people.add(person);
    else groups.set(id, { id, groupTagCount: tags.length, people: new Set([person]) });
  };
  for (const [person, entries] of week)
    for (const entry of entries) {
      const tags = [...new Set(entry.tags)].sort();
      for (const session of entry.session ? [undefined, entry.session] : [undefined]) {
        add(person, session, []);
        for (let i = 0; i < tags.length; i++) {
          add(person, session, [tags[i] as string]);
          for (let j = i + 1; j < tags.length; j++)
            add(person, session, [tags[i] as string, tags[j] as string]);
        }
      }
    }
  return [...groups.values()];
}

/** Decisions of recent atoms, by the atom's key and version: a week is decided once per process. */
const atomDecisions = new Map<string, AtomDecision>();
const ATOM_DECISIONS_KEPT = 512;

/**
 * Whether a group is shown in one week of its sphere: decided with every group of the week
 * together (`releaseAtom`, decision 0041), so that no sum or difference of shown figures isolates
 * fewer people than their threshold. A sphere's report and its groups' reports are decided from
 * the same people. `atomKey` (the scope, week and version of the people) keeps the week's
 * decisions for the next group asked in this process; the same people always give the same
 * decisions, so it only saves time.
 */
export function weekRelease(
  week: WeekPeople,
  group: ReportGroup,
  atomKey?: string,
): { release: Release; people: Set<string>; slack: number } {
  const own = peopleOf(week, group);
  const id = groupId(group);
  let decisions = atomKey ? atomDecisions.get(atomKey) : undefined;
  if (!decisions) {
    decisions = decideAtom(weekFamily(week));
    if (atomKey) {
      if (atomDecisions.size >= ATOM_DECISIONS_KEPT)
        atomDecisions.delete(atomDecisions.keys().next().value as string);
      atomDecisions.set(atomKey, decisions);
    }
  }
  // A group nobody answered in is in no family: hidden for too few people.
  const release = decisions.releases.get(id) ?? hiddenForNobody(group.tags.length);
  return { release, people: own, slack: decisions.slack };
}

/** A set of people (persons' numbers in base 36) as a bitset, base64: a week of 2 000 is 336 characters. */
export function toBitset(people: ReadonlySet<string>): string {
  let size = 0;
  const numbers = [...people].map((p) => parseInt(p, 36));
  for (const n of numbers) size = Math.max(size, n + 1);
  const bytes = Buffer.alloc(Math.ceil(size / 8));
  for (const n of numbers) bytes[n >> 3] = (bytes[n >> 3] as number) | (1 << (n & 7));
  return bytes.toString('base64');
}

/** The people of a bitset, as persons' numbers in base 36. */
export function fromBitset(bitset: string): Set<string> {
  const people = new Set<string>();
  const bytes = Buffer.from(bitset, 'base64');
  for (let i = 0; i < bytes.length; i++)
    for (let bit = 0; bit < 8; bit++)
      if ((bytes[i] as number) & (1 << bit)) people.add((i * 8 + bit).toString(36));
  return people;
}

/** What a shown figure includes (spec 01 §7 `generalOptions.include`). */
export interface FigureOptions {
  colors: boolean;
  averages: boolean;
  words: boolean;
}

/** The counts of some weeks where the group was shown, summed; or why it is hidden. */
export function periodSums(
  weeks: readonly string[],
  decided: ReadonlyMap<string, { release: Release; people: Set<string> }>,
  counts: ReadonlyMap<string, Readonly<Record<string, number>>>,
  groupTagCount: number,
): { release: Release; sum: Record<string, number> } {
  const { release, atoms } = releaseOverPeriod(
    weeks.map((week) => {
      const d = decided.get(week) ?? { release: hiddenForNobody(groupTagCount), people: new Set<string>() };
      return { atomId: week, release: d.release, people: d.people };
    }),
    groupTagCount,
  );
  const sum: Record<string, number> = {};
  if (release.shown) for (const week of atoms) addCounts(sum, counts.get(week) ?? {});
  return { release, sum };
}

/** A feelings figure over some weeks: the shown weeks summed, or why it is hidden. */
export function periodFigure(
  weeks: readonly string[],
  decided: ReadonlyMap<string, { release: Release; people: Set<string> }>,
  counts: ReadonlyMap<string, Readonly<Record<string, number>>>,
  groupTagCount: number,
  options: FigureOptions,
): ReportFigure {
  const { release, sum } = periodSums(weeks, decided, counts, groupTagCount);
  if (!release.shown) return release;
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

/** A thinkings figure over some weeks: per axis, its answers, average and values; or why hidden. */
export function thinkingFigure(
  weeks: readonly string[],
  decided: ReadonlyMap<string, { release: Release; people: Set<string> }>,
  counts: ReadonlyMap<string, Readonly<Record<string, number>>>,
  groupTagCount: number,
): ThinkingFigure {
  const { release, sum } = periodSums(weeks, decided, counts, groupTagCount);
  if (!release.shown) return release;
  const axes = new Map<string, { answers: number; sum: number; values: Map<number, number> }>();
  for (const [key, n] of Object.entries(sum)) {
    const [kind, axisId = '', field, value] = key.split('|');
    if (kind !== 'axis') continue;
    const axis = axes.get(axisId) ?? { answers: 0, sum: 0, values: new Map<number, number>() };
    if (field === 'n') axis.answers = n;
    else if (field === 'sum') axis.sum = n;
    else if (field === 'v') axis.values.set(Number(value) / 2, n);
    axes.set(axisId, axis);
  }
  return {
    shown: true,
    people: release.people,
    answers: sum.count ?? 0,
    axes: [...axes.entries()]
      .filter(([, a]) => a.answers > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([axisId, a]) => ({
        axisId,
        answers: a.answers,
        average: Math.round((a.sum / 2 / a.answers) * 1000) / 1000,
        values: THINKING_VALUES.map((value) => ({ value, count: a.values.get(value) ?? 0 })),
      })),
  };
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

/** A form's counted questions and results, in the form's order, as its report shows them. */
export interface FormShape {
  questions: readonly { id: string; kind: 'number' | 'choice'; choices?: readonly string[] }[];
  results: readonly string[];
}

/** One question's or result's sums over the weeks where it was shown, and whether a week hid it. */
interface PartSums {
  sums: Record<string, number>;
  hidden: boolean;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * A form's figure over some weeks (decision 0033): the group's shown weeks, as `periodSums` decides
 * them; then, week by week, each question and each result counts only when at least as many
 * different people surely answered it as the group needs (`questionShown`), so a question most of
 * a shown group skipped never shows the few who answered. Numbers in thousandths come back as
 * numbers; choices keep the form's order, with those no longer offered after them.
 */
export function formFigure(
  weeks: readonly string[],
  decided: ReadonlyMap<string, { release: Release; people: Set<string>; slack?: number }>,
  counts: ReadonlyMap<string, Readonly<Record<string, number>>>,
  groupTagCount: number,
  shape: FormShape,
  /** The whole scope's counts of the atom, by week, when the group is narrower than it. */
  scopeCounts?: ReadonlyMap<string, Readonly<Record<string, number>>>,
): FormFigure {
  const { release, atoms } = releaseOverPeriod(
    weeks.map((week) => {
      const d = decided.get(week) ?? { release: hiddenForNobody(groupTagCount), people: new Set<string>() };
      return { atomId: week, release: d.release, people: d.people };
    }),
    groupTagCount,
  );
  if (!release.shown) return release;
  const threshold = minParticipants(groupTagCount);
  const parts = new Map<string, PartSums>();
  let surveys = 0;
  for (const week of atoms) {
    const weekCounts = counts.get(week) ?? {};
    const people = decided.get(week)?.people.size ?? 0;
    const weekSurveys = weekCounts.count ?? 0;
    surveys += weekSurveys;
    const byPart = new Map<string, Record<string, number>>();
    for (const [key, n] of Object.entries(weekCounts)) {
      const parsed = surveyCountKey(key);
      if (!parsed) continue;
      const partKey = `${parsed.kind}|${parsed.id}`;
      const sums = byPart.get(partKey) ?? {};
      sums[
        parsed.field === 'n' || parsed.field === 'sum' ? parsed.field : `${parsed.field}|${parsed.value}`
      ] = n;
      byPart.set(partKey, sums);
    }
    // A question skipped in more of the atom's answers than its regions can spare is shown for no
    // group that week (decision 0041): differences of groups could leave its few answerers.
    const whole = scopeCounts?.get(week) ?? weekCounts;
    const slack = decided.get(week)?.slack ?? 0;
    const inAtom = (partKey: string) =>
      questionShownInAtom(whole[`${partKey}|n`] ?? 0, whole.count ?? 0, slack);
    for (const [partKey, sums] of byPart) {
      const part = parts.get(partKey) ?? { sums: {}, hidden: false };
      if (questionShown(sums.n ?? 0, weekSurveys, people, groupTagCount) && inAtom(partKey))
        addCounts(part.sums, sums);
      else if ((sums.n ?? 0) > 0) part.hidden = true;
      parts.set(partKey, part);
    }
  }
  const hiddenPart = { shown: false as const, reason: QUESTION_HIDDEN_REASON, threshold };
  const questions = shape.questions.map((question): QuestionFigure => {
    const part = parts.get(`q|${question.id}`);
    const answers = part?.sums.n ?? 0;
    if (answers === 0 && part?.hidden) return { answerId: question.id, ...hiddenPart };
    const given = Object.entries(part?.sums ?? {});
    if (question.kind === 'number') {
      const values = given
        .filter(([key]) => key.startsWith('v|'))
        .map(([key, count]) => ({ value: Number(key.slice(2)) / 1000, count }))
        .filter((v) => v.count > 0)
        .sort((a, b) => a.value - b.value);
      return {
        answerId: question.id,
        shown: true,
        answers,
        ...(answers > 0 ? { average: round3((part?.sums.sum ?? 0) / 1000 / answers) } : {}),
        values,
      };
    }
    const chosen = new Map(
      given.filter(([key]) => key.startsWith('c|')).map(([key, n]) => [key.slice(2), n]),
    );
    const offered = question.choices ?? [];
    const order = [...offered, ...[...chosen.keys()].filter((v) => !offered.includes(v)).sort()];
    return {
      answerId: question.id,
      shown: true,
      answers,
      choices: order
        .map((value) => ({ value, count: chosen.get(value) ?? 0 }))
        .filter((c) => c.count > 0 || offered.includes(c.value)),
    };
  });
  const results = shape.results.map((resultId): ResultFigure => {
    const part = parts.get(`r|${resultId}`);
    const answers = part?.sums.n ?? 0;
    if (answers === 0) return { resultId, ...hiddenPart };
    return { resultId, shown: true, answers, average: round3((part?.sums.sum ?? 0) / 1000 / answers) };
  });
  return { shown: true, people: release.people, answers: surveys, questions, results };
}

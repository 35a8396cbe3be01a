import type { FormFigure } from '@shared/contracts/form-reports';
import type { ReportFigure, ThinkingFigure } from '@shared/contracts/reports';
import {
  FREE_TEXT_MIN_PARTICIPANTS,
  freeTextShown,
  type HiddenReason,
  type Release,
} from '@shared/domain/report-privacy';
import {
  formFigure,
  fromBitset,
  periodFigure,
  thinkingFigure,
  toBitset,
  weekPeopleOf,
  weekRelease,
  type FormShape,
} from './figures';
import {
  groupOfTags,
  keepReleases,
  readCounts,
  readPeopleOf,
  readReleases,
  RELEASE_RULE,
  readTexts,
  tagKey,
  type TextEntry,
} from './rollups';

/**
 * A sealed campaign cycle's figures (decision 0035). The cycle's scope holds one period per step
 * (its people are the step's answers, one per person) and the same kinds of items as a sphere's
 * weeks, so a step is decided and summed exactly as a week is: whether the group under 0–2 tags is
 * shown (`weekRelease`: the thresholds and the differencing rule of decision 0030 against every
 * group that holds its people), then the same figure functions as every report.
 */

/** A step as its report reads it: its period in the cycle's scope and how its counts are shaped. */
export type CycleStepShape =
  | { period: string; kind: 'feeling' }
  | { period: string; kind: 'thinking' }
  | { period: string; kind: 'questions'; shape: FormShape; textQuestions?: readonly string[] };

/**
 * A free-text question's texts in a group: shown only when the group's figure of the step is shown
 * with at least 8 people (spec 02 §5), in an order that says nothing of who wrote them; else why.
 */
export type TextsFigure =
  | { answerId: string; shown: true; texts: string[] }
  | { answerId: string; shown: false; reason: HiddenReason; threshold: number };

/** A step's figure, by the kind of its counts. */
export type CycleStepFigure =
  | { kind: 'feeling'; figure: ReportFigure }
  | { kind: 'thinking'; figure: ThinkingFigure }
  | { kind: 'questions'; figure: FormFigure; texts?: TextsFigure[] };

/**
 * The figures of a cycle's steps for the people under `tagIds` (0 to 2 tag ids). Reads the group's
 * kept decisions and counts (one Query each) and the texts when asked (one Query), never an answer.
 * A sealed step's people never change, so a group's decision is made once, from the step's people
 * item (one BatchGetItem for those not decided yet), and kept: a new roll deletes it with the rest
 * of the scope.
 */
export async function cycleStepFigures(
  scope: string,
  steps: readonly CycleStepShape[],
  tagIds: readonly string[],
): Promise<CycleStepFigure[]> {
  if (steps.length === 0) return [];
  const periods = [...new Set(steps.map((s) => s.period))];
  const bounds = periods.map((p) => p.toLowerCase()).sort();
  const [first, last] = [bounds[0] as string, bounds.at(-1) as string];
  const withTexts = steps.some((s) => s.kind === 'questions' && (s.textQuestions?.length ?? 0) > 0);
  const kept = `cycle:${groupOfTags(tagIds)}`;
  const tags = tagIds.map(tagKey);
  const asksQuestions = steps.some((s) => s.kind === 'questions');
  const [releases, countItems, texts, scopeItems] = await Promise.all([
    readReleases(scope, kept, first, last),
    readCounts(scope, groupOfTags(tagIds), first, last),
    withTexts ? readTexts(scope) : Promise.resolve(new Map<string, TextEntry[]>()),
    // A step's questions are also checked against the whole cycle's answers (decision 0041).
    asksQuestions && tagIds.length ? readCounts(scope, 'all', first, last) : Promise.resolve(null),
  ]);
  // Kept decisions come back under upper-cased keys (those of ISO weeks): found again by period.
  const decided = new Map<string, { release: Release; people: Set<string>; slack: number }>();
  for (const period of periods) {
    const r = releases.get(period.toUpperCase());
    if (r?.rule === RELEASE_RULE)
      decided.set(period, { release: r.release, people: fromBitset(r.people), slack: r.slack ?? Infinity });
  }
  const undecided = periods.filter((p) => !decided.has(p));
  if (undecided.length) {
    const peopleOf = new Map((await readPeopleOf(scope, undecided)).map((item) => [item.week, item]));
    const made = undecided.map((period) => {
      const { release, people, slack } = weekRelease(
        weekPeopleOf(peopleOf.get(period)),
        { tags },
        `${scope}|${period}`,
      );
      decided.set(period, { release, people, slack });
      return { week: period, version: 0, slack, release, people: release.shown ? toBitset(people) : '' };
    });
    await keepReleases(scope, kept, made);
  }
  const counts = new Map(countItems.map((item) => [item.week, item.amounts]));
  const scopeCounts = scopeItems ? new Map(scopeItems.map((item) => [item.week, item.amounts])) : undefined;
  const n = tagIds.length;
  return steps.map((step): CycleStepFigure => {
    const weeks = [step.period];
    switch (step.kind) {
      case 'feeling':
        return {
          kind: 'feeling',
          figure: periodFigure(weeks, decided, counts, n, { colors: true, averages: true, words: true }),
        };
      case 'thinking':
        return { kind: 'thinking', figure: thinkingFigure(weeks, decided, counts, n) };
      case 'questions': {
        const figure = formFigure(weeks, decided, counts, n, step.shape, scopeCounts);
        if (!step.textQuestions?.length) return { kind: 'questions', figure };
        const release = decided.get(step.period)?.release;
        const entries = (texts.get(step.period) ?? []).filter((e) => tags.every((t) => e.g.includes(t)));
        return {
          kind: 'questions',
          figure,
          texts: step.textQuestions.map((answerId): TextsFigure => {
            if (release && freeTextShown(release))
              return {
                answerId,
                shown: true,
                texts: entries.filter((e) => e.q === answerId).map((e) => e.t),
              };
            const reason = release && !release.shown ? release.reason : 'too-few-people';
            return { answerId, shown: false, reason, threshold: FREE_TEXT_MIN_PARTICIPANTS };
          }),
        };
      }
    }
  });
}

import type { FormFigure } from '../../shared/contracts/form-reports';
import type { ReportFigure, ThinkingFigure } from '../../shared/contracts/reports';
import {
  FREE_TEXT_MIN_PARTICIPANTS,
  freeTextShown,
  type HiddenReason,
  type Release,
} from '../../shared/domain/report-privacy';
import {
  formFigure,
  periodFigure,
  thinkingFigure,
  weekPeopleOf,
  weekRelease,
  type FormShape,
} from './figures';
import { groupOfTags, readCounts, readPeopleOf, readTexts, tagKey, type TextEntry } from './rollups';

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
 * The figures of a cycle's steps for the people under `tagIds` (0 to 2 tag ids). Reads the steps'
 * people items (one BatchGetItem) and the group's counts items (one Query), never an answer.
 */
export async function cycleStepFigures(
  scope: string,
  steps: readonly CycleStepShape[],
  tagIds: readonly string[],
): Promise<CycleStepFigure[]> {
  if (steps.length === 0) return [];
  const periods = [...new Set(steps.map((s) => s.period))];
  const bounds = periods.map((p) => p.toLowerCase()).sort();
  const withTexts = steps.some((s) => s.kind === 'questions' && (s.textQuestions?.length ?? 0) > 0);
  const [peopleItems, countItems, texts] = await Promise.all([
    readPeopleOf(scope, periods),
    readCounts(scope, groupOfTags(tagIds), bounds[0] as string, bounds.at(-1) as string),
    withTexts ? readTexts(scope) : Promise.resolve(new Map<string, TextEntry[]>()),
  ]);
  const peopleOf = new Map(peopleItems.map((item) => [item.week, item]));
  const group = { tags: tagIds.map(tagKey) };
  const decided = new Map<string, { release: Release; people: Set<string> }>(
    periods.map((period) => [period, weekRelease(weekPeopleOf(peopleOf.get(period)), group)]),
  );
  const counts = new Map(countItems.map((item) => [item.week, item.amounts]));
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
        const figure = formFigure(weeks, decided, counts, n, step.shape);
        if (!step.textQuestions?.length) return { kind: 'questions', figure };
        const release = decided.get(step.period)?.release;
        const entries = (texts.get(step.period) ?? []).filter((e) =>
          group.tags.every((t) => e.g.includes(t)),
        );
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

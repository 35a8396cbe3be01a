import type { FormReport } from '@shared/contracts/form-reports';
import type { SphereReport, ThinkingReport } from '@shared/contracts/reports';
import type { SessionReportRequestSchema, SphereReportRequestSchema } from '@shared/contracts/reports';
import type * as z from 'zod';
import { createHash } from 'node:crypto';
import {
  anonymityNotice,
  FREE_TEXT_MIN_PARTICIPANTS,
  freeTextShown,
  minParticipants,
  type HiddenReason,
  type Release,
} from '@shared/domain/report-privacy';
import {
  WEEK_SHOWN_AFTER_CLOSE_MS,
  weekBounds,
  weekCloseOf,
  weeksWithin,
} from '@shared/domain/report-rollups';
import { NotFoundError, ValidationError } from '../lib/errors';
import { findSession } from '../sessions';
import { areActiveTags, findSphere } from '../spheres';
import {
  formFigure,
  fromBitset,
  toBitset,
  periodFigure,
  seriesPeriods,
  thinkingFigure,
  weekPeopleOf,
  weekRelease,
  type FigureOptions,
  type FormShape,
} from '../rollups';
import {
  groupOfTags,
  keepReleases,
  readCounts,
  readPeopleOf,
  readPeopleVersions,
  readReleases,
  readWeekTexts,
  RELEASE_RULE,
  scopeOf,
  tagKey,
  type RollupSource,
  type TextEntry,
} from '../rollups';
import type { TextsFigure } from '../rollups';

type SphereReportRequest = z.output<typeof SphereReportRequestSchema>;
type SessionReportRequest = z.output<typeof SessionReportRequestSchema>;
export type ReportFilters = Omit<SphereReportRequest, 'sphereId'>;

/**
 * Whether a report shows a week: an hour after it closed (its Sunday has ended in every time zone,
 * 36 h after that Sunday began in UTC: Sunday 00:00 UTC + 37 h). Only closed weeks are shown
 * (decision 0030): a week still growing would let two reads a day apart differ by the latest few
 * answers. From its close, changes to a week's answers go to its late layer and its shown rollups
 * are frozen; the hour lets a write that chose the shown rollups just before the close land first.
 */
export function weekClosed(week: string, now: number): boolean {
  return now >= weekCloseOf(week) + WEEK_SHOWN_AFTER_CLOSE_MS;
}

function figureOptions(request: ReportFilters): FigureOptions {
  // The public template is what a sphere shows on a screen for all: the mood's colours, no more.
  if (request.template === 'public') return { colors: true, averages: false, words: false };
  const include = new Set(request.generalOptions.include);
  return { colors: include.has('colors'), averages: include.has('averages'), words: include.has('words') };
}

/**
 * POST /v1/feelings/sphere-reports: the feelings recorded in a sphere (and its groups) by its
 * members, over the closed weeks of the period, for the whole sphere or the people under one or two
 * of its tags.
 */
export async function sphereFeelingReport(
  request: SphereReportRequest,
  now = Date.now(),
): Promise<SphereReport> {
  const { sphereId, ...filters } = request;
  return placeFeelingReport({ sphereId }, filters, now);
}

/**
 * POST /v1/feelings/session-reports: the feelings recorded in a group, for its members (the route's
 * ability keeps the sphere's admins and the group's referents out, spec 02 §6), narrowed by the
 * sphere's tags as a sphere's report is.
 */
export async function sessionFeelingReport(
  request: SessionReportRequest,
  now = Date.now(),
): Promise<SphereReport> {
  const { sessionId, ...filters } = request;
  const session = await findSession(sessionId);
  if (!session) throw new NotFoundError();
  return placeFeelingReport({ sphereId: session.sphereId, sessionId }, filters, now);
}

/**
 * POST /v1/thinkings/sphere-reports: the thinkings given in a sphere, axis by axis, with each
 * axis's comments of the whole period under the free-text rule (decision 0033), but in the public
 * template.
 */
export async function sphereThinkingReport(
  request: SphereReportRequest,
  now = Date.now(),
): Promise<ThinkingReport> {
  const { sphereId, ...filters } = request;
  // The public template is shown on a screen for all: figures only, as a feelings report's colours.
  return placeThinkingReport({ sphereId }, filters, now, { comments: filters.template !== 'public' });
}

/**
 * The thinkings given in a sphere or in one of its groups: the sphere's report, and a group's
 * custom report's data shots (decision 0037), which carry no comments. With `comments`, the
 * comments of the whole period, axis by axis for each axis of the whole period's figure (an axis
 * is never listed for its comments alone): read from the group's scope, one Query per shard over
 * the weeks, at the same time as the figures.
 */
export async function placeThinkingReport(
  place: { sphereId: string; sessionId?: string },
  filters: ReportFilters,
  now: number,
  { comments = false }: { comments?: boolean } = {},
): Promise<ThinkingReport> {
  const [read, kept] = await Promise.all([
    readReport('thinkings', place, filters, now),
    comments ? readPeriodTexts('thinkings', place, filters, now) : Promise.resolve(null),
  ]);
  const report = assemble(read, (weeks, decided) =>
    thinkingFigure(weeks, decided, read.counts, read.groupTagCount),
  );
  if (!kept) return report;
  const axes = report.total.shown ? report.total.axes.map((a) => a.axisId) : [];
  return { ...report, texts: textsFigures(axes, report.total, read.decided, kept, filters.tagIds) };
}

/**
 * The kept free texts of a place's closed weeks of a period, by week (decision 0033): one Query
 * per shard, at once, on the group's scope (a session's, or the sphere's).
 */
function readPeriodTexts(
  source: RollupSource,
  place: { sphereId: string; sessionId?: string },
  period: { start: string; end: string },
  now: number,
): Promise<Map<string, TextEntry[]>> {
  const { sphereId, sessionId } = place;
  const scope = sessionId ? scopeOf(source, 'session', sessionId) : scopeOf(source, 'sphere', sphereId);
  const weeks = weeksWithin(period.start, period.end).filter((w) => weekClosed(w, now));
  const [first, last] = [weeks[0], weeks.at(-1)];
  return first && last ? readWeekTexts(scope, first, last) : Promise.resolve(new Map());
}

/** What a report of answers to questions is asked: its place, what it counts, the period and the group. */
export interface QuestionsReportRequest {
  place: { sphereId: string; sessionId?: string };
  shape: FormShape;
  start: string;
  end: string;
  tagIds: string[];
  interval: 'week' | 'month';
}

/** What a form's report is asked: a report of questions, of one form, and its free-text questions. */
export interface FormReportRequest extends QuestionsReportRequest {
  formId: string;
  /** The form's free-text questions, in the form's order. */
  textQuestions?: readonly string[];
}

/**
 * Answers to questions in a sphere or one of its groups, from the rollups of one source (a form's
 * surveys, decision 0033; a strategy's assessments, decision 0034), question by question and
 * result by result, over the closed weeks of the period, under the same privacy rules as feelings.
 * The caller (the domain that owns the questions) has checked them and gives their shape.
 */
export async function questionsReport(
  source: RollupSource,
  request: QuestionsReportRequest,
  now = Date.now(),
): Promise<Omit<FormReport, 'form' | 'formId'>> {
  return (await readQuestions(source, request, now)).report;
}

/** A report of questions and what it was made of (the weeks' decisions). */
async function readQuestions(source: RollupSource, request: QuestionsReportRequest, now: number) {
  const filters: ReportFilters = {
    start: request.start,
    end: request.end,
    tagIds: request.tagIds,
    template: 'general',
    generalOptions: { include: [], interval: request.interval },
  };
  const read = await readReport(source, request.place, filters, now);
  const { template: _template, ...report } = assemble(read, (weeks, decided) =>
    formFigure(weeks, decided, read.counts, read.groupTagCount, request.shape, read.scopeCounts),
  );
  return { read, report };
}

/**
 * A form's surveys in a sphere or one of its groups (decision 0033); the form goes back with it.
 * With free-text questions, their texts of the whole period (never per period): read from the
 * group's scope, one Query per shard over the weeks, at the same time as the figures.
 */
export async function formReport(
  request: FormReportRequest,
  now = Date.now(),
): Promise<Omit<FormReport, 'form'>> {
  const { formId, textQuestions = [], ...asked } = request;
  const source = `form:${formId}` as const;
  const [{ read, report }, kept] = await Promise.all([
    readQuestions(source, asked, now),
    textQuestions.length
      ? readPeriodTexts(source, asked.place, asked, now)
      : Promise.resolve(new Map<string, TextEntry[]>()),
  ]);
  return {
    ...report,
    formId,
    ...(textQuestions.length
      ? { texts: textsFigures(textQuestions, report.total, read.decided, kept, asked.tagIds) }
      : {}),
  };
}

/** The order of shown texts: drawn from each text alone, so it says nothing of who wrote it or when. */
const textOrder = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A group's free texts of the whole period, question by question (a form's) or axis by axis (a
 * thinking's comments), one entry per id asked, in that order (decision 0033): shown only when the
 * group's figure of the period is shown, and then only the texts of the weeks in which it was
 * shown with at least 8 people (`freeTextShown`: a pair of tags shown from 5 gives no text), of
 * the authors under every tag of the group; else why, with the threshold 8.
 */
function textsFigures(
  questions: readonly string[],
  total: { shown: true } | { shown: false; reason: HiddenReason },
  decided: Decided | null,
  kept: ReadonlyMap<string, readonly TextEntry[]>,
  tagIds: readonly string[],
): TextsFigure[] {
  const weeks = [...(decided ?? new Map<string, { release: Release }>())]
    .filter(([, d]) => freeTextShown(d.release))
    .map(([week]) => week);
  const hidden = (reason: HiddenReason) =>
    questions.map((answerId): TextsFigure => ({
      answerId,
      shown: false,
      reason,
      threshold: FREE_TEXT_MIN_PARTICIPANTS,
    }));
  if (!total.shown) return hidden(total.reason);
  if (weeks.length === 0) return hidden('too-few-people');
  const tags = tagIds.map(tagKey);
  const entries = weeks
    .flatMap((week) => kept.get(week) ?? [])
    .filter((e) => tags.every((t) => e.g.includes(t)))
    .map((e) => ({ ...e, order: textOrder(e.t) }))
    .sort((a, b) => a.order.localeCompare(b.order));
  return questions.map((answerId) => ({
    answerId,
    shown: true,
    texts: entries.filter((e) => e.q === answerId).map((e) => e.t),
  }));
}

/** A feelings report of a sphere or one of its groups. */
/** The feelings recorded in a sphere or in one of its groups, through the privacy function. */
export async function placeFeelingReport(
  place: { sphereId: string; sessionId?: string },
  request: ReportFilters,
  now: number,
): Promise<SphereReport> {
  const read = await readReport('feelings', place, request, now);
  const options = figureOptions(request);
  return assemble(read, (weeks, decided) =>
    periodFigure(weeks, decided, read.counts, read.groupTagCount, options),
  );
}

type Decided = ReadonlyMap<string, { release: Release; people: Set<string> }>;

/** A report's answer: its header, its whole period's figure and each period's, by `figureOf`. */
function assemble<F>(
  read: Awaited<ReturnType<typeof readReport>>,
  figureOf: (weeks: readonly string[], decided: Decided) => F,
) {
  const figure = (weeks: readonly string[]) => (read.decided ? figureOf(weeks, read.decided) : read.nobody);
  return {
    ...read.base,
    total: figure(read.base.weeks),
    series: read.periods.map((p) => ({
      period: p.period,
      first: p.first,
      last: p.last,
      figure: figure(p.weeks),
    })),
  };
}

/**
 * What a report of a sphere or one of its groups is made of: its closed weeks, and per week whether
 * the group is shown (figures.ts) and its counts. Reads one people item of the sphere and one counts
 * item of the group per week, for feelings or thinkings.
 */
async function readReport(
  source: RollupSource,
  place: { sphereId: string; sessionId?: string },
  request: ReportFilters,
  now: number,
) {
  const { sphereId, sessionId } = place;
  // The group's tags are read alone (one BatchGetItem), not the sphere's every tag.
  const [sphere, tagsKnown] = await Promise.all([
    findSphere(sphereId),
    request.tagIds.length ? areActiveTags(sphereId, request.tagIds) : Promise.resolve(true),
  ]);
  if (!sphere) throw new NotFoundError();
  if (!tagsKnown) throw new ValidationError([{ key: 'not-valid', field: 'body.tagIds' }]);
  const weeks = weeksWithin(request.start, request.end).filter((w) => weekClosed(w, now));
  const groupTagCount = request.tagIds.length;
  const interval = request.generalOptions.interval;
  const first = weeks[0];
  const last = weeks.at(-1);
  const base = {
    sphereId,
    ...(sessionId ? { sessionId } : {}),
    template: request.template,
    interval,
    ...anonymityNotice(sphere),
    tagIds: request.tagIds,
    start: request.start,
    end: request.end,
    weeks,
    covered: first && last ? { first: weekBounds(first).first, last: weekBounds(last).last } : null,
  };
  const nobody = {
    shown: false as const,
    reason: 'too-few-people' as const,
    threshold: minParticipants(groupTagCount),
  };
  const periods = seriesPeriods(weeks, interval);
  if (!first || !last)
    return { base, nobody, periods, groupTagCount, decided: null, counts: new Map(), scopeCounts: undefined };
  const sphereScope = scopeOf(source, 'sphere', sphereId);
  const group = { session: sessionId ? tagKey(sessionId) : undefined, tags: request.tagIds.map(tagKey) };
  const kept = `${group.session ?? 'sphere'}:${groupOfTags(request.tagIds)}`;
  // Answers to questions are also checked against the whole sphere's (decision 0041): read them
  // when the group is narrower than it.
  const narrower = Boolean(sessionId) || request.tagIds.length > 0;
  const asksQuestions = source.startsWith('form:') || source.startsWith('strategy:');
  const [versions, releases, countItems, scopeItems] = await Promise.all([
    readPeopleVersions(sphereScope, first, last),
    readReleases(sphereScope, kept, first, last),
    readCounts(
      sessionId ? scopeOf(source, 'session', sessionId) : sphereScope,
      groupOfTags(request.tagIds),
      first,
      last,
    ),
    asksQuestions && narrower ? readCounts(sphereScope, 'all', first, last) : Promise.resolve(null),
  ]);
  // The weeks whose people changed since their decision was kept are decided again, and kept.
  const stale = weeks.filter(
    (w) =>
      versions.has(w) &&
      (releases.get(w)?.version !== versions.get(w) || releases.get(w)?.rule !== RELEASE_RULE),
  );
  const decided = new Map<string, { release: Release; people: Set<string>; slack: number }>();
  if (stale.length) {
    const redone = (await readPeopleOf(sphereScope, stale)).map((item) => {
      const week = item.week.toUpperCase();
      const { release, people, slack } = weekRelease(
        weekPeopleOf(item),
        group,
        `${sphereScope}|${week}|${versions.get(week) ?? 0}`,
      );
      decided.set(week, { release, people, slack });
      // The version read before the people: an answer in between only makes the decision redone.
      return {
        week,
        version: versions.get(week) ?? 0,
        slack,
        release,
        people: release.shown ? toBitset(people) : '',
      };
    });
    await keepReleases(sphereScope, kept, redone);
  }
  for (const [week, r] of releases)
    if (!decided.has(week) && versions.has(week) && r.rule === RELEASE_RULE)
      decided.set(week, { release: r.release, people: fromBitset(r.people), slack: r.slack ?? Infinity });
  const counts = new Map(countItems.map((item) => [item.week.toUpperCase(), item.amounts]));
  const scopeCounts = scopeItems
    ? new Map(scopeItems.map((item) => [item.week.toUpperCase(), item.amounts]))
    : undefined;
  return { base, nobody, periods, groupTagCount, decided, counts, scopeCounts };
}

import { randomBytes } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { goalFilterTerms, goalText, type GoalFilter } from '../../shared/domain/goals';
import {
  change,
  combine,
  contribution,
  dayOf,
  emptyDay,
  type DayCounts,
} from '../../shared/domain/feeling-days';
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { countMatching } from '../lib/db';
import { ConflictError } from '../lib/errors';
import type { FeelingEntity } from './entities/feeling';
import { feelingsDb as db } from './store';

export type FeelingItem = EntityItem<typeof FeelingEntity>;
export type NewFeeling = Omit<
  FeelingItem,
  'feelingId' | 'createdAt' | 'updatedAt' | 'notesText' | 'goalText'
>;

/** `2026-11-24T10:15:00.123Z` → `20261124T101500123Z`: ids sort like their timestamps. */
const compact = (iso: string) => iso.replace(/[-:.]/g, '');

export function newFeelingId(timestamp: string): string {
  return `${compact(timestamp)}-${randomBytes(3).toString('hex')}`;
}

const notesText = (notes: readonly { value: string }[]) => notes.map((n) => n.value.toLowerCase()).join('\n');

/**
 * How often a write retries when another write changed the same day summary meanwhile (a person's
 * tabs and devices rarely write at once; tests record twenty feelings in parallel), and the most
 * it waits, at random, before trying again, so that racing writes spread out.
 */
const DAY_WRITE_ATTEMPTS = 30;
const DAY_WRITE_JITTER_MS = 25;

type FeelingWrites = Parameters<Parameters<ReturnType<typeof db>['transaction']['write']>[0]>[0];
type TransactItem = ReturnType<ReturnType<FeelingWrites['feeling']['create']>['commit']>;

/**
 * Writes a feeling and its day summary in one transaction: the summary moves by `delta` under a
 * version condition. When another write changed the summary meanwhile, the summary is read again
 * and the whole transaction retried; when the feeling's own condition fails, `feeling-changed`.
 */
async function writeWithDay(
  userId: string,
  day: string,
  delta: DayCounts,
  feelingWrite: (entities: FeelingWrites) => TransactItem,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const { data: current } = await db().entities.feelingDay.get({ userId, day }).go({ consistent: true });
    const counts = combine((current?.counts as DayCounts | undefined) ?? emptyDay(), delta);
    const result = await db()
      .transaction.write((entities) => [
        feelingWrite(entities),
        current
          ? entities.feelingDay
              .patch({ userId, day })
              .set({ counts, version: current.version + 1 })
              .where(({ version }, { eq }) => eq(version, current.version))
              .commit()
          : entities.feelingDay.create({ userId, day, counts, version: 1 }).commit(),
      ])
      .go();
    if (!result.canceled) return;
    const [feeling, summary] = result.data;
    if (feeling?.rejected) throw new ConflictError('conflict');
    if (!summary?.rejected || attempt >= DAY_WRITE_ATTEMPTS)
      throw new Error(`Feeling write cancelled: ${feeling?.code ?? ''} ${summary?.code ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * DAY_WRITE_JITTER_MS));
  }
}

/** The day summary a feeling counts in. */
export const dayOfFeeling = (feeling: Pick<FeelingItem, 'timestamp' | 'locale'>) =>
  dayOf(feeling.timestamp, feeling.locale);

/** Writes a new feeling (never over an existing id) and counts it in its day. Answers its id. */
export async function insertFeeling(feeling: NewFeeling): Promise<string> {
  const feelingId = newFeelingId(feeling.timestamp);
  await writeWithDay(feeling.userId, dayOfFeeling(feeling), contribution(feeling), (entities) =>
    entities.feeling
      .create({
        ...feeling,
        feelingId,
        day: dayOfFeeling(feeling),
        notesText: notesText(feeling.personalNotes ?? []),
        goalText: goalText(feeling.goals ?? []),
      })
      .commit(),
  );
  return feelingId;
}

export async function findFeeling(userId: string, feelingId: string): Promise<FeelingItem | null> {
  const { data } = await db().entities.feeling.get({ userId, feelingId }).go({ consistent: true });
  return data;
}

/**
 * Changes a feeling read at `read.updatedAt` and moves its day's counts: a change made meanwhile
 * by another tab refuses this one (conflict) instead of being overwritten.
 */
export async function changeFeeling(
  read: FeelingItem,
  changes: Pick<Partial<FeelingItem>, 'wordId' | 'category' | 'personalNotes' | 'goals'>,
  removed: ('wordId' | 'category')[],
): Promise<FeelingItem> {
  const after: FeelingItem = { ...read, ...changes };
  for (const field of removed) delete after[field];
  await writeWithDay(read.userId, dayOfFeeling(read), change(read, after), (entities) => {
    let patch = entities.feeling.patch({ userId: read.userId, feelingId: read.feelingId }).set({
      ...changes,
      ...(changes.personalNotes ? { notesText: notesText(changes.personalNotes) } : {}),
      ...(changes.goals ? { goalText: goalText(changes.goals) } : {}),
    });
    if (removed.length) patch = patch.remove(removed);
    return patch.where(({ updatedAt }, { eq }) => eq(updatedAt, read.updatedAt)).commit();
  });
  const changed = await findFeeling(read.userId, read.feelingId);
  if (!changed) throw new ConflictError('conflict');
  return changed;
}

/** A user's day summaries from `start` to `end` (YYYY-MM-DD, both included): one Query. */
export async function queryDays(
  userId: string,
  start: string,
  end: string,
): Promise<{ day: string; counts: DayCounts }[]> {
  const { data } = await db()
    .entities.feelingDay.query.byUser({ userId })
    .between({ day: start }, { day: end })
    .go({ pages: 'all', attributes: ['day', 'counts'] });
  return data.map((d) => ({ day: d.day, counts: d.counts as DayCounts }));
}

/** Every day summary of a user (export and erasure). */
export async function allDays(userId: string) {
  const { data } = await db().entities.feelingDay.query.byUser({ userId }).go({ pages: 'all' });
  return data;
}

export interface FeelingFilter extends Partial<GoalFilter> {
  start?: string | undefined;
  end?: string | undefined;
  colors: readonly string[];
  notes?: string | undefined;
  sphereId?: string | undefined;
  sessionId?: string | undefined;
}

const goalTerms = (filter: FeelingFilter) =>
  goalFilterTerms({
    goalIds: filter.goalIds ?? [],
    goalLevels: filter.goalLevels ?? [],
    goalRankings: filter.goalRankings ?? [],
  });

/** Filters the day summaries cannot count: the notes search, the context, the goals. */
const countedByQuery = (filter: FeelingFilter) =>
  Boolean(filter.notes || filter.sphereId || filter.sessionId || goalTerms(filter).length);

/** The Query of a user's feelings in a filter: between the ids of the range's ends, filtered by DynamoDB. */
function feelingsQuery(userId: string, filter: FeelingFilter) {
  const low = filter.start ? compact(new Date(filter.start).toISOString()) : '0';
  const high = filter.end ? `${compact(new Date(filter.end).toISOString())}~` : '~';
  const range = db()
    .entities.feeling.query.byUser({ userId })
    .between({ feelingId: low }, { feelingId: high });
  const terms = goalTerms(filter);
  if (!filter.colors.length && !countedByQuery(filter)) return range;
  return range.where((attributes, { eq, contains }) => {
    const clauses: string[] = [];
    if (filter.colors.length)
      clauses.push(
        `(${filter.colors.map((c) => eq(attributes.color, c as FeelingItem['color'])).join(' OR ')})`,
      );
    if (filter.notes) clauses.push(contains(attributes.notesText, filter.notes.toLowerCase()));
    if (filter.sphereId) clauses.push(eq(attributes.sphereId, filter.sphereId));
    if (filter.sessionId) clauses.push(eq(attributes.sessionId, filter.sessionId));
    for (const alternatives of terms)
      clauses.push(`(${alternatives.map((term) => contains(attributes.goalText, term)).join(' OR ')})`);
    return clauses.join(' AND ');
  });
}

/**
 * A user's feelings in a time range, newest first: one Query between the ids of the range's ends,
 * the colours and the notes search applied by DynamoDB as a filter of that Query. Reads only as far
 * as the page asked for (`offset + max` matching items).
 */
export async function queryFeelings(
  userId: string,
  filter: FeelingFilter,
  page: { offset: number; max: number } = { offset: 0, max: Number.MAX_SAFE_INTEGER },
): Promise<FeelingItem[]> {
  const { data } = await feelingsQuery(userId, filter).go({
    order: 'desc',
    pages: 'all',
    ...(page.max < Number.MAX_SAFE_INTEGER ? { count: page.offset + page.max } : {}),
  });
  return data.slice(page.offset, page.offset + page.max);
}

/** COUNT Query of the feelings of a filter, optionally only those outside the days first…last. */
async function countByQuery(
  userId: string,
  filter: FeelingFilter,
  outside?: { first: string; last: string },
) {
  let query = feelingsQuery(userId, filter);
  if (outside)
    query = query.where(({ day }, { lt, gt }) => `(${lt(day, outside.first)} OR ${gt(day, outside.last)})`);
  return countMatching(query.params() as QueryCommandInput);
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const midnight = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/**
 * The days whose every feeling lies within [start, end]: a feeling of day D was recorded between
 * D 00:00 UTC − 14 h and D 24:00 UTC + 12 h (UTC offsets run from −12 to +14). Null when none.
 */
export function wholeDaysWithin(start: string | undefined, end: string | undefined) {
  const from = start ? Date.parse(start) + 14 * HOUR_MS : undefined;
  const to = end ? Date.parse(end) - 12 * HOUR_MS : undefined;
  const first = from === undefined ? '0000-01-01' : utcDay(Math.ceil(from / DAY_MS) * DAY_MS);
  const last = to === undefined ? '9999-12-31' : utcDay(Math.floor(to / DAY_MS) * DAY_MS - DAY_MS);
  return first <= last ? { first, last } : null;
}

/**
 * How many feelings match a filter. Without a notes search it reads the day summaries of the days
 * wholly inside the range (colours are counted there too) and counts only the feelings near the two
 * ends with a COUNT Query; a notes search counts with one COUNT Query over the range (DynamoDB
 * still reads the items it filters: its cost is in the bench's figures).
 */
export async function countFeelings(userId: string, filter: FeelingFilter): Promise<number> {
  const days = countedByQuery(filter) ? null : wholeDaysWithin(filter.start, filter.end);
  if (!days) return countByQuery(userId, filter);
  const inside = async () => {
    const summaries = await queryDays(userId, days.first, days.last);
    return summaries.reduce(
      (n, s) =>
        n +
        (filter.colors.length
          ? filter.colors.reduce((m, c) => m + (s.counts.colors[c as keyof DayCounts['colors']] ?? 0), 0)
          : s.counts.count),
      0,
    );
  };
  // Feelings of other days lie near the ends: before the first whole day's end of 12 h past its
  // start, or after 14 h before the day after the last.
  const lowEnd = new Date(midnight(days.first) + 12 * HOUR_MS).toISOString();
  const highStart = new Date(midnight(days.last) + DAY_MS - 14 * HOUR_MS).toISOString();
  // With one whole day the two windows overlap: count the ends in one Query.
  const ends =
    highStart <= lowEnd
      ? [countByQuery(userId, filter, days)]
      : [
          filter.start ? countByQuery(userId, { ...filter, end: lowEnd }, days) : Promise.resolve(0),
          countByQuery(userId, { ...filter, start: highStart }, days),
        ];
  const edges = await Promise.all([inside(), ...ends]);
  return edges.reduce((a, b) => a + b, 0);
}

/** Every feeling of a user (export and erasure): one Query on the user's partition. */
export async function allFeelings(userId: string): Promise<FeelingItem[]> {
  const { data } = await db().entities.feeling.query.byUser({ userId }).go({ pages: 'all' });
  return data;
}

/**
 * Writes many feelings of one user at once, with their day summaries computed here (demo data and
 * imports): batches of 25, no transaction. Only for a user who has no feeling yet: it does not
 * read or add to existing summaries.
 */
export async function importFeelings(userId: string, feelings: readonly NewFeeling[]): Promise<number> {
  const { data: existing } = await db().entities.feeling.query.byUser({ userId }).go({ limit: 1 });
  if (existing.length > 0) return 0;
  const days = new Map<string, DayCounts>();
  const items = feelings.map((feeling) => {
    const day = dayOfFeeling(feeling);
    days.set(day, combine(days.get(day) ?? emptyDay(), contribution(feeling)));
    return {
      ...feeling,
      userId,
      feelingId: newFeelingId(feeling.timestamp),
      day,
      notesText: notesText(feeling.personalNotes ?? []),
      goalText: goalText(feeling.goals ?? []),
    };
  });
  for (let i = 0; i < items.length; i += 25) {
    const { unprocessed } = await db()
      .entities.feeling.put(items.slice(i, i + 25))
      .go();
    if (unprocessed.length) throw new Error(`${unprocessed.length} feelings were not written`);
  }
  const summaries = [...days].map(([day, counts]) => ({ userId, day, counts, version: 1 }));
  for (let i = 0; i < summaries.length; i += 25) {
    const { unprocessed } = await db()
      .entities.feelingDay.put(summaries.slice(i, i + 25))
      .go();
    if (unprocessed.length) throw new Error(`${unprocessed.length} day summaries were not written`);
  }
  return items.length;
}

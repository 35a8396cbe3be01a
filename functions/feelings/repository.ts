import { randomBytes } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { goalFilterTerms, goalText, type GoalFilter } from '@shared/domain/goals';
import {
  change,
  combine,
  contribution,
  countsOf,
  emptyDay,
  flattenCounts,
  type DayCounts,
} from '@shared/domain/feeling-days';
import {
  TransactWriteCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { feelingCounts } from '@shared/domain/report-rollups';
import { dayOf } from '@shared/domain/time-zones';
import { documentClient } from '../lib/aws';
import { failedConditions, isConditionFailure } from '../lib/conditions';
import { countMatching, putAll, sparse } from '../lib/db';
import { ConflictError } from '../lib/errors';
import {
  addToRollups,
  contributionsOf,
  importThenRoll,
  rollupItems,
  type RolledAnswer,
  type RollupChange,
} from '../rollups';
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
 * How often a write tries again when DynamoDB cancelled its transaction because another one was
 * writing the same day at that instant (a person's tabs and devices rarely write at once; tests
 * record twenty feelings in parallel), and the most it waits, at random, before trying again.
 */
export const DAY_WRITE_ATTEMPTS = 30;
export const DAY_WRITE_JITTER_MS = 25;

/** One item of a TransactWriteItems, as the DocumentClient takes it. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * The day summary's share of a write: every key of `delta` ADDed to the stored flat counts in one
 * atomic update (decision 0008), which needs the summary to exist already.
 */
function dayUpdate(userId: string, day: string, delta: DayCounts): TransactItem {
  return countsAdd(db().entities.feelingDay.get({ userId, day }).params(), delta);
}

/** `delta` ADDed to the flat counts of the summary at `Key` (a person's day or a session's). */
export function countsAdd(
  { Key, TableName }: { Key: Record<string, unknown>; TableName: string },
  delta: DayCounts,
): TransactItem {
  const names: Record<string, string> = { '#counts': 'counts', '#updatedAt': 'updatedAt', '#pk': 'pk' };
  const values: Record<string, unknown> = { ':now': new Date().toISOString() };
  const adds = Object.entries(flattenCounts(delta)).map(([key, n], i) => {
    names[`#k${i}`] = key;
    values[`:v${i}`] = n;
    return `#counts.#k${i} :v${i}`;
  });
  return {
    Update: {
      TableName,
      Key,
      UpdateExpression: `SET #updatedAt = :now${adds.length ? ` ADD ${adds.join(', ')}` : ''}`,
      ConditionExpression: 'attribute_exists(#pk) AND attribute_exists(#counts)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** Creates a day's empty summary; one already there (written meanwhile) is kept as it is. */
async function ensureDay(userId: string, day: string): Promise<void> {
  try {
    await db().entities.feelingDay.create({ userId, day, counts: {} }).go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * Writes a feeling and moves its day summary by `delta` in one transaction: the summary's counts
 * are added to, never read and rewritten, so writes of the same day all count without a version.
 * The first write of a day creates the summary and tries again; when the feeling's own condition
 * fails, `conflict`.
 */
async function writeWithDay(
  userId: string,
  day: string,
  delta: DayCounts,
  feelingWrite: TransactItem,
  rollups: readonly TransactItem[] = [],
) {
  for (let attempt = 1; ; attempt++) {
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [feelingWrite, dayUpdate(userId, day, delta), ...rollups],
        }),
      );
      return;
    } catch (error) {
      const failed = failedConditions(error);
      if (!failed) throw error;
      const [feeling, summary] = failed;
      if (feeling) throw new ConflictError('conflict', { cause: error });
      if (attempt >= DAY_WRITE_ATTEMPTS) throw error;
      if (summary) await ensureDay(userId, day);
      else await new Promise((resolve) => setTimeout(resolve, Math.random() * DAY_WRITE_JITTER_MS));
    }
  }
}

/** A feeling's item, in index gsi1 only when it names a sphere (the index of a sphere's feelings). */
const sparseFeeling = <T extends Record<string, unknown>>(item: T) =>
  sparse(item, 'gsi1', item.sphereId !== undefined);

/** A DocumentClient Put or Update of an ElectroDB write's parameters, for a transaction. */
function asPut(params: { Item?: Record<string, unknown> } & Record<string, unknown>): TransactItem {
  const put = { ...params, ...(params.Item ? { Item: sparseFeeling(params.Item) } : {}) };
  return { Put: put as NonNullable<TransactItem['Put']> };
}

/** A feeling as its sphere's report rollups count it; null when it counts in none. */
export function rolledAnswer(feeling: FeelingItem | (NewFeeling & { day?: string })): RolledAnswer | null {
  if (feeling.sphereId === undefined || feeling.reportTagIds === undefined) return null;
  return {
    sphereId: feeling.sphereId,
    sessionId: feeling.sessionId,
    userId: feeling.userId,
    day: feeling.day ?? dayOfFeeling(feeling),
    tagIds: feeling.reportTagIds,
    counts: feelingCounts(feeling),
  };
}

/** The rollup items of some feelings added (+1) or taken away (−1). */
function rollupsOf(changes: readonly { feeling: Parameters<typeof rolledAnswer>[0]; sign: 1 | -1 }[]) {
  const rolled: RollupChange[] = [];
  for (const { feeling, sign } of changes) {
    const answer = rolledAnswer(feeling);
    if (answer) rolled.push({ answer, sign });
  }
  return rolled.length ? rollupItems(rolled) : Promise.resolve([]);
}
function asUpdate(params: Record<string, unknown>): TransactItem {
  const { ReturnValues: _ignored, ...update } = params;
  return { Update: update as NonNullable<TransactItem['Update']> };
}

/** The day summary a feeling counts in. */
export const dayOfFeeling = (feeling: Pick<FeelingItem, 'timestamp' | 'locale'>) =>
  dayOf(feeling.timestamp, feeling.locale);

/** Writes a new feeling (never over an existing id) and counts it in its day. Answers its id. */
export async function insertFeeling(feeling: NewFeeling): Promise<string> {
  const feelingId = newFeelingId(feeling.timestamp);
  const rollups = await rollupsOf([{ feeling, sign: 1 }]);
  await writeWithDay(
    feeling.userId,
    dayOfFeeling(feeling),
    contribution(feeling),
    asPut(
      db()
        .entities.feeling.create({
          ...feeling,
          feelingId,
          day: dayOfFeeling(feeling),
          notesText: notesText(feeling.personalNotes ?? []),
          goalText: goalText(feeling.goals ?? []),
        })
        .params(),
    ),
    rollups,
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
  let patch = db()
    .entities.feeling.patch({ userId: read.userId, feelingId: read.feelingId })
    .set({
      ...changes,
      ...(changes.personalNotes ? { notesText: notesText(changes.personalNotes) } : {}),
      ...(changes.goals ? { goalText: goalText(changes.goals) } : {}),
    });
  if (removed.length) patch = patch.remove(removed);
  // Its report rollups move from what it was to what it is (a changed word).
  const rollups = await rollupsOf([
    { feeling: read, sign: -1 },
    { feeling: after, sign: 1 },
  ]);
  await writeWithDay(
    read.userId,
    dayOfFeeling(read),
    change(read, after),
    asUpdate(patch.where(({ updatedAt }, { eq }) => eq(updatedAt, read.updatedAt)).params()),
    rollups,
  );
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
  return data.map((d) => ({ day: d.day, counts: countsOf(d.counts) }));
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

/** Items DynamoDB evaluates per page of a filtered list (a filter may keep few of them). */
const FILTERED_PAGE = 500;

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
  const wanted = page.offset + page.max;
  const filtered = filter.colors.length > 0 || countedByQuery(filter);
  const { data } = await feelingsQuery(userId, filter).go({
    order: 'desc',
    pages: 'all',
    ...(page.max < Number.MAX_SAFE_INTEGER
      ? {
          count: wanted,
          // DynamoDB pages of the size needed: without a filter the page holds exactly the rows
          // wanted (not 1 MB of feelings); with one, larger pages so few round trips find them.
          limit: filtered ? Math.max(wanted, FILTERED_PAGE) : wanted,
        }
      : {}),
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
 * imports): batches of 25, no transaction, then their share of the report rollups. Only for a user
 * who has no feeling yet: it does not read or add to existing summaries.
 */
export async function importFeelings(userId: string, feelings: readonly NewFeeling[]): Promise<number> {
  const { count, contributions } = await importWithoutRollups(userId, feelings);
  if (contributions.length) await addToRollups(contributions);
  return count;
}

/**
 * Imports the feelings of many people (demo data), each as `importFeelings` does, then their share
 * of the rollups in one pass: a sphere's week is one write for all of them, not one per person.
 */
export async function importManyFeelings(
  people: readonly { userId: string; feelings: readonly NewFeeling[] }[],
): Promise<number> {
  return importThenRoll(people, ({ userId, feelings }) => importWithoutRollups(userId, feelings));
}

/** The raw items and day summaries of an import, and the rollup contributions still to add. */
async function importWithoutRollups(userId: string, feelings: readonly NewFeeling[]) {
  const { data: existing } = await db().entities.feeling.query.byUser({ userId }).go({ limit: 1 });
  if (existing.length > 0) return { count: 0, contributions: [] };
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
  const { TableName } = db().entities.feeling.get({ userId, feelingId: '-' }).params();
  await putAll(
    TableName as string,
    items.map((item) => sparseFeeling(db().entities.feeling.create(item).params().Item)),
    'feelings',
  );
  const summaries = [...days].map(([day, counts]) => ({ userId, day, counts: flattenCounts(counts) }));
  for (let i = 0; i < summaries.length; i += 25) {
    const { unprocessed } = await db()
      .entities.feelingDay.put(summaries.slice(i, i + 25))
      .go();
    if (unprocessed.length) throw new Error(`${unprocessed.length} day summaries were not written`);
  }
  const answers = items.map(rolledAnswer).filter((a): a is RolledAnswer => a !== null);
  const contributions = (await Promise.all(answers.map((answer) => contributionsOf(answer)))).flat();
  return { count: items.length, contributions };
}

/** Every feeling recorded in a sphere, oldest first (gsi1): what its report rollups are built from. */
export async function feelingsOfSphere(sphereId: string): Promise<FeelingItem[]> {
  const { data } = await db().entities.feeling.query.bySphere({ sphereId }).go({ pages: 'all' });
  return data;
}

/** Most items of one TransactWriteItems. */
const TRANSACTION_MAX = 100;

/**
 * Erases a user's feelings (they leave the product). Those counted in report rollups go with their
 * share of them: each transaction deletes some feelings (each on the condition that it is still
 * there) and takes their counts away, so a repeated erasure never takes them twice.
 */
export async function eraseFeelings(items: readonly FeelingItem[]): Promise<void> {
  const keyOf = (f: FeelingItem) => ({ userId: f.userId, feelingId: f.feelingId });
  const plain = items.filter((f) => rolledAnswer(f) === null);
  const rolled = items.filter((f) => rolledAnswer(f) !== null);
  for (let i = 0; i < plain.length; i += 25) {
    const { unprocessed } = await db()
      .entities.feeling.delete(plain.slice(i, i + 25).map(keyOf))
      .go();
    if (unprocessed.length) throw new Error(`${unprocessed.length} feelings were not erased`);
  }
  let next = 0;
  while (next < rolled.length) {
    // As many feelings as fit with their rollup items in one transaction.
    let size = Math.min(rolled.length - next, TRANSACTION_MAX / 2);
    let rollups = await rollupsOf(rolled.slice(next, next + size).map((feeling) => ({ feeling, sign: -1 })));
    while (size > 1 && size + rollups.length > TRANSACTION_MAX) {
      size = Math.max(1, Math.floor(size / 2));
      rollups = await rollupsOf(rolled.slice(next, next + size).map((feeling) => ({ feeling, sign: -1 })));
    }
    const deletes: TransactItem[] = rolled.slice(next, next + size).map((feeling) => {
      const { Key, TableName } = db().entities.feeling.delete(keyOf(feeling)).params();
      return {
        Delete: {
          TableName,
          Key,
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: { '#pk': 'pk' },
        },
      };
    });
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: [...deletes, ...rollups] }));
    } catch (error) {
      if (!failedConditions(error)) throw error;
      // Some were already erased (a repeated attempt): erase the others one by one.
      for (const feeling of rolled.slice(next, next + size)) {
        const still = await findFeeling(feeling.userId, feeling.feelingId);
        if (still) await eraseFeelings([still]);
      }
    }
    next += size;
  }
}

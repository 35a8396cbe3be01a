import { randomBytes } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import {
  change,
  combine,
  contribution,
  dayOf,
  emptyDay,
  type DayCounts,
} from '../../shared/domain/feeling-days';
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/aws';
import { ConflictError } from '../lib/errors';
import type { FeelingEntity } from './entities/feeling';
import { feelingsDb as db } from './store';

export type FeelingItem = EntityItem<typeof FeelingEntity>;
export type NewFeeling = Omit<FeelingItem, 'feelingId' | 'createdAt' | 'updatedAt' | 'notesText'>;

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
      .create({ ...feeling, feelingId, notesText: notesText(feeling.personalNotes ?? []) })
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

export interface FeelingFilter {
  start?: string | undefined;
  end?: string | undefined;
  colors: readonly string[];
  notes?: string | undefined;
}

/** The Query of a user's feelings in a filter: between the ids of the range's ends, filtered by DynamoDB. */
function feelingsQuery(userId: string, filter: FeelingFilter) {
  const low = filter.start ? compact(new Date(filter.start).toISOString()) : '0';
  const high = filter.end ? `${compact(new Date(filter.end).toISOString())}~` : '~';
  const range = db()
    .entities.feeling.query.byUser({ userId })
    .between({ feelingId: low }, { feelingId: high });
  return filter.colors.length || filter.notes
    ? range.where((attributes, { eq, contains }) => {
        const clauses: string[] = [];
        if (filter.colors.length)
          clauses.push(
            `(${filter.colors.map((c) => eq(attributes.color, c as FeelingItem['color'])).join(' OR ')})`,
          );
        if (filter.notes) clauses.push(contains(attributes.notesText, filter.notes.toLowerCase()));
        return clauses.join(' AND ');
      })
    : range;
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

/**
 * How many feelings match a filter: the same Query with `Select: COUNT`, which DynamoDB answers
 * without sending the items (it still reads them; the cost is in the bench's figures).
 */
export async function countFeelings(userId: string, filter: FeelingFilter): Promise<number> {
  const params = feelingsQuery(userId, filter).params() as QueryCommandInput;
  let total = 0;
  let from: QueryCommandInput['ExclusiveStartKey'];
  do {
    const out = await documentClient().send(
      new QueryCommand({ ...params, Select: 'COUNT', ...(from ? { ExclusiveStartKey: from } : {}) }),
    );
    total += out.Count ?? 0;
    from = out.LastEvaluatedKey;
  } while (from);
  return total;
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
      notesText: notesText(feeling.personalNotes ?? []),
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

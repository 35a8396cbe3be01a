import { randomBytes } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { isConditionFailure } from '../lib/conditions';
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

/** Writes a new feeling (never over an existing id). */
export async function insertFeeling(feeling: NewFeeling): Promise<FeelingItem> {
  const { data } = await db()
    .entities.feeling.create({
      ...feeling,
      feelingId: newFeelingId(feeling.timestamp),
      notesText: notesText(feeling.personalNotes ?? []),
    })
    .go();
  return data;
}

export async function findFeeling(userId: string, feelingId: string): Promise<FeelingItem | null> {
  const { data } = await db().entities.feeling.get({ userId, feelingId }).go({ consistent: true });
  return data;
}

/**
 * Changes a feeling read at `read.updatedAt`: a change made meanwhile by another tab refuses this
 * one (conflict) instead of being overwritten.
 */
export async function changeFeeling(
  read: FeelingItem,
  changes: Pick<Partial<FeelingItem>, 'wordId' | 'category' | 'personalNotes' | 'goals'>,
  removed: ('wordId' | 'category')[],
): Promise<FeelingItem> {
  try {
    let patch = db()
      .entities.feeling.patch({ userId: read.userId, feelingId: read.feelingId })
      .set({
        ...changes,
        ...(changes.personalNotes ? { notesText: notesText(changes.personalNotes) } : {}),
      });
    if (removed.length) patch = patch.remove(removed);
    const { data } = await patch
      .where(({ updatedAt }, { eq }) => eq(updatedAt, read.updatedAt))
      .go({ response: 'all_new' });
    return data as FeelingItem;
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError('conflict', { cause: error });
    throw error;
  }
}

export interface FeelingFilter {
  start?: string | undefined;
  end?: string | undefined;
  colors: readonly string[];
  notes?: string | undefined;
}

/**
 * A user's feelings in a time range, newest first: one Query between the ids of the range's ends,
 * the colours and the notes search applied by DynamoDB as a filter of that Query.
 */
export async function queryFeelings(userId: string, filter: FeelingFilter): Promise<FeelingItem[]> {
  const low = filter.start ? compact(new Date(filter.start).toISOString()) : '0';
  const high = filter.end ? `${compact(new Date(filter.end).toISOString())}~` : '~';
  const range = db()
    .entities.feeling.query.byUser({ userId })
    .between({ feelingId: low }, { feelingId: high });
  const filtered =
    filter.colors.length || filter.notes
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
  const { data } = await filtered.go({ order: 'desc', pages: 'all' });
  return data;
}

/** Every feeling of a user (export and erasure): one Query on the user's partition. */
export async function allFeelings(userId: string): Promise<FeelingItem[]> {
  const { data } = await db().entities.feeling.query.byUser({ userId }).go({ pages: 'all' });
  return data;
}

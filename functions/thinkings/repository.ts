import { randomBytes } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { TransactWriteCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dayOf } from '@shared/domain/time-zones';
import { thinkingCounts } from '@shared/domain/report-rollups';
import { documentClient } from '../lib/aws';
import { failedConditions } from '../lib/conditions';
import { thinkingId } from '@shared/domain/thinkings';
import { countMatching, deleteOnce, getMany, putAll, sparse } from '../lib/db';
import { isConditionFailure } from '../lib/conditions';
import { ConflictError, NotFoundError } from '../lib/errors';
import type { AxisEntity } from './entities/axis';
import type { ContextAxesEntity } from './entities/context-axes';
import {
  addToRollups,
  contributionsOf,
  importThenRoll,
  keptTexts,
  rollupItems,
  type RolledAnswer,
  type TransactItem,
} from '../rollups';
import type { ThinkingEntity } from './entities/thinking';
import { thinkingsDb as db } from './store';

export type AxisItem = EntityItem<typeof AxisEntity>;
export type ThinkingItem = EntityItem<typeof ThinkingEntity>;
export type ContextAxesItem = EntityItem<typeof ContextAxesEntity>;
export type ContextAxesKey = Pick<ContextAxesItem, 'scope' | 'ownerId' | 'listKey'>;
export type AxisFields = Omit<AxisItem, 'axisId' | 'createdAt' | 'updatedAt'>;
export type NewThinking = Omit<ThinkingItem, 'thinkingId' | 'updateDate'>;

/** The whole axis catalogue, by id: one Query on its partition. */
export async function allAxes(): Promise<AxisItem[]> {
  const { data } = await db().entities.thinkingAxis.query.all({}).go({ pages: 'all' });
  return data;
}

export async function findAxis(axisId: string): Promise<AxisItem | null> {
  const { data } = await db().entities.thinkingAxis.get({ axisId }).go({ consistent: true });
  return data;
}

/** A new axis; an id already in the catalogue is refused (`exist`), even when two admins race. */
export async function insertAxis(axisId: string, fields: AxisFields): Promise<AxisItem> {
  try {
    const { data } = await db()
      .entities.thinkingAxis.create({ axisId, ...fields })
      .go();
    return data;
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError('exist', { cause: error });
    throw error;
  }
}

/** Replaces an axis's fields; a missing axis is not created (404). */
export async function replaceAxis(axisId: string, fields: AxisFields): Promise<AxisItem> {
  try {
    const { data } = await db()
      .entities.thinkingAxis.patch({ axisId })
      .set(fields)
      .go({ response: 'all_new' });
    return data as AxisItem;
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError({ cause: error });
    throw error;
  }
}

/** Removes an axis from the catalogue; thinkings keep the values given on it. */
export async function removeAxis(axisId: string): Promise<void> {
  try {
    await db()
      .entities.thinkingAxis.delete({ axisId })
      .where(({ axisId: id }, { exists }) => exists(id))
      .go();
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError({ cause: error });
    throw error;
  }
}

/** Lists of axes of spheres and sessions by key, missing ones left out (one BatchGetItem). */
export async function findContextAxes(keys: readonly ContextAxesKey[]): Promise<ContextAxesItem[]> {
  return getMany(db().entities.contextAxes, keys, { consistent: true });
}

/** Replaces a sphere's or session's list of axes (the last save wins: the list is sent whole). */
export async function saveContextAxes(
  key: ContextAxesKey,
  axisIds: readonly string[],
): Promise<ContextAxesItem> {
  const { data } = await db()
    .entities.contextAxes.put({ ...key, axisIds: [...axisIds] })
    .go();
  return data as ContextAxesItem;
}

/** Writes a new thinking under a fresh time-ordered id (never over another). */
export async function insertThinking(context: string, thinking: NewThinking): Promise<ThinkingItem> {
  const id = thinkingId(context, thinking.creationDate, randomBytes(3).toString('hex'));
  const put = db()
    .entities.thinking.create({ ...thinking, thinkingId: id })
    .params() as NonNullable<TransactItem['Put']>;
  const rollups = await rollupsOf([{ thinking: { ...thinking, thinkingId: id }, sign: 1 }]);
  await documentClient().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { ...put, Item: sparseThinking(put.Item as Record<string, unknown>) } },
        ...rollups,
      ],
    }),
  );
  const stored = await findThinking(thinking.userId, id);
  if (!stored) throw new ConflictError('conflict');
  return stored;
}

/** A thinking's item, in index gsi2 only when given in a sphere. */
const sparseThinking = <T extends Record<string, unknown>>(item: T) =>
  sparse(item, 'gsi2', item.sphereId !== undefined);

/** A thinking with its id: what its rollups are drawn from (its comments' keys come from the id). */
type IdentifiedThinking = NewThinking & Pick<ThinkingItem, 'thinkingId'>;

/**
 * A thinking as its sphere's report rollups count it, with its comments kept there as a survey's
 * free texts are (decision 0033: axis by axis, under keys drawn from its id); null when it counts in
 * none.
 */
export function rolledThinking(thinking: IdentifiedThinking): RolledAnswer | null {
  if (thinking.sphereId === undefined || thinking.reportTagIds === undefined) return null;
  const axes = thinking.axes ?? [];
  const texts = keptTexts(
    thinking.thinkingId,
    Object.fromEntries(axes.flatMap((a) => (a.comment?.trim() ? [[a.id, a.comment.trim()]] : []))),
  );
  return {
    source: 'thinkings',
    sphereId: thinking.sphereId,
    sessionId: thinking.sessionId,
    userId: thinking.userId,
    day: dayOf(thinking.creationDate, thinking.locale),
    tagIds: thinking.reportTagIds,
    counts: thinkingCounts(axes),
    ...(texts ? { texts } : {}),
  };
}

/** The rollup items of some thinkings added (+1) or taken away (−1). */
async function rollupsOf(changes: readonly { thinking: IdentifiedThinking; sign: 1 | -1 }[]) {
  const rolled = changes.flatMap(({ thinking, sign }) => {
    const answer = rolledThinking(thinking);
    return answer ? [{ answer, sign }] : [];
  });
  return rolled.length ? rollupItems(rolled) : [];
}

export async function findThinking(userId: string, id: string): Promise<ThinkingItem | null> {
  const { data } = await db().entities.thinking.get({ userId, thinkingId: id }).go({ consistent: true });
  return data;
}

/**
 * Changes a thinking read at `read.updateDate`, only while it is still before its freeze date: a
 * change made meanwhile by another tab, or the freeze date passing, refuses this one.
 */
export async function changeThinking(
  read: ThinkingItem,
  changes: Pick<Partial<ThinkingItem>, 'axes' | 'geoPoint'>,
  now: string,
): Promise<ThinkingItem> {
  const { ReturnValues: _ignored, ...update } = db()
    .entities.thinking.patch({ userId: read.userId, thinkingId: read.thinkingId })
    .set(changes)
    .where(
      ({ updateDate, freezeDate }, { eq, gt }) =>
        `${eq(updateDate, read.updateDate)} AND ${gt(freezeDate, now)}`,
    )
    .params() as Record<string, unknown>;
  // Its report rollups move from the values it had to those it has.
  const rollups = await rollupsOf([
    { thinking: read, sign: -1 },
    { thinking: { ...read, ...changes }, sign: 1 },
  ]);
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [{ Update: update as NonNullable<TransactItem['Update']> }, ...rollups],
      }),
    );
  } catch (error) {
    if (failedConditions(error)?.[0]) throw new ConflictError('conflict', { cause: error });
    throw error;
  }
  const changed = await findThinking(read.userId, read.thinkingId);
  if (!changed) throw new ConflictError('conflict');
  return changed;
}

export interface ThinkingFilter {
  start?: string | undefined;
  end?: string | undefined;
}

function thinkingsQuery(userId: string, filter: ThinkingFilter) {
  const low = filter.start ? new Date(filter.start).toISOString() : '0';
  const high = filter.end ? `${new Date(filter.end).toISOString()}~` : '~';
  return db()
    .entities.thinking.query.byTime({ userId })
    .between({ creationDate: low }, { creationDate: high });
}

/** A user's thinkings created in a range, newest first, read only as far as the page. */
export async function queryThinkings(
  userId: string,
  filter: ThinkingFilter,
  page: { offset: number; max: number },
): Promise<ThinkingItem[]> {
  const { data } = await thinkingsQuery(userId, filter).go({
    order: 'desc',
    pages: 'all',
    count: page.offset + page.max,
    // A page of exactly the rows wanted, not 1 MB of thinkings.
    limit: page.offset + page.max,
  });
  return data.slice(page.offset, page.offset + page.max);
}

export function countThinkings(userId: string, filter: ThinkingFilter): Promise<number> {
  return countMatching(thinkingsQuery(userId, filter).params() as QueryCommandInput);
}

/** Every thinking of a user (export and erasure): one Query on the user's partition. */
export async function allThinkings(userId: string): Promise<ThinkingItem[]> {
  const { data } = await db().entities.thinking.query.byUser({ userId }).go({ pages: 'all' });
  return data;
}

/** Writes the axes of a catalogue that has none yet (the local stack's demo catalogue). */
export async function importAxes(axes: readonly (AxisFields & { axisId: string })[]): Promise<number> {
  const { data: existing } = await db().entities.thinkingAxis.query.all({}).go({ limit: 1 });
  if (existing.length > 0) return 0;
  const { unprocessed } = await db()
    .entities.thinkingAxis.put([...axes])
    .go();
  if (unprocessed.length) throw new Error(`${unprocessed.length} axes were not written`);
  return axes.length;
}

/**
 * Writes many thinkings of a user who has none yet (demo data), in batches of 25, then their share
 * of their spheres' report rollups. `context` names each one's place as its id does.
 */
export async function importThinkings(userId: string, thinkings: readonly Omit<NewThinking, 'userId'>[]) {
  const { count, contributions } = await importWithoutRollups(userId, thinkings);
  if (contributions.length) await addToRollups(contributions);
  return count;
}

/**
 * Imports the thinkings of many people (demo data), each as `importThinkings` does, then their share
 * of the rollups in one pass (a sphere's week is one write for all of them).
 */
export async function importManyThinkings(
  people: readonly { userId: string; thinkings: readonly Omit<NewThinking, 'userId'>[] }[],
): Promise<number> {
  return importThenRoll(people, ({ userId, thinkings }) => importWithoutRollups(userId, thinkings));
}

async function importWithoutRollups(userId: string, thinkings: readonly Omit<NewThinking, 'userId'>[]) {
  const { data: existing } = await db().entities.thinking.query.byUser({ userId }).go({ limit: 1 });
  if (existing.length > 0) return { count: 0, contributions: [] };
  const items = thinkings.map((t) => ({
    ...t,
    userId,
    thinkingId: thinkingId(
      t.sessionId ?? t.sphereId ?? 'myself',
      t.creationDate,
      randomBytes(3).toString('hex'),
    ),
  }));
  const { TableName } = db().entities.thinking.get({ userId, thinkingId: '-' }).params();
  await putAll(
    TableName as string,
    items.map((item) => sparseThinking(db().entities.thinking.create(item).params().Item)),
    'thinkings',
  );
  const answers = items.map(rolledThinking).filter((a): a is RolledAnswer => a !== null);
  const contributions = (await Promise.all(answers.map((answer) => contributionsOf(answer)))).flat();
  return { count: items.length, contributions };
}

/** Every thinking given in a sphere (gsi2): what its report rollups are built from. */
export async function thinkingsOfSphere(sphereId: string): Promise<ThinkingItem[]> {
  const { data } = await db().entities.thinking.query.bySphere({ sphereId }).go({ pages: 'all' });
  return data;
}

/**
 * Erases a user's thinkings (they leave the product); one counted in report rollups goes in a
 * transaction that takes its share away, on the condition that it is still there.
 */
export async function eraseThinkings(items: readonly ThinkingItem[]): Promise<void> {
  for (const thinking of items) {
    const rollups = await rollupsOf([{ thinking, sign: -1 }]);
    await deleteOnce(
      db().entities.thinking.delete({ userId: thinking.userId, thinkingId: thinking.thinkingId }).params(),
      rollups,
    );
  }
}

/** Writes the demo lists of axes of spheres and sessions that have none yet (the local stack). */
export async function importContextAxes(
  lists: readonly (ContextAxesKey & { axisIds: readonly string[] })[],
): Promise<number> {
  const existing = await findContextAxes(
    lists.map(({ scope, ownerId, listKey }) => ({ scope, ownerId, listKey })),
  );
  const missing = lists.filter(
    (l) => !existing.some((e) => e.scope === l.scope && e.ownerId === l.ownerId && e.listKey === l.listKey),
  );
  for (const list of missing) await saveContextAxes(list, list.axisIds);
  return missing.length;
}

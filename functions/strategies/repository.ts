import { randomBytes } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { TransactWriteCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dayOf } from '@shared/domain/time-zones';
import { assessmentCounts } from '@shared/domain/report-rollups';
import {
  assessmentFreezeDate,
  repairedOutline,
  withoutHidden,
  type OutlineEntry,
  type StrategyLink,
} from '@shared/domain/strategies';
import { documentClient } from '../lib/aws';
import { countMatching, deleteOnce } from '../lib/db';
import { eraseInBatches } from '../lib/domain';
import { failedConditions, isConditionFailure } from '../lib/conditions';
import { ConflictError } from '../lib/errors';
import { clearScope, rollupItems, scopeOf, type RolledAnswer, type TransactItem } from '../rollups';
import type { StrategyAssessmentEntity } from './entities/strategy-assessment';
import type { StrategyEntity } from './entities/strategy';
import { strategiesDb as db } from './store';

export type StrategyItem = EntityItem<typeof StrategyEntity>;
export type AssessmentItem = EntityItem<typeof StrategyAssessmentEntity>;
export type StrategyFields = Pick<
  StrategyItem,
  'type' | 'title' | 'description' | 'isHidden' | 'goalsLinked'
>;
export type StrategyOwner = Pick<StrategyItem, 'userId' | 'sphereId' | 'sessionId'>;
export type NewAssessment = Omit<AssessmentItem, 'assessmentId' | 'updateDate'>;

/** The key of a list: whose it is. */
export interface ListKey {
  linkTo: StrategyLink;
  linkId: string;
}

/** Where assessments are given: a sphere's or a session's list. */
export type AssessedKey = ListKey & { linkTo: AssessmentItem['linkTo'] };

/** A list as stored: its strategies in the outline's order, and the outline's revision. */
export interface StoredList {
  key: ListKey;
  /** Each strategy with its place, in order. */
  items: (StrategyItem & OutlineEntry)[];
  /** The revision of the outline read; undefined while the list has never had one. */
  revision: number | undefined;
}

const outlineOf = (list: StoredList): OutlineEntry[] => list.items.map(({ id, indent }) => ({ id, indent }));

/**
 * A whole list: its strategies and its outline in one Query of the list's partition (collection
 * `strategyList`), strongly consistent so that a write right after reads what it changes.
 */
export async function readList(key: ListKey): Promise<StoredList> {
  const { data } = await db().collections.strategyList(key).go({ pages: 'all', consistent: true });
  const [outline] = data.strategyOutline;
  const byId = new Map(data.strategy.map((s) => [s.strategyId, s]));
  const placed = new Set((outline?.entries ?? []).map((e) => e.id));
  // Items missing from the outline (none, unless a write was cut short) go last.
  const entries = [
    ...(outline?.entries ?? []).filter((e) => byId.has(e.id)),
    ...data.strategy
      .filter((s) => !placed.has(s.strategyId))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .map((s) => ({ id: s.strategyId, indent: 0 })),
  ];
  return {
    key,
    items: repairedOutline(entries).map((e) => ({ ...(byId.get(e.id) as StrategyItem), ...e })),
    revision: outline?.revision,
  };
}

export async function findStrategy(key: ListKey, strategyId: string): Promise<StrategyItem | null> {
  const { data } = await db()
    .entities.strategy.get({ ...key, strategyId })
    .go({ consistent: true });
  return data;
}

type Writers = Parameters<Parameters<ReturnType<typeof db>['transaction']['write']>[0]>[0];

/** The write of a list's new outline, under the revision read (or as the list's first outline). */
function outlineWrite(writers: Writers, list: StoredList, entries: readonly OutlineEntry[]) {
  const fresh = entries.map(({ id, indent }) => ({ id, indent }));
  if (list.revision === undefined)
    return writers.strategyOutline.create({ ...list.key, entries: fresh, revision: 1 }).commit();
  const read = list.revision;
  return writers.strategyOutline
    .patch(list.key)
    .set({ entries: fresh, revision: read + 1 })
    .where(({ revision }, { eq }) => eq(revision, read))
    .commit();
}

/**
 * Adds a strategy at the end of a list read at `list.revision`, with its place in the outline, in
 * one transaction: a list changed meanwhile (another tab added, removed or moved an item) refuses
 * it with `conflict`.
 */
export async function insertStrategy(
  list: StoredList,
  fields: StrategyFields & StrategyOwner,
  indent: number,
): Promise<StrategyItem> {
  const strategyId = randomBytes(8).toString('hex');
  const result = await db()
    .transaction.write((writers) => [
      writers.strategy.create({ ...fields, ...list.key, strategyId }).commit(),
      outlineWrite(writers, list, [...outlineOf(list), { id: strategyId, indent }]),
    ])
    .go();
  if (result.canceled) throw new ConflictError('conflict');
  const created = await findStrategy(list.key, strategyId);
  if (!created) throw new Error(`Strategy ${strategyId} was written but cannot be read`);
  return created;
}

/** Changes a strategy's texts and flags if it is still as the editor read it (`updatedAt`), else `conflict`. */
export async function changeStrategy(
  key: ListKey,
  strategyId: string,
  fields: StrategyFields,
  updatedAt: string,
): Promise<StrategyItem> {
  try {
    const { data } = await db()
      .entities.strategy.patch({ ...key, strategyId })
      .set(fields)
      .where(({ updatedAt: current }, { eq }) => eq(current, updatedAt))
      .go({ response: 'all_new' });
    return data as StrategyItem;
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError('conflict', { cause: error });
    throw error;
  }
}

/**
 * Removes a strategy and gives the list the outline without it (its children one level up), in one
 * transaction under the revision read.
 */
export async function removeStrategy(
  list: StoredList,
  strategyId: string,
  entries: readonly OutlineEntry[],
): Promise<void> {
  const result = await db()
    .transaction.write((writers) => [
      writers.strategy
        .delete({ ...list.key, strategyId })
        .where(({ strategyId: id }, { exists }) => exists(id))
        .commit(),
      outlineWrite(writers, list, entries),
    ])
    .go();
  if (result.canceled) throw new ConflictError('conflict');
}

/** Writes a list's new outline (a reorder) under the revision read; a list changed since gives `conflict`. */
export async function saveOutline(list: StoredList, entries: readonly OutlineEntry[]): Promise<void> {
  const result = await db()
    .transaction.write((writers) => [outlineWrite(writers, list, entries)])
    .go();
  if (result.canceled) throw new ConflictError('conflict');
}

/** Deletes a whole list, its strategies and its outline (a life compass when its person leaves). */
export async function eraseList(list: StoredList): Promise<void> {
  await eraseInBatches(
    (keys) => db().entities.strategy.delete(keys).go(),
    list.items.map((s) => ({ ...list.key, strategyId: s.strategyId })),
  );
  if (list.revision !== undefined) await db().entities.strategyOutline.delete(list.key).go();
}

/** Everyone's assessments of a sphere's or a session's list: one Query of gsi2 on the list. */
export async function assessmentsOfList(key: AssessedKey): Promise<AssessmentItem[]> {
  const { data } = await db().entities.strategyAssessment.query.byList(key).go({ pages: 'all' });
  return data;
}

/**
 * Deletes what a sphere's or a session's list holds once its place is gone (a deleted session):
 * every person's assessments of it and the report rollups they made, then its strategies and its
 * outline, each in batches with unprocessed keys retried. Each step deletes what it reads, so a run
 * cut short is finished by the next one and a second run does nothing.
 */
export async function eraseStrategyOf(key: AssessedKey): Promise<void> {
  const [list, assessments] = await Promise.all([readList(key), assessmentsOfList(key)]);
  await eraseInBatches(
    (keys) => db().entities.strategyAssessment.delete(keys).go(),
    assessments.map((a) => ({ userId: a.userId, assessmentId: a.assessmentId })),
  );
  // The list's own scopes: nothing else counts there.
  const sphereIds = new Set(assessments.map((a) => a.sphereId));
  const source = strategySource(key);
  for (const sphereId of sphereIds) await clearScope(scopeOf(source, 'sphere', sphereId));
  if (key.linkTo === 'session') await clearScope(scopeOf(source, 'session', key.linkId));
  await eraseList(list);
}

/** Writes the strategies of a list that has none yet, in order (demo data), and its outline. */
export async function importStrategies(
  key: ListKey,
  strategies: readonly (StrategyFields & StrategyOwner & { indent: number })[],
): Promise<number> {
  const list = await readList(key);
  if (list.items.length > 0 || list.revision !== undefined) return 0;
  const items = strategies.map(({ indent, ...fields }) => ({
    ...fields,
    ...key,
    strategyId: randomBytes(8).toString('hex'),
    indent,
  }));
  for (let i = 0; i < items.length; i += 25) {
    const { unprocessed } = await db()
      .entities.strategy.put(items.slice(i, i + 25).map(({ indent: _indent, ...item }) => item))
      .go();
    if (unprocessed.length) throw new Error(`${unprocessed.length} strategies were not written`);
  }
  await saveOutline(list, repairedOutline(items.map((i) => ({ id: i.strategyId, indent: i.indent }))));
  return items.length;
}

/** A demo person's assessment of a list: a level's value (or none) for each visible item, in order. */
export interface ImportedAssessment {
  userId: string;
  creationDate: string;
  answers: readonly (number | null)[];
  /** The member's tags, the groups it counts under in the reports. */
  tagIds?: readonly string[];
}

/**
 * Demo assessments of a sphere's or a session's strategy (the local stack's seed): each person's
 * answers name the list's visible items by their place among them, and get the freeze date an
 * assessment given then would have. A person who has assessed the list already keeps what they
 * gave, so it can run on every start. Answers the number written.
 */
export async function importAssessments(
  key: AssessedKey,
  owner: { sphereId: string; sessionId?: string },
  people: readonly ImportedAssessment[],
): Promise<number> {
  const visible = withoutHidden((await readList(key)).items);
  let written = 0;
  for (const person of people) {
    if ((await countAssessments(person.userId, key)) > 0) continue;
    const values = person.answers.flatMap((value, at) => {
      const item = visible[at];
      return item && value !== null ? [{ id: item.id, value }] : [];
    });
    if (values.length === 0) continue;
    await insertAssessment(
      {
        userId: person.userId,
        ...key,
        sphereId: owner.sphereId,
        ...(owner.sessionId !== undefined ? { sessionId: owner.sessionId } : {}),
        values,
        locale: 'Europe/Brussels',
        fromDirectLink: false,
        specificTagIds: [],
        reportTagIds: [...new Set(person.tagIds ?? [])].sort(),
        creationDate: person.creationDate,
        freezeDate: assessmentFreezeDate(Date.parse(person.creationDate)),
      },
      Date.parse(person.creationDate),
    );
    written++;
  }
  return written;
}

// ---------------------------------------------------------------------------------------------
// Report rollups (decision 0034)
// ---------------------------------------------------------------------------------------------

/** The rollups of one strategy: a sphere's or a session's list has its own scopes. */
export const strategySource = (key: ListKey) => `strategy:${key.linkTo}-${key.linkId}` as const;

/**
 * An assessment as its place's report rollups count it: given in the sphere (and in the session,
 * for a session's list) on its day, under the groups it recorded, each answered item a question.
 */
export function rolledAssessment(assessment: NewAssessment | AssessmentItem): RolledAnswer {
  return {
    source: strategySource(assessment),
    sphereId: assessment.sphereId,
    // A sphere's list is the sphere's: an assessment of it counts in the sphere's scope alone.
    sessionId: assessment.linkTo === 'session' ? assessment.linkId : undefined,
    userId: assessment.userId,
    day: dayOf(assessment.creationDate, assessment.locale),
    tagIds: [...(assessment.reportTagIds ?? assessment.specificTagIds)].sort(),
    counts: assessmentCounts(assessment.values),
  };
}

/** The rollup items of some assessments added (+1) or taken away (−1). */
function rollupsOf(
  changes: readonly { assessment: NewAssessment | AssessmentItem; sign: 1 | -1 }[],
  now = Date.now(),
) {
  return rollupItems(
    changes.map(({ assessment, sign }) => ({ answer: rolledAssessment(assessment), sign })),
    now,
  );
}

/**
 * A new assessment under a fresh time-ordered id (never over another), with its share of the
 * rollups; `now` is when it is written (an import writes history as when it was given, so a past
 * week's answers are that week's shown figures, not its late layer).
 */
export async function insertAssessment(assessment: NewAssessment, now = Date.now()): Promise<AssessmentItem> {
  const assessmentId = `${assessment.creationDate.replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`;
  const put = db()
    .entities.strategyAssessment.create({ ...assessment, assessmentId })
    .params() as NonNullable<TransactItem['Put']>;
  await documentClient().send(
    new TransactWriteCommand({
      TransactItems: [{ Put: put }, ...(await rollupsOf([{ assessment, sign: 1 }], now))],
    }),
  );
  const stored = await findAssessment(assessment.userId, assessmentId);
  if (!stored) throw new Error(`Assessment ${assessmentId} was written but cannot be read`);
  return stored;
}

/** One of a person's assessments; another person's id is simply not there. */
export async function findAssessment(userId: string, assessmentId: string): Promise<AssessmentItem | null> {
  const { data } = await db()
    .entities.strategyAssessment.get({ userId, assessmentId })
    .go({ consistent: true });
  return data;
}

/**
 * Changes an assessment read at `read.updateDate`, only while it is still before its freeze date: a
 * change made meanwhile by another tab, or the freeze date passing, refuses this one (`conflict`).
 * Its rollups move from the answers it had to the new ones in the same transaction.
 */
export async function changeAssessment(
  read: AssessmentItem,
  values: AssessmentItem['values'],
  now: string,
): Promise<AssessmentItem> {
  const { ReturnValues: _ignored, ...update } = db()
    .entities.strategyAssessment.patch({ userId: read.userId, assessmentId: read.assessmentId })
    .set({ values })
    .where(
      ({ updateDate, freezeDate }, { eq, gt }) =>
        `${eq(updateDate, read.updateDate)} AND ${gt(freezeDate, now)}`,
    )
    .params() as Record<string, unknown>;
  const rollups = await rollupsOf([
    { assessment: read, sign: -1 },
    { assessment: { ...read, values }, sign: 1 },
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
  const changed = await findAssessment(read.userId, read.assessmentId);
  if (!changed) throw new ConflictError('conflict');
  return changed;
}

/**
 * Erases a person's assessments (they leave the product), each in a transaction that takes its
 * share of the rollups away on the condition that it is still there: a repeated erasure does nothing.
 */
export async function eraseAssessments(items: readonly AssessmentItem[]): Promise<void> {
  for (const assessment of items)
    await deleteOnce(
      db()
        .entities.strategyAssessment.delete({
          userId: assessment.userId,
          assessmentId: assessment.assessmentId,
        })
        .params(),
      await rollupsOf([{ assessment, sign: -1 }]),
    );
}

function assessmentsQuery(userId: string, key: AssessedKey) {
  return db().entities.strategyAssessment.query.byPlace({ userId, ...key });
}

/** A person's assessments of one sphere or session, newest first, read only as far as the page. */
export async function queryAssessments(
  userId: string,
  key: AssessedKey,
  page: { offset: number; max: number },
): Promise<AssessmentItem[]> {
  const { data } = await assessmentsQuery(userId, key).go({
    order: 'desc',
    pages: 'all',
    count: page.offset + page.max,
    limit: page.offset + page.max,
  });
  return data.slice(page.offset, page.offset + page.max);
}

export function countAssessments(userId: string, key: AssessedKey): Promise<number> {
  return countMatching(assessmentsQuery(userId, key).params() as QueryCommandInput);
}

/** Every assessment of a person (export and erasure): one Query on the person's partition. */
export async function allAssessments(userId: string): Promise<AssessmentItem[]> {
  const { data } = await db().entities.strategyAssessment.query.byUser({ userId }).go({ pages: 'all' });
  return data;
}

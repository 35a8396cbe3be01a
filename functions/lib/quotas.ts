import { Entity, SERVICE } from './entity';
import { defineStore, writeEntities, type WriteEntities } from './db';
import { isConditionFailure } from './conditions';
import { ConflictError } from './errors';
import { enqueueNotification } from './queue';
import { noteQuotaAlerts } from './notices';
import { quotaThresholds } from '@shared/domain/galaxies';

/**
 * Quotas (decision 0043): how much of a kind a scope holds (a sphere's groups, tags, members; a
 * galaxy's next), kept on one tally item per (scope, kind) that the creating write changes in its
 * own transaction with a conditional `ADD`, so racing creates can never pass the limit and a check
 * costs one item whatever the count. At the limit creating is blocked (spec 01 §3 limits); a galaxy
 * quota also alerts from 80 % of its value (`quotaState` of shared/domain/galaxies.ts).
 *
 * The lib imports no domain: a domain names its scopes and kinds, and its store's Service holds
 * `QuotaTallyEntity` to write the tally in its transactions.
 */
export const QuotaTallyEntity = new Entity({
  model: { entity: 'quotaTally', version: '1', service: SERVICE },
  attributes: {
    /** `sphere#<id>` (a galaxy: `galaxy#<id>`). */
    scope: { type: 'string', required: true, readOnly: true },
    /** What is counted: `groups`, `tags`. */
    kind: { type: 'string', required: true, readOnly: true },
    used: { type: 'number' },
    /**
     * A galaxy quota's value (decision 0045): creating stops once `used` reaches it. Absent: no
     * limit (a sphere's limits live on the sphere and are given by its domain).
     */
    value: { type: 'number' },
    /** `alert - 1` of the value: a create that leaves `used` below the alert finds `used` below it. */
    quietBelow: { type: 'number' },
    /** The value whose alert crossing was last told to the galaxy's admins (one mail per crossing). */
    alertedValue: { type: 'number' },
    updatedAt: { type: 'string' },
  },
  indexes: {
    byScope: {
      pk: { field: 'pk', composite: ['scope'] },
      sk: { field: 'sk', composite: ['kind'] },
    },
  },
});

const db = defineStore({ quotaTally: QuotaTallyEntity });

/**
 * The condition a tally's attribute meets while one more fits: absent (nothing counted yet) or
 * below the limit. A transaction takes one with
 * `quotaTally.update({ scope, kind }).add({ used: 1 }).where(({ used }, op) => withinLimit(used, limit, op))`
 * and gives one back with `.add({ used: -1 })`; a tally kept on another item (a sphere's members)
 * uses the same condition on its attribute.
 */
export function withinLimit(
  attribute: unknown,
  limit: number,
  op: { notExists: (a: never) => string; lt: (a: never, v: number) => string },
): string {
  return `(${op.notExists(attribute as never)} OR ${op.lt(attribute as never, limit)})`;
}

/** Takes one outside a transaction (a restore that is a single write): false at the limit. */
export async function claim(scope: string, kind: string, limit: number): Promise<boolean> {
  try {
    await db()
      .entities.quotaTally.update({ scope, kind })
      .add({ used: 1 })
      .where(({ used }, op) => withinLimit(used, limit, op))
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives one back outside a transaction. */
export async function release(scope: string, kind: string): Promise<void> {
  await db().entities.quotaTally.update({ scope, kind }).add({ used: -1 }).go({ response: 'none' });
}

/** How many a scope holds of a kind (0: none yet), by one consistent read. */
export async function used(scope: string, kind: string): Promise<number | null> {
  const { data } = await db().entities.quotaTally.get({ scope, kind }).go({ consistent: true });
  return data ? (data.used ?? 0) : null;
}

/**
 * A tally written before its kind was counted here starts from the count of what exists, once:
 * `count` is called only while the tally is missing, and two first writers agree on one start.
 */
export async function ensureTally(scope: string, kind: string, count: () => Promise<number>): Promise<void> {
  if ((await used(scope, kind)) !== null) return;
  const start = await count();
  try {
    await db().entities.quotaTally.create({ scope, kind, used: start }).go({ response: 'none' });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export const sphereScope = (sphereId: string) => `sphere#${sphereId}`;

/** A counted kind of a scope, as its domain describes it. */
export interface CountedKind {
  scope: string;
  kind: string;
  limit: number;
  /** What exists now, for a tally still missing (`ensureTally`). */
  count: () => Promise<number>;
  /** The error of a refusal at the limit (the domain's key). */
  refused: () => Error;
}

/**
 * Saves a change of a counted thing that may take it out of the count (an archive) or back into it
 * (a restore): a restore takes its place before the save, refused at the limit and given back if the
 * save fails; an archive gives its place back once saved. Any other change leaves the tally alone.
 */
export async function savedWithCount<T>(
  counted: CountedKind,
  change: { countedBefore: boolean; countedAfter: boolean },
  save: () => Promise<T>,
): Promise<T> {
  const restores = !change.countedBefore && change.countedAfter;
  const archives = change.countedBefore && !change.countedAfter;
  if (!restores && !archives) return save();
  const { scope, kind } = counted;
  await ensureTally(scope, kind, counted.count);
  if (restores && !(await claim(scope, kind, counted.limit))) throw counted.refused();
  const saved = await save().catch(async (error: unknown) => {
    if (restores) await release(scope, kind);
    throw error;
  });
  if (archives) await release(scope, kind);
  return saved;
}

// Galaxy quotas (decision 0045): a tally per (galaxy, kind) holding its value, taken by every create
// in a sphere of the galaxy in the create's own transaction.

export const galaxyScope = (galaxyId: string) => `galaxy#${galaxyId}`;

/** What a create in a sphere takes of its galaxy's quotas: one of each kind. */
export interface GalaxyTake {
  galaxyId: string;
  kinds: readonly string[];
}

/** The fields a value writes on its tally: the value and the bound below which a take stays quiet. */
export function valueFields(value: number): { value: number; quietBelow: number } {
  return { value, quietBelow: quotaThresholds(value).alert - 1 };
}

export type QuotaTallyWrites = WriteEntities<{ quotaTally: typeof QuotaTallyEntity }>['quotaTally'];

/**
 * The take of one kind, for a transaction: `quiet` passes while the create leaves the usage below
 * the alert; `within` while it stays within the value (the block). Without a value, both pass.
 */
function takeItem(quotaTally: QuotaTallyWrites, galaxyId: string, kind: string, mode: 'quiet' | 'within') {
  return quotaTally
    .update({ scope: galaxyScope(galaxyId), kind })
    .add({ used: 1 })
    .where(({ used, value, quietBelow }, op) =>
      mode === 'quiet'
        ? `(${op.notExists(value)} OR ${op.name(used)} < ${op.name(quietBelow)})`
        : `(${op.notExists(value)} OR ${op.name(used)} < ${op.name(value)})`,
    )
    .commit();
}

/** One tally write of a transaction. */
export type TallyCommit = ReturnType<typeof takeItem>;

/** Gives back what a removal frees (a deleted group, tag, member, campaign), for its transaction. */
export function galaxyGiveBack(
  quotaTally: QuotaTallyWrites,
  galaxyId: string | undefined,
  kinds: readonly string[],
): TallyCommit[] {
  if (!galaxyId) return [];
  return kinds.map((kind) =>
    quotaTally
      .update({ scope: galaxyScope(galaxyId), kind })
      .add({ used: -1 })
      .commit(),
  );
}

/** The answer of an ElectroDB transaction, as far as the quota check reads it. */
export interface TransactionOutcome {
  canceled: boolean;
  data: readonly { rejected?: boolean; code?: string }[];
}

/**
 * A cancellation for another reason than a condition (a transaction conflict on a hot item,
 * throttling) says nothing of a quota: it is answered 409 `conflict`, to be tried again, never read
 * as an alert or a block.
 */
function notAConditionFailure(outcome: TransactionOutcome): boolean {
  return outcome.data.some(
    (item) => item.rejected && item.code !== undefined && item.code !== 'ConditionalCheckFailed',
  );
}

/**
 * Runs a create's transaction with its galaxy's quotas (none when the sphere is in no galaxy).
 * `write` builds the domain's transaction with `takes(quotaTally)` as its **last** items and answers
 * its outcome. The first attempt passes only while every quota stays below its alert: the usual
 * create costs one item per kind and no read. When a take is refused there, the create is tried
 * within the block: it passes (the answer carries the alert header, and the galaxy's admins are
 * told once per crossing) or is refused with `quota-blocked` naming the quotas at their block, and
 * nothing is written. A refusal of the domain's own items is answered as it is, for the domain.
 */
export async function createWithGalaxyQuotas<O extends TransactionOutcome>(
  take: GalaxyTake | undefined,
  write: (takes: (quotaTally: QuotaTallyWrites) => TallyCommit[]) => Promise<O>,
): Promise<O> {
  if (!take || take.kinds.length === 0) return write(() => []);
  const { galaxyId, kinds } = take;
  const attempt = (mode: 'quiet' | 'within') =>
    write((quotaTally) => kinds.map((kind) => takeItem(quotaTally, galaxyId, kind, mode)));
  const refusedKinds = (outcome: O) => {
    const takes = outcome.data.slice(outcome.data.length - kinds.length);
    const own = outcome.data.slice(0, outcome.data.length - kinds.length);
    if (own.some((item) => item.rejected)) return null;
    return kinds.filter((_, index) => takes[index]?.rejected);
  };
  const quiet = await attempt('quiet');
  if (!quiet.canceled) return quiet;
  if (notAConditionFailure(quiet)) throw new ConflictError('conflict');
  const alerted = refusedKinds(quiet);
  if (alerted === null || alerted.length === 0) return quiet;
  const within = await attempt('within');
  if (within.canceled) {
    if (notAConditionFailure(within)) throw new ConflictError('conflict');
    const blocked = refusedKinds(within);
    if (blocked === null || blocked.length === 0) return within;
    throw new ConflictError('quota-blocked', {
      details: blocked.map((kind) => ({ key: 'quota-blocked', field: kind })),
    });
  }
  noteQuotaAlerts(alerted);
  await Promise.all(alerted.map((kind) => tellAlertCrossing(galaxyId, kind)));
  return within;
}

/**
 * Marks the crossing of a kind's alert for its current value, once: the first create past it wins
 * the conditional write and queues the mail to the galaxy's admins; the next ones find it marked.
 * A new value makes a new crossing.
 */
export async function tellAlertCrossing(galaxyId: string, kind: string): Promise<boolean> {
  const scope = galaxyScope(galaxyId);
  const { data } = await db().entities.quotaTally.get({ scope, kind }).go({ consistent: true });
  if (data?.value === undefined) return false;
  const value = data.value;
  try {
    await db()
      .entities.quotaTally.patch({ scope, kind })
      .set({ alertedValue: value })
      .where(
        ({ alertedValue, value: current }, op) =>
          `${op.eq(current, value)} AND (${op.notExists(alertedValue)} OR ${op.ne(alertedValue, value)})`,
      )
      .go({ response: 'none' });
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
  await enqueueNotification({
    id: `quota-alert#${galaxyId}#${kind}#${value}`,
    kind: 'quota-alert',
    galaxyId,
    quota: kind,
    value,
  });
  return true;
}

/** Every tally of a galaxy (one Query): its quotas' values and usage. */
export async function galaxyTallies(galaxyId: string) {
  const { data } = await db()
    .entities.quotaTally.query.byScope({ scope: galaxyScope(galaxyId) })
    .go({ pages: 'all', consistent: true });
  return data;
}

/** Every tally of a sphere (one Query): its usage of the kinds it counts. */
export async function sphereTallies(sphereId: string) {
  const { data } = await db()
    .entities.quotaTally.query.byScope({ scope: sphereScope(sphereId) })
    .go({ pages: 'all' });
  return data;
}

/** The quota store's writes, for a transaction of a domain whose Service does not hold the tally. */
export const quotaWrites = () => writeEntities(db());

import { Entity, SERVICE } from './entity';
import { defineStore } from './db';
import { isConditionFailure } from './conditions';

/**
 * Quotas (decision 0043): how much of a kind a scope holds (a sphere's groups, tags, members; a
 * galaxy's next), kept on one tally item per (scope, kind) that the creating write changes in its
 * own transaction with a conditional `ADD`, so racing creates can never pass the limit and a check
 * costs one item whatever the count. Each level is a share of the limit: at `ALERT_SHARE` the
 * service continues and says so, at the limit creating is blocked (spec 01 §3 limits).
 *
 * The lib imports no domain: a domain names its scopes and kinds, and its store's Service holds
 * `QuotaTallyEntity` to write the tally in its transactions.
 */
export const ALERT_SHARE = 0.8;

export type QuotaLevel = 'ok' | 'alert' | 'blocked';

/** Where a count stands against its limit. */
export function quotaLevel(used: number, limit: number): QuotaLevel {
  if (used >= limit) return 'blocked';
  return used >= Math.ceil(limit * ALERT_SHARE) ? 'alert' : 'ok';
}

export const QuotaTallyEntity = new Entity({
  model: { entity: 'quotaTally', version: '1', service: SERVICE },
  attributes: {
    /** `sphere#<id>` (a galaxy: `galaxy#<id>`). */
    scope: { type: 'string', required: true, readOnly: true },
    /** What is counted: `groups`, `tags`. */
    kind: { type: 'string', required: true, readOnly: true },
    used: { type: 'number' },
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

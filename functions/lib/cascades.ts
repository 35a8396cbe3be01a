import { Entity, SERVICE, isoNow } from './entity';
import { defineStore } from './db';
import { logger } from './logger';

/**
 * What goes with a removed thing, without its owner knowing its dependents (decision 0042).
 *
 * A domain that keeps items of another's thing declares a cascade on its face (`onRemoved` of that
 * thing: idempotent, it erases what that domain keeps of it); the registry of cascades
 * (functions/cascades.ts) lists them. The owner's own transaction deletes the thing and writes a
 * removal record naming every cascade still to run, so the two can never part: if the Lambda stops,
 * or a cascade fails, half-way, the record stays with what is left, the notifications queue carries
 * it, and the worker (functions/workers/notify.ts) runs what is left until nothing is, with the
 * queue's retries and its DLQ. Cascades query and delete many items: DynamoDB's 100-item
 * transaction cannot hold them, which is why the record, not one transaction, makes it atomic.
 */
export interface Removed {
  /** The kind of thing removed: 'session'. */
  of: RemovedKind;
  id: string;
  /** The sphere the thing was in. */
  sphereId: string;
}

export type RemovedKind = 'session';

export interface Cascade {
  /** The kind of thing whose removal this follows. */
  of: RemovedKind;
  /** Unique among the cascades of a kind: `<domain>.<what>`, e.g. `links.of-session`. */
  name: string;
  /** Erases what the declaring domain keeps of the removed thing; safe to run twice. */
  onRemoved: (removed: Removed) => Promise<void>;
}

/** A removal whose cascades have not all run: one item per removed thing. */
export const RemovalEntity = new Entity({
  model: { entity: 'removal', version: '1', service: SERVICE },
  attributes: {
    of: { type: ['session'] as const, required: true, readOnly: true },
    removedId: { type: 'string', required: true, readOnly: true },
    sphereId: { type: 'string', required: true, readOnly: true },
    /** The cascades still to run. */
    pending: { type: 'set', items: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true, default: isoNow },
  },
  indexes: {
    byRemoved: {
      pk: { field: 'pk', composite: ['of', 'removedId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

const db = defineStore({ removal: RemovalEntity });

const ofKind = (cascades: readonly Cascade[], of: RemovedKind) => cascades.filter((c) => c.of === of);

/** The removal record's put, for the owner's own transaction (its Service must hold RemovalEntity). */
export function removalRecord(removed: Removed, cascades: readonly Cascade[]) {
  return {
    of: removed.of,
    removedId: removed.id,
    sphereId: removed.sphereId,
    pending: ofKind(cascades, removed.of).map((c) => c.name),
  };
}

/**
 * Runs the cascades still pending for a removal, each crossed off its record as it succeeds; the
 * record goes when none is left. Answers the names of the cascades that failed (logged), which stay
 * pending for the next run.
 */
export async function runCascades(
  of: RemovedKind,
  removedId: string,
  cascades: readonly Cascade[],
): Promise<string[]> {
  const record = await readRemoval(of, removedId);
  if (!record) return [];
  const removed: Removed = { of, id: removedId, sphereId: record.sphereId };
  const pending = new Set(record.pending ?? []);
  const failed: string[] = [];
  await Promise.all(
    ofKind(cascades, of)
      .filter((c) => pending.has(c.name))
      .map(async (cascade) => {
        try {
          await cascade.onRemoved(removed);
          await db()
            .entities.removal.patch({ of, removedId })
            .delete({ pending: [cascade.name] })
            .go();
        } catch (error) {
          logger.error('A cascade failed; it stays pending for its retry', {
            of,
            removedId,
            cascade: cascade.name,
            error,
          });
          failed.push(cascade.name);
        }
      }),
  );
  // Pending names no cascade declares any more (one renamed since) are dropped with the record.
  if (failed.length === 0) await db().entities.removal.delete({ of, removedId }).go();
  return failed;
}

/** The worker's run: every pending cascade, or an error for the queue to retry. */
export async function completeRemoval(
  of: RemovedKind,
  removedId: string,
  cascades: readonly Cascade[],
): Promise<void> {
  const failed = await runCascades(of, removedId, cascades);
  if (failed.length) throw new Error(`Cascades of ${of} ${removedId} failed: ${failed.join(', ')}`);
}

/** The removal record, if some cascade is still pending (for checks and tests). */
export async function pendingRemoval(of: RemovedKind, removedId: string): Promise<string[] | null> {
  const record = await readRemoval(of, removedId);
  return record ? [...(record.pending ?? [])] : null;
}

async function readRemoval(of: RemovedKind, removedId: string) {
  const { data } = await db().entities.removal.get({ of, removedId }).go({ consistent: true });
  return data;
}

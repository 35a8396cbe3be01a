import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { isConditionFailure } from '../lib/conditions';
import type { SphereContextEntity } from './entities/sphere-context';
import { spheresDb as db } from './store';

export type SphereContextItem = EntityItem<typeof SphereContextEntity>;
export type ContextFields = Pick<
  SphereContextItem,
  'name' | 'description' | 'substitutions' | 'overrides' | 'active'
>;

/** The store's entities as a transaction callback receives them. */
type WriteEntities = Parameters<Parameters<ReturnType<typeof db>['transaction']['write']>[0]>[0];

/** What a conditional write of a context found: it was written, it is gone, or it changed first. */
export type ContextWrite =
  { outcome: 'written'; context: SphereContextItem } | { outcome: 'missing' } | { outcome: 'changed' };

/** A sphere's contexts: one Query on the sphere's partition (consistent before a write). */
export async function contextsOf(sphereId: string, consistent = false): Promise<SphereContextItem[]> {
  const { data } = await db()
    .entities.sphereContext.query.sphere({ sphereId })
    .go({ pages: 'all', consistent });
  return data;
}

export async function findContext(sphereId: string, contextId: string): Promise<SphereContextItem | null> {
  const { data } = await db().entities.sphereContext.get({ sphereId, contextId }).go({ consistent: true });
  return data;
}

/**
 * The transaction items that keep a context the only active one: each other context that was
 * active when read stops being so (condition: still active), each other one must still be inactive
 * (a condition check). Two admins activating two contexts at once: one transaction is cancelled.
 */
function othersInactive(sphereContext: WriteEntities['sphereContext'], others: readonly SphereContextItem[]) {
  return others.map(({ sphereId, contextId, active }) =>
    active
      ? sphereContext
          .patch({ sphereId, contextId })
          .set({ active: false })
          .where((attributes, { eq }) => eq(attributes.active, true))
          .commit()
      : sphereContext
          .check({ sphereId, contextId })
          .where((attributes, { eq }) => eq(attributes.active, false))
          .commit(),
  );
}

/**
 * Writes a new context under a new id (a create: never over another item). An active one is
 * written with `othersInactive` in one transaction; `changed` when a condition failed there.
 */
export async function insertContext(
  sphereId: string,
  fields: ContextFields,
  others: readonly SphereContextItem[],
): Promise<ContextWrite> {
  const contextId = randomUUID();
  if (!fields.active) {
    const { data } = await db()
      .entities.sphereContext.create({ sphereId, contextId, ...fields })
      .go();
    return { outcome: 'written', context: data as SphereContextItem };
  }
  const result = await db()
    .transaction.write(({ sphereContext }) => [
      sphereContext.create({ sphereId, contextId, ...fields }).commit(),
      ...othersInactive(sphereContext, others),
    ])
    .go();
  if (result.canceled) return { outcome: 'changed' };
  return written(sphereId, contextId);
}

/**
 * Rewrites a context's fields if nobody saved it since `updatedAt` (the editor's) and it still
 * exists; an active one with `othersInactive` in one transaction.
 */
export async function replaceContext(
  sphereId: string,
  contextId: string,
  updatedAt: string,
  fields: ContextFields,
  others: readonly SphereContextItem[],
): Promise<ContextWrite> {
  const key = { sphereId, contextId };
  if (!fields.active) {
    try {
      const { data } = await db()
        .entities.sphereContext.patch(key)
        .set(fields)
        .where((attributes, { eq }) => eq(attributes.updatedAt, updatedAt))
        .go({ response: 'all_new' });
      return { outcome: 'written', context: data as SphereContextItem };
    } catch (error) {
      if (isConditionFailure(error)) return failure(sphereId, contextId);
      throw error;
    }
  }
  const result = await db()
    .transaction.write(({ sphereContext }) => [
      sphereContext
        .patch(key)
        .set(fields)
        .where((attributes, { eq }) => eq(attributes.updatedAt, updatedAt))
        .commit(),
      ...othersInactive(sphereContext, others),
    ])
    .go();
  if (result.canceled) return failure(sphereId, contextId);
  return written(sphereId, contextId);
}

/** Deletes a context; false when there was none (its absence is the delete's condition). */
export async function removeContext(sphereId: string, contextId: string): Promise<boolean> {
  try {
    await db().entities.sphereContext.remove({ sphereId, contextId }).go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

async function written(sphereId: string, contextId: string): Promise<ContextWrite> {
  const context = await findContext(sphereId, contextId);
  return context ? { outcome: 'written', context } : { outcome: 'missing' };
}

/** A refused write: the context is gone (404), or it or another changed since read (409). */
async function failure(sphereId: string, contextId: string): Promise<ContextWrite> {
  return (await findContext(sphereId, contextId)) ? { outcome: 'changed' } : { outcome: 'missing' };
}

import {
  BatchGetCommand,
  BatchWriteCommand,
  QueryCommand,
  TransactWriteCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { Service, createConversions, type EntityItem } from 'electrodb';
import type { Entity } from './entity';
import { documentClient } from './aws';
import { config } from './config';
import { failedConditions } from './conditions';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ElectroDB's own constraint on a Service's entities
type AnyEntity = Entity<any, any, any, any>;

/** The entities a store joins, by the name its repository uses. */
export type EntityMap = Record<string, AnyEntity>;

const resets = new Set<() => void>();

/**
 * A domain's store: an ElectroDB Service over the single table that joins the entities the domain
 * owns (collections such as a user with their emails come back in one Query). Built on first use,
 * with the configured client and table; `resetDb` forgets every store (tests, the local stack).
 *
 * Another domain's items join a transaction as TransactItems its public face builds (`commit()`):
 * a transaction spans stores, the table is one.
 */
export function defineStore<E extends EntityMap>(entities: E): () => Service<E> {
  let service: Service<E> | undefined;
  resets.add(() => {
    service = undefined;
  });
  return () => {
    service ??= new Service(entities, { client: documentClient(), table: config().TABLE_NAME });
    return service;
  };
}

/** Forgets every store, so the next use picks up a new client and table name. */
export function resetDb(): void {
  for (const reset of resets) reset();
}

export type WriteEntities<E extends EntityMap> = Parameters<
  Parameters<Service<E>['transaction']['write']>[0]
>[0];

/**
 * A store's entities as a transaction callback receives them, whose writes end in `commit()`: the
 * TransactItems a domain's face offers for another domain's transaction. (They are the store's own
 * entity objects: ElectroDB types `commit()` only inside a callback.)
 */
export function writeEntities<E extends EntityMap>(service: Service<E>): WriteEntities<E> {
  return service.entities as unknown as WriteEntities<E>;
}

/**
 * How many items a Query matches (its key condition and filter), with `Select: COUNT` page after
 * page: DynamoDB reads the items but sends none back.
 */
export async function countMatching(params: QueryCommandInput): Promise<number> {
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

/**
 * An item without the keys of a global index when it does not belong in it: ElectroDB writes an
 * index's keys even when its composite attribute is absent (an empty `sphereid_`), which would put
 * every such item in one partition of the index. `index` is `gsi1` or `gsi2`.
 */
export function sparse<T extends Record<string, unknown>>(
  item: T,
  index: 'gsi1' | 'gsi2',
  belongs: boolean,
): T {
  if (belongs) return item;
  const { [`${index}pk`]: _pk, [`${index}sk`]: _sk, ...rest } = item;
  return rest as T;
}

/** One item of a TransactWriteItems, as the DocumentClient takes it. */
export type TransactWriteItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Deletes an item together with the other writes of its transaction (the rollups it takes away), on
 * the condition that it is still there: a repeated erasure finds it gone and writes nothing twice.
 */
export async function deleteOnce(
  item: { TableName: string | undefined; Key: Record<string, unknown> | undefined },
  others: readonly TransactWriteItem[],
): Promise<void> {
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: item.TableName,
              Key: item.Key,
              ConditionExpression: 'attribute_exists(#pk)',
              ExpressionAttributeNames: { '#pk': 'pk' },
            },
          },
          ...others,
        ],
      }),
    );
  } catch (error) {
    // Already erased (a repeated attempt): nothing more to take away.
    if (!failedConditions(error)?.[0]) throw error;
  }
}

/**
 * Writes items (ready for the table, as ElectroDB's `params().Item` gives them) in batches of 25,
 * again for what DynamoDB leaves unprocessed, up to 8 times per batch: the importers of demo data.
 */
export async function putAll(
  TableName: string,
  items: readonly Record<string, unknown>[],
  what: string,
): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let requests = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 1; requests.length; attempt++) {
      const answer = await documentClient().send(
        new BatchWriteCommand({ RequestItems: { [TableName]: requests } }),
      );
      requests = (answer.UnprocessedItems?.[TableName] ?? []) as typeof requests;
      if (requests.length && attempt >= 8) throw new Error(`${requests.length} ${what} were not written`);
    }
  }
}

/** What `getMany` reads of an entity's index definitions (ElectroDB's schema). */
interface IndexDefinition {
  index?: string;
  pk: { field: string };
  sk?: { field: string };
}

const tableKeys = new WeakMap<
  object,
  { fields: string[]; toKeys: (composite: object) => Record<string, unknown> }
>();

/** The fields of an entity's table-index keys, and how ElectroDB builds those keys from a composite. */
function tableKeysOf(entity: AnyEntity) {
  let known = tableKeys.get(entity);
  if (!known) {
    const indexes = Object.entries(entity.schema.indexes as Record<string, IndexDefinition>);
    const primary = indexes.find(([, index]) => index.index === undefined);
    if (!primary) throw new Error('An entity without a table index');
    const [accessPattern, index] = primary;
    const conversions = createConversions(entity).byAccessPattern[accessPattern];
    if (!conversions) throw new Error(`No conversions for ${accessPattern}`);
    known = {
      fields: [index.pk.field, ...(index.sk ? [index.sk.field] : [])],
      toKeys: (composite) => conversions.fromComposite.toKeys(composite as never) as Record<string, unknown>,
    };
    tableKeys.set(entity, known);
  }
  return known;
}

/** An item's key as one string: its key fields' values, in order. */
const keyId = (fields: readonly string[], item: Record<string, unknown>) =>
  JSON.stringify(fields.map((field) => item[field]));

/** How many times keys DynamoDB leaves unprocessed are asked for again before a read gives up. */
const BATCH_GET_ATTEMPTS = 6;

/**
 * Items as the table holds them, by their keys (BatchGetItem): chunks of 100 sent together, the
 * keys DynamoDB leaves unprocessed asked for again with a growing pause, and a failure rather than
 * a short answer when they stay unprocessed. In no particular order; keys with no item are left out.
 */
export async function readKeys(
  table: string,
  keys: readonly Record<string, unknown>[],
  options: { consistent?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < keys.length; i += 100) chunks.push(keys.slice(i, i + 100));
  const found = await Promise.all(
    chunks.map(async (chunk) => {
      const items: Record<string, unknown>[] = [];
      let pending = chunk;
      for (let attempt = 1; pending.length; attempt++) {
        if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
        const answer = await documentClient().send(
          new BatchGetCommand({
            RequestItems: {
              [table]: { Keys: pending, ...(options.consistent ? { ConsistentRead: true } : {}) },
            },
          }),
        );
        items.push(...(answer.Responses?.[table] ?? []));
        pending = answer.UnprocessedKeys?.[table]?.Keys ?? [];
        if (pending.length && attempt >= BATCH_GET_ATTEMPTS)
          throw new Error(`${pending.length} items were still unprocessed after ${attempt} reads`);
      }
      return items;
    }),
  );
  return found.flat();
}

/**
 * Items of one entity by their keys, many at once (`readKeys`), read back as the entity's own (its
 * `parse`), in the order asked, once each; keys with no item are left out. The keys are the entity's table-index keys as
 * ElectroDB builds them (`createConversions`).
 *
 * ElectroDB's own batch get sends its chunks one after the other, hands unprocessed keys back to
 * the caller, and builds a query chain per key: for the 200 groups of a person's start call, about
 * 25 ms and 15 ms of CPU, against 18 ms and 8 ms here (docs/decisions/0039-batch-reads.md).
 */
export async function getMany<E extends AnyEntity>(
  entity: E,
  composites: readonly Partial<EntityItem<E>>[],
  options: { consistent?: boolean } = {},
): Promise<EntityItem<E>[]> {
  if (composites.length === 0) return [];
  const table = config().TABLE_NAME;
  const { fields, toKeys } = tableKeysOf(entity);
  const seen = new Set<string>();
  const keys: Record<string, unknown>[] = [];
  for (const composite of composites) {
    const all = toKeys(composite);
    const id = keyId(fields, all);
    if (!seen.has(id)) keys.push(Object.fromEntries(fields.map((field) => [field, all[field]])));
    seen.add(id);
  }
  const found = await readKeys(table, keys, options);
  const byKey = new Map(found.map((item) => [keyId(fields, item), item]));
  const inOrder = [...seen].flatMap((id) => {
    const item = byKey.get(id);
    return item ? [item] : [];
  });
  return entity.parse({ Items: inOrder }).data as EntityItem<E>[];
}

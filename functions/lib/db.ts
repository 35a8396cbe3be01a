import {
  BatchWriteCommand,
  QueryCommand,
  TransactWriteCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { Service } from 'electrodb';
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

type WriteEntities<E extends EntityMap> = Parameters<Parameters<Service<E>['transaction']['write']>[0]>[0];

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
type TransactWriteItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

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

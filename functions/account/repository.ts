import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/aws';
import { config } from '../lib/config';
import { TABLE } from '../lib/table';

type Key = Record<string, unknown>;

/** DynamoDB's limit of requests in one BatchWriteItem. */
const BATCH_SIZE = 25;
const BATCH_ATTEMPTS = 5;

/** Deletes raw table keys in batches of 25, retrying what DynamoDB leaves unprocessed. */
export async function deleteKeys(keys: readonly Key[]): Promise<void> {
  const table = config().TABLE_NAME;
  for (let i = 0; i < keys.length; i += BATCH_SIZE) {
    let requests = keys.slice(i, i + BATCH_SIZE).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt === BATCH_ATTEMPTS) throw new Error(`${requests.length} items could not be erased`);
      const answer = await documentClient().send(
        new BatchWriteCommand({ RequestItems: { [table]: requests } }),
      );
      requests = (answer.UnprocessedItems?.[table] ?? []).flatMap((r) =>
        r.DeleteRequest?.Key ? [{ DeleteRequest: { Key: r.DeleteRequest.Key } }] : [],
      );
    }
  }
}

/** Keys of every item in a partition of the table (one Query, paginated; never a Scan). */
export async function partitionKeys(pk: string): Promise<Key[]> {
  const keys: Key[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: config().TABLE_NAME,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey },
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: '#pk, #sk',
        ExclusiveStartKey: start,
      }),
    );
    keys.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return keys;
}

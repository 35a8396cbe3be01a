import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { rollupsDb } from '../../functions/rollups/rollup-store';

/**
 * Deletes every kept decision (`release` rollup items, entities/report-rollup.ts) of a scope, of
 * every group and week, so that the next report of any group decides its weeks again, as the
 * first report of a group never asked does. Sent on a client of its own, so that the handlers'
 * DynamoDB client (which the bench records) sees none of it. Answers how many it deleted.
 */
export async function clearKeptReleases(endpoint: string, scope: string): Promise<number> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'eu-west-1',
      endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  try {
    const params = rollupsDb()
      .entities.reportRollup.query.byScope({ scope, kind: 'release' })
      .params() as QueryCommandInput;
    const keys: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({ ...params, ProjectionExpression: 'pk, sk', ExclusiveStartKey: start }),
      );
      keys.push(...((page.Items ?? []) as Record<string, unknown>[]));
      start = page.LastEvaluatedKey;
    } while (start);
    const table = params.TableName as string;
    for (let i = 0; i < keys.length; i += 25) {
      let requests = keys.slice(i, i + 25).map((k) => ({ DeleteRequest: { Key: { pk: k.pk, sk: k.sk } } }));
      for (let attempt = 1; requests.length; attempt++) {
        const answer = await client.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
        requests = (answer.UnprocessedItems?.[table] ?? []) as typeof requests;
        if (requests.length && attempt >= 8)
          throw new Error(`${requests.length} kept decisions were not deleted`);
      }
    }
    return keys.length;
  } finally {
    client.destroy();
  }
}

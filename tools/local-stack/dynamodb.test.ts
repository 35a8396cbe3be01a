import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DescribeTableCommand, DescribeTimeToLiveCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable, startDynamoDb, type DynamoDbLocal } from './dynamodb';
import { TABLE } from '../../functions/lib/table';

describe('DynamoDB Local', () => {
  let ddb: DynamoDbLocal;
  let client: DynamoDBClient;

  beforeAll(async () => {
    ddb = await startDynamoDb();
    client = new DynamoDBClient({
      endpoint: ddb.endpoint,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  });
  afterAll(async () => {
    client?.destroy();
    await ddb?.stop();
  });

  it('creates the single table from its one declaration, once', async () => {
    await ensureTable(ddb.endpoint, 'wellbeing-test');
    await ensureTable(ddb.endpoint, 'wellbeing-test');
    const { Table } = await client.send(new DescribeTableCommand({ TableName: 'wellbeing-test' }));
    expect(Table?.KeySchema?.map((k) => k.AttributeName)).toEqual([TABLE.partitionKey, TABLE.sortKey]);
    expect(Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName).sort()).toEqual(
      TABLE.globalIndexes.map((i) => i.indexName).sort(),
    );
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: 'wellbeing-test' }));
    expect(ttl.TimeToLiveDescription?.AttributeName).toBe(TABLE.ttlAttribute);
  });
});

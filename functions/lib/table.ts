/**
 * The single table, declared once as plain data: CDK (infra/data.ts) and the local stack
 * (tools/local-stack/dynamodb.ts) both build it from here, and the ElectroDB Service maps its indexes.
 */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds; DynamoDB deletes the item some time after (login codes, connections). */
  ttlAttribute: 'expiresAt',
  globalIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

export type GlobalIndexName = (typeof TABLE.globalIndexes)[number]['indexName'];

import { describe, expect, it } from 'vitest';
import { writesOf } from './galaxy-quotas';

describe('the items a request writes, as the galaxy quota bench counts them', () => {
  it('counts the writes of a transaction item by item, and a condition check as no write', () => {
    const counted = writesOf([
      { command: 'GetItemCommand', input: { Key: {} } },
      { command: 'QueryCommand', input: { IndexName: 'gsi1' } },
      {
        command: 'TransactWriteItemsCommand',
        input: { TransactItems: [{ Put: {} }, { Update: {} }, { Update: {} }, { ConditionCheck: {} }] },
      },
    ]);
    expect(counted).toEqual({
      itemsWritten: 3,
      transactItems: ['Put', 'Update', 'Update', 'ConditionCheck'],
    });
  });

  it('counts a single write as one item and a batch by its requests', () => {
    const counted = writesOf([
      { command: 'PutItemCommand', input: {} },
      { command: 'UpdateItemCommand', input: {} },
      { command: 'BatchWriteItemCommand', input: { RequestItems: { table: [{}, {}, {}] } } },
    ]);
    expect(counted).toEqual({ itemsWritten: 5, transactItems: [] });
  });
});

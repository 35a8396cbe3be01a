import { describe, expect, it } from 'vitest';
import { failedConditions, isConditionFailure } from './conditions';

describe('isConditionFailure', () => {
  it('recognises the DynamoDB error itself and ElectroDB wrapping it as cause', () => {
    const dynamo = Object.assign(new Error('The conditional request failed'), {
      name: 'ConditionalCheckFailedException',
    });
    expect(isConditionFailure(dynamo)).toBe(true);
    expect(isConditionFailure(new Error('Error thrown by DynamoDB client', { cause: dynamo }))).toBe(true);
  });

  it('is false for any other error, even one whose message mentions a condition', () => {
    expect(isConditionFailure(new Error('ConditionalCheckFailed in the message only'))).toBe(false);
    expect(
      isConditionFailure(Object.assign(new Error('x'), { name: 'ProvisionedThroughputExceededException' })),
    ).toBe(false);
    expect(isConditionFailure(null)).toBe(false);
  });
});

describe('failedConditions', () => {
  it('names, item by item, which conditions of a cancelled transaction failed', () => {
    const cancelled = Object.assign(new Error('Transaction cancelled'), {
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
    });
    expect(failedConditions(cancelled)).toEqual([false, true]);
  });

  it('is null for an error that is not a cancelled transaction', () => {
    const single = Object.assign(new Error('x'), { name: 'ConditionalCheckFailedException' });
    expect(failedConditions(single)).toBeNull();
    expect(failedConditions('TransactionCanceledException')).toBeNull();
  });
});

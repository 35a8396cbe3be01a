import { describe, expect, it } from 'vitest';
import { QuotaRequestEntity } from './quota-request';

const base = {
  galaxyId: 'g',
  requestId: 'r',
  kind: 'tags',
  requestedValue: 3,
  reason: 'more teams',
  requestedBy: { userId: 'u', name: 'Camille' },
};
const itemOf = (params: unknown) => (params as { Item: Record<string, unknown> }).Item;

describe('quota request entity', () => {
  it('puts a pending request on the pending index and a decided one off it (sparse)', () => {
    expect(itemOf(QuotaRequestEntity.put(base).params({ table: 't' })).gsi2pk).toBeDefined();
    const decided = itemOf(QuotaRequestEntity.put({ ...base, pendingKey: 'decided' }).params({ table: 't' }));
    expect(decided.gsi2pk).toBeUndefined();
    expect(decided.gsi2sk).toBeUndefined();
  });
});

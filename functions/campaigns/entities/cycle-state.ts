import { Entity, SERVICE } from '../../lib/entity';

/**
 * Whether a cycle collects, in `stateShards` small copies (decision 0057): each live answer's
 * transaction checks one of them (the participant's, `stateShardOf`) rather than the cycle item, so
 * that no item takes every answer's check. Each copy has its own partition key and holds nothing
 * else: about 0.1 KB, 2 write units a check in a transaction. The cycle's changes of status write
 * every copy in their own transaction (`changeCycle`), so `open` is exactly "the cycle's status is
 * inProgress".
 */
export const CycleStateEntity = new Entity({
  model: { entity: 'campaignCycleState', version: '1', service: SERVICE },
  attributes: {
    cycleId: { type: 'string', required: true, readOnly: true },
    shard: { type: 'number', required: true, readOnly: true },
    open: { type: 'boolean', required: true },
  },
  indexes: {
    byShard: {
      pk: { field: 'pk', composite: ['cycleId', 'shard'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

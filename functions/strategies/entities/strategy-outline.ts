import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import { STRATEGY_LINKS } from '@shared/domain/strategies';

/**
 * The shape of a list of strategies: its items' ids in order, each with its indent (decision 0019).
 * One item per list, in the list's partition beside its strategies (collection `strategyList`):
 * a reorder is one write, and every change of the list's shape (add, delete, reorder) is
 * conditioned on the `revision` read, so two tabs racing cannot lose an item or its place.
 */
export const StrategyOutlineEntity = new Entity({
  model: { entity: 'strategyOutline', version: '1', service: SERVICE },
  attributes: {
    linkTo: { type: STRATEGY_LINKS, required: true, readOnly: true },
    linkId: { type: 'string', required: true, readOnly: true },
    entries: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: {
          id: { type: 'string', required: true },
          indent: { type: 'number', required: true },
        },
      },
    },
    /** Moved by one at each write of the outline: the condition of the next one. */
    revision: { type: 'number', required: true },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    byList: {
      collection: 'strategyList',
      pk: { field: 'pk', composite: ['linkTo', 'linkId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

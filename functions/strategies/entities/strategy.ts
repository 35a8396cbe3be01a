import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import { STRATEGY_LINKS, STRATEGY_TYPES } from '@shared/domain/strategies';

/**
 * One strategy item (spec 01 §3 Strategy, spec 02 §3 Strategy item) of a list: a person's life
 * compass (`linkTo` user), a sphere's or a session's strategy. Every item of a list sits in the
 * list's partition (`linkTo` + `linkId`), with the list's outline (collection `strategyList`), so a
 * list is one Query. Its order and indent are the outline's (decision 0019).
 */
export const StrategyEntity = new Entity({
  model: { entity: 'strategy', version: '1', service: SERVICE },
  attributes: {
    linkTo: { type: STRATEGY_LINKS, required: true, readOnly: true },
    /** The person's, sphere's or session's id. */
    linkId: { type: 'string', required: true, readOnly: true },
    strategyId: { type: 'string', required: true, readOnly: true },
    type: { type: STRATEGY_TYPES, required: true },
    title: { type: 'string', required: true, default: '' },
    description: { type: 'string', required: true },
    isHidden: { type: 'boolean', required: true, default: false },
    goalsLinked: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    /** The person of a life compass; a sphere's or session's items name nobody. */
    userId: { type: 'string', readOnly: true },
    /** The sphere of a sphere's or a session's list. */
    sphereId: { type: 'string', readOnly: true },
    sessionId: { type: 'string', readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    byList: {
      collection: 'strategyList',
      pk: { field: 'pk', composite: ['linkTo', 'linkId'] },
      sk: { field: 'sk', composite: ['strategyId'] },
    },
  },
});

import { Entity, SERVICE } from '../../lib/entity';

/**
 * The product's sequence of promotion code numbers (spec 02 §9: numbered): one item whose `last`
 * each creation raises by one with an atomic `ADD`, so two codes never share a number.
 */
export const PromotionCodeSequenceEntity = new Entity({
  model: { entity: 'promotionCodeSequence', version: '1', service: SERVICE },
  attributes: {
    sequence: { type: 'string', required: true, readOnly: true },
    last: { type: 'number' },
  },
  indexes: {
    bySequence: {
      pk: { field: 'pk', composite: ['sequence'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

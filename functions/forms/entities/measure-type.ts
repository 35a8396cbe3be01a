import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import { TEXT } from './form-definition';

/**
 * A measure type (spec 02 §3: what an answer measures, which reports group answers by). The
 * catalogue is small and read whole: one partition sorted by id, so the list is one Query.
 * `usedBy` counts the forms whose answers use it, moved in the same transaction as each form's save,
 * so deleting one in use is refused by a condition, not by a search.
 */
export const MeasureTypeEntity = new Entity({
  model: { entity: 'measureType', version: '1', service: SERVICE },
  attributes: {
    measureTypeId: { type: 'string', required: true, readOnly: true },
    title: { ...TEXT, required: true, default: () => ({}) },
    description: { ...TEXT, required: true, default: () => ({}) },
    usedBy: { type: 'number', required: true, default: 0 },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    all: {
      pk: { field: 'pk', composite: [] },
      sk: { field: 'sk', composite: ['measureTypeId'] },
    },
  },
});

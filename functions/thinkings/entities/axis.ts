import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import { AXIS_MODULES } from '@shared/domain/thinkings';

const someLanguages = {
  type: 'map',
  properties: { fr: { type: 'string' }, en: { type: 'string' }, nl: { type: 'string' } },
} as const;

/**
 * One axis of the thinking catalogue (spec 01 §3 Axis definition). The catalogue is small and read
 * whole: every axis sits under one partition, sorted by id, so the list is a single Query.
 */
export const AxisEntity = new Entity({
  model: { entity: 'thinkingAxis', version: '1', service: SERVICE },
  attributes: {
    axisId: { type: 'string', required: true, readOnly: true },
    name: { ...someLanguages, required: true },
    description: { ...someLanguages, required: true, default: () => ({}) },
    keywords: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    modules: { type: 'set', items: AXIS_MODULES, required: true },
    required: { type: 'boolean', required: true, default: false },
    allowComment: { type: 'boolean', required: true, default: false },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    all: {
      pk: { field: 'pk', composite: [] },
      sk: { field: 'sk', composite: ['axisId'] },
    },
  },
});

import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import { CONTEXT_TEXT_ATTRIBUTES } from '../../lib/context-attributes';

/**
 * A galaxy's context (spec 02 §3 Galaxy context): the shape of a sphere context, one per galaxy,
 * in the galaxy's collection. A sphere of the galaxy without an active context of its own reads it.
 */
export const GalaxyContextEntity = new Entity({
  model: { entity: 'galaxyContext', version: '1', service: SERVICE },
  attributes: {
    galaxyId: { type: 'string', required: true, readOnly: true },
    ...CONTEXT_TEXT_ATTRIBUTES,
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    galaxy: {
      collection: 'galaxy',
      pk: { field: 'pk', composite: ['galaxyId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/**
 * A sphere attached to a galaxy (spec 02 §4): collection `galaxy`, so a galaxy's spheres are one
 * Query. A sphere belongs to at most one galaxy (its `galaxyId`, written in the same transaction).
 */
export const GalaxySphereEntity = new Entity({
  model: { entity: 'galaxySphere', version: '1', service: SERVICE },
  attributes: {
    galaxyId: { type: 'string', required: true, readOnly: true },
    sphereId: { type: 'string', required: true, readOnly: true },
    attachedAt: { type: 'string', required: true, readOnly: true, default: now },
  },
  indexes: {
    galaxy: {
      collection: 'galaxy',
      pk: { field: 'pk', composite: ['galaxyId'] },
      sk: { field: 'sk', composite: ['sphereId'] },
    },
  },
});

import { Entity, SERVICE } from '../../lib/entity';

/**
 * A sphere's name taken in its scope (`sphereNameScope`: the galaxy, or the owner): written with
 * the sphere under a not-exists condition, so two spheres of one scope never share a name, even
 * when created at the same moment (`duplicate-sphere`).
 */
export const SphereNameEntity = new Entity({
  model: { entity: 'sphereName', version: '1', service: SERVICE },
  attributes: {
    scope: { type: 'string', required: true, readOnly: true },
    nameKey: { type: 'string', required: true, readOnly: true },
    sphereId: { type: 'string', required: true },
  },
  indexes: {
    name: {
      pk: { field: 'pk', composite: ['scope'] },
      sk: { field: 'sk', composite: ['nameKey'] },
    },
  },
});

import { Entity, SERVICE } from '../../lib/entity';

/**
 * How many members a sphere has, kept with every member written or deleted in the same
 * transaction: the member list shows its total without counting 2 000 items. Apart from the
 * sphere item, whose `updatedAt` guards the admins' settings form.
 */
export const SphereTallyEntity = new Entity({
  model: { entity: 'sphereTally', version: '1', service: SERVICE },
  attributes: {
    sphereId: { type: 'string', required: true, readOnly: true },
    members: { type: 'number' },
  },
  indexes: {
    bySphere: {
      pk: { field: 'pk', composite: ['sphereId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

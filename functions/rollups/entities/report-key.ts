import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/**
 * A sphere's report key (decision 0030): the secret that turns a user id into the pseudonymous key
 * its rollups count people by. Drawn once, with a not-exists condition, and never shown.
 */
export const ReportKeyEntity = new Entity({
  model: { entity: 'reportKey', version: '1', service: SERVICE },
  attributes: {
    sphereId: { type: 'string', required: true, readOnly: true },
    secret: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
  },
  indexes: {
    bySphere: {
      pk: { field: 'pk', composite: ['sphereId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

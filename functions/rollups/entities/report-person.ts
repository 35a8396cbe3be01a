import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/**
 * A person's place in a sphere's report rollups (decision 0030): their pseudonymous key (an HMAC of
 * the user id) and the small number the rollups name them by, so that a week's people fit in a
 * bitset. Numbers are drawn from the sphere's report key item (`ADD`), once per person, with a
 * not-exists condition. Names nobody: no user id.
 */
export const ReportPersonEntity = new Entity({
  model: { entity: 'reportPerson', version: '1', service: SERVICE },
  attributes: {
    sphereId: { type: 'string', required: true, readOnly: true },
    person: { type: 'string', required: true, readOnly: true },
    index: { type: 'number', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
  },
  indexes: {
    bySphere: {
      pk: { field: 'pk', composite: ['sphereId'] },
      sk: { field: 'sk', composite: ['person'] },
    },
  },
});

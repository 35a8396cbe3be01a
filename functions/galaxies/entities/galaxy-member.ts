import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import { GALAXY_MEMBER_ROLES } from '@shared/domain/galaxies';

/**
 * A member of a galaxy (spec 02 §3): collection `galaxy`, and on gsi1 by user once a verified
 * account holds the email, so a person's galaxy memberships are one Query (the start call and the
 * ability facts read them).
 */
export const GalaxyMemberEntity = new Entity({
  model: { entity: 'galaxyMember', version: '1', service: SERVICE },
  attributes: {
    galaxyId: { type: 'string', required: true, readOnly: true },
    memberId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    email: { type: 'string', required: true, readOnly: true },
    roles: { type: 'set', items: GALAXY_MEMBER_ROLES, required: true },
    active: { type: 'boolean', required: true, default: true },
    firstDayOfWork: { type: 'string' },
    userId: { type: 'string' },
    removedByUser: { type: 'boolean', required: true, default: false },
    removedByAdmin: { type: 'boolean', required: true, default: false },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    galaxy: {
      collection: 'galaxy',
      pk: { field: 'pk', composite: ['galaxyId'] },
      sk: { field: 'sk', composite: ['memberId'] },
    },
    byUser: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId'] },
      sk: { field: 'gsi1sk', composite: ['galaxyId'] },
    },
  },
});

import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import { SPHERE_ROLES, sphereNameKey } from '@shared/domain/spheres';

/**
 * A member of a sphere (spec 01 §3 Member): collection `sphere` (pk = sphere, sorted by member id),
 * on index gsi1 by user, so a person's memberships are one Query (the start call and every ability
 * check read them), and on gsi2 by sphere and name, so the admins' list reads its first page alone.
 */
export const MemberEntity = new Entity({
  model: { entity: 'member', version: '1', service: SERVICE },
  attributes: {
    sphereId: { type: 'string', required: true, readOnly: true },
    memberId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    /** The name as the list sorts it (no case, accents or punctuation), kept with the name. */
    nameKey: {
      type: 'string',
      watch: ['name'],
      set: (_: unknown, item: { name?: string }) =>
        item.name !== undefined ? sphereNameKey(item.name) : undefined,
    },
    email: { type: 'string', required: true },
    roles: { type: 'set', items: SPHERE_ROLES, required: true },
    active: { type: 'boolean', required: true, default: true },
    /** Why an inactive member is inactive (spec 01 §4). */
    inactiveReason: { type: ['left', 'revoked', 'no-user'] as const },
    subscription: { type: ['starter', 'essentials'] as const, required: true, default: 'starter' },
    firstDayOfWork: { type: 'string' },
    /** The member may sign in with their address and an access code (spec 01 §3). */
    lowSecurityAccessEnabled: { type: 'boolean' },
    /** Tags the admins gave the member (spec 01 §3 Member tags). */
    tagIds: { type: 'list', items: { type: 'string' }, default: () => [] },
    /** Tags the sphere's automation gives the member (autoTag), recomputed by its rules. */
    autoTagIds: { type: 'list', items: { type: 'string' }, default: () => [] },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    sphere: {
      collection: 'sphere',
      pk: { field: 'pk', composite: ['sphereId'] },
      sk: { field: 'sk', composite: ['memberId'] },
    },
    byUser: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId'] },
      sk: { field: 'gsi1sk', composite: ['sphereId'] },
    },
    byName: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['sphereId'] },
      sk: { field: 'gsi2sk', composite: ['nameKey', 'memberId'] },
    },
  },
});

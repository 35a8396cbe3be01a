import { Entity, SERVICE } from '../../lib/entity';

/**
 * One change of someone's global roles (who, when, what): written in the transaction of the
 * change itself, never edited but to take a person who left out of it. All under one key
 * (`listKey`), by `changeId` (compact time + random), so the log newest first is one Query; on gsi1
 * by the person changed (`userId`: their data) and on gsi2 by the super-admin who made it
 * (`actorId`), so leaving the product finds both sides by one Query each.
 */
export const GlobalRoleChangeEntity = new Entity({
  model: { entity: 'globalRoleChange', version: '1', service: SERVICE },
  attributes: {
    listKey: { type: 'string', required: true, readOnly: true, default: () => 'global-role-changes' },
    /** `20261124T101500123Z-a1b2c3d4`: in time order. */
    changeId: { type: 'string', required: true, readOnly: true },
    at: { type: 'string', required: true, readOnly: true },
    action: { type: ['added', 'updated', 'removed'] as const, required: true, readOnly: true },
    /** The person changed; `former` once they left. */
    userId: { type: 'string', required: true },
    /** Their name and address as listed then; empty once they left. */
    name: { type: 'string', required: true },
    email: { type: 'string', required: true },
    /** The super-admin who made the change; `former` once they left. */
    actorId: { type: 'string', required: true },
    actorName: { type: 'string', required: true },
    /** Absent for an addition. */
    rolesBefore: { type: 'list', items: { type: 'string' } },
    activeBefore: { type: 'boolean' },
    rolesAfter: { type: 'list', items: { type: 'string' }, required: true },
    activeAfter: { type: 'boolean', required: true },
  },
  indexes: {
    log: {
      pk: { field: 'pk', composite: ['listKey'] },
      sk: { field: 'sk', composite: ['changeId'] },
    },
    byMember: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId'] },
      sk: { field: 'gsi1sk', composite: ['changeId'] },
    },
    byActor: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['actorId'] },
      sk: { field: 'gsi2sk', composite: ['changeId'] },
    },
  },
});

import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/**
 * A galaxy (spec 02 §2): a group of spheres under one set of quotas. Listed for the super-admins by
 * name on gsi1 under one key (`galaxies`), one Query, never a Scan.
 */
export const GalaxyEntity = new Entity({
  model: { entity: 'galaxy', version: '1', service: SERVICE },
  attributes: {
    galaxyId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    shortName: { type: 'string', required: true },
    language: { type: ['fr', 'en', 'nl'] as const, required: true },
    photoUrl: { type: 'string' },
    renewalDate: { type: 'string' },
    /** Kept by the transactions that attach and detach spheres (the admin list reads no link). */
    sphereCount: { type: 'number', required: true, default: 0 },
    /** Kept by the transactions that add and remove members. */
    memberCount: { type: 'number', required: true, default: 0 },
    /**
     * The kinds with a pending change request: a request is written on the condition that its kind
     * is not here (one pending request per kind, even when two are sent at once).
     */
    pendingKinds: { type: 'set', items: 'string' },
    /** The one key of the admin list. */
    listKey: { type: 'string', required: true, default: () => 'galaxies', readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    galaxy: {
      collection: 'galaxy',
      pk: { field: 'pk', composite: ['galaxyId'] },
      sk: { field: 'sk', composite: [] },
    },
    byName: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['listKey'] },
      sk: { field: 'gsi1sk', composite: ['name', 'galaxyId'] },
    },
  },
});

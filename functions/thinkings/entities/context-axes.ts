import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/**
 * The axes a sphere asks its members of one category, or a session one group of questions (spec 01
 * §7 `sphere-axes/{sphereId}_{category}`, `session-axes/{sessionId}_{groupId}`). One item per list,
 * read and written by its key; it names no person.
 */
export const ContextAxesEntity = new Entity({
  model: { entity: 'contextAxes', version: '1', service: SERVICE },
  attributes: {
    scope: { type: ['sphere', 'session'] as const, required: true, readOnly: true },
    /** The sphere's or the session's id. */
    ownerId: { type: 'string', required: true, readOnly: true },
    /** The member category (sphere) or the group of questions (session). */
    listKey: { type: 'string', required: true, readOnly: true },
    axisIds: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    byOwner: {
      pk: { field: 'pk', composite: ['scope', 'ownerId'] },
      sk: { field: 'sk', composite: ['listKey'] },
    },
  },
});

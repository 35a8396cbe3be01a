import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import { SESSION_CATEGORIES, SESSION_SUBSCRIPTIONS, SESSION_TYPES } from '@shared/domain/sessions';

/** A name in the product's languages (blank ones are not stored). */
const TEXT = {
  type: 'map',
  required: true,
  properties: { fr: { type: 'string' }, en: { type: 'string' }, nl: { type: 'string' } },
} as const;

/**
 * A session (spec 01 §3): collection `session` (pk = session) with its members, and on index gsi1
 * under its sphere sorted by category, so a sphere's tree (or one category of it) is one Query.
 */
export const SessionEntity = new Entity({
  model: { entity: 'session', version: '1', service: SERVICE },
  attributes: {
    sessionId: { type: 'string', required: true, readOnly: true },
    sphereId: { type: 'string', required: true, readOnly: true },
    category: { type: SESSION_CATEGORIES, required: true, readOnly: true },
    type: { type: SESSION_TYPES, required: true },
    name: TEXT,
    publicName: TEXT,
    parentSessionId: { type: 'string' },
    /** Ancestors, the root first: the level is their number. */
    parentSessionIds: { type: 'list', items: { type: 'string' }, required: true },
    childNumber: { type: 'number' },
    isLeaf: { type: 'boolean', required: true, default: false },
    stepNumber: { type: 'number' },
    /** Essentials holds one of the sphere's Essentials licences for the group (decision 0050). */
    subscription: { type: SESSION_SUBSCRIPTIONS, required: true, default: 'starter' },
    /**
     * Its modules (`GROUP_MODULES`: a contributor group with Essentials), each holding a licence of
     * its tier; absent on groups written before modules, read as none.
     */
    subscriptionModules: { type: 'list', items: { type: 'string' }, default: () => [] },
    /**
     * The licence tiers the group holds in its sphere's tallies (decision 0050): what goes back when
     * it drops them or is deleted. Absent on a group written before groups took licences: none.
     */
    heldLicences: { type: 'list', items: { type: 'string' } },
    isPublic: { type: 'boolean', required: true, default: false },
    /** Tags the admins gave the session (spec 01 §3 own tags); its children inherit them. */
    specificTagIds: { type: 'list', items: { type: 'string' }, default: () => [] },
    archived: { type: 'boolean', required: true, default: false },
    /** The secret of the join link; a new one expires the old link (`sessionKeyNotValid`). */
    sessionKey: { type: 'string', required: true },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    session: {
      collection: 'session',
      pk: { field: 'pk', composite: ['sessionId'] },
      sk: { field: 'sk', composite: [] },
    },
    bySphere: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['sphereId'] },
      sk: { field: 'gsi1sk', composite: ['category', 'sessionId'] },
    },
  },
});

import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/**
 * A person's global membership (spec 01 §3 Global member): the name and address a super-admin
 * listed them under, the global roles given (none: `member`) and whether they are active. One item
 * per person, all under one key (`listKey`), so the super-admins' list is one Query on the table's
 * own key, never a Scan, and no index is needed.
 *
 * Why an item of its own rather than a sparse index key on the user item: the page shows what the
 * user item does not hold (the name and address listed, `active`, roles kept while suspended), and
 * the user item, written by many routes, stays as it is. The user item's `globalRoles` remain what
 * the rules and the token check read; every change writes both, and the change's log entry, in
 * one transaction (repository `writeGlobalMembership`), so they never disagree.
 */
export const GlobalMemberEntity = new Entity({
  model: { entity: 'globalMember', version: '1', service: SERVICE },
  attributes: {
    /** The one key of the list. */
    listKey: { type: 'string', required: true, readOnly: true, default: () => 'global-members' },
    userId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    email: { type: 'string', required: true, readOnly: true },
    /** The global roles given (shared/domain/global-members.ts); empty: `member`, no global role. */
    roles: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    active: { type: 'boolean', required: true, default: true },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    /** Every change is written on the condition that it is still the one read (two super-admins at once). */
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    all: {
      pk: { field: 'pk', composite: ['listKey'] },
      sk: { field: 'sk', composite: ['userId'] },
    },
  },
});

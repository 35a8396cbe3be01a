import { Entity, SERVICE } from '../../lib/entity';

/**
 * A person's memberships in brief (decision 0055): one item in their own partition that the start
 * call reads instead of every membership. Besides these attributes it holds one attribute per
 * membership, named `<kind>#<placeId>#<memberId>` (kind `sphere`, `session` or `galaxy`), whose
 * value is what the ability needs of that membership; the transactions that write a membership
 * set or remove its attribute (`membershipSummaryItem`); a session entry also holds its group's plan
 * and archiving (`recordGroupInSummary` after a group's save). `revision` counts those writes;
 * `builtAt` says the item was built from every membership once, so it is whole, in the `shape` the
 * build wrote (an older shape is built again once).
 */
export const MembershipSummaryEntity = new Entity({
  model: { entity: 'membershipSummary', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    revision: { type: 'number' },
    builtAt: { type: 'string' },
    shape: { type: 'number' },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

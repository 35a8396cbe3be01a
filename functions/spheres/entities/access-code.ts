import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/**
 * A member's access code (spec 01 §3 Member access codes), kept as an HMAC with the sphere's salt:
 * keyed by the sphere and that hash, so a code is unique within its sphere by a not-exists
 * condition (`sphere-member-duplicate-access-code`); on gsi1 by member, for the member's list. The
 * code itself is never stored; `hint` shows its last two characters to the admins.
 */
export const AccessCodeEntity = new Entity({
  model: { entity: 'accessCode', version: '1', service: SERVICE },
  attributes: {
    sphereId: { type: 'string', required: true, readOnly: true },
    codeHash: { type: 'string', required: true, readOnly: true },
    memberId: { type: 'string', required: true, readOnly: true },
    hint: { type: 'string', required: true },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
  },
  indexes: {
    byCode: {
      pk: { field: 'pk', composite: ['sphereId', 'codeHash'] },
      sk: { field: 'sk', composite: [] },
    },
    byMember: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['sphereId', 'memberId'] },
      sk: { field: 'gsi1sk', composite: ['codeHash'] },
    },
  },
});

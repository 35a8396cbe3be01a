import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import { FORM_AVAILABILITIES } from '@shared/domain/forms';

/**
 * A form entitled to a sphere (spec 01 §3 Form entitlement): who sees it there. In the sphere's
 * partition sorted by form, so a sphere's entitlements are one Query and a form's entitlement in a
 * sphere one GetItem; it names no person.
 */
export const FormEntitlementEntity = new Entity({
  model: { entity: 'formEntitlement', version: '1', service: SERVICE },
  attributes: {
    sphereId: { type: 'string', required: true, readOnly: true },
    formId: { type: 'string', required: true, readOnly: true },
    availabilitiesThrough: { type: FORM_AVAILABILITIES, required: true },
    /** The sessions whose members see it, with `sessionMember`; empty otherwise. */
    sessionIds: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updateDate: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    bySphere: {
      pk: { field: 'pk', composite: ['sphereId'] },
      sk: { field: 'sk', composite: ['formId'] },
    },
  },
});

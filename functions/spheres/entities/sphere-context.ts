import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import { CONTEXT_TEXT_ATTRIBUTES } from '../../lib/context-attributes';

/**
 * A context of a sphere (spec 01 §3 Sphere context): collection `sphere` (pk = sphere, sorted by
 * context id), so the sphere's contexts are one Query. Texts are kept per language, blanks left
 * out; the override keys are the closed list of shared/domain/sphere-contexts.ts. It names nobody:
 * who changed it is not kept (decision 0017).
 */
export const SphereContextEntity = new Entity({
  model: { entity: 'sphereContext', version: '1', service: SERVICE },
  attributes: {
    sphereId: { type: 'string', required: true, readOnly: true },
    contextId: { type: 'string', required: true, readOnly: true },
    ...CONTEXT_TEXT_ATTRIBUTES,
    /** The context the members' texts use; at most one per sphere (written in one transaction). */
    active: { type: 'boolean', required: true, default: false },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    sphere: {
      collection: 'sphere',
      pk: { field: 'pk', composite: ['sphereId'] },
      sk: { field: 'sk', composite: ['contextId'] },
    },
  },
});

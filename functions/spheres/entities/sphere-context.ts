import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import type { ContextOverrideKey } from '@shared/domain/sphere-contexts';

const TEXT_PER_LANGUAGE = {
  type: 'map',
  properties: { fr: { type: 'string' }, en: { type: 'string' }, nl: { type: 'string' } },
} as const;

const PAIRS = {
  type: 'list',
  items: {
    type: 'map',
    properties: { from: { type: 'string', required: true }, to: { type: 'string', required: true } },
  },
} as const;

/** One text per override key: the closed list of the contract (a key missing here fails to compile). */
const OVERRIDES = {
  sphereWelcome: TEXT_PER_LANGUAGE,
  groupsEmpty: TEXT_PER_LANGUAGE,
  leaveMessage: TEXT_PER_LANGUAGE,
} as const satisfies Record<ContextOverrideKey, typeof TEXT_PER_LANGUAGE>;

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
    name: { ...TEXT_PER_LANGUAGE, required: true },
    description: { ...TEXT_PER_LANGUAGE, required: true, default: () => ({}) },
    substitutions: {
      type: 'map',
      required: true,
      default: () => ({}),
      properties: { fr: PAIRS, en: PAIRS, nl: PAIRS },
    },
    overrides: {
      type: 'map',
      required: true,
      default: () => ({}),
      properties: OVERRIDES,
    },
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

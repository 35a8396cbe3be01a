import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import { TAG_MODULES, TAG_TYPES } from '@shared/domain/tags';

/**
 * A tag of a sphere (spec 01 §3 Tag): collection `sphere` (pk = sphere, sorted by tag id), so the
 * sphere's tag list and facets are one Query. The name is kept per language; only the sphere's
 * primary language is required.
 */
export const TagEntity = new Entity({
  model: { entity: 'tag', version: '1', service: SERVICE },
  attributes: {
    sphereId: { type: 'string', required: true, readOnly: true },
    tagId: { type: 'string', required: true, readOnly: true },
    /** A short code people can read out (spec 01 §3 shortId, read-only). */
    shortId: { type: 'string', required: true, readOnly: true },
    name: {
      type: 'map',
      required: true,
      properties: { fr: { type: 'string' }, en: { type: 'string' }, nl: { type: 'string' } },
    },
    type: { type: TAG_TYPES, required: true },
    color: { type: 'string', required: true },
    weight: { type: 'number', required: true, default: 0 },
    modules: { type: 'set', items: TAG_MODULES, required: true },
    keywords: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    archived: { type: 'boolean', required: true, default: false },
    /** Named by one of the sphere's tag selections: the automation gives it (kept when they are saved). */
    autoTag: { type: 'boolean', required: true, default: false },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    sphere: {
      collection: 'sphere',
      pk: { field: 'pk', composite: ['sphereId'] },
      sk: { field: 'sk', composite: ['tagId'] },
    },
  },
});

import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import { TAG_CONDITIONS, TAG_SELECTION_IDS } from '@shared/domain/tags';

/**
 * A tag automation of a sphere (spec 01 §3 Tag selection), one per field the rules read:
 * collection `sphere` (pk = sphere, sorted by selection id). A rule's value is kept as text; the
 * field's kind says how it is compared (shared/domain/tags.ts).
 */
export const TagSelectionEntity = new Entity({
  model: { entity: 'tagSelection', version: '1', service: SERVICE },
  attributes: {
    sphereId: { type: 'string', required: true, readOnly: true },
    selectionId: { type: TAG_SELECTION_IDS, required: true, readOnly: true },
    defaultTagId: { type: 'string' },
    rules: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          condition: { type: TAG_CONDITIONS, required: true },
          operator: { type: 'string' },
          value: { type: 'string' },
          tagIds: { type: 'list', items: { type: 'string' }, required: true },
        },
      },
    },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    sphere: {
      collection: 'sphere',
      pk: { field: 'pk', composite: ['sphereId'] },
      sk: { field: 'sk', composite: ['selectionId'] },
    },
  },
});

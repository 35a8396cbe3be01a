import { Entity, GEO_POINT_ATTRIBUTE, SERVICE, isoNow as now } from '../../lib/entity';

/**
 * One thinking of a user (spec 01 §3 Thinking), in the user's partition under its id
 * (`{sessionId}_{x}_0`, `myself` for a personal one). The `byTime` index orders a user's thinkings
 * by creation, whatever their context, so a date range is one Query.
 */
export const ThinkingEntity = new Entity({
  model: { entity: 'thinking', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    thinkingId: { type: 'string', required: true, readOnly: true },
    axes: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: {
          id: { type: 'string', required: true },
          value: { type: 'number', required: true },
          comment: { type: 'string' },
        },
      },
    },
    category: { type: 'string' },
    sphereId: { type: 'string', readOnly: true },
    sessionId: { type: 'string', readOnly: true },
    /** The session's group of questions the thinking answered. */
    groupId: { type: 'string', readOnly: true },
    /** Recorded through a campaign link of its sphere or session, and that link's tags. */
    fromDirectLink: { type: 'boolean', readOnly: true },
    specificTagIds: { type: 'list', items: { type: 'string' }, readOnly: true },
    /**
     * The group tags it counts under in its sphere's reports (the member's and the link's when it
     * was given): present exactly when it counts in the report rollups (decision 0030).
     */
    reportTagIds: { type: 'list', items: { type: 'string' }, readOnly: true },
    geoPoint: GEO_POINT_ATTRIBUTE,
    locale: { type: 'string' },
    creationDate: { type: 'string', required: true, readOnly: true },
    updateDate: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
    freezeDate: { type: 'string', required: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['thinkingId'] },
    },
    byTime: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId'] },
      sk: { field: 'gsi1sk', composite: ['creationDate', 'thinkingId'] },
    },
    /**
     * A sphere's thinkings (gsi2), to rebuild its report rollups. Sparse: a personal thinking is
     * written without these keys (repository.ts).
     */
    bySphere: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['sphereId'] },
      sk: { field: 'gsi2sk', composite: ['thinkingId'] },
    },
  },
});

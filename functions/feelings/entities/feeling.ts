import { Entity, GEO_POINT_ATTRIBUTE, SERVICE, isoNow as now } from '../../lib/entity';
import { EVALUATION_PERIODS, FEELING_COLORS } from '@shared/domain/feelings';
import { NOTE_TYPES } from '@shared/domain/notes';

const levelled = {
  id: { type: 'string', required: true },
  level: { type: 'number', required: true },
} as const;

/**
 * One feeling of a user (spec 01 §3 Feeling), in the user's partition. Its id begins with its
 * timestamp (`20261124T101500123Z-a1b2c3`), so the sort key orders a user's feelings in time and a
 * date range is one Query between two ids. Index gsi1 holds the feelings recorded in a sphere.
 */
export const FeelingEntity = new Entity({
  model: { entity: 'feeling', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    feelingId: { type: 'string', required: true, readOnly: true },
    value: { type: 'number', required: true, readOnly: true },
    energy: { type: 'number', required: true, readOnly: true },
    color: { type: FEELING_COLORS, required: true, readOnly: true },
    wordId: { type: 'string' },
    category: { type: 'string' },
    sphereId: { type: 'string' },
    sessionId: { type: 'string' },
    evaluationPeriod: {
      type: 'map',
      required: true,
      properties: {
        value: { type: 'number', required: true },
        type: { type: EVALUATION_PERIODS, required: true },
      },
    },
    geoPoint: GEO_POINT_ATTRIBUTE,
    locale: { type: 'string' },
    personalNotes: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: {
          id: { type: 'number', required: true },
          value: { type: 'string', required: true },
          type: { type: NOTE_TYPES, required: true },
        },
      },
    },
    /** The notes' text in lower case, for the search filter of the list. */
    notesText: { type: 'string', required: true, default: '' },
    /** The goals as `|id:health|level:1|rank:5|`, for the goal filters of the list. */
    goalText: { type: 'string', required: true, default: '' },
    /** The day summary it counts in (YYYY-MM-DD where it was recorded), for the list's count. */
    day: { type: 'string', readOnly: true },
    goals: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: {
          ...levelled,
          ranking: { type: 'number' },
          subs: { type: 'list', items: { type: 'map', properties: levelled } },
        },
      },
    },
    timestamp: { type: 'string', required: true, readOnly: true },
    /** Recorded through a quick-answer link or a campaign link of its sphere or session. */
    fromDirectLink: { type: 'boolean', readOnly: true },
    /** The tags of the campaign link it came through (spec 01 §3 `specificTagIds`). */
    specificTagIds: { type: 'list', items: { type: 'string' }, readOnly: true },
    /**
     * The group tags it counts under in its sphere's reports (the member's tags and the link's, as
     * they were when it was recorded): present exactly when it counts in the report rollups.
     */
    reportTagIds: { type: 'list', items: { type: 'string' }, readOnly: true },
    freezeDate: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['feelingId'] },
    },
    /**
     * A sphere's feelings in time (gsi1), to rebuild its report rollups. Sparse: a feeling of no
     * sphere is written without these keys (repository.ts), so the index holds contextual feelings
     * only.
     */
    bySphere: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['sphereId'] },
      sk: { field: 'gsi1sk', composite: ['feelingId'] },
    },
  },
});

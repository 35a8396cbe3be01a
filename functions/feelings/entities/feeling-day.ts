import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/**
 * A user's feelings summed for one day (shared/domain/feeling-days.ts), in the user's partition
 * beside the feelings. Written in the same transaction as the feeling it counts, under a version
 * condition, so two feelings recorded at once both count and a failed write counts nothing.
 */
export const FeelingDayEntity = new Entity({
  model: { entity: 'feelingDay', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    /** YYYY-MM-DD in the time zone each feeling was recorded in. */
    day: { type: 'string', required: true, readOnly: true },
    /** The DayCounts of the day: nested counts whose keys are words, goals, levels and types. */
    counts: { type: 'any', required: true },
    version: { type: 'number', required: true },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['day'] },
    },
  },
});

import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/**
 * A user's feelings summed for one day (shared/domain/feeling-days.ts), in the user's partition
 * beside the feelings. Each write ADDs its share to the flat counts in the same transaction as the
 * feeling, so two feelings recorded at once both count and a failed write counts nothing.
 */
export const FeelingDayEntity = new Entity({
  model: { entity: 'feelingDay', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    /** YYYY-MM-DD in the time zone each feeling was recorded in. */
    day: { type: 'string', required: true, readOnly: true },
    /** The day's FlatCounts (`count`, `colors|yellow`, `goals|health|1`, …), added to atomically. */
    counts: { type: 'any', required: true },
    /** Written by the first version of the summary (read and rewritten whole); no longer used. */
    version: { type: 'number' },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['day'] },
    },
  },
});

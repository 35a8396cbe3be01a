import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/**
 * A session's feelings summed for one day (shared/domain/feeling-days.ts), the way a person's are
 * (decision 0008): flat counts ADDed to in the same transaction as each feeling. Terminal feelings
 * of a consumer session count here (decision 0028); the session's reports read these summaries, one
 * Query for a period. Names nobody.
 */
export const SessionFeelingDayEntity = new Entity({
  model: { entity: 'sessionFeelingDay', version: '1', service: SERVICE },
  attributes: {
    sessionId: { type: 'string', required: true, readOnly: true },
    /** YYYY-MM-DD in the time zone each feeling was recorded in. */
    day: { type: 'string', required: true, readOnly: true },
    counts: { type: 'any', required: true },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    bySession: {
      pk: { field: 'pk', composite: ['sessionId'] },
      sk: { field: 'sk', composite: ['day'] },
    },
  },
});

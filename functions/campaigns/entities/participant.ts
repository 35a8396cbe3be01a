import { Entity, SERVICE } from '../../lib/entity';

/**
 * Who takes part in a cycle, and how far they are (spec 02 §3 Participation): statuses and the
 * freeze dates of questionnaire answers, never an answer; answers carry no time, so nothing here
 * can be matched to one (docs/decisions/0025-campaign-anonymity.md). In the cycle's partition (the admins' status view and
 * the reminders are one Query); index gsi1 gathers a person's participations for "my data".
 * `mode` keeps a test participation apart from the real one of the same person.
 */
export const ParticipantEntity = new Entity({
  model: { entity: 'campaignParticipant', version: '1', service: SERVICE },
  attributes: {
    cycleId: { type: 'string', required: true, readOnly: true },
    mode: { type: ['live', 'test'] as const, required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    campaignId: { type: 'string', required: true, readOnly: true },
    sphereId: { type: 'string', required: true, readOnly: true },
    status: { type: ['blank', 'inProgress', 'done', 'refused'] as const, required: true },
    steps: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          stepId: { type: 'string', required: true },
          status: { type: ['todo', 'inProgress', 'done', 'cancelled'] as const, required: true },
          /** A questionnaire's answer can be changed until then (24 hours after its first save). */
          freezeDate: { type: 'string' },
        },
      },
    },
    expirationDate: { type: 'string', required: true },
    /** Incremented by each write: a step saved from two tabs at once does not lose the other. */
    revision: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byCycle: {
      pk: { field: 'pk', composite: ['cycleId'] },
      sk: { field: 'sk', composite: ['mode', 'userId'] },
    },
    byUser: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId'] },
      sk: { field: 'gsi1sk', composite: ['campaignId', 'cycleId', 'mode'] },
    },
  },
});

import { Entity, SERVICE } from '../../lib/entity';

/**
 * One answer to one step of a cycle (or one refusal's reason), stored apart from who gave it
 * (docs/decisions/0025-campaign-anonymity.md): no userId, no participant key, no time finer than
 * the day (the day it was first given, for reports by day). `answerKey` is an HMAC of the person, the step and
 * the cycle's salt while the cycle collects (so that its author, and only through their own
 * session, finds it again), a random id for a refusal; once the salt is gone nobody can recompute it.
 * In the cycle's partition: a cycle's answers (reports, test-data deletion) are one Query.
 */
export const AnswerEntity = new Entity({
  model: { entity: 'campaignAnswer', version: '1', service: SERVICE },
  attributes: {
    cycleId: { type: 'string', required: true, readOnly: true },
    answerKey: { type: 'string', required: true, readOnly: true },
    campaignId: { type: 'string', required: true, readOnly: true },
    sphereId: { type: 'string', required: true, readOnly: true },
    measureId: { type: 'string', required: true },
    stepId: { type: 'string', required: true },
    type: {
      type: [
        'feeling',
        'thinking',
        'profile',
        'form',
        'assessment',
        'custom-form',
        'tags',
        'refusal',
      ] as const,
      required: true,
    },
    value: { type: 'any', required: true },
    /** The sphere tags the person held when answering: what reports split figures by. */
    tagIds: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    day: { type: 'string', required: true },
    isTest: { type: 'boolean', required: true, default: false },
  },
  indexes: {
    byCycle: {
      pk: { field: 'pk', composite: ['cycleId'] },
      sk: { field: 'sk', composite: ['answerKey'] },
    },
  },
});

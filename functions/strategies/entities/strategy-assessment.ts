import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/**
 * One assessment a person gave of a sphere's or a session's strategy (spec 01 §3 Strategy
 * assessment): a level's value (1 … 5) per strategy item. In the person's partition under its id
 * (time-ordered), for GetItem and "my data"; index gsi1 orders a person's assessments of one sphere
 * or session by date, so "mine there" is one Query; index gsi2 gathers everyone's assessments of one
 * list, so those of a deleted session go with its strategy in one Query, and its report rollups are
 * rebuilt from one Query too. Its writes add to those rollups in the same transaction.
 */
export const StrategyAssessmentEntity = new Entity({
  model: { entity: 'strategyAssessment', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    assessmentId: { type: 'string', required: true, readOnly: true },
    linkTo: { type: ['sphere', 'session'] as const, required: true, readOnly: true },
    /** The sphere's or the session's id. */
    linkId: { type: 'string', required: true, readOnly: true },
    sphereId: { type: 'string', required: true, readOnly: true },
    sessionId: { type: 'string', readOnly: true },
    values: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          id: { type: 'string', required: true },
          value: { type: 'number', required: true },
        },
      },
    },
    /** The person's time zone. */
    locale: { type: 'string' },
    fromDirectLink: { type: 'boolean', required: true, default: false },
    /** The tags of the session it was given in, when it was given. */
    specificTagIds: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    /**
     * The groups it counts under in its place's strategy reports (decision 0034): the member's tags
     * then, the session's and the link's, sorted; kept so that a change or an erasure moves exactly
     * the counts it added. Absent on assessments given before the reports: their session's tags.
     */
    reportTagIds: { type: 'list', items: { type: 'string' }, readOnly: true },
    creationDate: { type: 'string', required: true, readOnly: true },
    updateDate: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
    freezeDate: { type: 'string', required: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['assessmentId'] },
    },
    byPlace: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId', 'linkTo', 'linkId'] },
      sk: { field: 'gsi1sk', composite: ['creationDate', 'assessmentId'] },
    },
    byList: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['linkTo', 'linkId'] },
      sk: { field: 'gsi2sk', composite: ['userId', 'assessmentId'] },
    },
  },
});

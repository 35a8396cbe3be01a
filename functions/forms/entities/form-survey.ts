import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/**
 * One survey of a person (spec 01 §3 Form survey): the values given to a form. In the person's
 * partition under a time-ordered id (GetItem, "my data", all my surveys newest first); index gsi1
 * orders a person's surveys of one form by date, so "my answers to this form" (the list, my forms
 * report, the latest goal ranking) is one Query; index gsi2 holds a sphere's surveys by form.
 */
export const FormSurveyEntity = new Entity({
  model: { entity: 'formSurvey', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    surveyId: { type: 'string', required: true, readOnly: true },
    formId: { type: 'string', required: true, readOnly: true },
    /** Answer id → number, text, chosen values or null (not applicable). */
    values: { type: 'any', required: true },
    /** The person's time zone. */
    locale: { type: 'string' },
    fromDirectLink: { type: 'boolean', required: true, default: false },
    /** Where the form was available to the person when they answered it. */
    sphereId: { type: 'string', readOnly: true },
    sessionId: { type: 'string', readOnly: true },
    /** The person's tags in the sphere and the session's tags, when it was answered. */
    tagIds: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    /**
     * What it added to its sphere's report rollups (decision 0033), kept so that a change or an
     * erasure takes away exactly that, whatever the form became since. Absent outside a sphere.
     */
    reportCounts: { type: 'any' },
    /**
     * The free texts it keeps in its sphere's report rollups (decision 0033), question id → text
     * trimmed, kept so that a change or an erasure removes exactly those. Absent outside a sphere.
     */
    reportTexts: { type: 'any' },
    creationDate: { type: 'string', required: true, readOnly: true },
    updateDate: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
    freezeDate: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['surveyId'] },
    },
    byForm: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId', 'formId'] },
      sk: { field: 'gsi1sk', composite: ['creationDate', 'surveyId'] },
    },
    /** A sphere's surveys of a form (gsi2, only surveys given in a sphere): what its rollups are rebuilt from. */
    bySphere: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['sphereId'] },
      sk: { field: 'gsi2sk', composite: ['formId', 'surveyId'] },
    },
  },
});

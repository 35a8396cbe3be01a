import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import { CUSTOM_REPORT_STATUSES, CUSTOM_REPORT_TEMPLATES } from '@shared/domain/custom-reports';

/**
 * A sphere's custom report (spec 02 §3 Report; decision 0031): in the sphere's partition, so the
 * sphere's list is one Query. It counts its parts and cards, under the limits, in the same
 * transaction that adds or removes one. It holds no person's id.
 */
export const CustomReportEntity = new Entity({
  model: { entity: 'customReport', version: '1', service: SERVICE },
  attributes: {
    sphereId: { type: 'string', required: true, readOnly: true },
    reportId: { type: 'string', required: true, readOnly: true },
    /** A group's report (decision 0037): its members' alone, its data shots the group's figures. */
    sessionId: { type: 'string', readOnly: true },
    /** A campaign's report (decision 0036): its data shots may show the campaign's steps. */
    campaignId: { type: 'string', readOnly: true },
    cycleId: { type: 'string' },
    name: { type: 'string', required: true },
    description: { type: 'string', required: true, default: '' },
    status: { type: CUSTOM_REPORT_STATUSES, required: true, default: 'draft' },
    template: { type: CUSTOM_REPORT_TEMPLATES, required: true, default: 'full' },
    // In the order given: the first is the report's own.
    languages: { type: 'list', items: { type: 'string' }, required: true },
    dimensions: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    start: { type: 'string', required: true },
    end: { type: 'string', required: true },
    partCount: { type: 'number', required: true, default: 0 },
    cardCount: { type: 'number', required: true, default: 0 },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    bySphere: {
      pk: { field: 'pk', composite: ['sphereId'] },
      sk: { field: 'sk', composite: ['reportId'] },
    },
  },
});

import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import { REPORT_PART_STATUSES } from '@shared/domain/custom-reports';

/** A part of a custom report (spec 02 §3): in the report's partition, with its cards and renders. */
export const ReportPartEntity = new Entity({
  model: { entity: 'reportPart', version: '1', service: SERVICE },
  attributes: {
    reportId: { type: 'string', required: true, readOnly: true },
    partId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    status: { type: REPORT_PART_STATUSES, required: true, default: 'draft' },
    position: { type: 'number', required: true },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
  },
  indexes: {
    byReport: {
      pk: { field: 'pk', composite: ['reportId'] },
      sk: { field: 'sk', composite: ['partId'] },
    },
  },
});

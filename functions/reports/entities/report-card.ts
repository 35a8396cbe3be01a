import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import {
  CARD_TYPES,
  DATA_SHOT_MEASURES,
  DATA_SHOT_SOURCES,
  DATA_SHOT_STATUSES,
  DATA_SHOT_VIEWS,
} from '@shared/domain/custom-reports';
import { SPHERE_REPORT_INTERVALS } from '@shared/contracts/reports';

/**
 * A card of a custom report (spec 02 §3 Card): a text, or a data shot that names what it shows.
 * A data shot's figures are never stored: they are read through the privacy function when shown
 * or rendered (decision 0031). In the report's partition; `partId` says which part holds it.
 */
export const ReportCardEntity = new Entity({
  model: { entity: 'reportCard', version: '1', service: SERVICE },
  attributes: {
    reportId: { type: 'string', required: true, readOnly: true },
    cardId: { type: 'string', required: true, readOnly: true },
    partId: { type: 'string', required: true },
    type: { type: CARD_TYPES, required: true, readOnly: true },
    title: { type: 'string', required: true },
    description: { type: 'string', required: true, default: '' },
    result: { type: 'string', required: true, default: '' },
    legend: { type: 'string', required: true, default: '' },
    position: { type: 'number', required: true },
    parentCardId: { type: 'string' },
    hidden: { type: 'boolean', required: true, default: false },
    bookmark: { type: 'boolean', required: true, default: false },
    favourite: { type: 'boolean', required: true, default: false },
    dataShot: {
      type: 'map',
      properties: {
        source: { type: [...DATA_SHOT_SOURCES, 'campaign', 'form'] as const, required: true },
        // A sphere's face (feelings, thinkings):
        measure: { type: DATA_SHOT_MEASURES },
        view: { type: DATA_SHOT_VIEWS },
        interval: { type: SPHERE_REPORT_INTERVALS },
        // A campaign's step (decision 0036):
        cycleId: { type: 'string' },
        stepId: { type: 'string' },
        // A questionnaire's surveys (decision 0038):
        formId: { type: 'string' },
        tagIds: { type: 'list', items: { type: 'string' }, required: true },
      },
    },
    dataShotStatus: { type: DATA_SHOT_STATUSES },
    writtenBy: { type: ['person', 'local-writer', 'bedrock'] as const },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
  },
  indexes: {
    byReport: {
      pk: { field: 'pk', composite: ['reportId'] },
      sk: { field: 'sk', composite: ['cardId'] },
    },
  },
});

import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import { RENDER_FORMATS, RENDER_STATUSES, REPORT_LANGUAGES } from '@shared/domain/custom-reports';

/**
 * A rendered document of a custom report (spec 02 §3 Rendered document, §4 render statuses): asked
 * by the API in progress, finished by the render worker (done with its file's key, or error with a
 * reason), each change conditioned on the render still being in progress. In the report's
 * partition; `renderId` starts with the time asked, so the newest come first when read backwards.
 * It holds no person's id: the realtime notice's recipient travels in the queue message only.
 */
export const ReportRenderEntity = new Entity({
  model: { entity: 'reportRender', version: '1', service: SERVICE },
  attributes: {
    reportId: { type: 'string', required: true, readOnly: true },
    renderId: { type: 'string', required: true, readOnly: true },
    sphereId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true, readOnly: true },
    fileName: { type: 'string', required: true, readOnly: true },
    format: { type: RENDER_FORMATS, required: true, readOnly: true },
    lang: { type: REPORT_LANGUAGES, required: true, readOnly: true },
    partIds: { type: 'list', items: { type: 'string' }, required: true, readOnly: true },
    status: { type: RENDER_STATUSES, required: true, default: 'inProgress' },
    reason: { type: 'string' },
    /** The file's key in the assets bucket, once done. */
    fileKey: { type: 'string' },
    bytes: { type: 'number' },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    finishedAt: { type: 'string' },
  },
  indexes: {
    byReport: {
      pk: { field: 'pk', composite: ['reportId'] },
      sk: { field: 'sk', composite: ['renderId'] },
    },
  },
});

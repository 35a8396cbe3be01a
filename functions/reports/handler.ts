import {
  createCustomReport,
  createReportCard,
  createReportPart,
  createReportRender,
  deleteCustomReport,
  deleteReportCard,
  deleteReportPart,
  deleteReportRender,
  downloadReportRender,
  getCustomReport,
  getReportPart,
  listCustomReports,
  listReportRenders,
  promptReportCard,
  updateCustomReport,
  updateReportCard,
  updateReportPart,
} from '../../shared/contracts/custom-reports';
import {
  createSessionFeelingReport,
  createSphereFeelingReport,
  createSphereThinkingReport,
} from '../../shared/contracts/reports';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import * as custom from './custom-reports';
import { promptCard } from './prompt';
import { createRender, deleteRender, deleteRenderFiles, downloadRender, listRenders } from './renders';
import { sessionFeelingReport, sphereFeelingReport, sphereThinkingReport } from './service';

export const handler = createHttpHandler(
  [
    route(createSphereFeelingReport, ({ body }) => sphereFeelingReport(body)),
    route(createSessionFeelingReport, ({ body }) => sessionFeelingReport(body)),
    route(createSphereThinkingReport, ({ body }) => sphereThinkingReport(body)),
    route(listCustomReports, ({ params }) => custom.listReports(params.sphereId)),
    route(createCustomReport, ({ params, body }) => custom.createReport(params.sphereId, body)),
    route(getCustomReport, ({ params }) => custom.getReport(params.sphereId, params.reportId)),
    route(updateCustomReport, ({ params, body }) =>
      custom.updateReport(params.sphereId, params.reportId, body),
    ),
    route(deleteCustomReport, async ({ params }) => {
      await deleteRenderFiles(await custom.deleteReport(params.sphereId, params.reportId));
      return undefined;
    }),
    route(createReportPart, ({ params, body }) => custom.createPart(params.sphereId, params.reportId, body)),
    route(getReportPart, ({ params }) => custom.getPart(params.sphereId, params.reportId, params.partId)),
    route(updateReportPart, ({ params, body }) =>
      custom.updatePart(params.sphereId, params.reportId, params.partId, body),
    ),
    route(deleteReportPart, ({ params }) =>
      custom.deletePart(params.sphereId, params.reportId, params.partId),
    ),
    route(createReportCard, ({ params, body }) => custom.createCard(params.sphereId, params.reportId, body)),
    route(updateReportCard, ({ params, body }) =>
      custom.updateCard(params.sphereId, params.reportId, params.cardId, body),
    ),
    route(deleteReportCard, ({ params }) =>
      custom.deleteCard(params.sphereId, params.reportId, params.cardId),
    ),
    route(promptReportCard, ({ params, body }) =>
      promptCard(params.sphereId, params.reportId, params.cardId, body.lang),
    ),
    route(createReportRender, ({ params, body, caller }) =>
      createRender(params.sphereId, params.reportId, body, caller.userId),
    ),
    route(listReportRenders, ({ params }) => listRenders(params.sphereId, params.reportId)),
    route(downloadReportRender, ({ params }) =>
      downloadRender(params.sphereId, params.reportId, params.renderId),
    ),
    route(deleteReportRender, ({ params }) =>
      deleteRender(params.sphereId, params.reportId, params.renderId),
    ),
  ],
  callerAccounts,
);

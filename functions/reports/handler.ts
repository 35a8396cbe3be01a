import {
  sessionReportRoutes,
  sphereReportRoutes,
  type ReportRouteSet,
} from '@shared/contracts/custom-reports';
import {
  createSessionFeelingReport,
  createSphereFeelingReport,
  createSphereThinkingReport,
} from '@shared/contracts/reports';
import { ForbiddenError, NotFoundError } from '../lib/errors';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import { findSession } from '../sessions';
import * as custom from './custom-reports';
import type { ReportScope } from './custom-reports';
import { promptCard } from './prompt';
import { createRender, deleteRender, deleteRenderFiles, downloadRender, listRenders } from './renders';
import { sessionFeelingReport, sphereFeelingReport, sphereThinkingReport } from './service';

/**
 * The scope a custom report's path names: a sphere, or a group placed in the sphere whose partition
 * keeps its reports (decision 0037). A group's custom reports are not the starter subscription's
 * (spec 02 §2): a starter group's are refused with `essentials-required`, as a starter member's are
 * by the route's right.
 */
async function scopeOf(params: { sphereId: string } | { sessionId: string }): Promise<ReportScope> {
  if ('sphereId' in params) return { sphereId: params.sphereId };
  const session = await findSession(params.sessionId);
  if (!session) throw new NotFoundError();
  if (session.subscription !== 'essentials') throw new ForbiddenError('essentials-required');
  return { sphereId: session.sphereId, sessionId: params.sessionId };
}

/** One kind of custom reports' routes (a sphere's or a group's), served by the same functions. */
function customReportRoutes(set: ReportRouteSet) {
  const at = scopeOf;
  return [
    route(set.list, async ({ params }) => custom.listReports(...listArgs(await at(params)))),
    route(set.create, async ({ params, body }) => {
      const scope = await at(params);
      return custom.createReport(scope.sphereId, body, scope.sessionId ? { sessionId: scope.sessionId } : {});
    }),
    route(set.get, async ({ params }) => custom.getReport(await at(params), params.reportId)),
    route(set.update, async ({ params, body }) =>
      custom.updateReport(await at(params), params.reportId, body),
    ),
    route(set.delete, async ({ params }) => {
      await deleteRenderFiles(await custom.deleteReport(await at(params), params.reportId));
      return undefined;
    }),
    route(set.createPart, async ({ params, body }) =>
      custom.createPart(await at(params), params.reportId, body),
    ),
    route(set.getPart, async ({ params }) =>
      custom.getPart(await at(params), params.reportId, params.partId),
    ),
    route(set.updatePart, async ({ params, body }) =>
      custom.updatePart(await at(params), params.reportId, params.partId, body),
    ),
    route(set.deletePart, async ({ params }) =>
      custom.deletePart(await at(params), params.reportId, params.partId),
    ),
    route(set.createCard, async ({ params, body }) =>
      custom.createCard(await at(params), params.reportId, body),
    ),
    route(set.updateCard, async ({ params, body }) =>
      custom.updateCard(await at(params), params.reportId, params.cardId, body),
    ),
    route(set.deleteCard, async ({ params }) =>
      custom.deleteCard(await at(params), params.reportId, params.cardId),
    ),
    route(set.promptCard, async ({ params, body }) =>
      promptCard(await at(params), params.reportId, params.cardId, body.lang),
    ),
    route(set.createRender, async ({ params, body, caller }) =>
      createRender(await at(params), params.reportId, body, caller.userId),
    ),
    route(set.listRenders, async ({ params }) => listRenders(await at(params), params.reportId)),
    route(set.downloadRender, async ({ params }) =>
      downloadRender(await at(params), params.reportId, params.renderId),
    ),
    route(set.deleteRender, async ({ params }) =>
      deleteRender(await at(params), params.reportId, params.renderId),
    ),
  ];
}

/** The list of a scope: a sphere's own reports, or a group's. */
const listArgs = (scope: ReportScope) =>
  [scope.sphereId, scope.sessionId ? { sessionId: scope.sessionId } : {}] as const;

export const handler = createHttpHandler(
  [
    route(createSphereFeelingReport, ({ body }) => sphereFeelingReport(body)),
    route(createSessionFeelingReport, ({ body }) => sessionFeelingReport(body)),
    route(createSphereThinkingReport, ({ body }) => sphereThinkingReport(body)),
    ...customReportRoutes(sphereReportRoutes),
    ...customReportRoutes(sessionReportRoutes),
  ],
  callerAccounts,
);

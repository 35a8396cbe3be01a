import {
  createThinking,
  createThinkingAxis,
  deleteThinkingAxis,
  getThinking,
  getThinkingAxis,
  getThinkingAxisFacets,
  getSessionAxes,
  getSphereAxes,
  listThinkingAxes,
  updateSessionAxes,
  updateSphereAxes,
  listThinkings,
  updateThinking,
  updateThinkingAxis,
} from '@shared/contracts/thinkings';
import { createHttpHandler, route } from '../lib/http';
import { actsAsSuperAdmin, callerAccounts } from '../access';
import * as service from './service';

export const handler = createHttpHandler(
  [
    route(listThinkingAxes, ({ query }) =>
      service.listAxes({ module: query.module, q: query.q, max: query._max, offset: query._offset }),
    ),
    route(getThinkingAxisFacets, ({ headers }) => service.axisFacets(headers.language)),
    route(getThinkingAxis, ({ params }) => service.getAxis(params.id)),
    route(createThinkingAxis, async ({ caller, body, headers }) =>
      service.createAxis(body, await actsAsSuperAdmin(caller.userId, headers.superAdmin)),
    ),
    route(updateThinkingAxis, async ({ caller, params, body, headers }) =>
      service.updateAxis(params.id, body, await actsAsSuperAdmin(caller.userId, headers.superAdmin)),
    ),
    route(deleteThinkingAxis, ({ params }) => service.deleteAxis(params.id)),
    route(getSphereAxes, ({ params }) => service.getSphereAxes(params.sphereId, params.category)),
    route(updateSphereAxes, ({ params, body }) =>
      service.updateSphereAxes(params.sphereId, params.category, body.axisIds),
    ),
    route(getSessionAxes, ({ params }) => service.getSessionAxes(params.sessionId, params.groupId)),
    route(updateSessionAxes, async ({ caller, params, body, headers }) =>
      service.updateSessionAxes(
        params.sessionId,
        params.groupId,
        body.axisIds,
        await actsAsSuperAdmin(caller.userId, headers.superAdmin),
      ),
    ),
    route(listThinkings, ({ caller, query }) =>
      service.listThinkings(caller.userId, {
        start: query.start,
        end: query.end,
        max: query._max,
        offset: query._offset,
      }),
    ),
    route(createThinking, ({ caller, body }) => service.createThinking(caller.userId, body)),
    route(getThinking, ({ caller, params }) => service.getThinking(caller.userId, params.id)),
    route(updateThinking, ({ caller, params, body }) =>
      service.updateThinking(caller.userId, params.id, body),
    ),
  ],
  callerAccounts,
);

import {
  addMyStrategy,
  addSessionStrategy,
  addSessionStrategyAssessment,
  addSphereStrategy,
  addSphereStrategyAssessment,
  deleteMyStrategy,
  deleteSessionStrategy,
  deleteSphereStrategy,
  getStrategyAssessment,
  listMyStrategies,
  listSessionStrategies,
  listSessionStrategyAssessments,
  listSphereStrategies,
  listSphereStrategyAssessments,
  reorderMyStrategies,
  reorderSessionStrategies,
  reorderSphereStrategies,
  updateMyStrategy,
  updateSessionStrategy,
  updateSphereStrategy,
  updateStrategyAssessment,
} from '@shared/contracts/strategies';
import { createSessionStrategyReport, createSphereStrategyReport } from '@shared/contracts/strategy-reports';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import * as service from './service';
import { sessionStrategyReport, sphereStrategyReport } from './reports';

const page = (query: { _max: number; _offset: number }) => ({ max: query._max, offset: query._offset });

export const handler = createHttpHandler(
  [
    // The life compass: the caller's own list.
    route(listMyStrategies, ({ caller, query }) =>
      service.listStrategies(service.placeOfPerson(caller.userId), page(query), true),
    ),
    route(addMyStrategy, ({ caller, body }) =>
      service.addStrategy(service.placeOfPerson(caller.userId), body),
    ),
    route(reorderMyStrategies, ({ caller, body }) =>
      service.reorderStrategies(service.placeOfPerson(caller.userId), body),
    ),
    route(updateMyStrategy, ({ caller, params, body }) =>
      service.updateStrategy(service.placeOfPerson(caller.userId), params.strategyId, body),
    ),
    route(deleteMyStrategy, ({ caller, params }) =>
      service.deleteStrategy(service.placeOfPerson(caller.userId), params.strategyId),
    ),
    // A sphere's strategy.
    route(listSphereStrategies, async ({ params, query, ability }) => {
      const place = await service.placeOfSphere(params.sphereId);
      return service.listStrategies(place, page(query), service.mayChange(ability, place));
    }),
    route(addSphereStrategy, async ({ params, body }) =>
      service.addStrategy(await service.placeOfSphere(params.sphereId), body),
    ),
    route(reorderSphereStrategies, async ({ params, body }) =>
      service.reorderStrategies(await service.placeOfSphere(params.sphereId), body),
    ),
    route(updateSphereStrategy, async ({ params, body }) =>
      service.updateStrategy(await service.placeOfSphere(params.sphereId), params.strategyId, body),
    ),
    route(deleteSphereStrategy, async ({ params }) =>
      service.deleteStrategy(await service.placeOfSphere(params.sphereId), params.strategyId),
    ),
    // A session's strategy.
    route(listSessionStrategies, async ({ params, query, ability }) => {
      const place = await service.placeOfSession(params.sessionId);
      return service.listStrategies(place, page(query), service.mayChange(ability, place));
    }),
    route(addSessionStrategy, async ({ params, body }) =>
      service.addStrategy(await service.placeOfSession(params.sessionId), body),
    ),
    route(reorderSessionStrategies, async ({ params, body }) =>
      service.reorderStrategies(await service.placeOfSession(params.sessionId), body),
    ),
    route(updateSessionStrategy, async ({ params, body }) =>
      service.updateStrategy(await service.placeOfSession(params.sessionId), params.strategyId, body),
    ),
    route(deleteSessionStrategy, async ({ params }) =>
      service.deleteStrategy(await service.placeOfSession(params.sessionId), params.strategyId),
    ),
    // Assessments.
    route(addSphereStrategyAssessment, async ({ caller, params, body }) =>
      service.addAssessment(caller.userId, await service.placeOfSphere(params.sphereId), body),
    ),
    route(listSphereStrategyAssessments, async ({ caller, params, query }) =>
      service.listMyAssessments(caller.userId, await service.placeOfSphere(params.sphereId), page(query)),
    ),
    route(addSessionStrategyAssessment, async ({ caller, params, body }) =>
      service.addAssessment(caller.userId, await service.placeOfSession(params.sessionId), body),
    ),
    route(listSessionStrategyAssessments, async ({ caller, params, query }) =>
      service.listMyAssessments(caller.userId, await service.placeOfSession(params.sessionId), page(query)),
    ),
    route(getStrategyAssessment, ({ caller, params }) =>
      service.getAssessment(caller.userId, params.assessmentId),
    ),
    route(updateStrategyAssessment, ({ caller, params, body }) =>
      service.updateAssessment(caller.userId, params.assessmentId, body),
    ),
    // Reports of the assessments (decision 0034).
    route(createSphereStrategyReport, ({ body, ability }) =>
      sphereStrategyReport(body, (place) => service.mayChange(ability, place)),
    ),
    route(createSessionStrategyReport, ({ body, ability }) =>
      sessionStrategyReport(body, (place) => service.mayChange(ability, place)),
    ),
  ],
  callerAccounts,
);

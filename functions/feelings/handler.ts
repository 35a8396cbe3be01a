import {
  checkQuickAnswer,
  createFeeling,
  createMyselfReport,
  getFeeling,
  getFeelingFacets,
  getFeelingWords,
  getSessionQuickAnswerLink,
  getSphereQuickAnswerLink,
  listFeelings,
  updateFeeling,
} from '@shared/contracts/feelings';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import * as service from './service';
import * as quickAnswers from './quick-answers';

export const handler = createHttpHandler(
  [
    route(getFeelingWords, async () => service.listWords()),
    route(createFeeling, ({ caller, body }) => service.createFeeling(caller.userId, body, caller.account)),
    route(listFeelings, ({ caller, query }) =>
      service.listFeelings(caller.userId, {
        start: query.start,
        end: query.end,
        colors: query.color,
        notes: query.personalNotes,
        sphereId: query.sphereId,
        sessionId: query.sessionId,
        goalIds: query.goalIds,
        goalLevels: query.goalLevels,
        goalRankings: query.goalRankings,
        max: query._max,
        offset: query._offset,
      }),
    ),
    route(getFeelingFacets, ({ caller, query, headers }) =>
      service.feelingFacets(caller.userId, query.start, query.end, headers.language),
    ),
    route(createMyselfReport, ({ caller, body }) => service.createMyselfReport(caller.userId, body)),
    route(getFeeling, ({ caller, params }) => service.getFeeling(caller.userId, params.id)),
    route(updateFeeling, ({ caller, params, body }) =>
      service.updateFeeling(caller.userId, params.id, body, caller.account),
    ),
    route(checkQuickAnswer, ({ caller, body, headers }) =>
      quickAnswers.checkQuickAnswer(caller.userId, body, headers.language),
    ),
    route(getSphereQuickAnswerLink, ({ params }) => quickAnswers.sphereQuickAnswerLink(params.sphereId)),
    route(getSessionQuickAnswerLink, ({ params }) => quickAnswers.sessionQuickAnswerLink(params.sessionId)),
  ],
  callerAccounts,
);

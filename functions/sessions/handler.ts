import {
  addSessionMember,
  createSession,
  deleteSession,
  getSession,
  getSessionJoinKey,
  joinSession,
  leaveSession,
  listSessionMembers,
  listSphereSessions,
  removeSessionMember,
  renewSessionJoinKey,
  updateSession,
  updateSessionMember,
} from '@shared/contracts/sessions';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import { CASCADES } from '../cascades';
import * as service from './service';

export const handler = createHttpHandler(
  [
    route(listSphereSessions, ({ caller, params, query, ability }) =>
      service.listSphereSessions(caller.userId, params.id, ability, {
        category: query.category,
        isLeaf: query.isLeaf,
        archived: query.archived,
        max: query._max,
        offset: query._offset,
      }),
    ),
    route(createSession, ({ caller, params, body, ability }) =>
      service.createSession(caller.userId, params.id, ability, body),
    ),
    route(getSession, ({ caller, params, ability }) => service.getSession(caller.userId, params.id, ability)),
    route(updateSession, ({ caller, params, body, ability }) =>
      service.updateSession(caller.userId, params.id, ability, body),
    ),
    route(deleteSession, ({ params }) => service.deleteSession(params.id, CASCADES)),
    route(listSessionMembers, ({ params, query }) =>
      service.listSessionMembers(params.id, query._max, query._offset),
    ),
    route(addSessionMember, ({ caller, params, body }) =>
      service.addSessionMember(caller.userId, params.id, body),
    ),
    route(updateSessionMember, ({ caller, params, body }) =>
      service.updateSessionMember(caller.userId, params.id, params.memberId, body.roles),
    ),
    route(removeSessionMember, ({ params }) => service.removeSessionMember(params.id, params.memberId)),
    route(joinSession, ({ caller, params, body, ability }) =>
      service.joinSession(caller.userId, params.id, body.sessionKey, ability),
    ),
    route(getSessionJoinKey, ({ params }) => service.joinKey(params.id, false)),
    route(renewSessionJoinKey, ({ params }) => service.joinKey(params.id, true)),
    route(leaveSession, ({ caller, params }) => service.leaveSession(caller.userId, params.id)),
  ],
  callerAccounts,
);

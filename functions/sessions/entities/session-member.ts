import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import { SESSION_CATEGORIES, SESSION_ROLES } from '@shared/domain/sessions';

/**
 * A person in a session (spec 01 §3 Session member): collection `session` (pk = session, sorted by
 * member id), and on index gsi1 by person, so a person's sessions are one Query (the start call and
 * every ability check read them). The sphere and the category are copied from the session, so the
 * rules need no read of the session. A contributor session's member is a member of its sphere (same
 * member id); a consumer session's may be anyone who joined by its link.
 */
export const SessionMemberEntity = new Entity({
  model: { entity: 'sessionMember', version: '1', service: SERVICE },
  attributes: {
    sessionId: { type: 'string', required: true, readOnly: true },
    memberId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    sphereId: { type: 'string', required: true, readOnly: true },
    category: { type: SESSION_CATEGORIES, required: true, readOnly: true },
    name: { type: 'string', required: true },
    email: { type: 'string', required: true },
    roles: { type: 'set', items: SESSION_ROLES, required: true },
    /**
     * Who gave the membership its `member` role (decision 0012): a user id, the person themselves
     * when they joined by the link. Absent without the role, on a membership written before the
     * rule, and on an import (the local demo, the bench), which no person's right wrote.
     */
    memberGrantedBy: { type: 'string' },
    /**
     * The person gave themselves the `member` role through their own admin or referent right: it
     * opens no report of the group (the group-report exception, decision 0012). Absent: not so.
     */
    memberSelfGranted: { type: 'boolean' },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    session: {
      collection: 'session',
      pk: { field: 'pk', composite: ['sessionId'] },
      sk: { field: 'sk', composite: ['memberId'] },
    },
    byUser: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId'] },
      sk: { field: 'gsi1sk', composite: ['sessionId'] },
    },
  },
});

/**
 * The sessions domain's face: a person's session memberships, which the ability rules, the start
 * call and contributor feelings read, where a session lives (for rules held on its sphere), and
 * what the local stack needs to seed sessions.
 */
export {
  findSession,
  findSessions,
  importSession,
  sessionMembershipsOf,
  sessionsOfSphere,
  type SessionItem,
  type SessionMemberItem,
} from './repository';
export {
  countedMemberships,
  loadPersonSessions,
  mayContributeIn,
  sessionPlace,
  sessionsOfPerson,
} from './service';

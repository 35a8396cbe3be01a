/**
 * The sessions domain's face: a person's session memberships, which the ability rules, the start
 * call and contributor feelings read, and where a session lives (for rules held on its sphere).
 * What the demo needs to seed sessions is its seeding section, seeding.ts.
 */
export {
  findSession,
  findSessions,
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

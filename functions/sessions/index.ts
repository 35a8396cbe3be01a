/**
 * The sessions domain's face: a person's session memberships, which the ability rules, the start
 * call and contributor feelings read, where a session lives (for rules held on its sphere), and
 * what a sphere's sessions hold of its galaxy's quotas (moving it between galaxies).
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
  sessionGalaxyUsage,
  sessionPlace,
  sessionsOfPerson,
} from './service';

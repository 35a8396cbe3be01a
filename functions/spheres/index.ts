/**
 * The spheres domain's face: a person's memberships, which the ability rules and the start call
 * read, and what the local stack needs to seed spheres.
 */
export {
  activeMemberships,
  findMember,
  findSphere,
  findSpheres,
  importSphere,
  membersOf,
  membershipIn,
  membershipsOf,
  pendingUserId,
  type MemberItem,
  type SphereItem,
} from './repository';
export { spheresOfPerson, toSphere } from './service';
export {
  accessSignInPage,
  delegatedSignIn,
  importAccessCode,
  isSphereLinkCode,
  sphereLinkCode,
} from './access-codes';
export {
  activeTagIdsAmong,
  activeTagsOf,
  areActiveTags,
  checkSessionTags,
  heldTagIds,
  importTags,
  retagPerson,
  retagSphere,
} from './tags';
export { importContexts } from './contexts';

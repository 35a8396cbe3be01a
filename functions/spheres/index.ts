/**
 * The spheres domain's face: a person's memberships, which the ability rules and the start call
 * read. What the demo needs to seed spheres is its seeding section, seeding.ts.
 */
export {
  activeMemberships,
  findMember,
  findSphere,
  findSpheres,
  membersOf,
  membershipIn,
  membershipsOf,
  pendingUserId,
  type MemberItem,
  type SphereItem,
} from './repository';
export { spheresOfPerson, toSphere } from './service';
export { accessSignInPage, delegatedSignIn, isSphereLinkCode, sphereLinkCode } from './access-codes';
export {
  activeTagIdsAmong,
  activeTagsOf,
  areActiveTags,
  checkSessionTags,
  heldTagIds,
  retagPerson,
  retagSphere,
} from './tags';

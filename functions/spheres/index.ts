/**
 * The spheres domain's face: a person's memberships, which the ability rules and the start call
 * read, and a sphere's place in a galaxy (its usage of the galaxy's quotas and the items that move
 * it), which the galaxies domain writes in its own transactions. What the demo needs to seed
 * spheres is its seeding section, seeding.ts.
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
export { spheresOfMembers, spheresOfPerson, toSphere } from './service';
export { placementItems, placementOf, sphereGalaxyUsage, type SpherePlacement } from './galaxy-placement';
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
export { contextTexts, storedContextTexts } from './contexts';

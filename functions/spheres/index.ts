/**
 * The spheres domain's face: a person's memberships, which the ability rules and the start call
 * read, and what the local stack needs to seed spheres.
 */
export { activeMemberships, insertMember, insertSphere, membershipsOf, type MemberItem } from './repository';
export { spheresOfPerson, toSphere } from './service';

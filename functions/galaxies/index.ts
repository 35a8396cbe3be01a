/**
 * The galaxies domain's public face (spec 02 §2–§9): what the notify worker, the access layer and
 * the spheres entry read of galaxies.
 */
export { mailQuotaAlert } from './alerts';
export { GalaxyEntity } from './entities/galaxy';
export { GalaxyMemberEntity } from './entities/galaxy-member';
export { GalaxySphereEntity } from './entities/galaxy-sphere';
export {
  galaxiesOfAdminships,
  galaxiesOfPerson,
  galaxyAdminFacts,
  galaxyAdminshipsOf,
  galaxySphereIds,
  type GalaxyAdminship,
} from './readers';
export { inheritedGalaxyContext } from './contexts';
export { galaxyMembershipsOf, findGalaxies } from './repository';

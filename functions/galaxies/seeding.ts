/**
 * The galaxies domain's seeding section of its face: what the demo data needs to write a galaxy
 * as a super-admin and its admins would (tools/demo/demo-galaxies.ts). Not for other domains.
 */
export { attachSphere, type UsageOf } from './placement';
export {
  findGalaxy,
  insertGalaxy,
  insertGalaxyMember,
  insertQuotaRequest,
  writeQuotaValue,
} from './repository';
export { listQuotas } from './service';

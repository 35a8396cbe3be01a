/**
 * The thinkings domain's face: what other domains and the local stack may use of it. The demo's
 * writers are its seeding section, seeding.ts.
 */
export { findAxis } from './repository';
export { rebuildSphereThinkingRollups } from './rollups';

/**
 * The strategies domain's face: what other domains and the local stack may use of it, what goes
 * with a deleted session (`eraseStrategyOf`), and the rebuild of its report rollups
 * (`rebuildSphereStrategyRollups`, decision 0034). A demo strategy and its assessments are written
 * through its seeding section, seeding.ts.
 */
export { eraseStrategyOf, readList, type AssessedKey, type ListKey } from './repository';
export { rebuildSphereStrategyRollups } from './rollups';
export { strategiesCascades } from './cascades';

/**
 * The strategies domain's face: what other domains and the local stack may use of it (a demo life
 * compass or sphere strategy is written through `importStrategies`, its members' assessments
 * through `importAssessments`), what goes with a deleted session (`eraseStrategyOf`), and the
 * rebuild of its report rollups (`rebuildSphereStrategyRollups`, decision 0034).
 */
export {
  eraseStrategyOf,
  importAssessments,
  importStrategies,
  readList,
  type AssessedKey,
  type ImportedAssessment,
  type ListKey,
  type StrategyFields,
} from './repository';
export { rebuildSphereStrategyRollups } from './rollups';

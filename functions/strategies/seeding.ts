/**
 * The strategies domain's seeding section of its face: a demo life compass or sphere strategy is
 * written through `importStrategies`, its members' assessments through `importAssessments`
 * (tools/demo/demo-strategies.ts).
 * It is not for other domains (they read `index.ts`, and the lint refuses any other file of a
 * domain to them); tools/ read only the faces and these sections.
 */
export {
  importAssessments,
  importStrategies,
  type ImportedAssessment,
  type StrategyFields,
} from './repository';

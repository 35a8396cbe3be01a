/**
 * The thinkings domain's face: what other domains and the local stack may use of it.
 */
export {
  findAxis,
  importAxes,
  importContextAxes,
  importManyThinkings,
  importThinkings,
  type AxisFields,
  type NewThinking,
} from './repository';
export { rebuildSphereThinkingRollups } from './rollups';
